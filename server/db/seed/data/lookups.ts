/**
 * Lookup lists of §7.2 (one code table: a key is unique across every list).
 *
 * Keys fixed by the spec (§4, §9) are kept exactly: incidentCategory 184–190, incidentStatus 202–210 and 298,
 * collisionType 265–267, assistType 277 and 430, incidentOtherType 491, activityLogEvents 295. 829 and 830 are the
 * journal read-status codes and are used by no list. Every other list takes its keys from its own block of 100
 * (1001+, 1101+, …); `region` and `highway` use the ids of their tables (21–27, 1–3).
 *
 * Each entry is [key, value, description, valueEn]: valueEn is the English name shown in English mode (issue #31;
 * tests/unit/lookup-english.test.ts wants one for every entry). The order in the array is the display order (sortOrder).
 */
import {
  ACTIVITY_EVENT_END_OF_PATROL,
  ASSIST_TYPE,
  COLLISION_TYPE,
  EVENT_TYPE,
  OTHER_CASE_WITH_LANE_CLOSURE,
  STATUS,
} from '../../../../contract/lookups';
import type { LookupName } from '../../../../contract/lookups';
import { HIGHWAYS, REGIONS } from './geography';

export type LookupEntry = readonly [key: number, value: string, description: string | null, valueEn: string];

/** locationType keys, used by event_location.locationTypeId. */
export const LOCATION_TYPE = {
  MAINLINE: 1001,
  INTERCHANGE: 1002,
  TOLL_PLAZA: 1003,
  REST_AREA: 1004,
  LAYBY: 1005,
  RAMP_IN: 1006,
  RAMP_OUT: 1007,
  BRIDGE: 1008,
  TUNNEL: 1009,
  OVERPASS: 1010,
} as const;

/** shiftCategory keys, used by shift.categoryId. */
export const SHIFT_CATEGORY = { DAY: 3601, NIGHT: 3602, OFFICE: 3603 } as const;

/** dutyRosterRoles keys (the role of a member inside a patrol team). */
export const DUTY_ROSTER_ROLE = { LEADER: 3701, DRIVER: 3702, PATROLLER: 3703, TRAINEE: 3704 } as const;

/** The region whose name is a common noun rather than a proper one: Ibu Pejabat is headquarters. */
const REGION_EN: Readonly<Record<number, string>> = { 27: 'Headquarters' };

/** English names of the seeded shifts (shift.name_en) by shift id, and of the roles (role.label_en) by role name. */
export const SHIFT_NAME_EN: Readonly<Record<number, string>> = { 1: 'Day shift', 2: 'Night shift' };

/**
 * Lookup values that are the same word in both languages on purpose: the spec's own English ('Negative', 'Minor',
 * 'Major'), proper nouns and abbreviations (CCTV, PLUSRonda, Waze, Tapir), and units written alike.
 */
export const SAME_IN_ENGLISH: readonly string[] = ['Negative', 'Minor', 'Major', 'CCTV', 'PLUSRonda', 'Waze', 'Tapir', 'Unit', 'Set', 'Kilogram'];

export const LOOKUPS: Record<LookupName, readonly LookupEntry[]> = {
  // region and highway names are proper nouns: the same in English (REGION_EN has the one that is not a name)
  region: REGIONS.map((r) => [r.id, r.name, r.code, REGION_EN[r.id] ?? r.name] as const),

  highway: HIGHWAYS.map((h) => [h.id, `${h.code} – ${h.name}`, h.code, `${h.code} – ${h.name}`] as const),

  locationType: [
    [LOCATION_TYPE.MAINLINE, 'Laluan Utama', 'Mainline', 'Mainline'],
    [LOCATION_TYPE.INTERCHANGE, 'Persimpangan Bertingkat', 'Interchange', 'Interchange'],
    [LOCATION_TYPE.TOLL_PLAZA, 'Plaza Tol', 'Toll plaza', 'Toll plaza'],
    [LOCATION_TYPE.REST_AREA, 'R&R (Kawasan Rehat dan Rawat)', 'Rest and service area', 'R&R (rest and service area)'],
    [LOCATION_TYPE.LAYBY, 'Hentian Sebelah', 'Layby', 'Layby'],
    [LOCATION_TYPE.RAMP_IN, 'Susur Masuk', 'On-ramp', 'On-ramp'],
    [LOCATION_TYPE.RAMP_OUT, 'Susur Keluar', 'Off-ramp', 'Off-ramp'],
    [LOCATION_TYPE.BRIDGE, 'Jambatan', 'Bridge', 'Bridge'],
    [LOCATION_TYPE.TUNNEL, 'Terowong', 'Tunnel', 'Tunnel'],
    [LOCATION_TYPE.OVERPASS, 'Jejantas', 'Overpass', 'Overpass'],
  ],

  incidentSource: [
    [1101, 'Orang Awam (Talian Hotline 1800-88-0000)', 'Public hotline', 'Public (hotline 1800-88-0000)'],
    [1102, 'CCTV', 'Closed-circuit camera', 'CCTV'],
    [1103, 'Peronda', 'Highway patrol on the ground', 'Patrol'],
    [1104, 'PLUSRonda', 'PLUSRonda patrol radio', 'PLUSRonda'],
    [1105, 'Polis (PDRM)', 'Royal Malaysia Police', 'Police (PDRM)'],
    [1106, 'Telefon Kecemasan (ECB)', 'Emergency call box', 'Emergency call box (ECB)'],
    [1107, 'Aplikasi Mudah Alih', 'Mobile app report', 'Mobile app'],
    [1108, 'Media Sosial', 'Social media', 'Social media'],
    [1109, 'Waze', 'Waze for Cities feed', 'Waze'],
    [1110, 'Operator Plaza Tol', 'Toll plaza staff', 'Toll plaza operator'],
    [1111, 'Sistem Pengesanan Insiden Automatik (AID)', 'Automatic incident detection', 'Automatic incident detection (AID)'],
    [1112, 'Kontraktor Penyelenggaraan', 'Maintenance contractor', 'Maintenance contractor'],
    [1113, 'Bomba (JBPM)', 'Fire and Rescue Department', 'Fire and Rescue (JBPM)'],
    [1114, 'Lain-lain', 'Other source', 'Other'],
  ],

  incidentCategory: [
    [EVENT_TYPE.ACCIDENT, 'Kemalangan', 'ACCIDENT', 'Accident'],
    [EVENT_TYPE.BREAKDOWN, 'Kerosakan Kenderaan', 'BREAKDOWN', 'Vehicle breakdown'],
    [EVENT_TYPE.OBSTACLE, 'Objek Halangan', 'OBSTACLE', 'Obstacle'],
    [EVENT_TYPE.STRAY_ANIMAL, 'Haiwan Liar/Terlepas', 'STRAY_ANIMAL', 'Stray animal'],
    [EVENT_TYPE.ROAD_CONDITION, 'Keadaan Jalan Berbahaya', 'ROAD_CONDITION_HAZARD', 'Road condition hazard'],
    [EVENT_TYPE.ROAD_FURNITURE, 'Kerosakan Perabot/Aset Jalan', 'ROAD_FURNITURE', 'Road furniture damage'],
    [EVENT_TYPE.OTHERS, 'Lain-lain', 'OTHERS', 'Others'],
  ],

  incidentStatus: [
    [STATUS.ASSIGNED, 'Tugasan Dihantar', 'Assigned to a patrol roster', 'Task sent'],
    [STATUS.RECEIVED, 'Tugasan Diterima', 'Patrol acknowledged the assignment', 'Task received'],
    [STATUS.ARRIVED, 'Tiba di Lokasi', 'Patrol arrived on scene', 'Arrived on scene'],
    [STATUS.ASSISTANCE_DONE, 'Selesai Bantuan', 'Assistance completed', 'Assistance done'],
    [STATUS.CASE_DONE, 'Selesai Kes', 'Case completed, ready to close', 'Case done'],
    [STATUS.CLOSED, 'Tutup', 'Closed', 'Closed'],
    [STATUS.REJECTED, 'Ditolak', 'Rejected by the patrol; back to TMC', 'Rejected'],
    [STATUS.NEGATIVE, 'Negative', 'Nothing found at the location', 'Negative'],
    [STATUS.CANCELLED, 'Batal', 'Cancelled', 'Cancelled'],
  ],

  cardinalDirection: [
    [1201, 'Arah Utara', 'N', 'Northbound'],
    [1202, 'Arah Selatan', 'S', 'Southbound'],
    [1203, 'Arah Timur', 'E', 'Eastbound'],
    [1204, 'Arah Barat', 'W', 'Westbound'],
    [1205, 'Kedua-dua Arah', 'B', 'Both directions'],
  ],

  weatherConditionCode: [
    [1301, 'Cerah', 'CLEAR', 'Clear'],
    [1302, 'Mendung', 'CLOUDY', 'Cloudy'],
    [1303, 'Hujan Renyai', 'LIGHT_RAIN', 'Light rain'],
    [1304, 'Hujan Lebat', 'HEAVY_RAIN', 'Heavy rain'],
    [1305, 'Ribut Petir', 'THUNDERSTORM', 'Thunderstorm'],
    [1306, 'Berkabus', 'FOG', 'Fog'],
    [1307, 'Berjerebu', 'HAZE', 'Haze'],
  ],

  lightingCondition: [
    [1401, 'Siang', 'Daylight', 'Daylight'],
    [1402, 'Waktu Subuh / Senja', 'Dawn or dusk', 'Dawn / dusk'],
    [1403, 'Malam – Berlampu Jalan', 'Dark, street lights on', 'Night – street lights on'],
    [1404, 'Malam – Tiada Lampu Jalan', 'Dark, no street lighting', 'Night – no street lights'],
    [1405, 'Dalam Terowong', 'Tunnel lighting', 'In a tunnel'],
  ],

  collisionType: [
    [1501, 'Langgar Belakang (Depan–Belakang)', 'REAR_END', 'Rear-end'],
    [1502, 'Geseran Sisi', 'SIDESWIPE', 'Sideswipe'],
    [1503, 'Terbabas / Hilang Kawalan', 'RUN_OFF_ROAD', 'Ran off the road / lost control'],
    [1504, 'Terbalik', 'ROLLOVER', 'Rollover'],
    [1505, 'Langgar Penghadang Jalan', 'GUARDRAIL', 'Hit the guardrail'],
    [1506, 'Langgar Berantai', 'MULTI_VEHICLE', 'Multi-vehicle pile-up'],
    [1507, 'Langgar Depan–Depan', 'HEAD_ON', 'Head-on'],
    [1508, 'Langgar Pejalan Kaki', 'PEDESTRIAN', 'Hit a pedestrian'],
    [1509, 'Langgar Struktur (Tiang/Jejantas)', 'FIXED_STRUCTURE', 'Hit a structure (pole/overpass)'],
    [COLLISION_TYPE.ANIMAL, 'Langgar Haiwan', 'ANIMAL', 'Hit an animal'],
    [COLLISION_TYPE.OBSTACLE_A, 'Langgar Objek Halangan', 'OBSTACLE', 'Hit an obstacle'],
    [COLLISION_TYPE.OBSTACLE_B, 'Langgar Serpihan/Tayar', 'OBSTACLE', 'Hit debris/tyre'],
    [1510, 'Lain-lain', 'OTHER', 'Other'],
  ],

  casualtyType: [
    [1601, 'Maut', 'FATAL', 'Fatal'],
    [1602, 'Cedera Parah', 'SERIOUS', 'Serious injury'],
    [1603, 'Cedera Ringan', 'MINOR', 'Minor injury'],
    [1604, 'Tiada Kecederaan', 'NONE', 'No injury'],
  ],

  incidentSeverity: [
    [1701, 'Minor', 'Tiada halangan lorong', 'Minor'],
    [1702, 'Sederhana', 'Satu lorong terhalang', 'Moderate'],
    [1703, 'Major', 'Lebih daripada satu lorong terhalang', 'Major'],
    [1704, 'Kritikal', 'Laluan ditutup sepenuhnya', 'Critical'],
  ],

  obstacleObjectType: [
    [1801, 'Tayar / Serpihan Tayar', 'Tyre or tyre debris', 'Tyre / tyre debris'],
    [1802, 'Muatan Jatuh dari Lori', 'Fallen load', 'Load fallen from a lorry'],
    [1803, 'Besi / Logam', 'Metal', 'Iron / metal'],
    [1804, 'Kayu / Balak', 'Timber', 'Wood / timber'],
    [1805, 'Batu / Pasir', 'Stones or sand', 'Stones / sand'],
    [1806, 'Dahan / Pokok Tumbang', 'Branches or fallen tree', 'Branches / fallen tree'],
    [1807, 'Tilam / Perabot', 'Mattress or furniture', 'Mattress / furniture'],
    [1808, 'Kanvas / Plastik / Terpal', 'Tarpaulin or plastic sheet', 'Canvas / plastic / tarpaulin'],
    [1809, 'Bahagian Kenderaan (Bampar/Ekzos)', 'Vehicle parts', 'Vehicle part (bumper/exhaust)'],
    [1810, 'Kon / Tong Keselamatan', 'Traffic cones or drums', 'Safety cone / drum'],
    [1811, 'Bangkai Haiwan', 'Animal carcass', 'Animal carcass'],
    [1812, 'Lain-lain', 'Other object', 'Other'],
  ],

  assistType: [
    [1901, 'Tiada Bantuan Diperlukan', 'NONE', 'No assistance needed'],
    [1902, 'Bantuan Peronda di Lokasi', 'PATROL', 'Patrol assistance on scene'],
    [1903, 'Tunda ke Kawasan Selamat', 'TOW', 'Towed to a safe area'],
    [ASSIST_TYPE.EXISTING, 'Bantuan Sedia Ada', 'EXISTING', 'Assistance already there'],
    // Kept last on purpose: §4.6 treats 277 as "the last radio option" that opens the other-assistance list.
    [ASSIST_TYPE.OTHER, 'Bantuan Lain-lain', 'OTHER', 'Other assistance'],
  ],

  requestFurtherAction: [
    [2001, 'Polis (PDRM)', 'Police', 'Police (PDRM)'],
    [2002, 'Bomba dan Penyelamat (JBPM)', 'Fire and rescue', 'Fire and Rescue (JBPM)'],
    [2003, 'Ambulans (KKM)', 'Ministry of Health ambulance', 'Ambulance (KKM)'],
    [2004, 'Trak Tunda', 'Tow truck', 'Tow truck'],
    [2005, 'Kren / Tunda Berat', 'Crane or heavy tow', 'Crane / heavy tow'],
    [2006, 'Pasukan Penyelenggaraan', 'Maintenance crew', 'Maintenance team'],
    [2007, 'Pasukan Pembersihan Tumpahan', 'Spill clean-up team', 'Spill clean-up team'],
    [2008, 'JPJ', 'Road Transport Department', 'JPJ (Road Transport Department)'],
    [2009, 'PERHILITAN', 'Wildlife department', 'PERHILITAN (Wildlife Department)'],
    [2010, 'Jabatan Perkhidmatan Veterinar (DVS)', 'Veterinary services', 'Veterinary Services (DVS)'],
    [2011, 'Jabatan Alam Sekitar (JAS)', 'Department of Environment', 'Department of Environment (JAS)'],
    [2012, 'Angkatan Pertahanan Awam (APM)', 'Civil Defence Force', 'Civil Defence Force (APM)'],
    [2013, 'Peronda Tambahan', 'Additional patrol unit', 'Additional patrol'],
    [2014, 'TNB', 'Electricity utility', 'TNB (electricity)'],
  ],

  bantuanSediaAda: [
    [2101, 'Polis (PDRM) di Lokasi', 'Police on scene', 'Police (PDRM) on scene'],
    [2102, 'Bomba (JBPM) di Lokasi', 'Fire and rescue on scene', 'Fire and Rescue (JBPM) on scene'],
    [2103, 'Ambulans di Lokasi', 'Ambulance on scene', 'Ambulance on scene'],
    [2104, 'Trak Tunda Swasta', 'Private tow truck', 'Private tow truck'],
    [2105, 'Angkatan Pertahanan Awam (APM)', 'Civil Defence Force', 'Civil Defence Force (APM)'],
    [2106, 'JPJ di Lokasi', 'Road Transport Department', 'JPJ on scene'],
    [2107, 'Orang Awam', 'Members of the public', 'Members of the public'],
    [2108, 'Mekanik Persendirian', 'Private mechanic', 'Private mechanic'],
  ],

  roadLanes: [
    [2201, 'Lorong Kiri', 'Left lane', 'Left lane'],
    [2202, 'Lorong Tengah', 'Middle lane', 'Middle lane'],
    [2203, 'Lorong Kanan', 'Right lane', 'Right lane'],
    [2204, 'Lorong Keempat', 'Fourth lane', 'Fourth lane'],
    [2205, 'Lorong Kecemasan', 'Emergency lane', 'Emergency lane'],
    [2206, 'Bahu Jalan', 'Hard shoulder', 'Hard shoulder'],
    [2207, 'Bahu Jalan Dalam (Median)', 'Inner shoulder', 'Inner shoulder (median)'],
    [2208, 'Pembahagi Jalan', 'Central divider', 'Central divider'],
    [2209, 'Susur Masuk', 'On-ramp', 'On-ramp'],
    [2210, 'Susur Keluar', 'Off-ramp', 'Off-ramp'],
    [2211, 'Lorong Plaza Tol', 'Toll plaza lane', 'Toll plaza lane'],
    [2212, 'Semua Lorong', 'All lanes', 'All lanes'],
  ],

  incidentVehicleType: [
    [2301, 'Motosikal', 'Motorcycle', 'Motorcycle'],
    [2302, 'Kereta', 'Car (class 1)', 'Car'],
    [2303, 'SUV / Pacuan Empat Roda', 'SUV or 4x4', 'SUV / four-wheel drive'],
    [2304, 'MPV / Van', 'MPV or van', 'MPV / van'],
    [2305, 'Pikap', 'Pick-up', 'Pick-up'],
    [2306, 'Lori 2 Gandar', 'Lorry, 2 axles (class 2)', 'Lorry, 2 axles'],
    [2307, 'Lori 3 Gandar dan Ke Atas', 'Lorry, 3+ axles (class 3)', 'Lorry, 3 axles or more'],
    [2308, 'Treler / Prime Mover', 'Articulated lorry', 'Trailer / prime mover'],
    [2309, 'Lori Tangki', 'Tanker', 'Tanker lorry'],
    [2310, 'Bas Ekspres', 'Express bus (class 5)', 'Express bus'],
    [2311, 'Bas Persiaran / Sekolah', 'Tour or school bus', 'Tour / school bus'],
    [2312, 'Teksi', 'Taxi (class 4)', 'Taxi'],
    [2313, 'Kenderaan Kerajaan', 'Government vehicle', 'Government vehicle'],
    [2314, 'Kenderaan Kecemasan', 'Emergency vehicle', 'Emergency vehicle'],
    [2315, 'Lain-lain', 'Other', 'Other'],
  ],

  breakdownCause: [
    [2401, 'Tayar Pancit / Meletup', 'Flat or burst tyre', 'Flat / burst tyre'],
    [2402, 'Kehabisan Minyak', 'Out of fuel', 'Out of fuel'],
    [2403, 'Bateri Lemah / Mati', 'Flat battery', 'Weak / flat battery'],
    [2404, 'Enjin Panas (Overheat)', 'Overheating', 'Overheated engine'],
    [2405, 'Kerosakan Enjin', 'Engine failure', 'Engine failure'],
    [2406, 'Kerosakan Brek', 'Brake failure', 'Brake failure'],
    [2407, 'Kerosakan Sistem Elektrik', 'Electrical fault', 'Electrical fault'],
    [2408, 'Kerosakan Kotak Gear / Klac', 'Gearbox or clutch', 'Gearbox / clutch failure'],
    [2409, 'Kebocoran Radiator / Hos', 'Radiator or hose leak', 'Radiator / hose leak'],
    [2410, 'Kenderaan Terbakar', 'Vehicle fire', 'Vehicle on fire'],
    [2411, 'Kunci Tertinggal Dalam Kenderaan', 'Locked out', 'Keys locked in the vehicle'],
    [2412, 'Lain-lain', 'Other', 'Other'],
  ],

  roadConditionHazardType: [
    [2501, 'Tumpahan Minyak / Diesel', 'Oil or diesel spill', 'Oil / diesel spill'],
    [2502, 'Tumpahan Muatan (Pasir/Batu/Buah Sawit)', 'Spilled load', 'Spilled load (sand/stones/palm fruit)'],
    [2503, 'Jalan Berlubang', 'Pothole', 'Pothole'],
    [2504, 'Banjir Kilat / Air Bertakung', 'Flash flood or ponding', 'Flash flood / ponding'],
    [2505, 'Tanah Runtuh / Cerun Runtuh', 'Landslide', 'Landslide / slope failure'],
    [2506, 'Pokok Tumbang', 'Fallen tree', 'Fallen tree'],
    [2507, 'Permukaan Jalan Licin / Berlumpur', 'Slippery or muddy surface', 'Slippery / muddy surface'],
    [2508, 'Asap / Jerebu Menghalang Penglihatan', 'Smoke or haze', 'Smoke / haze blocking the view'],
    [2509, 'Kebakaran Semak Berhampiran Lebuhraya', 'Roadside bush fire', 'Bush fire near the highway'],
    [2510, 'Kerosakan Sambungan Jambatan', 'Bridge expansion joint defect', 'Damaged bridge joint'],
    [2511, 'Lain-lain', 'Other', 'Other'],
  ],

  strayAnimalType: [
    [2601, 'Lembu', 'Cattle', 'Cattle'],
    [2602, 'Kerbau', 'Buffalo', 'Buffalo'],
    [2603, 'Kambing', 'Goat', 'Goat'],
    [2604, 'Anjing', 'Dog', 'Dog'],
    [2605, 'Kucing', 'Cat', 'Cat'],
    [2606, 'Babi Hutan', 'Wild boar', 'Wild boar'],
    [2607, 'Monyet / Kera', 'Monkey', 'Monkey / macaque'],
    [2608, 'Biawak', 'Monitor lizard', 'Monitor lizard'],
    [2609, 'Ular', 'Snake', 'Snake'],
    [2610, 'Rusa', 'Deer', 'Deer'],
    [2611, 'Tapir', 'Tapir', 'Tapir'],
    [2612, 'Gajah', 'Elephant', 'Elephant'],
    [2613, 'Lain-lain', 'Other', 'Other'],
  ],

  roadFurnitureConditionType: [
    [2701, 'Rosak', 'Damaged', 'Damaged'],
    [2702, 'Bengkok', 'Bent', 'Bent'],
    [2703, 'Pecah', 'Broken', 'Broken'],
    [2704, 'Tercabut', 'Dislodged', 'Dislodged'],
    [2705, 'Terbakar', 'Burnt', 'Burnt'],
    [2706, 'Hilang / Dicuri', 'Missing or stolen', 'Missing / stolen'],
    [2707, 'Perlu Diganti', 'To be replaced', 'To be replaced'],
  ],

  incidentOtherType: [
    [OTHER_CASE_WITH_LANE_CLOSURE, 'Kerja Penyelenggaraan Kecemasan', 'Emergency maintenance (lane closure)', 'Emergency maintenance work'],
    [2801, 'Kenderaan Terbakar', 'Vehicle fire', 'Vehicle on fire'],
    [2802, 'Kenderaan Melawan Arus', 'Wrong-way driver', 'Wrong-way driver'],
    [2803, 'Pejalan Kaki di Laluan Utama', 'Pedestrian on the mainline', 'Pedestrian on the mainline'],
    [
      2804,
      'Penunggang Motosikal Berteduh di Bawah Jejantas',
      'Motorcyclists sheltering under a bridge',
      'Motorcyclists sheltering under an overpass',
    ],
    [2805, 'Kenderaan Ditinggalkan', 'Abandoned vehicle', 'Abandoned vehicle'],
    [2806, 'Sekatan Jalan Raya (Polis/JPJ)', 'Police or JPJ roadblock', 'Roadblock (police/JPJ)'],
    [2807, 'Kecemasan Perubatan Pengguna', 'Road user medical emergency', 'Road user medical emergency'],
    [2808, 'Kesesakan Lalu Lintas', 'Traffic congestion', 'Traffic congestion'],
    [2809, 'Aktiviti Mencurigakan', 'Suspicious activity', 'Suspicious activity'],
    [2810, 'Lain-lain', 'Other', 'Other'],
  ],

  assetCategory: [
    [2901, 'Peralatan Kawalan Trafik', 'Cones, signs, beacons', 'Traffic control equipment'],
    [2902, 'Peralatan Keselamatan Diri', 'Personal protective equipment', 'Personal protective equipment'],
    [2903, 'Peralatan Pertolongan Cemas', 'First aid', 'First aid equipment'],
    [2904, 'Peralatan Komunikasi', 'Radio and phone', 'Communication equipment'],
    [2905, 'Peralatan Kenderaan', 'Vehicle tools and spares', 'Vehicle equipment'],
    [2906, 'Peralatan Pembersihan', 'Clean-up kit', 'Cleaning equipment'],
    [2907, 'Dokumen dan Kad', 'Documents, Touch n Go and fuel cards', 'Documents and cards'],
  ],

  activityLogEvents: [
    [3001, 'Mula Syif', 'Shift start', 'Shift start'],
    [3002, 'Pemeriksaan Kenderaan', 'Vehicle check', 'Vehicle check'],
    [3003, 'Mula Rondaan', 'Patrol start', 'Patrol start'],
    [ACTIVITY_EVENT_END_OF_PATROL, 'Tamat Rondaan', 'Patrol end', 'Patrol end'],
    [3004, 'Rehat', 'Break', 'Break'],
    [3005, 'Isi Minyak', 'Refuelling', 'Refuelling'],
    [3006, 'Bantuan Insiden', 'Attending an incident', 'Incident assistance'],
    [3007, 'Kawalan Trafik', 'Traffic control', 'Traffic control'],
    [3008, 'Pemeriksaan Hentian Sebelah', 'Layby check', 'Layby check'],
    [3009, 'Urusan Pejabat', 'Office duty', 'Office duty'],
    [3010, 'Serah Tugas', 'Handover', 'Handover'],
    [3011, 'Tamat Syif', 'Shift end', 'Shift end'],
  ],

  jenisRoster: [
    [3101, 'Rondaan Biasa', 'Normal patrol roster', 'Normal patrol'],
    [3102, 'Rondaan Musim Perayaan', 'Festive season roster', 'Festive season patrol'],
    [3103, 'Rondaan Ganti', 'Relief roster', 'Relief patrol'],
    [3104, 'Rondaan Kerja Penyelenggaraan', 'Works escort roster', 'Maintenance works patrol'],
  ],

  injuries: [
    [3201, 'Maut', 'Fatal', 'Fatal'],
    [3202, 'Cedera Parah', 'Serious injury', 'Serious injury'],
    [3203, 'Cedera Ringan', 'Minor injury', 'Minor injury'],
    [3204, 'Tiada Kecederaan', 'No injury', 'No injury'],
  ],

  race: [
    [3301, 'Melayu', 'Malay', 'Malay'],
    [3302, 'Cina', 'Chinese', 'Chinese'],
    [3303, 'India', 'Indian', 'Indian'],
    [3304, 'Bumiputera Sabah', 'Sabah Bumiputera', 'Sabah Bumiputera'],
    [3305, 'Bumiputera Sarawak', 'Sarawak Bumiputera', 'Sarawak Bumiputera'],
    [3306, 'Lain-lain', 'Other Malaysian', 'Others'],
    [3307, 'Warga Asing', 'Foreign national', 'Foreign national'],
  ],

  unitMeasurement: [
    [3401, 'Unit', 'unit', 'Unit'],
    [3402, 'Meter', 'm', 'Metre'],
    [3403, 'Meter Persegi', 'm²', 'Square metre'],
    [3404, 'Batang', 'pcs (posts)', 'Post'],
    [3405, 'Keping', 'pcs (panels)', 'Panel'],
    [3406, 'Set', 'set', 'Set'],
    [3407, 'Liter', 'L', 'Litre'],
    [3408, 'Kilogram', 'kg', 'Kilogram'],
  ],

  genderType: [
    [3501, 'Lelaki', 'L', 'Male'],
    [3502, 'Perempuan', 'P', 'Female'],
  ],

  shiftCategory: [
    [SHIFT_CATEGORY.DAY, 'Pagi', 'DAY', 'Day'],
    [SHIFT_CATEGORY.NIGHT, 'Malam', 'NIGHT', 'Night'],
    [SHIFT_CATEGORY.OFFICE, 'Waktu Pejabat', 'OFFICE', 'Office hours'],
  ],

  dutyRosterRoles: [
    [DUTY_ROSTER_ROLE.LEADER, 'Ketua Pasukan', 'Team leader', 'Team leader'],
    [DUTY_ROSTER_ROLE.DRIVER, 'Pemandu', 'Driver', 'Driver'],
    [DUTY_ROSTER_ROLE.PATROLLER, 'Peronda', 'Patroller', 'Patroller'],
    [DUTY_ROSTER_ROLE.TRAINEE, 'Peronda Pelatih', 'Trainee', 'Trainee patroller'],
  ],
};

/**
 * Display colours of the Bahagian Lebuhraya items (roadLanes keys, highwaysectionid/get): distinct hues, dark enough
 * for white text on a chip and for a line on the map.
 */
export const ROAD_LANE_COLORS: Readonly<Record<number, string>> = {
  2201: '#2563eb', // Lorong Kiri: blue
  2202: '#16a34a', // Lorong Tengah: green
  2203: '#9333ea', // Lorong Kanan: purple
  2204: '#0891b2', // Lorong Keempat: cyan
  2205: '#dc2626', // Lorong Kecemasan: red
  2206: '#ea580c', // Bahu Jalan: orange
  2207: '#a16207', // Bahu Jalan Dalam (Median): amber
  2208: '#57534e', // Pembahagi Jalan: stone
  2209: '#0d9488', // Susur Masuk: teal
  2210: '#db2777', // Susur Keluar: pink
  2211: '#4f46e5', // Lorong Plaza Tol: indigo
  2212: '#1f2937', // Semua Lorong: near black
};

/** unitMeasurement keys (the asset list's usual units). */
export const UNIT = { UNIT: 3401, METER: 3402, SQUARE_METER: 3403, POST: 3404, PANEL: 3405, SET: 3406 } as const;

/**
 * The highway assets a damage is recorded against (road_furniture, roadFurniture/getAll): id, name, description and
 * the unit its damage is usually counted in. Ids take their own block (3801+) so no key means two things.
 */
export const ROAD_FURNITURE: readonly { id: number; name: string; description: string; unitId: number }[] = [
  { id: 3801, name: 'Penghadang Jalan (Guardrail)', description: 'W-beam steel guardrail', unitId: UNIT.METER },
  { id: 3802, name: 'Penghadang Konkrit (New Jersey Barrier)', description: 'Concrete median barrier', unitId: UNIT.METER },
  { id: 3803, name: 'Pagar Keselamatan', description: 'Right-of-way fence', unitId: UNIT.METER },
  { id: 3804, name: 'Papan Tanda', description: 'Road sign panel', unitId: UNIT.PANEL },
  { id: 3805, name: 'Papan Tanda Elektronik (VMS)', description: 'Variable message sign', unitId: UNIT.UNIT },
  { id: 3806, name: 'Lampu Jalan', description: 'Street light lantern', unitId: UNIT.UNIT },
  { id: 3807, name: 'Tiang Lampu', description: 'Lighting column', unitId: UNIT.POST },
  { id: 3808, name: 'Penanda Kilometer', description: 'Kilometre marker post', unitId: UNIT.UNIT },
  { id: 3809, name: "Cat's Eye / Mata Kucing", description: 'Road stud', unitId: UNIT.UNIT },
  { id: 3810, name: 'Tiang Delineator', description: 'Delineator post', unitId: UNIT.POST },
  { id: 3811, name: 'Penyerap Hentakan (Crash Cushion)', description: 'Impact attenuator at a gore', unitId: UNIT.SET },
  { id: 3812, name: 'Kon Keselamatan', description: 'Traffic cone', unitId: UNIT.UNIT },
  { id: 3813, name: 'Kamera CCTV', description: 'Traffic camera', unitId: UNIT.SET },
  { id: 3814, name: 'Telefon Kecemasan', description: 'Emergency telephone', unitId: UNIT.UNIT },
  { id: 3815, name: 'Pokok / Landskap', description: 'Trees and landscaping', unitId: UNIT.SQUARE_METER },
  { id: 3816, name: 'Longkang / Parit', description: 'Roadside drain', unitId: UNIT.METER },
  { id: 3817, name: 'Permukaan Jalan / Turapan', description: 'Road surface', unitId: UNIT.SQUARE_METER },
  { id: 3818, name: 'Lain-lain', description: 'Other asset', unitId: UNIT.UNIT },
];

/** Keys that must never be given to a lookup item (journal read-status codes, §6). */
export const RESERVED_KEYS: readonly number[] = [829, 830];
