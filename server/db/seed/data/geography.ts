/**
 * Geography of the demo: the PLUS North–South Expressway corridor.
 *
 * - E1 (northern route) runs from Bukit Kayu Hitam (KM 0, Thai border) south to Jalan Duta, Kuala Lumpur.
 * - E2 (southern route) has its kilometre zero at Pandan, Johor Bahru, and its kilometres grow northwards to
 *   Sungai Besi. Its sections are still written north to south below (S1 … S7); the builder reverses them.
 * - E15 (Butterworth–Kulim Expressway) runs from Perai east to Kulim; its section N7 is worked with N3 as N3+N7.
 *
 * Waypoints are real towns, interchanges, toll plazas and rest areas, placed by hand from public maps (good to a
 * few hundred metres, not a survey). The builder measures the line with @turf/length and scales it to the
 * published route length, so kilometres come out close to the real kilometre posts (e.g. KM 451 lies between
 * Rawang Selatan and Hospital Sungai Buloh, as on the ground).
 */

export interface RegionDef {
  id: number;
  code: string;
  name: string;
  mapCenter: string;
  mapZoom: number;
}

/** Region 27 is the national level that broadcasts go to (contract BROADCAST_REGION_ID). */
export const REGIONS: readonly RegionDef[] = [
  { id: 21, code: 'UTR', name: 'Utara', mapCenter: '5.3800,100.6500', mapZoom: 8.5 },
  { id: 22, code: 'TGH', name: 'Tengah', mapCenter: '3.4500,101.5800', mapZoom: 9 },
  { id: 23, code: 'SEL', name: 'Selatan', mapCenter: '2.1500,102.8500', mapZoom: 8.5 },
  { id: 27, code: 'HQ', name: 'Ibu Pejabat', mapCenter: '4.0300,102.2100', mapZoom: 7.33 },
];

export const REGION_ID = { UTARA: 21, TENGAH: 22, SELATAN: 23, HQ: 27 } as const;

export interface HighwayDef {
  id: number;
  code: string;
  name: string;
  /** published length from the first to the last waypoint; the measured line is scaled to it (omit: no scaling) */
  lengthKm?: number;
  /** 'listed': KM 0 is the first waypoint of the first section; 'reversed': KM 0 is the last waypoint of the last */
  kmOrder: 'listed' | 'reversed';
}

export const HIGHWAYS: readonly HighwayDef[] = [
  { id: 1, code: 'E1', name: 'Lebuhraya Utara–Selatan Jajaran Utara', lengthKm: 466, kmOrder: 'listed' },
  { id: 2, code: 'E2', name: 'Lebuhraya Utara–Selatan Jajaran Selatan', lengthKm: 311, kmOrder: 'reversed' },
  { id: 3, code: 'E15', name: 'Lebuhraya Butterworth–Kulim (BKE)', kmOrder: 'listed' },
];

export const HIGHWAY_ID = { E1: 1, E2: 2, E15: 3 } as const;

export type PlaceKind = 'IC' | 'TOL' | 'RNR' | 'HS' | 'BRIDGE' | 'TUNNEL' | 'OVERPASS';

export interface Place {
  kind: PlaceKind;
  name: string;
  description?: string;
  /** also list its on-ramp and off-ramp as event locations */
  ramps?: boolean;
}

export interface Waypoint {
  lat: number;
  lng: number;
  places: Place[];
}

export interface SectionDef {
  id: number;
  name: string;
  description: string;
  regionId: number;
  highwayId: number;
  /** waypoints from north to south (E15: west to east); neighbouring sections share their boundary waypoint */
  points: Waypoint[];
}

export interface CombinedSectionDef {
  id: number;
  name: string;
  description: string;
  regionId: number;
  highwayId: number;
  parts: readonly string[];
}

const p = (lat: number, lng: number, ...places: Place[]): Waypoint => ({ lat, lng, places });
const ic = (name: string, description?: string, ramps = false): Place => ({
  kind: 'IC',
  name: `Persimpangan Bertingkat ${name}`,
  description,
  ramps,
});
const tol = (name: string): Place => ({ kind: 'TOL', name: `Plaza Tol ${name}` });
const rnr = (name: string, description?: string): Place => ({ kind: 'RNR', name: `R&R ${name}`, description });
const hs = (name: string, description?: string): Place => ({ kind: 'HS', name: `Hentian Sebelah ${name}`, description });
const bridge = (name: string): Place => ({ kind: 'BRIDGE', name: `Jambatan ${name}` });
const tunnel = (name: string): Place => ({ kind: 'TUNNEL', name: `Terowong ${name}` });

// Boundary waypoints (shared by two neighbouring sections). Places are attached where the section lists them.
const ALOR_SETAR_UTARA = [6.159, 100.415] as const;
const GURUN = [5.815, 100.49] as const;
const JURU = [5.345, 100.435] as const;
const BUKIT_MERAH = [4.97, 100.67] as const;
const JELAPANG = [4.63, 101.055] as const;
const TAPAH = [4.195, 101.23] as const;
const TANJUNG_MALIM = [3.685, 101.51] as const;
const NILAI_UTARA = [2.85, 101.785] as const;
const SENAWANG = [2.69, 101.965] as const;
const AYER_KEROH = [2.275, 102.285] as const;
const PAGOH = [2.15, 102.77] as const;
const YONG_PENG_UTARA = [2.055, 103.05] as const;
const MACHAP = [1.87, 103.245] as const;

export const SECTIONS: readonly SectionDef[] = [
  // ───────────── Wilayah Utara (E1 Kedah – Pulau Pinang – Perak, E15) ─────────────
  {
    id: 1,
    name: 'N1',
    description: 'Bukit Kayu Hitam – Alor Setar Utara',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(6.515, 100.4205, ic('Bukit Kayu Hitam', 'Ke Kompleks ICQS Bukit Kayu Hitam / Sadao'), tol('Bukit Kayu Hitam')),
      p(6.47, 100.425),
      p(6.428, 100.431, ic('Changlun', 'Ke Changlun / Kuala Perlis (FT7)')),
      p(6.38, 100.43, hs('Changlun')),
      p(6.33, 100.4255),
      p(6.26, 100.43, ic('Jitra', 'Ke Jitra / Kodiang / Kuala Nerang', true)),
      p(6.205, 100.412, tol('Hutan Kampung')),
      p(...ALOR_SETAR_UTARA, ic('Alor Setar Utara', 'Ke Alor Setar / Lapangan Terbang Sultan Abdul Halim', true), tol('Alor Setar Utara')),
    ],
  },
  {
    id: 2,
    name: 'N2',
    description: 'Alor Setar Utara – Gurun',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...ALOR_SETAR_UTARA),
      p(6.1, 100.42, bridge('Sungai Kedah')),
      p(6.055, 100.423, ic('Alor Setar Selatan', 'Ke Alor Setar / Simpang Empat'), tol('Alor Setar Selatan')),
      p(6.0, 100.435, hs('Kota Sarang Semut')),
      p(5.955, 100.45, ic('Pendang', 'Ke Pendang / Sungai Tiang'), tol('Pendang')),
      p(5.9, 100.465),
      p(5.855, 100.478, rnr('Gurun', 'R&R arah utara dan selatan')),
      p(...GURUN, ic('Gurun', 'Ke Gurun / Guar Chempedak / Jeniang', true), tol('Gurun')),
    ],
  },
  {
    id: 3,
    name: 'N3',
    description: 'Gurun – Juru',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...GURUN),
      p(5.76, 100.505, hs('Bukit Lembu')),
      p(5.7, 100.515, ic('Sungai Petani Utara', 'Ke Sungai Petani / Bedong'), tol('Sungai Petani Utara')),
      p(5.62, 100.52, ic('Sungai Petani Selatan', 'Ke Sungai Petani / Kulim', true), tol('Sungai Petani Selatan')),
      p(5.565, 100.495, bridge('Sungai Muda')),
      p(5.515, 100.465, ic('Bertam', 'Ke Kepala Batas / Bertam'), tol('Bertam')),
      p(5.47, 100.44),
      p(5.435, 100.43, ic('Sungai Dua', 'Ke Butterworth / Lebuhraya Lingkaran Luar Butterworth (E17)', true), tol('Sungai Dua')),
      p(5.39, 100.432, ic('Seberang Jaya', 'Ke Seberang Jaya / Perai')),
      p(
        ...JURU,
        ic('Juru', 'Ke Jambatan Pulau Pinang / Lebuhraya Butterworth–Kulim (E15)', true),
        tol('Juru'),
        rnr('Juru', 'Juru Auto-City, arah utara dan selatan'),
      ),
    ],
  },
  {
    id: 4,
    name: 'N4',
    description: 'Juru – Bukit Merah',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...JURU),
      p(5.31, 100.45),
      p(5.275, 100.465, ic('Bukit Tambun', 'Ke Bukit Tambun / Batu Kawan'), tol('Bukit Tambun')),
      p(5.2, 100.5, ic('Jawi', 'Ke Jambatan Sultan Abdul Halim Muadzam Shah / Nibong Tebal', true), tol('Jawi')),
      p(5.14, 100.525, ic('Bandar Baharu', 'Ke Bandar Baharu / Parit Buntar'), tol('Bandar Baharu')),
      p(5.125, 100.535, bridge('Sungai Kerian')),
      p(5.09, 100.56, hs('Parit Buntar')),
      p(5.045, 100.59, ic('Alor Pongsu', 'Ke Bagan Serai / Alor Pongsu'), tol('Alor Pongsu')),
      p(4.995, 100.63, rnr('Gunung Semanggol', 'R&R arah utara dan selatan')),
      p(...BUKIT_MERAH, ic('Bukit Merah', 'Ke Bukit Merah Laketown / Semanggol'), tol('Bukit Merah')),
    ],
  },
  {
    id: 5,
    name: 'N5',
    description: 'Bukit Merah – Ipoh Utara (Jelapang)',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...BUKIT_MERAH),
      p(4.935, 100.688),
      p(4.895, 100.705, ic('Taiping Utara', 'Ke Taiping / Kamunting', true), tol('Taiping Utara')),
      p(4.845, 100.728, hs('Simpang')),
      p(4.8, 100.745, ic('Changkat Jering', 'Ke Taiping / Lumut / Lebuhraya Pantai Barat (E32)', true), tol('Changkat Jering')),
      p(4.775, 100.795, rnr('Bukit Gantang', 'R&R arah utara dan selatan')),
      p(4.765, 100.83, hs('Bukit Berapit')),
      p(4.76, 100.86),
      p(4.755, 100.93, ic('Kuala Kangsar', 'Ke Kuala Kangsar / Sungai Siput / Gerik'), tol('Kuala Kangsar')),
      p(4.725, 100.975, bridge('Sungai Perak'), rnr('Sungai Perak', 'R&R arah utara dan selatan')),
      p(4.69, 101.01),
      p(4.66, 101.04, tunnel('Menora')),
      p(...JELAPANG, ic('Ipoh Utara (Jelapang)', 'Ke Ipoh / Jelapang / Chemor', true), tol('Ipoh Utara')),
    ],
  },
  {
    id: 6,
    name: 'N6',
    description: 'Ipoh Utara (Jelapang) – Tapah',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...JELAPANG),
      p(4.6, 101.058, hs('Ipoh')),
      p(4.56, 101.065, ic('Ipoh Selatan', 'Ke Ipoh / Lahat / Batu Gajah', true), tol('Ipoh Selatan')),
      p(4.54, 101.115, ic('Simpang Pulai', 'Ke Simpang Pulai / Cameron Highlands (FT185)'), tol('Simpang Pulai')),
      p(4.52, 101.135, hs('Simpang Pulai', 'Hentian sebelah arah utara')),
      p(4.46, 101.16, ic('Gopeng', 'Ke Gopeng / Kampar'), tol('Gopeng')),
      p(4.39, 101.165),
      p(4.31, 101.175, hs('Kampar')),
      p(4.24, 101.205),
      p(...TAPAH, ic('Tapah', 'Ke Tapah / Cameron Highlands (FT59)', true), tol('Tapah')),
    ],
  },
  {
    id: 7,
    name: 'N7',
    description: 'Perai – Kulim (Lebuhraya Butterworth–Kulim)',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E15,
    points: [
      p(5.378, 100.39, ic('Perai', 'Ke Jambatan Pulau Pinang / Butterworth')),
      p(5.365, 100.415),
      p(5.356, 100.436),
      p(5.353, 100.46, ic('Bukit Tengah', 'Ke Bukit Tengah / Bukit Mertajam'), tol('Bukit Tengah')),
      p(5.36, 100.49, ic('Bukit Mertajam', 'Ke Bukit Mertajam / Alma')),
      p(5.37, 100.525, hs('Sungai Seluang')),
      p(5.38, 100.555, ic('Kulim', 'Ke Kulim / Padang Serai'), tol('Kulim')),
      p(5.42, 100.58, ic('Kulim Hi-Tech', 'Ke Taman Teknologi Tinggi Kulim / Lunas')),
    ],
  },

  // ───────────── Wilayah Tengah (E1 Perak selatan – Selangor – Kuala Lumpur, E2 Selangor – Negeri Sembilan) ─────────────
  {
    id: 8,
    name: 'N8',
    description: 'Tapah – Tanjung Malim',
    regionId: REGION_ID.TENGAH,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...TAPAH),
      p(4.17, 101.24, rnr('Tapah', 'R&R arah utara dan selatan')),
      p(4.11, 101.265, ic('Bidor', 'Ke Bidor / Teluk Intan'), tol('Bidor')),
      p(4.05, 101.285),
      p(3.99, 101.3, ic('Sungkai', 'Ke Sungkai / Trolak'), tol('Sungkai')),
      p(3.91, 101.35, hs('Trolak')),
      p(3.84, 101.4, ic('Slim River', 'Ke Slim River / Tanjung Malim (FT1)'), tol('Slim River')),
      p(3.755, 101.46, ic('Behrang', 'Ke Behrang / Proton City'), tol('Behrang')),
      p(...TANJUNG_MALIM, ic('Tanjung Malim', 'Ke Tanjung Malim / Universiti Pendidikan Sultan Idris', true), tol('Tanjung Malim')),
    ],
  },
  {
    id: 9,
    name: 'N9',
    description: 'Tanjung Malim – Jalan Duta',
    regionId: REGION_ID.TENGAH,
    highwayId: HIGHWAY_ID.E1,
    points: [
      p(...TANJUNG_MALIM),
      p(3.64, 101.53, rnr('Ulu Bernam', 'R&R arah utara dan selatan')),
      p(3.58, 101.55, ic('Lembah Beringin', 'Ke Lembah Beringin / Kuala Kubu Bharu'), tol('Lembah Beringin')),
      p(3.495, 101.535, ic('Bukit Tagar', 'Ke Bukit Tagar / Batang Kali')),
      p(3.43, 101.545, ic('Bukit Beruntung', 'Ke Bukit Beruntung / Serendah'), tol('Bukit Beruntung')),
      p(3.39, 101.55, ic('Sungai Buaya', 'Ke Sungai Buaya / Bandar Tasik Puteri'), tol('Sungai Buaya')),
      p(3.335, 101.55, ic('Rawang', 'Ke Rawang / Kuang', true), tol('Rawang')),
      p(3.31, 101.555, rnr('Rawang', 'R&R arah selatan')),
      p(3.27, 101.565, ic('Rawang Selatan', 'Ke Rawang / Lebuhraya Koridor Guthrie (E35)', true), tol('Rawang Selatan')),
      p(3.225, 101.58, ic('Hospital Sungai Buloh', 'Ke Hospital Sungai Buloh / Kota Damansara')),
      p(3.205, 101.585, ic('Sungai Buloh', 'Ke Sungai Buloh / Kepong', true), tol('Sungai Buloh')),
      p(3.19, 101.595, rnr('Sungai Buloh', 'R&R arah utara dan selatan (jejantas)')),
      p(3.17, 101.625, ic('Bukit Lanjan', 'Ke Lebuhraya Baru Lembah Klang (NKVE) / Damansara', true)),
      p(3.163, 101.65, bridge('Damansara')),
      p(3.173, 101.67, tol('Jalan Duta'), ic('Jalan Duta', 'Ke Jalan Duta / Lebuhraya SPRINT / MRR2')),
    ],
  },
  {
    id: 11,
    name: 'S1',
    description: 'Sungai Besi – Nilai Utara',
    regionId: REGION_ID.TENGAH,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(3.045, 101.707, tol('Sungai Besi'), ic('Sungai Besi', 'Ke Kuala Lumpur / Lebuhraya Besraya (E9)')),
      p(3.02, 101.715, ic('Seri Kembangan', 'Ke Seri Kembangan / Serdang', true)),
      p(2.995, 101.735, ic('Putra Mahkota', 'Ke Putra Mahkota / Lebuhraya SILK (E18)')),
      p(2.975, 101.755, ic('Kajang', 'Ke Kajang / Semenyih', true), tol('Kajang')),
      p(2.915, 101.77, ic('Bangi', 'Ke Bandar Baru Bangi / Universiti Kebangsaan Malaysia'), tol('Bangi')),
      p(2.88, 101.78, hs('Bangi')),
      p(...NILAI_UTARA, ic('Nilai Utara', 'Ke ELITE (E6) / Putrajaya / KLIA', true)),
    ],
  },
  {
    id: 12,
    name: 'S2',
    description: 'Nilai Utara – Senawang',
    regionId: REGION_ID.TENGAH,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...NILAI_UTARA),
      p(2.81, 101.8, ic('Nilai', 'Ke Nilai / Mantin', true), tol('Nilai')),
      p(2.77, 101.845),
      p(2.755, 101.87, rnr('Seremban', 'R&R arah selatan')),
      p(2.73, 101.91, ic('Seremban', 'Ke Seremban / Lebuhraya Seremban–Port Dickson (E29)', true), tol('Seremban')),
      p(2.71, 101.94, hs('Rahang')),
      p(...SENAWANG, ic('Senawang', 'Ke Senawang / Kuala Pilah / Tampin', true), tol('Senawang')),
    ],
  },

  // ───────────── Wilayah Selatan (E2 Negeri Sembilan – Melaka – Johor) ─────────────
  {
    id: 13,
    name: 'S3',
    description: 'Senawang – Ayer Keroh',
    regionId: REGION_ID.SELATAN,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...SENAWANG),
      p(2.63, 102.01),
      p(2.57, 102.055, ic('Pedas Linggi', 'Ke Pedas / Linggi / Port Dickson'), tol('Pedas Linggi')),
      p(2.51, 102.1, hs('Rembau')),
      p(2.445, 102.16, ic('Simpang Ampat', 'Ke Simpang Ampat / Lebuh AMJ (FT19)'), tol('Simpang Ampat')),
      p(2.37, 102.22, ic('Alor Gajah', 'Ke Alor Gajah / Masjid Tanah'), tol('Alor Gajah')),
      p(2.295, 102.27, rnr('Ayer Keroh', 'R&R arah utara dan selatan (jejantas)')),
      p(...AYER_KEROH, ic('Ayer Keroh', 'Ke Bandaraya Melaka / Lebuh Ayer Keroh (FT143)', true), tol('Ayer Keroh')),
    ],
  },
  {
    id: 14,
    name: 'S4',
    description: 'Ayer Keroh – Pagoh',
    regionId: REGION_ID.SELATAN,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...AYER_KEROH),
      p(2.27, 102.345),
      p(2.27, 102.4, ic('Jasin', 'Ke Jasin / Merlimau'), tol('Jasin')),
      p(2.27, 102.47, hs('Asahan')),
      p(2.26, 102.55, ic('Tangkak', 'Ke Tangkak / Muar / Segamat (FT23)', true), tol('Tangkak')),
      p(2.21, 102.65, hs('Bukit Gambir')),
      p(...PAGOH, ic('Pagoh', 'Ke Pagoh / Muar / Hab Pendidikan Tinggi Pagoh', true), tol('Pagoh')),
    ],
  },
  {
    id: 15,
    name: 'S5',
    description: 'Pagoh – Yong Peng Utara',
    regionId: REGION_ID.SELATAN,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...PAGOH),
      p(2.135, 102.8, rnr('Pagoh', 'R&R arah utara dan selatan')),
      p(2.12, 102.88, hs('Gunung Maokil')),
      p(2.1, 102.95),
      p(2.08, 103.01, hs('Sri Medan')),
      p(...YONG_PENG_UTARA, ic('Yong Peng Utara', 'Ke Yong Peng / Batu Pahat / Labis', true), tol('Yong Peng Utara')),
    ],
  },
  {
    id: 16,
    name: 'S6',
    description: 'Yong Peng Utara – Machap',
    regionId: REGION_ID.SELATAN,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...YONG_PENG_UTARA),
      p(2.0, 103.08, ic('Yong Peng Selatan', 'Ke Yong Peng / Batu Pahat (FT50)'), tol('Yong Peng Selatan')),
      p(1.965, 103.125, hs('Ayer Hitam')),
      p(1.925, 103.17, ic('Ayer Hitam', 'Ke Ayer Hitam / Batu Pahat / Kluang', true), tol('Ayer Hitam')),
      p(1.895, 103.21, rnr('Machap', 'R&R arah utara dan selatan')),
      p(...MACHAP, ic('Machap', 'Ke Machap / Kluang'), tol('Machap')),
    ],
  },
  {
    id: 17,
    name: 'S7',
    description: 'Machap – Johor Bahru (Pandan)',
    regionId: REGION_ID.SELATAN,
    highwayId: HIGHWAY_ID.E2,
    points: [
      p(...MACHAP),
      p(1.83, 103.31, ic('Simpang Renggam', 'Ke Simpang Renggam / Kluang / Pontian'), tol('Simpang Renggam')),
      p(1.79, 103.39, hs('Simpang Renggam')),
      p(1.75, 103.46),
      p(1.72, 103.52, ic('Sedenak', 'Ke Sedenak / Kulai'), tol('Sedenak')),
      p(1.655, 103.595, ic('Kulai', 'Ke Kulai / Kota Tinggi', true), tol('Kulai')),
      p(1.62, 103.63, ic('Senai Utara', 'Ke Lebuhraya Laluan Kedua (E3) / Lapangan Terbang Senai', true)),
      p(1.59, 103.65, hs('Senai')),
      p(1.545, 103.665, ic('Skudai', 'Ke Skudai / Universiti Teknologi Malaysia', true), tol('Skudai')),
      p(1.535, 103.71, ic('Kempas', 'Ke Kempas / Tampoi')),
      p(1.515, 103.78, ic('Pandan', 'Ke Laluan Bersepadu Timur (EDL) / Tambak Johor')),
    ],
  },
];

/** Sections worked together by one patrol group; their parts point at them through combinedSectionId. */
export const COMBINED_SECTIONS: readonly CombinedSectionDef[] = [
  { id: 31, name: 'N1+N2', description: 'Bukit Kayu Hitam – Gurun', regionId: REGION_ID.UTARA, highwayId: HIGHWAY_ID.E1, parts: ['N1', 'N2'] },
  {
    id: 32,
    name: 'N3+N7',
    description: 'Gurun – Juru dan Perai – Kulim (BKE)',
    regionId: REGION_ID.UTARA,
    highwayId: HIGHWAY_ID.E1,
    parts: ['N3', 'N7'],
  },
  { id: 33, name: 'S5+S6', description: 'Pagoh – Machap', regionId: REGION_ID.SELATAN, highwayId: HIGHWAY_ID.E2, parts: ['S5', 'S6'] },
];

/** The control-centre pseudo-section (lists drop names containing G, §5). Its map is the national view of §9. */
export const CONTROL_CENTRE_SECTION = {
  id: 50,
  name: 'G1',
  description: 'Pusat Kawalan Trafik (TMC) Ibu Pejabat',
  regionId: REGION_ID.HQ,
  highwayId: HIGHWAY_ID.E1,
  mapCenter: '4.0300,102.2100',
  mapZoom: 7.33,
} as const;
