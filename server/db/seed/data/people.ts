/**
 * People, fleet and shifts of the demo.
 *
 * DEMO_USERS are the named sign-in accounts printed in the README (one shared password). Every other member of
 * staff is generated from the name pools below with a fixed-seed PRNG (see ../people.ts), so the data is the
 * same on every run; each of them can also sign in with their staff number in lower case (e.g. `pls10234`).
 */
import { ROLE_IDS, roleById } from '../../../../contract/roles';
import { SHIFT_CATEGORY } from './lookups';

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'Lebuhraya@2026';

export interface DemoUser {
  username: string;
  password: string;
  roleId: number;
  roleName: string;
  displayName: string;
  /** section code (sign-in section; the region follows from it) */
  section: string;
  note?: string;
}

export type Race = 'Melayu' | 'Cina' | 'India' | 'Bumiputera Sabah' | 'Bumiputera Sarawak';
export type Gender = 'L' | 'P';

interface DemoAccount {
  username: string;
  roleId: number;
  displayName: string;
  section: string;
  position: string;
  gender: Gender;
  race: Race;
  /** PR accounts: the team they belong to (a team that works every day, so a roster exists today) */
  team?: 'PAGI-A' | 'MALAM-A';
  resetPasswordCount?: number;
  note?: string;
}

/** Positions. Patrol positions start with "PR" (§4.4); no other position does. */
export const POSITION = {
  ADMIN: 'ADMIN - Pentadbir Sistem',
  USER: 'Eksekutif Operasi',
  SECTMGR: 'SECTMGR - Pengurus Seksyen',
  TSTE: 'TSTE - Eksekutif Sistem Trafik',
  TSTA: 'TSTA - Pembantu Teknikal Sistem Trafik',
  TMCA: 'TMCA - Operator TMC',
  TMCS: 'TMCS - Penyelia TMC',
  PR_LEADER: 'PR - Ketua Peronda',
  PR_DRIVER: 'PR - Pemandu Peronda',
  PR_PATROL: 'PR - Peronda',
  SC: 'SC - Koordinator Seksyen',
  /** not "PRIMEADMIN…": a position starting with PR would make a patrol of the system administrator */
  PRIMEADMIN: 'IT - Pentadbir Prime',
  OPSMGMT: 'OPSMGMT - Pengurus Besar Operasi',
  REGIONMGMT: 'REGIONMGMT - Pengurus Wilayah',
  SUPERADMIN: 'IT - Superadmin Sistem',
  OTHERS: 'Pegawai Penghubung Agensi',
} as const;

/** Role of a generated staff member, from the position. */
export const ROLE_OF_POSITION: Record<string, number> = {
  [POSITION.ADMIN]: ROLE_IDS.ADMINISTRATOR,
  [POSITION.USER]: ROLE_IDS.USER,
  [POSITION.SECTMGR]: ROLE_IDS.SECTMGR,
  [POSITION.TSTE]: ROLE_IDS.TSTE,
  [POSITION.TSTA]: ROLE_IDS.TSTA,
  [POSITION.TMCA]: ROLE_IDS.TMCA,
  [POSITION.TMCS]: ROLE_IDS.TMCS,
  [POSITION.PR_LEADER]: ROLE_IDS.PR,
  [POSITION.PR_DRIVER]: ROLE_IDS.PR,
  [POSITION.PR_PATROL]: ROLE_IDS.PR,
  [POSITION.SC]: ROLE_IDS.SC,
  [POSITION.PRIMEADMIN]: ROLE_IDS.PRIMEADMIN,
  [POSITION.OPSMGMT]: ROLE_IDS.OPSMGMT,
  [POSITION.REGIONMGMT]: ROLE_IDS.REGIONMGMT,
  [POSITION.SUPERADMIN]: ROLE_IDS.SUPERADMIN,
  [POSITION.OTHERS]: ROLE_IDS.OTHERS,
};

const ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'admin',
    roleId: ROLE_IDS.ADMINISTRATOR,
    displayName: 'Azlina binti Mohd Yusof',
    section: 'G1',
    position: POSITION.ADMIN,
    gender: 'P',
    race: 'Melayu',
    note: 'System administrator; lands on /primesupport',
  },
  {
    username: 'pengguna',
    roleId: ROLE_IDS.USER,
    displayName: 'Lim Siew Lan',
    section: 'N9',
    position: POSITION.USER,
    gender: 'P',
    race: 'Cina',
    note: 'Basic role without operations menus',
  },
  {
    username: 'sectmgr',
    roleId: ROLE_IDS.SECTMGR,
    displayName: 'Ir. Kamarul Zaman bin Othman',
    section: 'N9',
    position: POSITION.SECTMGR,
    gender: 'L',
    race: 'Melayu',
  },
  {
    username: 'tste',
    roleId: ROLE_IDS.TSTE,
    displayName: 'Tan Chee Keong',
    section: 'N9',
    position: POSITION.TSTE,
    gender: 'L',
    race: 'Cina',
    note: 'No notification bell (§6)',
  },
  {
    username: 'tsta',
    roleId: ROLE_IDS.TSTA,
    displayName: 'Muhammad Amirul bin Azhar',
    section: 'N9',
    position: POSITION.TSTA,
    gender: 'L',
    race: 'Melayu',
  },
  {
    username: 'tmca',
    roleId: ROLE_IDS.TMCA,
    displayName: 'Nurul Huda binti Ismail',
    section: 'N9',
    position: POSITION.TMCA,
    gender: 'P',
    race: 'Melayu',
    note: 'TMC operator, Tengah region; can open Kes Baru',
  },
  {
    username: 'tmcs',
    roleId: ROLE_IDS.TMCS,
    displayName: 'Rajendran a/l Muniandy',
    section: 'N9',
    position: POSITION.TMCS,
    gender: 'L',
    race: 'India',
    note: 'TMC supervisor, Tengah region',
  },
  {
    username: 'pr',
    roleId: ROLE_IDS.PR,
    displayName: 'Mohd Faizal bin Ismail',
    section: 'N9',
    position: POSITION.PR_LEADER,
    gender: 'L',
    race: 'Melayu',
    team: 'PAGI-A',
    note: 'Patrol leader of team N9-PAGI-A (day shift 07:00–19:00, every day)',
  },
  {
    username: 'pr.malam',
    roleId: ROLE_IDS.PR,
    displayName: 'Shahrul Nizam bin Hamid',
    section: 'N9',
    position: POSITION.PR_LEADER,
    gender: 'L',
    race: 'Melayu',
    team: 'MALAM-A',
    note: 'Patrol leader of team N9-MALAM-A (night shift 19:00–07:00, every day)',
  },
  { username: 'sc', roleId: ROLE_IDS.SC, displayName: 'Siti Aishah binti Kassim', section: 'N9', position: POSITION.SC, gender: 'P', race: 'Melayu' },
  {
    username: 'primeadmin',
    roleId: ROLE_IDS.PRIMEADMIN,
    displayName: 'Wong Kok Leong',
    section: 'G1',
    position: POSITION.PRIMEADMIN,
    gender: 'L',
    race: 'Cina',
  },
  {
    username: 'opsmgmt',
    roleId: ROLE_IDS.OPSMGMT,
    displayName: 'Ir. Zulkifli bin Abdullah',
    section: 'G1',
    position: POSITION.OPSMGMT,
    gender: 'L',
    race: 'Melayu',
    note: 'National operations management',
  },
  {
    username: 'regionmgmt',
    roleId: ROLE_IDS.REGIONMGMT,
    displayName: 'Haslinda binti Omar',
    section: 'S1',
    position: POSITION.REGIONMGMT,
    gender: 'P',
    race: 'Melayu',
    note: 'Regional manager, Tengah',
  },
  {
    username: 'superadmin',
    roleId: ROLE_IDS.SUPERADMIN,
    displayName: 'Kavitha a/p Subramaniam',
    section: 'G1',
    position: POSITION.SUPERADMIN,
    gender: 'P',
    race: 'India',
    note: 'May update closed cases',
  },
  {
    username: 'others',
    roleId: ROLE_IDS.OTHERS,
    displayName: 'Jeffrey Gontuni',
    section: 'N9',
    position: POSITION.OTHERS,
    gender: 'L',
    race: 'Bumiputera Sabah',
    note: 'Only the Jenis Bantuan Lain-Lain report',
  },
  {
    username: 'tmca.utara',
    roleId: ROLE_IDS.TMCA,
    displayName: 'Ahmad Syafiq bin Daud',
    section: 'N5',
    position: POSITION.TMCA,
    gender: 'L',
    race: 'Melayu',
    note: 'TMC operator, Utara region',
  },
  {
    username: 'tmca.selatan',
    roleId: ROLE_IDS.TMCA,
    displayName: 'Chong Mei Ling',
    section: 'S4',
    position: POSITION.TMCA,
    gender: 'P',
    race: 'Cina',
    note: 'TMC operator, Selatan region',
  },
  {
    username: 'baharu',
    roleId: ROLE_IDS.TMCA,
    displayName: 'Nur Syafiqah binti Zakaria',
    section: 'N9',
    position: POSITION.TMCA,
    gender: 'P',
    race: 'Melayu',
    resetPasswordCount: 0,
    note: 'New user: must change the password at first sign-in (resetPasswordCount 0)',
  },
];

export const DEMO_USERS: DemoUser[] = ACCOUNTS.map((a) => ({
  username: a.username,
  password: DEMO_PASSWORD,
  roleId: a.roleId,
  roleName: roleById(a.roleId)?.name ?? String(a.roleId),
  displayName: a.displayName,
  section: a.section,
  ...(a.note ? { note: a.note } : {}),
}));

/** Internal detail of the demo accounts (position, patrol team, reset count) for the seed. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ACCOUNTS;

// ───────────── Shifts ─────────────

export const SHIFTS = [
  { id: 1, name: 'Syif Pagi', categoryId: SHIFT_CATEGORY.DAY, startHour: '07:00', endHour: '19:00' },
  { id: 2, name: 'Syif Malam', categoryId: SHIFT_CATEGORY.NIGHT, startHour: '19:00', endHour: '07:00' },
] as const;
export const SHIFT_ID = { DAY: 1, NIGHT: 2 } as const;

// ───────────── Name pools (realistic Malaysian names) ─────────────

export const NAMES = {
  malayMale: [
    'Ahmad Fauzi',
    'Mohd Azlan',
    'Muhammad Hafiz',
    'Khairul Anuar',
    'Mohd Rizal',
    'Azman',
    'Zulkarnain',
    'Roslan',
    'Hairul Nizam',
    'Mohd Fadzli',
    'Nor Azmi',
    'Ahmad Syahmi',
    'Amirul Hakim',
    'Muhammad Firdaus',
    'Izzat Haikal',
    'Fadhil',
    'Muhammad Haziq',
    'Syazwan',
    'Mohd Nazri',
    'Ridzuan',
    'Zamri',
    'Sharifuddin',
    'Azrul Hisham',
    'Safwan',
    'Hafizuddin',
    'Muhammad Afiq',
    'Norhisham',
    'Saiful Bahri',
    'Mohd Shukri',
    'Iskandar',
    'Asyraf',
    'Mohd Hanafi',
    'Kamal Ariffin',
    'Faizal',
    'Muhammad Aiman',
    'Mohd Sabri',
    'Rosli',
    'Nik Mohd Hisyam',
    'Wan Ahmad Zaki',
    'Mohd Irwan',
    'Badrul Hisham',
    'Muhammad Danial',
    'Shamsul Kamal',
    'Mohd Hazwan',
    'Ahmad Zaidi',
    'Mohd Khairi',
    'Ikhwan',
    'Luqman Hakim',
    'Mohd Yazid',
    'Harith',
  ],
  malayFemale: [
    'Nurul Aini',
    'Nor Hafizah',
    'Farah Nadia',
    'Siti Norhaliza',
    'Zarina',
    'Rohana',
    'Aida Suraya',
    'Hidayah',
    'Noraini',
    'Wan Nur Izzati',
    'Amira Syuhada',
    'Fatin Nabilah',
    'Nur Atiqah',
    'Siti Mariam',
    'Norazlina',
    'Nurul Izzah',
    'Suhaila',
    'Rafidah',
  ],
  malayFather: [
    'Abdullah',
    'Ismail',
    'Hassan',
    'Ibrahim',
    'Yusof',
    'Othman',
    'Abdul Rahman',
    'Ahmad',
    'Osman',
    'Hamid',
    'Salleh',
    'Kassim',
    'Abdul Razak',
    'Mat Isa',
    'Ali',
    'Mansor',
    'Omar',
    'Jaafar',
    'Sulaiman',
    'Zakaria',
    'Daud',
    'Mohamad',
    'Idris',
    'Abdul Aziz',
    'Abu Bakar',
    'Hashim',
    'Mustafa',
    'Ramli',
    'Harun',
    'Musa',
    'Yaakob',
    'Che Mat',
    'Mahmud',
    'Awang',
    'Jusoh',
  ],
  chineseSurname: [
    'Tan',
    'Lim',
    'Lee',
    'Wong',
    'Ng',
    'Chong',
    'Ong',
    'Teh',
    'Goh',
    'Chan',
    'Yap',
    'Low',
    'Khoo',
    'Cheah',
    'Loh',
    'Ooi',
    'Foo',
    'Chin',
  ],
  chineseMale: [
    'Wei Ming',
    'Kok Wai',
    'Chee Hong',
    'Boon Hock',
    'Kah Seng',
    'Soon Huat',
    'Chun Kit',
    'Wai Kit',
    'Jun Hao',
    'Yong Sheng',
    'Kian Meng',
    'Eng Keat',
  ],
  chineseFemale: ['Mei Yee', 'Jia Hui', 'Yee Ling', 'Hui Min', 'Li Ying', 'Pei Shan', 'Xin Yi', 'Siew Mei'],
  indianMale: [
    'Ravi',
    'Suresh',
    'Muthu',
    'Kumaran',
    'Ganesan',
    'Prakash',
    'Selvam',
    'Thinesh',
    'Vikneswaran',
    'Saravanan',
    'Manikam',
    'Arivalagan',
    'Logeswaran',
    'Devendran',
  ],
  indianFemale: ['Priya', 'Revathi', 'Shanti', 'Deepa', 'Malar', 'Yamuna', 'Thilaga'],
  indianFather: [
    'Krishnan',
    'Muniandy',
    'Arumugam',
    'Rajoo',
    'Perumal',
    'Ramasamy',
    'Velu',
    'Nadarajah',
    'Sinnathamby',
    'Maniam',
    'Govindasamy',
    'Supramaniam',
  ],
  sabahMale: ['Alvin Sipaun', 'Mohd Azri bin Ambo', 'Jerry Majimbun', 'Rizal bin Lamsin', 'Steven Gubud', 'Justin Mojuntin'],
  sabahFemale: ['Joanna Majalap', 'Nurhayati binti Sahat'],
  sarawakMale: ['Richard anak Bujang', 'Jonathan anak Ngelai', 'Awang Rosli bin Awang Hamdan', 'Peter anak Jugah', 'Morshidi bin Sapuan'],
  sarawakFemale: ['Mary anak Janting', 'Dayang Norsiah binti Abang Ali'],
} as const;

/** NRIC place-of-birth codes by region of work (most staff come from the states they work in). */
export const BIRTH_STATE_CODES: Record<number, readonly string[]> = {
  21: ['02', '02', '07', '07', '08', '08', '09'], // Kedah, Pulau Pinang, Perak, Perlis
  22: ['10', '10', '14', '08', '06', '05'], // Selangor, WP Kuala Lumpur, Perak, Pahang, Negeri Sembilan
  23: ['01', '01', '04', '04', '05', '05'], // Johor, Melaka, Negeri Sembilan
  27: ['10', '14', '01', '07', '03'],
};

// ───────────── Fleet ─────────────

/** Registration prefixes by state of the section (Malaysian plates: state letter + series, then 1–4 digits). */
export const PLATE_PREFIXES: Record<string, readonly string[]> = {
  'N1+N2': ['KDN', 'KEA', 'KCP'], // Kedah
  'N3+N7': ['PKN', 'PPR', 'PNT'], // Pulau Pinang
  N4: ['PKN', 'PPR', 'AKE'],
  N5: ['AKE', 'AMB', 'AJD'], // Perak
  N6: ['AKE', 'AMB', 'AJD'],
  N8: ['AMB', 'BPK', 'BNR'],
  N9: ['BPK', 'BNR', 'WVB', 'WPC'], // Selangor, Kuala Lumpur
  S1: ['BPK', 'BQW', 'WVB'],
  S2: ['NCE', 'NDL', 'BQW'], // Negeri Sembilan
  S3: ['NCE', 'MDL', 'MCH'], // Melaka
  S4: ['MDL', 'MCH', 'JTP'],
  'S5+S6': ['JTP', 'JRB', 'JUK'], // Johor
  S7: ['JTP', 'JRB', 'JUK'],
};

export const PATROL_MODELS = ['Toyota Hilux 2.4', 'Isuzu D-Max 1.9', 'Mitsubishi Triton 2.4', 'Nissan Navara 2.5', 'Ford Ranger 2.2'] as const;
export const TOW_MODELS = ['Isuzu NPR 75 (Trak Tunda)', 'Hino 300 (Trak Tunda)', 'Mitsubishi Fuso Canter (Trak Tunda)'] as const;

export const VEHICLE_TYPE = { PATROL: 'Peronda', TOW: 'Tunda' } as const;
