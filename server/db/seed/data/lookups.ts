/**
 * Lookup lists of §7.2 (one code table: a key is unique across every list).
 *
 * Keys fixed by the spec (§4, §9) are kept exactly: incidentCategory 184–190, incidentStatus 202–210 and 298,
 * collisionType 265–267, assistType 277 and 430, incidentOtherType 491, activityLogEvents 295. 829 and 830 are the
 * journal read-status codes and are used by no list. Every other list takes its keys from its own block of 100
 * (1001+, 1101+, …); `region` and `highway` use the ids of their tables (21–27, 1–3).
 *
 * Each entry is [key, value, description?]. The order in the array is the display order (sortOrder).
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

export type LookupEntry = readonly [key: number, value: string, description?: string | null];

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

export const LOOKUPS: Record<LookupName, readonly LookupEntry[]> = {
  region: REGIONS.map((r) => [r.id, r.name, r.code] as const),

  highway: HIGHWAYS.map((h) => [h.id, `${h.code} – ${h.name}`, h.code] as const),

  locationType: [
    [LOCATION_TYPE.MAINLINE, 'Laluan Utama', 'Mainline'],
    [LOCATION_TYPE.INTERCHANGE, 'Persimpangan Bertingkat', 'Interchange'],
    [LOCATION_TYPE.TOLL_PLAZA, 'Plaza Tol', 'Toll plaza'],
    [LOCATION_TYPE.REST_AREA, 'R&R (Kawasan Rehat dan Rawat)', 'Rest and service area'],
    [LOCATION_TYPE.LAYBY, 'Hentian Sebelah', 'Layby'],
    [LOCATION_TYPE.RAMP_IN, 'Susur Masuk', 'On-ramp'],
    [LOCATION_TYPE.RAMP_OUT, 'Susur Keluar', 'Off-ramp'],
    [LOCATION_TYPE.BRIDGE, 'Jambatan', 'Bridge'],
    [LOCATION_TYPE.TUNNEL, 'Terowong', 'Tunnel'],
    [LOCATION_TYPE.OVERPASS, 'Jejantas', 'Overpass'],
  ],

  incidentSource: [
    [1101, 'Orang Awam (Talian Hotline 1800-88-0000)', 'Public hotline'],
    [1102, 'CCTV', 'Closed-circuit camera'],
    [1103, 'Peronda', 'Highway patrol on the ground'],
    [1104, 'PLUSRonda', 'PLUSRonda patrol radio'],
    [1105, 'Polis (PDRM)', 'Royal Malaysia Police'],
    [1106, 'Telefon Kecemasan (ECB)', 'Emergency call box'],
    [1107, 'Aplikasi Mudah Alih', 'Mobile app report'],
    [1108, 'Media Sosial', 'Social media'],
    [1109, 'Waze', 'Waze for Cities feed'],
    [1110, 'Operator Plaza Tol', 'Toll plaza staff'],
    [1111, 'Sistem Pengesanan Insiden Automatik (AID)', 'Automatic incident detection'],
    [1112, 'Kontraktor Penyelenggaraan', 'Maintenance contractor'],
    [1113, 'Bomba (JBPM)', 'Fire and Rescue Department'],
    [1114, 'Lain-lain', 'Other source'],
  ],

  incidentCategory: [
    [EVENT_TYPE.ACCIDENT, 'Kemalangan', 'ACCIDENT'],
    [EVENT_TYPE.BREAKDOWN, 'Kerosakan Kenderaan', 'BREAKDOWN'],
    [EVENT_TYPE.OBSTACLE, 'Objek Halangan', 'OBSTACLE'],
    [EVENT_TYPE.STRAY_ANIMAL, 'Haiwan Liar/Terlepas', 'STRAY_ANIMAL'],
    [EVENT_TYPE.ROAD_CONDITION, 'Keadaan Jalan Berbahaya', 'ROAD_CONDITION_HAZARD'],
    [EVENT_TYPE.ROAD_FURNITURE, 'Kerosakan Perabot/Aset Jalan', 'ROAD_FURNITURE'],
    [EVENT_TYPE.OTHERS, 'Lain-lain', 'OTHERS'],
  ],

  incidentStatus: [
    [STATUS.ASSIGNED, 'Tugasan Dihantar', 'Assigned to a patrol roster'],
    [STATUS.RECEIVED, 'Tugasan Diterima', 'Patrol acknowledged the assignment'],
    [STATUS.ARRIVED, 'Tiba di Lokasi', 'Patrol arrived on scene'],
    [STATUS.ASSISTANCE_DONE, 'Selesai Bantuan', 'Assistance completed'],
    [STATUS.CASE_DONE, 'Selesai Kes', 'Case completed, ready to close'],
    [STATUS.CLOSED, 'Tutup', 'Closed'],
    [STATUS.REJECTED, 'Ditolak', 'Rejected by the patrol; back to TMC'],
    [STATUS.NEGATIVE, 'Negative', 'Nothing found at the location'],
    [STATUS.CANCELLED, 'Batal', 'Cancelled'],
  ],

  cardinalDirection: [
    [1201, 'Arah Utara', 'N'],
    [1202, 'Arah Selatan', 'S'],
    [1203, 'Arah Timur', 'E'],
    [1204, 'Arah Barat', 'W'],
    [1205, 'Kedua-dua Arah', 'B'],
  ],

  weatherConditionCode: [
    [1301, 'Cerah', 'CLEAR'],
    [1302, 'Mendung', 'CLOUDY'],
    [1303, 'Hujan Renyai', 'LIGHT_RAIN'],
    [1304, 'Hujan Lebat', 'HEAVY_RAIN'],
    [1305, 'Ribut Petir', 'THUNDERSTORM'],
    [1306, 'Berkabus', 'FOG'],
    [1307, 'Berjerebu', 'HAZE'],
  ],

  lightingCondition: [
    [1401, 'Siang', 'Daylight'],
    [1402, 'Waktu Subuh / Senja', 'Dawn or dusk'],
    [1403, 'Malam – Berlampu Jalan', 'Dark, street lights on'],
    [1404, 'Malam – Tiada Lampu Jalan', 'Dark, no street lighting'],
    [1405, 'Dalam Terowong', 'Tunnel lighting'],
  ],

  collisionType: [
    [1501, 'Langgar Belakang (Depan–Belakang)', 'REAR_END'],
    [1502, 'Geseran Sisi', 'SIDESWIPE'],
    [1503, 'Terbabas / Hilang Kawalan', 'RUN_OFF_ROAD'],
    [1504, 'Terbalik', 'ROLLOVER'],
    [1505, 'Langgar Penghadang Jalan', 'GUARDRAIL'],
    [1506, 'Langgar Berantai', 'MULTI_VEHICLE'],
    [1507, 'Langgar Depan–Depan', 'HEAD_ON'],
    [1508, 'Langgar Pejalan Kaki', 'PEDESTRIAN'],
    [1509, 'Langgar Struktur (Tiang/Jejantas)', 'FIXED_STRUCTURE'],
    [COLLISION_TYPE.ANIMAL, 'Langgar Haiwan', 'ANIMAL'],
    [COLLISION_TYPE.OBSTACLE_A, 'Langgar Objek Halangan', 'OBSTACLE'],
    [COLLISION_TYPE.OBSTACLE_B, 'Langgar Serpihan/Tayar', 'OBSTACLE'],
    [1510, 'Lain-lain', 'OTHER'],
  ],

  casualtyType: [
    [1601, 'Maut', 'FATAL'],
    [1602, 'Cedera Parah', 'SERIOUS'],
    [1603, 'Cedera Ringan', 'MINOR'],
    [1604, 'Tiada Kecederaan', 'NONE'],
  ],

  incidentSeverity: [
    [1701, 'Minor', 'Tiada halangan lorong'],
    [1702, 'Sederhana', 'Satu lorong terhalang'],
    [1703, 'Major', 'Lebih daripada satu lorong terhalang'],
    [1704, 'Kritikal', 'Laluan ditutup sepenuhnya'],
  ],

  obstacleObjectType: [
    [1801, 'Tayar / Serpihan Tayar', 'Tyre or tyre debris'],
    [1802, 'Muatan Jatuh dari Lori', 'Fallen load'],
    [1803, 'Besi / Logam', 'Metal'],
    [1804, 'Kayu / Balak', 'Timber'],
    [1805, 'Batu / Pasir', 'Stones or sand'],
    [1806, 'Dahan / Pokok Tumbang', 'Branches or fallen tree'],
    [1807, 'Tilam / Perabot', 'Mattress or furniture'],
    [1808, 'Kanvas / Plastik / Terpal', 'Tarpaulin or plastic sheet'],
    [1809, 'Bahagian Kenderaan (Bampar/Ekzos)', 'Vehicle parts'],
    [1810, 'Kon / Tong Keselamatan', 'Traffic cones or drums'],
    [1811, 'Bangkai Haiwan', 'Animal carcass'],
    [1812, 'Lain-lain', 'Other object'],
  ],

  assistType: [
    [1901, 'Tiada Bantuan Diperlukan', 'NONE'],
    [1902, 'Bantuan Peronda di Lokasi', 'PATROL'],
    [1903, 'Tunda ke Kawasan Selamat', 'TOW'],
    [ASSIST_TYPE.EXISTING, 'Bantuan Sedia Ada', 'EXISTING'],
    // Kept last on purpose: §4.6 treats 277 as "the last radio option" that opens the other-assistance list.
    [ASSIST_TYPE.OTHER, 'Bantuan Lain-lain', 'OTHER'],
  ],

  requestFurtherAction: [
    [2001, 'Polis (PDRM)', 'Police'],
    [2002, 'Bomba dan Penyelamat (JBPM)', 'Fire and rescue'],
    [2003, 'Ambulans (KKM)', 'Ministry of Health ambulance'],
    [2004, 'Trak Tunda', 'Tow truck'],
    [2005, 'Kren / Tunda Berat', 'Crane or heavy tow'],
    [2006, 'Pasukan Penyelenggaraan', 'Maintenance crew'],
    [2007, 'Pasukan Pembersihan Tumpahan', 'Spill clean-up team'],
    [2008, 'JPJ', 'Road Transport Department'],
    [2009, 'PERHILITAN', 'Wildlife department'],
    [2010, 'Jabatan Perkhidmatan Veterinar (DVS)', 'Veterinary services'],
    [2011, 'Jabatan Alam Sekitar (JAS)', 'Department of Environment'],
    [2012, 'Angkatan Pertahanan Awam (APM)', 'Civil Defence Force'],
    [2013, 'Peronda Tambahan', 'Additional patrol unit'],
    [2014, 'TNB', 'Electricity utility'],
  ],

  bantuanSediaAda: [
    [2101, 'Polis (PDRM) di Lokasi', 'Police on scene'],
    [2102, 'Bomba (JBPM) di Lokasi', 'Fire and rescue on scene'],
    [2103, 'Ambulans di Lokasi', 'Ambulance on scene'],
    [2104, 'Trak Tunda Swasta', 'Private tow truck'],
    [2105, 'Angkatan Pertahanan Awam (APM)', 'Civil Defence Force'],
    [2106, 'JPJ di Lokasi', 'Road Transport Department'],
    [2107, 'Orang Awam', 'Members of the public'],
    [2108, 'Mekanik Persendirian', 'Private mechanic'],
  ],

  roadLanes: [
    [2201, 'Lorong Kiri', 'Left lane'],
    [2202, 'Lorong Tengah', 'Middle lane'],
    [2203, 'Lorong Kanan', 'Right lane'],
    [2204, 'Lorong Keempat', 'Fourth lane'],
    [2205, 'Lorong Kecemasan', 'Emergency lane'],
    [2206, 'Bahu Jalan', 'Hard shoulder'],
    [2207, 'Bahu Jalan Dalam (Median)', 'Inner shoulder'],
    [2208, 'Pembahagi Jalan', 'Central divider'],
    [2209, 'Susur Masuk', 'On-ramp'],
    [2210, 'Susur Keluar', 'Off-ramp'],
    [2211, 'Lorong Plaza Tol', 'Toll plaza lane'],
    [2212, 'Semua Lorong', 'All lanes'],
  ],

  incidentVehicleType: [
    [2301, 'Motosikal', 'Motorcycle'],
    [2302, 'Kereta', 'Car (class 1)'],
    [2303, 'SUV / Pacuan Empat Roda', 'SUV or 4x4'],
    [2304, 'MPV / Van', 'MPV or van'],
    [2305, 'Pikap', 'Pick-up'],
    [2306, 'Lori 2 Gandar', 'Lorry, 2 axles (class 2)'],
    [2307, 'Lori 3 Gandar dan Ke Atas', 'Lorry, 3+ axles (class 3)'],
    [2308, 'Treler / Prime Mover', 'Articulated lorry'],
    [2309, 'Lori Tangki', 'Tanker'],
    [2310, 'Bas Ekspres', 'Express bus (class 5)'],
    [2311, 'Bas Persiaran / Sekolah', 'Tour or school bus'],
    [2312, 'Teksi', 'Taxi (class 4)'],
    [2313, 'Kenderaan Kerajaan', 'Government vehicle'],
    [2314, 'Kenderaan Kecemasan', 'Emergency vehicle'],
    [2315, 'Lain-lain', 'Other'],
  ],

  breakdownCause: [
    [2401, 'Tayar Pancit / Meletup', 'Flat or burst tyre'],
    [2402, 'Kehabisan Minyak', 'Out of fuel'],
    [2403, 'Bateri Lemah / Mati', 'Flat battery'],
    [2404, 'Enjin Panas (Overheat)', 'Overheating'],
    [2405, 'Kerosakan Enjin', 'Engine failure'],
    [2406, 'Kerosakan Brek', 'Brake failure'],
    [2407, 'Kerosakan Sistem Elektrik', 'Electrical fault'],
    [2408, 'Kerosakan Kotak Gear / Klac', 'Gearbox or clutch'],
    [2409, 'Kebocoran Radiator / Hos', 'Radiator or hose leak'],
    [2410, 'Kenderaan Terbakar', 'Vehicle fire'],
    [2411, 'Kunci Tertinggal Dalam Kenderaan', 'Locked out'],
    [2412, 'Lain-lain', 'Other'],
  ],

  roadConditionHazardType: [
    [2501, 'Tumpahan Minyak / Diesel', 'Oil or diesel spill'],
    [2502, 'Tumpahan Muatan (Pasir/Batu/Buah Sawit)', 'Spilled load'],
    [2503, 'Jalan Berlubang', 'Pothole'],
    [2504, 'Banjir Kilat / Air Bertakung', 'Flash flood or ponding'],
    [2505, 'Tanah Runtuh / Cerun Runtuh', 'Landslide'],
    [2506, 'Pokok Tumbang', 'Fallen tree'],
    [2507, 'Permukaan Jalan Licin / Berlumpur', 'Slippery or muddy surface'],
    [2508, 'Asap / Jerebu Menghalang Penglihatan', 'Smoke or haze'],
    [2509, 'Kebakaran Semak Berhampiran Lebuhraya', 'Roadside bush fire'],
    [2510, 'Kerosakan Sambungan Jambatan', 'Bridge expansion joint defect'],
    [2511, 'Lain-lain', 'Other'],
  ],

  strayAnimalType: [
    [2601, 'Lembu', 'Cattle'],
    [2602, 'Kerbau', 'Buffalo'],
    [2603, 'Kambing', 'Goat'],
    [2604, 'Anjing', 'Dog'],
    [2605, 'Kucing', 'Cat'],
    [2606, 'Babi Hutan', 'Wild boar'],
    [2607, 'Monyet / Kera', 'Monkey'],
    [2608, 'Biawak', 'Monitor lizard'],
    [2609, 'Ular', 'Snake'],
    [2610, 'Rusa', 'Deer'],
    [2611, 'Tapir', 'Tapir'],
    [2612, 'Gajah', 'Elephant'],
    [2613, 'Lain-lain', 'Other'],
  ],

  roadFurnitureConditionType: [
    [2701, 'Rosak', 'Damaged'],
    [2702, 'Bengkok', 'Bent'],
    [2703, 'Pecah', 'Broken'],
    [2704, 'Tercabut', 'Dislodged'],
    [2705, 'Terbakar', 'Burnt'],
    [2706, 'Hilang / Dicuri', 'Missing or stolen'],
    [2707, 'Perlu Diganti', 'To be replaced'],
  ],

  incidentOtherType: [
    [OTHER_CASE_WITH_LANE_CLOSURE, 'Kerja Penyelenggaraan Kecemasan', 'Emergency maintenance (lane closure)'],
    [2801, 'Kenderaan Terbakar', 'Vehicle fire'],
    [2802, 'Kenderaan Melawan Arus', 'Wrong-way driver'],
    [2803, 'Pejalan Kaki di Laluan Utama', 'Pedestrian on the mainline'],
    [2804, 'Penunggang Motosikal Berteduh di Bawah Jejantas', 'Motorcyclists sheltering under a bridge'],
    [2805, 'Kenderaan Ditinggalkan', 'Abandoned vehicle'],
    [2806, 'Sekatan Jalan Raya (Polis/JPJ)', 'Police or JPJ roadblock'],
    [2807, 'Kecemasan Perubatan Pengguna', 'Road user medical emergency'],
    [2808, 'Kesesakan Lalu Lintas', 'Traffic congestion'],
    [2809, 'Aktiviti Mencurigakan', 'Suspicious activity'],
    [2810, 'Lain-lain', 'Other'],
  ],

  assetCategory: [
    [2901, 'Peralatan Kawalan Trafik', 'Cones, signs, beacons'],
    [2902, 'Peralatan Keselamatan Diri', 'Personal protective equipment'],
    [2903, 'Peralatan Pertolongan Cemas', 'First aid'],
    [2904, 'Peralatan Komunikasi', 'Radio and phone'],
    [2905, 'Peralatan Kenderaan', 'Vehicle tools and spares'],
    [2906, 'Peralatan Pembersihan', 'Clean-up kit'],
    [2907, 'Dokumen dan Kad', 'Documents, Touch n Go and fuel cards'],
  ],

  activityLogEvents: [
    [3001, 'Mula Syif', 'Shift start'],
    [3002, 'Pemeriksaan Kenderaan', 'Vehicle check'],
    [3003, 'Mula Rondaan', 'Patrol start'],
    [ACTIVITY_EVENT_END_OF_PATROL, 'Tamat Rondaan', 'Patrol end'],
    [3004, 'Rehat', 'Break'],
    [3005, 'Isi Minyak', 'Refuelling'],
    [3006, 'Bantuan Insiden', 'Attending an incident'],
    [3007, 'Kawalan Trafik', 'Traffic control'],
    [3008, 'Pemeriksaan Hentian Sebelah', 'Layby check'],
    [3009, 'Urusan Pejabat', 'Office duty'],
    [3010, 'Serah Tugas', 'Handover'],
    [3011, 'Tamat Syif', 'Shift end'],
  ],

  jenisRoster: [
    [3101, 'Rondaan Biasa', 'Normal patrol roster'],
    [3102, 'Rondaan Musim Perayaan', 'Festive season roster'],
    [3103, 'Rondaan Ganti', 'Relief roster'],
    [3104, 'Rondaan Kerja Penyelenggaraan', 'Works escort roster'],
  ],

  injuries: [
    [3201, 'Maut', 'Fatal'],
    [3202, 'Cedera Parah', 'Serious injury'],
    [3203, 'Cedera Ringan', 'Minor injury'],
    [3204, 'Tiada Kecederaan', 'No injury'],
  ],

  race: [
    [3301, 'Melayu', 'Malay'],
    [3302, 'Cina', 'Chinese'],
    [3303, 'India', 'Indian'],
    [3304, 'Bumiputera Sabah', 'Sabah Bumiputera'],
    [3305, 'Bumiputera Sarawak', 'Sarawak Bumiputera'],
    [3306, 'Lain-lain', 'Other Malaysian'],
    [3307, 'Warga Asing', 'Foreign national'],
  ],

  unitMeasurement: [
    [3401, 'Unit', 'unit'],
    [3402, 'Meter', 'm'],
    [3403, 'Meter Persegi', 'm²'],
    [3404, 'Batang', 'pcs (posts)'],
    [3405, 'Keping', 'pcs (panels)'],
    [3406, 'Set', 'set'],
    [3407, 'Liter', 'L'],
    [3408, 'Kilogram', 'kg'],
  ],

  genderType: [
    [3501, 'Lelaki', 'L'],
    [3502, 'Perempuan', 'P'],
  ],

  shiftCategory: [
    [SHIFT_CATEGORY.DAY, 'Pagi', 'DAY'],
    [SHIFT_CATEGORY.NIGHT, 'Malam', 'NIGHT'],
    [SHIFT_CATEGORY.OFFICE, 'Waktu Pejabat', 'OFFICE'],
  ],

  dutyRosterRoles: [
    [DUTY_ROSTER_ROLE.LEADER, 'Ketua Pasukan', 'Team leader'],
    [DUTY_ROSTER_ROLE.DRIVER, 'Pemandu', 'Driver'],
    [DUTY_ROSTER_ROLE.PATROLLER, 'Peronda', 'Patroller'],
    [DUTY_ROSTER_ROLE.TRAINEE, 'Peronda Pelatih', 'Trainee'],
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
