import { registerTexts } from '../index';

/**
 * The definition of every report figure (issue #31 item 1): what is counted or measured (the numerator), over what
 * (the denominator) and in which unit, shown as the figure's help text (src/ui/report/figure-help.tsx) and written out
 * in docs/reports.md. Keys: 'rh.<report>.<figure key>' (the Headline's key), both languages.
 */
export const reportHelpMs = {
  'rh.about': 'Takrifan: {label}',
  'rh.list.figures': 'Takrifan angka',
  'rh.checklist.figures':
    'km: odometer pasca − pra syif senarai semak itu. Jurang: bacaan pra syif − bacaan terdahulu kenderaan itu (ditanda jika melebihi 5 km: dipandu tanpa senarai semak). Lonjakan: km satu syif (ditanda jika melebihi 600 km). Kecacatan: item didapati kurang atau rosak, pra dan pasca syif. Unit: km; item.',
  'rh.eod.figures':
    'Aktiviti: catatan log aktiviti jadual tugas. Kes: kes yang dihadiri. Rondaan: Tamat Rondaan yang menutup Mula Rondaan. DLU / LLU: minit dalam / luar laluan utama daripada ringkasan syif (disimpan apabila syif tamat). Unit: catatan; kes; rondaan; minit.',
  'rh.label.source': 'Sumber Jarak',
  'rh.label.gpsKm': 'Jarak daripada GPS',
  'rh.source.odometer': 'Odometer',
  'rh.source.gps': 'GPS',
  'rh.source.mixed': 'Odometer + GPS',
  'rh.source.none': 'Tiada jarak',
  'rh.source.title': 'Odometer: {odometer} km ({checklists} jadual tugas); jejak GPS: {gps} km ({gpsRosters} jadual tugas)',
  'rh.missing.pending': 'Ringkasan belum dikira',
  'rh.missing.pendingTitle': 'Syif telah tamat; ringkasan disimpan dalam masa seminit.',
  'rh.missing.noData': 'Tiada log aktiviti atau GPS',
  'rh.missing.noDataTitle': 'Tablet tidak menghantar log aktiviti atau kedudukan GPS untuk syif ini; tidak dikira dalam purata.',
  // ---- Laporan Insiden TMC & Masa Tindak Balas (and one section's report)
  'rh.incident.cases': 'Bilangan kes yang dilaporkan dalam tempoh (tarikh laporan, waktu Brunei), semua status. Unit: kes.',
  'rh.incident.closed': 'Bilangan kes tempoh ini yang berstatus Tutup (210). Unit: kes.',
  'rh.incident.responseMedian':
    'Median minit dari laporan kes hingga patroli Tiba, bagi kes yang mempunyai kedua-dua masa (kes dibatalkan tidak dikira). Kelengkapan: kes dengan kedua-dua masa / kes tidak dibatalkan. Unit: minit.',
  'rh.incident.responseP90': 'Persentil ke-90 minit laporan → Tiba, bagi kes yang sama seperti median. Unit: minit.',
  'rh.incident.rct':
    'Masa pembersihan jalan (RCT): median minit dari laporan hingga lorong terakhir dibuka, bagi kes dengan penutupan lorong yang lengkap. Kelengkapan: kes lengkap / kes dengan penutupan lorong (dan kemalangan tanpa rekod lorong). Unit: minit.',
  'rh.incident.ict':
    'Masa pembersihan insiden (ICT): median minit dari laporan hingga responden terakhir beredar (Selesai Bantuan atau bantuan terakhir selesai, yang lebih lewat). Kelengkapan: kes lengkap / kes tidak dibatalkan. Unit: minit.',
  'rh.incident.laneClosure': 'Jumlah minit penutupan lorong (buka − tutup) bagi penutupan yang lengkap dalam kes tempoh ini. Unit: minit.',
  'rh.incident.secondary':
    'Bilangan kemalangan sekunder: kemalangan dalam 120 minit selepas kes lain, sebelum jalannya bersih, lebuh raya dan arah yang sama, hingga 2 km di belakangnya. Dikira sekali bagi setiap kemalangan sekunder. Unit: kes.',
  // ---- Laporan Jenis Bantuan Lain-Lain
  'rh.assistance.total': 'Bilangan item bantuan lain (OTHER) dalam kes tempoh ini. Unit: item.',
  'rh.assistance.notified': 'Item bantuan yang mempunyai masa dimaklumkan. Unit: item.',
  'rh.assistance.arrived': 'Item bantuan yang mempunyai masa tiba. Unit: item.',
  'rh.assistance.completed': 'Item bantuan yang mempunyai masa selesai. Unit: item.',
  'rh.assistance.toNotify': 'Median minit dari laporan kes hingga bantuan dimaklumkan, bagi item yang mempunyai kedua-dua masa. Unit: minit.',
  'rh.assistance.toArrive': 'Median minit dari dimaklumkan hingga bantuan tiba, bagi item yang mempunyai kedua-dua masa. Unit: minit.',
  'rh.assistance.toComplete': 'Median minit dari tiba hingga bantuan selesai, bagi item yang mempunyai kedua-dua masa. Unit: minit.',
  // ---- one section's report
  'rh.section.cases': 'Bilangan kes seksyen ini yang dilaporkan dalam tempoh. Unit: kes.',
  'rh.section.responseMedian': 'Median minit laporan → Tiba bagi kes seksyen ini yang mempunyai kedua-dua masa (tanpa kes dibatalkan). Unit: minit.',
  'rh.section.responseP90': 'Persentil ke-90 minit laporan → Tiba bagi kes yang sama. Unit: minit.',
  'rh.section.assistance': 'Bilangan item bantuan lain (OTHER) dalam kes seksyen ini. Unit: item.',
  // ---- Laporan Masa Dalam Laluan Utama (DLU)
  'rh.dlu.rosters':
    'Jadual tugas yang tamat dalam tempoh dan mempunyai ringkasan syif yang dikira daripada log aktiviti atau GPS. Kelengkapan: jadual tugas ini / semua jadual tugas yang tamat. Unit: jadual tugas.',
  'rh.dlu.avgDlu':
    'Purata minit DLU (kedudukan GPS dalam 500 m dari penanda km laluan utama) bagi setiap jadual tugas di atas. Unit: minit sejadual.',
  'rh.dlu.avgLlu': 'Purata minit LLU (kedudukan GPS di luar laluan utama) bagi setiap jadual tugas di atas. Unit: minit sejadual.',
  'rh.dlu.avgNoGps':
    'Purata minit tanpa GPS (tiada kedudukan lebih 5 minit, atau sebelum yang pertama / selepas yang terakhir). Unit: minit sejadual.',
  'rh.dlu.dluShare': 'Jumlah minit DLU / jumlah minit DLU + LLU + tanpa GPS bagi jadual tugas di atas. Unit: %.',
  // ---- Laporan Masa Bertugas
  'rh.work.people': 'Bilangan orang berbeza yang bertugas pada jadual tugas yang tamat dalam tempoh (tidak termasuk yang dikecualikan). Unit: orang.',
  'rh.work.rosters': 'Bilangan jadual tugas yang tamat dalam tempoh dan ada orang bertugas. Unit: jadual tugas.',
  'rh.work.planned':
    'Jumlah minit syif yang dirancang (tamat − mula syif) bagi setiap orang (atau pasukan) pada setiap jadual tugasnya. Unit: minit.',
  'rh.work.worked':
    'Jumlah minit bertugas: dari catatan log aktiviti pertama hingga terakhir jadual tugas (jika ada dua atau lebih), jika tidak minit yang dirancang. Unit: minit.',
  // ---- Laporan Penggunaan Kenderaan
  'rh.vehicle.vehicles': 'Bilangan kenderaan yang digunakan oleh jadual tugas yang tamat dalam tempoh. Unit: kenderaan.',
  'rh.vehicle.km':
    'Jarak: odometer (pasca − pra syif) bagi jadual tugas yang senarai semaknya lengkap, jika tidak panjang jejak GPS jadual tugas itu (langkah melebihi 200 km/j diabaikan). Kelengkapan: jadual tugas dengan jarak / jadual tugas berkenderaan. Unit: km.',
  'rh.vehicle.rosterHours': 'Jumlah tempoh syif (tamat − mula) jadual tugas yang menggunakan kenderaan. Unit: jam dan minit.',
  'rh.vehicle.activeHours': 'Jumlah minit DLU + LLU (bergerak dengan GPS) daripada ringkasan syif jadual tugas itu. Unit: jam dan minit.',
  'rh.vehicle.checklists': 'Jadual tugas dengan senarai semak lengkap (odometer pra dan pasca syif) / jadual tugas berkenderaan. Unit: jadual tugas.',
  'rh.vehicle.rosters': 'Jadual tugas berkenderaan yang tamat dalam tempoh. Unit: jadual tugas.',
  'rh.vehicle.gpsKm': 'Jarak daripada jejak GPS bagi jadual tugas tanpa senarai semak lengkap. Unit: km.',
  // ---- Laporan Rondaan
  'rh.looping.rosters': 'Bilangan jadual tugas yang tamat dalam tempoh. Unit: jadual tugas.',
  'rh.looping.planned': 'Pelan: gelung rondaan aktif seksyen (dan bahagiannya) bagi setiap jadual tugas, dijumlahkan. Unit: rondaan.',
  'rh.looping.completed': 'Rondaan selesai: Tamat Rondaan yang menutup Mula Rondaan, semua jadual tugas. Unit: rondaan.',
  'rh.looping.percent':
    'Pelan dicapai: Σ min(selesai, dirancang) / Σ dirancang. Rondaan melebihi pelan satu jadual tugas tidak menampung jadual tugas lain; tidak pernah melebihi 100. Unit: %.',
  'rh.looping.beyond': 'Rondaan melebihi pelan: selesai − dicapai (setiap jadual tugas, max(0, selesai − dirancang)). Unit: rondaan.',
  // ---- Modul Laporan (hub)
  'rh.hub.cases': 'Bilangan kes yang dilaporkan dalam tempoh, semua status. Unit: kes.',
  'rh.hub.response': 'Median minit laporan → Tiba, bagi kes yang mempunyai kedua-dua masa (tanpa kes dibatalkan). Unit: minit.',
  'rh.hub.rct': 'Median minit laporan → lorong terakhir dibuka, bagi kes dengan penutupan lorong yang lengkap. Unit: minit.',
  'rh.hub.ict': 'Median minit laporan → responden terakhir beredar, bagi kes yang lengkap. Unit: minit.',
  'rh.hub.secondary': 'Bilangan kemalangan sekunder dalam tempoh (sekali bagi setiap kemalangan sekunder). Unit: kes.',
  'rh.hub.dlu': 'Purata minit DLU sejadual tugas, bagi jadual tugas yang mempunyai ringkasan daripada log atau GPS. Unit: minit.',
  'rh.hub.km': 'Jarak kenderaan: odometer senarai semak yang lengkap, jika tidak jejak GPS jadual tugas. Unit: km.',
  'rh.hub.rondas': 'Rondaan selesai dalam tempoh; bar: pelan dicapai, Σ min(selesai, dirancang) / Σ dirancang. Unit: rondaan.',
  'rh.hub.assistance': 'Bilangan item bantuan lain (OTHER) dalam kes tempoh ini. Unit: item.',
};

export const reportHelpEn: Record<keyof typeof reportHelpMs, string> = {
  'rh.about': 'Definition: {label}',
  'rh.list.figures': 'Figure definitions',
  'rh.checklist.figures':
    'km: post − pre-shift odometer of the checklist. Gap: the pre-shift reading − the vehicle’s previous reading (flagged over 5 km: driven without a checklist). Jump: km of one shift (flagged over 600 km). Defects: items found short or damaged, pre and post shift. Unit: km; items.',
  'rh.eod.figures':
    'Activities: the roster’s activity-log entries. Cases: the cases attended. Patrols: a Patrol end closing a Patrol start. DLU / LLU: minutes on / off the mainline from the shift summary (stored when the shift ends). Unit: entries; cases; patrols; minutes.',
  'rh.label.source': 'Distance source',
  'rh.label.gpsKm': 'Distance from GPS',
  'rh.source.odometer': 'Odometer',
  'rh.source.gps': 'GPS',
  'rh.source.mixed': 'Odometer + GPS',
  'rh.source.none': 'No distance',
  'rh.source.title': 'Odometer: {odometer} km ({checklists} rosters); GPS track: {gps} km ({gpsRosters} rosters)',
  'rh.missing.pending': 'Summary not computed yet',
  'rh.missing.pendingTitle': 'The shift has ended; its summary is stored within a minute.',
  'rh.missing.noData': 'No activity log or GPS',
  'rh.missing.noDataTitle': 'The tablet sent no activity log and no GPS position for this shift; left out of the averages.',
  'rh.incident.cases': 'Cases reported in the period (report date, Brunei time), every status. Unit: cases.',
  'rh.incident.closed': 'Cases of the period whose status is Closed (210). Unit: cases.',
  'rh.incident.responseMedian':
    'Median minutes from the case report to the patrol’s arrival (Arrived on scene), over the cases with both times (cancelled cases left out). Completeness: cases with both times / cases not cancelled. Unit: minutes.',
  'rh.incident.responseP90': '90th percentile of the report → arrival minutes, over the same cases as the median. Unit: minutes.',
  'rh.incident.rct':
    'Roadway clearance time (RCT): median minutes from the report to the last lane reopened, over the cases with complete lane closures. Completeness: complete cases / cases with lane closures (and accidents with no lane record). Unit: minutes.',
  'rh.incident.ict':
    'Incident clearance time (ICT): median minutes from the report to the last responder gone (Assistance completed or the last assistance completed, whichever is later). Completeness: complete cases / cases not cancelled. Unit: minutes.',
  'rh.incident.laneClosure': 'Sum of the lane-closure minutes (reopened − closed) of the complete closures of the period’s cases. Unit: minutes.',
  'rh.incident.secondary':
    'Secondary crashes: accidents within 120 minutes after another case, before its roadway was clear, same highway and direction, up to 2 km behind it. Counted once per secondary crash. Unit: cases.',
  'rh.assistance.total': 'Other-assistance (OTHER) items of the period’s cases. Unit: items.',
  'rh.assistance.notified': 'Assistance items with a notified time. Unit: items.',
  'rh.assistance.arrived': 'Assistance items with an arrival time. Unit: items.',
  'rh.assistance.completed': 'Assistance items with a completion time. Unit: items.',
  'rh.assistance.toNotify': 'Median minutes from the case report to the assistance being notified, over the items with both times. Unit: minutes.',
  'rh.assistance.toArrive': 'Median minutes from notified to the assistance arriving, over the items with both times. Unit: minutes.',
  'rh.assistance.toComplete': 'Median minutes from arrival to the assistance completed, over the items with both times. Unit: minutes.',
  'rh.section.cases': 'Cases of this section reported in the period. Unit: cases.',
  'rh.section.responseMedian': 'Median report → arrival minutes of this section’s cases with both times (cancelled left out). Unit: minutes.',
  'rh.section.responseP90': '90th percentile of the report → arrival minutes of the same cases. Unit: minutes.',
  'rh.section.assistance': 'Other-assistance (OTHER) items of this section’s cases. Unit: items.',
  'rh.dlu.rosters':
    'Duty rosters that ended in the period with a shift summary computed from an activity log or GPS. Completeness: these rosters / every roster that ended. Unit: rosters.',
  'rh.dlu.avgDlu': 'Average DLU minutes (GPS fixes within 500 m of a mainline km marker) per roster above. Unit: minutes per roster.',
  'rh.dlu.avgLlu': 'Average LLU minutes (GPS fixes off the mainline) per roster above. Unit: minutes per roster.',
  'rh.dlu.avgNoGps': 'Average minutes without GPS (no fix for over 5 minutes, or before the first / after the last). Unit: minutes per roster.',
  'rh.dlu.dluShare': 'Total DLU minutes / total DLU + LLU + no-GPS minutes of the rosters above. Unit: %.',
  'rh.work.people': 'Distinct people on duty on the rosters that ended in the period (those released left out). Unit: people.',
  'rh.work.rosters': 'Rosters that ended in the period with someone on duty. Unit: rosters.',
  'rh.work.planned': 'Sum of the planned shift minutes (end − start) for each person (or team) on each of their rosters. Unit: minutes.',
  'rh.work.worked':
    'Sum of the minutes worked: from a roster’s first activity-log entry to its last (when it has two or more), else as planned. Unit: minutes.',
  'rh.vehicle.vehicles': 'Vehicles used by the rosters that ended in the period. Unit: vehicles.',
  'rh.vehicle.km':
    'Distance: the odometer (post − pre shift) for rosters with a complete checklist, else the length of that roster’s GPS track (steps over 200 km/h ignored). Completeness: rosters with a distance / rosters with a vehicle. Unit: km.',
  'rh.vehicle.rosterHours': 'Sum of the shift windows (end − start) of the rosters that used the vehicle. Unit: hours and minutes.',
  'rh.vehicle.activeHours': 'Sum of the DLU + LLU minutes (moving with GPS) of those rosters’ shift summaries. Unit: hours and minutes.',
  'rh.vehicle.checklists': 'Rosters with a complete checklist (pre- and post-shift odometer) / rosters with a vehicle. Unit: rosters.',
  'rh.vehicle.rosters': 'Rosters with a vehicle that ended in the period. Unit: rosters.',
  'rh.vehicle.gpsKm': 'Distance from the GPS track of the rosters without a complete checklist. Unit: km.',
  'rh.looping.rosters': 'Duty rosters that ended in the period. Unit: rosters.',
  'rh.looping.planned': 'The plan: the active ronda loops of the section (and its parts) for each roster, summed. Unit: rondas.',
  'rh.looping.completed': 'Rondas completed: a Patrol end closing a Patrol start, on every roster. Unit: rondas.',
  'rh.looping.percent':
    'Plan achieved: Σ min(completed, planned) / Σ planned. Rondas beyond one roster’s plan do not make up for another’s; never over 100. Unit: %.',
  'rh.looping.beyond': 'Rondas beyond the plan: completed − achieved (per roster, max(0, completed − planned)). Unit: rondas.',
  'rh.hub.cases': 'Cases reported in the period, every status. Unit: cases.',
  'rh.hub.response': 'Median report → arrival minutes over the cases with both times (cancelled left out). Unit: minutes.',
  'rh.hub.rct': 'Median report → last lane reopened minutes, over the cases with complete lane closures. Unit: minutes.',
  'rh.hub.ict': 'Median report → last responder gone minutes, over the complete cases. Unit: minutes.',
  'rh.hub.secondary': 'Secondary crashes in the period (once per secondary crash). Unit: cases.',
  'rh.hub.dlu': 'Average DLU minutes per roster, over the rosters with a summary from a log or GPS. Unit: minutes.',
  'rh.hub.km': 'Vehicle distance: the odometer of complete checklists, else the roster’s GPS track. Unit: km.',
  'rh.hub.rondas': 'Rondas completed in the period; bar: plan achieved, Σ min(completed, planned) / Σ planned. Unit: rondas.',
  'rh.hub.assistance': 'Other-assistance (OTHER) items of the period’s cases. Unit: items.',
};

registerTexts(reportHelpMs, reportHelpEn);
