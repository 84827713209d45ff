/**
 * Builds the people and the patrol organisation of the demo: staff, sign-in accounts, patrol units (one per
 * listed section: a combined group or a section worked alone), their teams, team schedules, call signs and
 * vehicles. Pure and deterministic (fixed-seed PRNG); ids are resolved by the seed when inserting.
 */
import { COMBINED_SECTIONS, CONTROL_CENTRE_SECTION, SECTIONS, REGION_ID } from './data/geography';
import {
  BIRTH_STATE_CODES,
  DEMO_ACCOUNTS,
  NAMES,
  PATROL_MODELS,
  PLATE_PREFIXES,
  POSITION,
  ROLE_OF_POSITION,
  SHIFT_ID,
  TOW_MODELS,
  VEHICLE_TYPE,
  type Gender,
  type Race,
} from './data/people';
import { createRng, type Rng } from './prng';

export interface StaffSpec {
  staffNo: string;
  displayName: string;
  position: string;
  nric: string;
  phone: string;
  email: string;
  sectionId: number;
  isActive: boolean;
}

export interface UserSpec {
  username: string;
  staffNo: string;
  roleId: number;
  resetPasswordCount: number;
  isActive: boolean;
}

export interface TeamSpec {
  name: string;
  sectionId: number;
  /** staff numbers; the first is the team leader */
  members: string[];
  shiftId: number;
  cycleDays: number;
  workDays: number[];
  plateNumber: string;
}

export interface CallSignSpec {
  sectionId: number;
  callSign: string;
}

export interface VehicleSpec {
  sectionId: number;
  plateNumber: string;
  vehicleModel: string;
  vehicleType: string;
  callSign: string | null;
  isActive: boolean;
}

export interface PatrolUnit {
  sectionId: number;
  name: string;
  regionId: number;
  isCombined: boolean;
}

export interface People {
  staff: StaffSpec[];
  users: UserSpec[];
  units: PatrolUnit[];
  teams: TeamSpec[];
  callSigns: CallSignSpec[];
  vehicles: VehicleSpec[];
}

/** Patrol units: every listed section (§5: no G section, no specific part of a combined section). */
export function patrolUnits(): PatrolUnit[] {
  const units: PatrolUnit[] = [];
  const seen = new Set<number>();
  for (const s of SECTIONS) {
    const combined = COMBINED_SECTIONS.find((c) => c.parts.includes(s.name));
    const unit = combined
      ? { sectionId: combined.id, name: combined.name, regionId: combined.regionId, isCombined: true }
      : { sectionId: s.id, name: s.name, regionId: s.regionId, isCombined: false };
    if (seen.has(unit.sectionId)) continue;
    seen.add(unit.sectionId);
    units.push(unit);
  }
  return units;
}

/** Units that also run a relief day team on Friday to Sunday (the busiest corridors). */
const RELIEF_UNITS = new Set(['N9', 'S1', 'S4']);
/** Where each region's TMC and regional staff sit. */
const REGION_HOME_SECTION: Record<number, string> = { [REGION_ID.UTARA]: 'N5', [REGION_ID.TENGAH]: 'N9', [REGION_ID.SELATAN]: 'S4' };
/** days since 2026-01-01 mod 7: 0 = Thursday, 1 = Friday, 2 = Saturday, 3 = Sunday */
const FRI_TO_SUN = [1, 2, 3];

const sectionIdByName = (): Map<string, { id: number; regionId: number }> => {
  const m = new Map<string, { id: number; regionId: number }>();
  for (const s of SECTIONS) m.set(s.name, { id: s.id, regionId: s.regionId });
  for (const c of COMBINED_SECTIONS) m.set(c.name, { id: c.id, regionId: c.regionId });
  m.set(CONTROL_CENTRE_SECTION.name, { id: CONTROL_CENTRE_SECTION.id, regionId: CONTROL_CENTRE_SECTION.regionId });
  return m;
};

class PersonFactory {
  private usedNames = new Set<string>();
  private usedStaffNos = new Set<string>();
  private usedEmails = new Set<string>();
  private usedNric = new Set<string>();
  constructor(private rng: Rng) {}

  reserveName(name: string) {
    this.usedNames.add(name);
  }

  staffNo(): string {
    for (;;) {
      const no = `PLS${this.rng.int(10001, 39999)}`;
      if (!this.usedStaffNos.has(no)) {
        this.usedStaffNos.add(no);
        return no;
      }
    }
  }

  private race(): Race {
    const r = this.rng.next();
    if (r < 0.66) return 'Melayu';
    if (r < 0.78) return 'Cina';
    if (r < 0.9) return 'India';
    if (r < 0.95) return 'Bumiputera Sabah';
    return 'Bumiputera Sarawak';
  }

  private nameFor(race: Race, gender: Gender): string {
    const r = this.rng;
    const male = gender === 'L';
    switch (race) {
      case 'Melayu':
        return `${r.pick(male ? NAMES.malayMale : NAMES.malayFemale)} ${male ? 'bin' : 'binti'} ${r.pick(NAMES.malayFather)}`;
      case 'Cina':
        return `${r.pick(NAMES.chineseSurname)} ${r.pick(male ? NAMES.chineseMale : NAMES.chineseFemale)}`;
      case 'India':
        return `${r.pick(male ? NAMES.indianMale : NAMES.indianFemale)} ${male ? 'a/l' : 'a/p'} ${r.pick(NAMES.indianFather)}`;
      case 'Bumiputera Sabah':
        return r.pick(male ? NAMES.sabahMale : NAMES.sabahFemale);
      case 'Bumiputera Sarawak':
        return r.pick(male ? NAMES.sarawakMale : NAMES.sarawakFemale);
    }
  }

  /** A unique display name; falls back to another race after a few clashes (the Borneo pools are small). */
  displayName(gender: Gender, race?: Race): string {
    for (let attempt = 0; ; attempt++) {
      const rc = attempt < 3 && race ? race : attempt < 6 ? this.race() : 'Melayu';
      const name = this.nameFor(rc, gender);
      if (!this.usedNames.has(name)) {
        this.usedNames.add(name);
        return name;
      }
    }
  }

  nric(regionId: number, gender: Gender): string {
    const r = this.rng;
    for (;;) {
      const yy = String(r.int(72, 101) % 100).padStart(2, '0');
      const mm = String(r.int(1, 12)).padStart(2, '0');
      const dd = String(r.int(1, 28)).padStart(2, '0');
      const pb = r.pick(BIRTH_STATE_CODES[regionId] ?? BIRTH_STATE_CODES[REGION_ID.HQ]);
      let serial = r.int(100, 999) * 10 + r.int(0, 4) * 2; // even last digit
      if (gender === 'L') serial += 1; // odd last digit for men
      const ic = `${yy}${mm}${dd}-${pb}-${String(serial).padStart(4, '0')}`;
      if (!this.usedNric.has(ic)) {
        this.usedNric.add(ic);
        return ic;
      }
    }
  }

  phone(): string {
    const r = this.rng;
    const prefix = r.pick(['012', '013', '016', '017', '019', '011', '014']);
    const digits = prefix === '011' ? 8 : 7;
    let n = String(r.int(2, 9));
    while (n.length < digits) n += String(r.int(0, 9));
    return `${prefix}-${n}`;
  }

  email(displayName: string): string {
    const clean = (w: string) => w.toLowerCase().replace(/[^a-z]/g, '');
    const titles = new Set(['ir', 'dr', 'mohd', 'muhammad', 'nik', 'wan', 'awang', 'dayang', 'nur', 'nurul', 'siti']);
    const words = displayName.replace(/^(Ir\.|Dr\.)\s+/, '').split(/\s+/);
    const link = words.findIndex((w) => ['bin', 'binti', 'a/l', 'a/p', 'anak'].includes(w));
    let base: string;
    if (link > 0) {
      // Malay, Indian, Iban names: a given name and the father's name.
      const given = words.slice(0, link).map(clean).filter(Boolean);
      const own = given.find((w) => !titles.has(w)) ?? given[0];
      const father = clean(words.at(-1) ?? '');
      base = `${own}.${father}`;
    } else if (words.length >= 2) {
      // Chinese and Kadazan names: family or first name, then the rest.
      base = `${clean(words[0])}.${words.slice(1).map(clean).join('')}`;
    } else {
      base = clean(words[0] ?? 'staf');
    }
    let candidate = base;
    for (let i = 2; this.usedEmails.has(candidate); i++) candidate = `${base}${i}`;
    this.usedEmails.add(candidate);
    return `${candidate}@lebuhraya-ops.example`;
  }
}

export function buildPeople(): People {
  const rng = createRng(20260101);
  const f = new PersonFactory(rng);
  const sections = sectionIdByName();
  const staff: StaffSpec[] = [];
  const users: UserSpec[] = [];

  for (const a of DEMO_ACCOUNTS) f.reserveName(a.displayName);

  const addStaff = (
    p: { displayName: string; position: string; sectionName: string; gender: Gender; isActive?: boolean },
    account?: { username: string; roleId: number; resetPasswordCount?: number } | 'none',
  ): string => {
    const sec = sections.get(p.sectionName);
    if (!sec) throw new Error(`Unknown section ${p.sectionName}`);
    const staffNo = f.staffNo();
    const isActive = p.isActive ?? true;
    staff.push({
      staffNo,
      displayName: p.displayName,
      position: p.position,
      nric: f.nric(sec.regionId, p.gender),
      phone: f.phone(),
      email: f.email(p.displayName),
      sectionId: sec.id,
      isActive,
    });
    if (account === 'none') return staffNo;
    users.push({
      username: account?.username ?? staffNo.toLowerCase(),
      staffNo,
      roleId: account?.roleId ?? ROLE_OF_POSITION[p.position],
      resetPasswordCount: account?.resetPasswordCount ?? 1,
      isActive,
    });
    return staffNo;
  };
  const generated = (position: string, sectionName: string, femaleShare: number, isActive = true) => {
    const gender: Gender = rng.chance(femaleShare) ? 'P' : 'L';
    return addStaff({ displayName: f.displayName(gender), position, sectionName, gender, isActive });
  };

  // Named demo accounts first (their staff numbers are the lowest-drawn and stay stable).
  const demoStaffNo = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    const no = addStaff(
      { displayName: a.displayName, position: a.position, sectionName: a.section, gender: a.gender },
      { username: a.username, roleId: a.roleId, resetPasswordCount: a.resetPasswordCount },
    );
    demoStaffNo.set(a.username, no);
  }

  // Regional TMC, traffic-system and management staff (the demo accounts already fill some Tengah posts).
  const regional: [regionId: number, position: string, count: number][] = [
    [REGION_ID.UTARA, POSITION.TMCA, 3],
    [REGION_ID.UTARA, POSITION.TMCS, 1],
    [REGION_ID.UTARA, POSITION.TSTE, 1],
    [REGION_ID.UTARA, POSITION.TSTA, 1],
    [REGION_ID.UTARA, POSITION.REGIONMGMT, 1],
    [REGION_ID.TENGAH, POSITION.TMCA, 2],
    [REGION_ID.TENGAH, POSITION.TSTA, 1],
    [REGION_ID.SELATAN, POSITION.TMCA, 3],
    [REGION_ID.SELATAN, POSITION.TMCS, 1],
    [REGION_ID.SELATAN, POSITION.TSTE, 1],
    [REGION_ID.SELATAN, POSITION.TSTA, 1],
    [REGION_ID.SELATAN, POSITION.REGIONMGMT, 1],
  ];
  for (const [regionId, position, count] of regional) {
    for (let i = 0; i < count; i++) generated(position, REGION_HOME_SECTION[regionId], position.startsWith('TMC') ? 0.5 : 0.3);
  }
  generated(POSITION.TMCS, CONTROL_CENTRE_SECTION.name, 0.5);
  generated(POSITION.USER, CONTROL_CENTRE_SECTION.name, 0.5);

  // Patrol units: section staff, teams, fleet.
  const units = patrolUnits();
  const teams: TeamSpec[] = [];
  const callSigns: CallSignSpec[] = [];
  const vehicles: VehicleSpec[] = [];
  const usedPlates = new Set<string>();
  const plate = (unitName: string) => {
    for (;;) {
      const pl = `${rng.pick(PLATE_PREFIXES[unitName] ?? ['WVB'])} ${rng.int(11, 9899)}`;
      if (!usedPlates.has(pl)) {
        usedPlates.add(pl);
        return pl;
      }
    }
  };

  for (const unit of units) {
    if (unit.name !== 'N9') {
      generated(POSITION.SECTMGR, unit.name, 0.2);
      generated(POSITION.SC, unit.name, 0.4);
    }
    const plans: { suffix: string; shiftId: number; size: number; cycleDays: number; workDays: number[] }[] = [
      { suffix: 'PAGI-A', shiftId: SHIFT_ID.DAY, size: 3, cycleDays: 1, workDays: [0] },
      { suffix: 'MALAM-A', shiftId: SHIFT_ID.NIGHT, size: 3, cycleDays: 1, workDays: [0] },
    ];
    if (unit.isCombined) plans.push({ suffix: 'PAGI-B', shiftId: SHIFT_ID.DAY, size: 2, cycleDays: 1, workDays: [0] });
    if (RELIEF_UNITS.has(unit.name)) plans.push({ suffix: 'GANTI', shiftId: SHIFT_ID.DAY, size: 2, cycleDays: 7, workDays: FRI_TO_SUN });

    const callPrefix = unit.name.replace('+', '');
    plans.forEach((plan, i) => {
      const teamName = `${unit.name}-${plan.suffix}`;
      const members: string[] = [];
      const demo = DEMO_ACCOUNTS.find((a) => a.team && a.section === unit.name && a.team === plan.suffix);
      if (demo) members.push(demoStaffNo.get(demo.username)!);
      const positions = [POSITION.PR_LEADER, POSITION.PR_DRIVER, POSITION.PR_PATROL].slice(0, plan.size);
      for (const position of positions.slice(members.length)) members.push(generated(position, unit.name, 0.05));
      const callSign = `RONDA ${callPrefix}-${i + 1}`;
      const plateNumber = plate(unit.name);
      callSigns.push({ sectionId: unit.sectionId, callSign });
      vehicles.push({
        sectionId: unit.sectionId,
        plateNumber,
        vehicleModel: rng.pick(PATROL_MODELS),
        vehicleType: VEHICLE_TYPE.PATROL,
        callSign,
        isActive: true,
      });
      teams.push({
        name: teamName,
        sectionId: unit.sectionId,
        members,
        shiftId: plan.shiftId,
        cycleDays: plan.cycleDays,
        workDays: plan.workDays,
        plateNumber,
      });
    });
    // One tow truck per unit, one spare call sign not yet given to a vehicle.
    const towCall = `TUNDA ${callPrefix}-1`;
    callSigns.push({ sectionId: unit.sectionId, callSign: towCall });
    vehicles.push({
      sectionId: unit.sectionId,
      plateNumber: plate(unit.name),
      vehicleModel: rng.pick(TOW_MODELS),
      vehicleType: VEHICLE_TYPE.TOW,
      callSign: towCall,
      isActive: true,
    });
    callSigns.push({ sectionId: unit.sectionId, callSign: `RONDA ${callPrefix}-${plans.length + 1}` });
  }

  // Some history: a patrol vehicle off the road for repairs and two former patrol staff, per region.
  for (const unitName of ['N5', 'N9', 'S3']) {
    const unit = units.find((u) => u.name === unitName)!;
    vehicles.push({
      sectionId: unit.sectionId,
      plateNumber: plate(unitName),
      vehicleModel: rng.pick(PATROL_MODELS),
      vehicleType: VEHICLE_TYPE.PATROL,
      callSign: null,
      isActive: false,
    });
  }
  generated(POSITION.PR_PATROL, 'N4', 0.05, false);
  generated(POSITION.PR_PATROL, 'S7', 0.05, false);

  // New staff on the books who have no sign-in account yet (#31: /registeruser lists them), drawn last so everyone
  // above stays as they were: patrol recruits in a few units and a TMC assistant per region.
  const newcomer = (position: string, sectionName: string, femaleShare: number) => {
    const gender: Gender = rng.chance(femaleShare) ? 'P' : 'L';
    addStaff({ displayName: f.displayName(gender), position, sectionName, gender }, 'none');
  };
  for (const unitName of ['N2', 'N9', 'S1', 'S4']) newcomer(POSITION.PR_PATROL, unitName, 0.1);
  for (const regionId of [REGION_ID.UTARA, REGION_ID.TENGAH, REGION_ID.SELATAN]) newcomer(POSITION.TMCA, REGION_HOME_SECTION[regionId], 0.5);

  return { staff, users, units, teams, callSigns, vehicles };
}
