import { describe, expect, it } from 'vitest';
import { instantOfWall } from '@/lib/time';
import {
  ASSIST_STATUS_LABEL,
  applyAssistChoice,
  assetCountInput,
  assetNaEnabled,
  assistAfterRadio,
  assistChoices,
  assistEditorFor,
  assistRadioLocked,
  assistStatus,
  assistsOfKind,
  canAdd,
  checkCollision,
  checkJamLength,
  checkRange,
  checkVehicle,
  collisionAsks,
  durationSeconds,
  formatAssetCount,
  formatDuration,
  initialAssistChoice,
  jamLength,
  jamNaEnabled,
  laneNaEnabled,
  normalizePlate,
  normalizeTime,
  parseAssetCount,
  parseInjuryCount,
  removeItem,
  showLaneClosureBlock,
  toggleSection,
  upsertItem,
  withJamDuration,
} from '@/features/incidents/form/children-rules';
import {
  emptyChildren,
  type AssetDamageItem,
  type AssistItem,
  type LaneClosureItem,
  type SubformChildren,
  type TrafficJamItem,
  type VehicleItem,
} from '@/features/incidents/form/children-model';

const T0 = '2026-03-01T02:00:00.000Z'; // 10:00:00 in Brunei
const NOW = '2026-03-01T06:05:00.000Z'; // 14:05:00 in Brunei

const assist = (over: Partial<AssistItem> = {}): AssistItem => ({
  uid: 'a1',
  kind: 'OTHER',
  bantuan: { key: 2001, value: 'Polis (PDRM)' },
  notifikasi: false,
  ketibaan: false,
  selesai: false,
  recordCreatedDate: T0,
  notifiedDateTime: null,
  arrivedDateTime: null,
  completedDateTime: null,
  furtherActionId: null,
  ...over,
});

const vehicle = (over: Partial<VehicleItem> = {}): VehicleItem => ({
  uid: 'v1',
  involvedVehicleId: null,
  plateNo: 'WXY 1234',
  jenisKenderaan: { key: 2302, value: 'Kereta' },
  brand: '',
  ...over,
});

const jam = (over: Partial<TrafficJamItem> = {}): TrafficJamItem => ({
  uid: 'j1',
  trafficJamId: null,
  sesakJalanSelected: '1.5',
  dateStart: null,
  timeStart: null,
  dateEnd: null,
  timeEnd: null,
  hourCalculated: null,
  minuteCalculated: null,
  seconds: null,
  ...over,
});

const lane = (over: Partial<LaneClosureItem> = {}): LaneClosureItem => ({
  uid: 'l1',
  asetId: null,
  pkRoadlaneId: 2201,
  roadLane: 'Lorong Kiri',
  pkCardinalDirectionId: 1,
  cardinalDirection: 'Utara',
  dateStartSelected: '2026-03-01',
  timeStartSelected: '10:00:00',
  dateEndSelected: null,
  timeEndSelected: null,
  ...over,
});

const asset = (over: Partial<AssetDamageItem> = {}): AssetDamageItem => ({
  uid: 'd1',
  asetId: null,
  count: 2.5,
  pkRoadFurnitureId: 1,
  type: 'Penghadang',
  pkRoadFurnitureConditionId: 2701,
  condition: 'Rosak',
  pkUnitUkuranId: 5,
  unitUkuran: 'meter',
  ...over,
});

const withChildren = (over: Partial<SubformChildren>): SubformChildren => ({ ...emptyChildren(), ...over });

describe('assistance status (§4.6)', () => {
  it('derives the status from the flags and shows the time of that status', () => {
    expect(assistStatus(assist())).toEqual({ status: 'MINTA_BANTUAN', at: T0 });
    expect(assistStatus(assist({ notifikasi: true, notifiedDateTime: NOW }))).toEqual({ status: 'NOTIFIKASI', at: NOW });
    expect(assistStatus(assist({ notifikasi: true, ketibaan: true, notifiedDateTime: T0, arrivedDateTime: NOW }))).toEqual({
      status: 'KETIBAAN',
      at: NOW,
    });
    expect(assistStatus(assist({ notifikasi: true, ketibaan: true, selesai: true, arrivedDateTime: T0, completedDateTime: NOW }))).toEqual({
      status: 'SELESAI',
      at: NOW,
    });
    // selesai wins even without the arrival flag
    expect(assistStatus(assist({ selesai: true, completedDateTime: NOW })).status).toBe('SELESAI');
    expect(ASSIST_STATUS_LABEL).toEqual({ MINTA_BANTUAN: 'Minta Bantuan', NOTIFIKASI: 'Notifikasi', KETIBAAN: 'Ketibaan', SELESAI: 'Selesai' });
  });

  it('offers Notifikasi, Ketibaan and Selesai for other assistance, only Ketibaan and Selesai for existing', () => {
    expect(assistChoices('OTHER')).toEqual(['NOTIFIKASI', 'KETIBAAN', 'SELESAI']);
    expect(assistChoices('EXISTING')).toEqual(['KETIBAAN', 'SELESAI']);
    expect(initialAssistChoice('OTHER')).toBe('NOTIFIKASI');
    expect(initialAssistChoice('EXISTING')).toBe('KETIBAAN');
    expect(initialAssistChoice('OTHER', assist({ notifikasi: true, ketibaan: true }))).toBe('KETIBAAN');
    // an existing item at Notifikasi (not one of its choices) starts at Ketibaan
    expect(initialAssistChoice('EXISTING', assist({ notifikasi: true }))).toBe('KETIBAAN');
  });

  it('Notifikasi sets notifikasi only, stamps the notified time and clears arrival and completion', () => {
    const before = assist({ notifikasi: true, ketibaan: true, selesai: true, notifiedDateTime: T0, arrivedDateTime: T0, completedDateTime: T0 });
    const after = applyAssistChoice(before, 'NOTIFIKASI', NOW);
    expect(after).toMatchObject({
      notifikasi: true,
      ketibaan: false,
      selesai: false,
      notifiedDateTime: NOW,
      arrivedDateTime: null,
      completedDateTime: null,
      recordCreatedDate: NOW,
    });
    expect(assistStatus(after)).toEqual({ status: 'NOTIFIKASI', at: NOW });
  });

  it('Ketibaan sets notifikasi and ketibaan, stamps the arrival and clears completion (a notified time is kept, never invented)', () => {
    const fresh = applyAssistChoice(assist(), 'KETIBAAN', NOW);
    expect(fresh).toMatchObject({
      notifikasi: true,
      ketibaan: true,
      selesai: false,
      notifiedDateTime: null,
      arrivedDateTime: NOW,
      completedDateTime: null,
      recordCreatedDate: NOW,
    });
    const back = applyAssistChoice(
      assist({ notifikasi: true, ketibaan: true, selesai: true, notifiedDateTime: T0, arrivedDateTime: T0, completedDateTime: T0 }),
      'KETIBAAN',
      NOW,
    );
    expect(back).toMatchObject({ notifiedDateTime: T0, arrivedDateTime: NOW, completedDateTime: null, selesai: false });
  });

  it('Selesai sets all three and stamps the completion; an item that never arrived gets its arrival stamped too', () => {
    const arrived = assist({ notifikasi: true, ketibaan: true, notifiedDateTime: T0, arrivedDateTime: T0 });
    expect(applyAssistChoice(arrived, 'SELESAI', NOW)).toMatchObject({
      notifikasi: true,
      ketibaan: true,
      selesai: true,
      notifiedDateTime: T0,
      arrivedDateTime: T0,
      completedDateTime: NOW,
      recordCreatedDate: NOW,
    });
    expect(applyAssistChoice(assist(), 'SELESAI', NOW)).toMatchObject({ arrivedDateTime: NOW, completedDateTime: NOW, notifiedDateTime: null });
  });

  it('every add or edit resets recordCreatedDate and keeps the rest of the item', () => {
    const saved = assist({ furtherActionId: 9, uid: 'x', recordCreatedDate: T0 });
    const after = applyAssistChoice(saved, 'NOTIFIKASI', NOW);
    expect(after.recordCreatedDate).toBe(NOW);
    expect(after.furtherActionId).toBe(9);
    expect(after.uid).toBe('x');
    expect(after.bantuan).toEqual(saved.bantuan);
  });
});

describe('assistance radio (§4.6)', () => {
  const keys = [1901, 1902, 1903, 430, 277];

  it('277 or the last option opens the other-assistance list, 430 the existing one, others none', () => {
    expect(assistEditorFor(277, keys)).toBe('OTHER');
    expect(assistEditorFor(430, keys)).toBe('EXISTING');
    expect(assistEditorFor(1902, keys)).toBeNull();
    expect(assistEditorFor(null, keys)).toBeNull();
    // a list whose last option is not 277
    expect(assistEditorFor(9999, [1901, 9999])).toBe('OTHER');
    expect(assistEditorFor(1901, [1901, 9999])).toBeNull();
    expect(assistEditorFor(277)).toBe('OTHER');
  });

  it('choosing another option drops the unsaved items without furtherActionId; saved ones stay', () => {
    const c = withChildren({
      assists: [assist({ uid: 'new-other' }), assist({ uid: 'saved-other', furtherActionId: 5 }), assist({ uid: 'new-existing', kind: 'EXISTING' })],
    });
    expect(assistAfterRadio(c, 1902, keys).assists.map((a) => a.uid)).toEqual(['saved-other']);
    expect(assistAfterRadio(c, null, keys).assists.map((a) => a.uid)).toEqual(['saved-other']);
    // going to the existing list drops the unsaved other items, keeps its own
    expect(assistAfterRadio(c, 430, keys).assists.map((a) => a.uid)).toEqual(['saved-other', 'new-existing']);
    expect(assistAfterRadio(c, 277, keys).assists.map((a) => a.uid)).toEqual(['new-other', 'saved-other']);
    // nothing to drop: the same object back
    const keep = withChildren({ assists: [assist({ furtherActionId: 1 })] });
    expect(assistAfterRadio(keep, 1902, keys)).toBe(keep);
  });

  it('is read-only in the breakdown and other-incident forms while assistance items exist', () => {
    const some = withChildren({ assists: [assist()] });
    expect(assistRadioLocked('breakdown', some)).toBe(true);
    expect(assistRadioLocked('others', some)).toBe(true);
    expect(assistRadioLocked('breakdown', emptyChildren())).toBe(false);
    expect(assistRadioLocked('others', emptyChildren())).toBe(false);
    expect(assistRadioLocked('accident', some)).toBe(false);
    expect(assistRadioLocked('obstacle', some)).toBe(false);
  });

  it('lists the items of one kind per editor', () => {
    const c = withChildren({ assists: [assist({ uid: 'o' }), assist({ uid: 'e', kind: 'EXISTING' })] });
    expect(assistsOfKind(c, 'OTHER').map((a) => a.uid)).toEqual(['o']);
    expect(assistsOfKind(c, 'EXISTING').map((a) => a.uid)).toEqual(['e']);
  });
});

describe('dates, times and durations (§5)', () => {
  it('normalizes time inputs to HH:mm:ss', () => {
    expect(normalizeTime('14:05')).toBe('14:05:00');
    expect(normalizeTime('7:05:09')).toBe('07:05:09');
    expect(normalizeTime('00:00:00')).toBe('00:00:00');
    expect(normalizeTime('23:59:59.000')).toBe('23:59:59');
    expect(normalizeTime('')).toBeNull();
    expect(normalizeTime(null)).toBeNull();
    expect(normalizeTime('24:00')).toBeNull();
    expect(normalizeTime('12:60')).toBeNull();
    expect(normalizeTime('noon')).toBeNull();
  });

  it('converts Brunei wall clock to UTC instants', () => {
    expect(instantOfWall('2026-03-01', '10:00:00')).toBe('2026-03-01T02:00:00.000Z');
    expect(instantOfWall('2026-03-01', '00:30')).toBe('2026-02-28T16:30:00.000Z');
    expect(instantOfWall('2026-03-01', null)).toBeNull();
    expect(instantOfWall(null, '10:00')).toBeNull();
    expect(instantOfWall('2026-02-30', '10:00')).toBeNull();
  });

  it('counts the seconds between two Brunei date-times, only when all four parts are there', () => {
    expect(durationSeconds('2026-03-01', '10:00:00', '2026-03-01', '12:15:00')).toBe(8100);
    expect(durationSeconds('2026-03-01', '10:00:00', '2026-03-01', '10:00:00')).toBe(0);
    // across midnight
    expect(durationSeconds('2026-03-01', '23:30:00', '2026-03-02', '00:15:30')).toBe(2730);
    expect(durationSeconds('2026-03-01', '10:00:00', '2026-03-01', '09:00:00')).toBe(-3600);
    expect(durationSeconds('2026-03-01', '10:00:00', '2026-03-01', null)).toBeNull();
    expect(durationSeconds('2026-03-01', '', '2026-03-01', '12:00:00')).toBeNull();
    expect(durationSeconds(null, null, null, null)).toBeNull();
  });

  it('shows a duration in hours and minutes', () => {
    expect(formatDuration(8100)).toBe('2 jam 15 minit');
    expect(formatDuration(2730)).toBe('0 jam 45 minit');
    expect(formatDuration(59)).toBe('0 jam 0 minit');
    expect(formatDuration(26 * 3600 + 60)).toBe('26 jam 1 minit');
    expect(formatDuration(8100, { hours: 'h', minutes: 'min' })).toBe('2 h 15 min');
    expect(formatDuration(null)).toBe('');
  });

  it('computes the traffic jam hours, minutes and seconds when both ends are complete', () => {
    expect(withJamDuration(jam({ dateStart: '2026-03-01', timeStart: '10:00:00', dateEnd: '2026-03-01', timeEnd: '12:15:00' }))).toMatchObject({
      hourCalculated: 2,
      minuteCalculated: 15,
      seconds: 8100,
    });
    const open = withJamDuration(jam({ dateStart: '2026-03-01', timeStart: '10:00:00', hourCalculated: 1, minuteCalculated: 1, seconds: 61 }));
    expect(open).toMatchObject({ hourCalculated: null, minuteCalculated: null, seconds: null });
    const reversed = withJamDuration(jam({ dateStart: '2026-03-01', timeStart: '10:00:00', dateEnd: '2026-03-01', timeEnd: '09:00:00' }));
    expect(reversed.seconds).toBeNull();
  });

  it('keeps the first 4 characters of the traffic-jam length and checks it is a number', () => {
    expect(jamLength('12.345')).toBe('12.3');
    expect(jamLength('1.5')).toBe('1.5');
    expect(jamLength('')).toBe('');
    expect(checkJamLength('1.5')).toBeNull();
    expect(checkJamLength('10')).toBeNull();
    expect(checkJamLength('.5')).toBeNull();
    expect(checkJamLength('')).toBe('jamLengthRequired');
    expect(checkJamLength('  ')).toBe('jamLengthRequired');
    expect(checkJamLength('abc')).toBe('jamLengthNumber');
    expect(checkJamLength('12345')).toBe('jamLengthNumber');
  });

  describe('range rules', () => {
    // 2026-03-01 14:05:00 in Brunei
    const now = Date.parse(NOW);
    const lane = (startDate: string | null, startTime: string | null, endDate: string | null = null, endTime: string | null = null) =>
      checkRange({ startDate, startTime, endDate, endTime }, { startRequired: true, now });

    it('takes a start no later than today (Asia/Brunei) and now', () => {
      expect(lane('2026-03-01', '10:00:00')).toBeNull();
      expect(lane('2026-02-28', '23:59:59')).toBeNull();
      expect(lane('2026-03-02', '00:00:00')).toBe('startAfterToday');
      // later today than now (beyond the clock-skew allowance)
      expect(lane('2026-03-01', '15:00:00')).toBe('startAfterNow');
      // within the 5-minute allowance
      expect(lane('2026-03-01', '14:08:00')).toBeNull();
    });

    it('uses the Brunei day, not the UTC day: just after midnight in Brunei is already the next day', () => {
      const justAfterMidnight = Date.parse('2026-03-01T16:01:00.000Z'); // 2026-03-02 00:01 in Brunei
      expect(
        checkRange({ startDate: '2026-03-02', startTime: '00:00:30', endDate: null, endTime: null }, { startRequired: true, now: justAfterMidnight }),
      ).toBeNull();
      expect(
        checkRange({ startDate: '2026-03-03', startTime: '00:00:00', endDate: null, endTime: null }, { startRequired: true, now: justAfterMidnight }),
      ).toBe('startAfterToday');
    });

    it('takes an end date not before the start date and, on the same day, an end time not before the start time', () => {
      expect(lane('2026-03-01', '10:00:00', '2026-03-01', '10:00:00')).toBeNull();
      expect(lane('2026-03-01', '10:00:00', '2026-03-01', '12:00:00')).toBeNull();
      expect(lane('2026-03-01', '10:00:00', '2026-03-01', '09:59:59')).toBe('endBeforeStartTime');
      expect(lane('2026-03-01', '10:00:00', '2026-02-28', '23:00:00')).toBe('endBeforeStartDate');
      // across midnight: an earlier time on a later day is fine
      expect(lane('2026-02-28', '23:30:00', '2026-03-01', '00:15:00')).toBeNull();
      // an end in the future (a planned opening) is allowed
      expect(lane('2026-03-01', '10:00:00', '2026-03-05', '08:00:00')).toBeNull();
    });

    it('wants a date with its time: a half start or end is an error, a missing start only where required', () => {
      expect(lane(null, null)).toBe('startRequired');
      expect(lane('2026-03-01', null)).toBe('startIncomplete');
      expect(lane(null, '10:00')).toBe('startIncomplete');
      expect(lane('2026-03-01', '10:00', '2026-03-01', null)).toBe('endIncomplete');
      expect(lane('2026-03-01', '10:00', null, '11:00')).toBe('endIncomplete');
      expect(lane('2026-03-01', '', '', '')).toBe('startIncomplete');
      // a traffic jam may have no start
      expect(checkRange({ startDate: null, startTime: null, endDate: null, endTime: null }, { startRequired: false, now })).toBeNull();
      expect(checkRange({ startDate: '', startTime: '', endDate: '', endTime: '' }, { startRequired: false, now })).toBeNull();
    });
  });
});

describe('N/A flags, limits and blocks (§4.5, §2.13)', () => {
  it('enables the lane closure and traffic jam N/A only while their list is empty', () => {
    expect(laneNaEnabled(emptyChildren(), false)).toBe(true);
    expect(laneNaEnabled(withChildren({ laneClosures: [lane()] }), false)).toBe(false);
    expect(laneNaEnabled(emptyChildren(), true)).toBe(false);
    expect(jamNaEnabled(emptyChildren(), false)).toBe(true);
    expect(jamNaEnabled(withChildren({ trafficJams: [jam()] }), false)).toBe(false);
    expect(jamNaEnabled(emptyChildren(), true)).toBe(false);
  });

  it('disables the asset-damage N/A when the damage list is non-empty or the form is disabled', () => {
    expect(assetNaEnabled(emptyChildren(), false)).toBe(true);
    expect(assetNaEnabled(withChildren({ assetDamages: [asset()] }), false)).toBe(false);
    expect(assetNaEnabled(emptyChildren(), true)).toBe(false);
  });

  it('allows one traffic jam only; nothing is added while disabled or N/A', () => {
    expect(canAdd(emptyChildren(), 'trafficJams', { disabled: false })).toBe(true);
    expect(canAdd(withChildren({ trafficJams: [jam()] }), 'trafficJams', { disabled: false })).toBe(false);
    expect(canAdd(emptyChildren(), 'trafficJams', { disabled: true })).toBe(false);
    expect(canAdd(emptyChildren(), 'laneClosures', { disabled: false, na: true })).toBe(false);
    expect(canAdd(withChildren({ laneClosures: [lane(), lane({ uid: 'l2' })] }), 'laneClosures', { disabled: false })).toBe(true);
    const full = withChildren({ vehicles: Array.from({ length: 100 }, (_, i) => vehicle({ uid: `v${i}` })) });
    expect(canAdd(full, 'vehicles', { disabled: false })).toBe(false);
  });

  it('shows the lane-closure block of the other-incident form for case 491 or when closures exist', () => {
    expect(showLaneClosureBlock(491, emptyChildren())).toBe(true);
    expect(showLaneClosureBlock(2801, emptyChildren())).toBe(false);
    expect(showLaneClosureBlock(null, emptyChildren())).toBe(false);
    expect(showLaneClosureBlock(2801, withChildren({ laneClosures: [lane()] }))).toBe(true);
  });
});

describe('item checks (§5)', () => {
  it('adds a vehicle only with its plate number and type', () => {
    expect(checkVehicle(vehicle())).toBeNull();
    expect(checkVehicle(vehicle({ plateNo: '' }))).toBe('plateAndTypeRequired');
    expect(checkVehicle(vehicle({ plateNo: '   ' }))).toBe('plateAndTypeRequired');
    expect(checkVehicle(vehicle({ jenisKenderaan: null }))).toBe('plateAndTypeRequired');
    expect(checkVehicle(vehicle({ plateNo: 'A'.repeat(21) }))).toBe('plateTooLong');
    expect(checkVehicle(vehicle({ brand: 'B'.repeat(61) }))).toBe('brandTooLong');
    expect(normalizePlate('  wxy   1234')).toBe('WXY 1234');
  });

  it('asks the animal type for collision 265 and the obstacle type for 266 and 267', () => {
    expect(collisionAsks(265)).toBe('animal');
    expect(collisionAsks(266)).toBe('obstacle');
    expect(collisionAsks(267)).toBe('obstacle');
    expect(collisionAsks(1501)).toBeNull();
    expect(collisionAsks(null)).toBeNull();
    expect(checkCollision(null, null)).toBe('collisionTypeRequired');
    expect(checkCollision(265, null)).toBe('animalRequired');
    expect(checkCollision(265, 2601)).toBeNull();
    expect(checkCollision(266, null)).toBe('obstacleRequired');
    expect(checkCollision(267, 1801)).toBeNull();
    expect(checkCollision(1501, null)).toBeNull();
  });

  it('takes an injury count as a whole number of at least 0', () => {
    expect(parseInjuryCount('0')).toBe(0);
    expect(parseInjuryCount(' 3 ')).toBe(3);
    expect(parseInjuryCount('999')).toBe(999);
    expect(parseInjuryCount('1000')).toBeNull();
    expect(parseInjuryCount('-1')).toBeNull();
    expect(parseInjuryCount('1.5')).toBeNull();
    expect(parseInjuryCount('')).toBeNull();
    expect(parseInjuryCount('abc')).toBeNull();
  });

  it('takes an asset count as a number with 2 decimals', () => {
    expect(assetCountInput('12.345')).toBe('12.34');
    expect(assetCountInput('1,5')).toBe('1.5');
    expect(assetCountInput('3')).toBe('3');
    expect(assetCountInput('abc')).toBe('');
    expect(assetCountInput('-2')).toBe('');
    expect(parseAssetCount('12.34')).toBe(12.34);
    expect(parseAssetCount('0')).toBe(0);
    expect(parseAssetCount('2.')).toBe(2);
    expect(parseAssetCount('.5')).toBe(0.5);
    expect(parseAssetCount('12.345')).toBeNull();
    expect(parseAssetCount('-1')).toBeNull();
    expect(parseAssetCount('')).toBeNull();
    expect(parseAssetCount('100000')).toBeNull();
    expect(parseAssetCount('99999.99')).toBe(99999.99);
    expect(formatAssetCount(2.5)).toBe('2.50');
  });
});

describe('list edits and deferred deletion (§4.7)', () => {
  it('adds an item, and replaces the item with the same uid on edit', () => {
    const one = upsertItem(emptyChildren(), 'vehicles', vehicle());
    expect(one.vehicles).toHaveLength(1);
    const edited = upsertItem(one, 'vehicles', vehicle({ plateNo: 'ABC 1' }));
    expect(edited.vehicles).toEqual([vehicle({ plateNo: 'ABC 1' })]);
    const two = upsertItem(edited, 'vehicles', vehicle({ uid: 'v2' }));
    expect(two.vehicles.map((v) => v.uid)).toEqual(['v1', 'v2']);
  });

  it('moves a removed saved item’s id into removed[list]; an unsaved one is just dropped', () => {
    const c = withChildren({ vehicles: [vehicle({ uid: 's', involvedVehicleId: 41 }), vehicle({ uid: 'n' })] });
    const a = removeItem(c, 'vehicles', 's');
    expect(a.vehicles.map((v) => v.uid)).toEqual(['n']);
    expect(a.removed.involvedVehicle).toEqual([41]);
    const b = removeItem(a, 'vehicles', 'n');
    expect(b.vehicles).toEqual([]);
    expect(b.removed.involvedVehicle).toEqual([41]);
    // an unknown uid changes nothing
    expect(removeItem(b, 'vehicles', 'zz')).toBe(b);
    // other lists keep their ids
    expect(b.removed.roadLaneClosureList).toEqual([]);
  });

  it('records the id of each list under its contract name', () => {
    let c = withChildren({
      assists: [assist({ furtherActionId: 1 })],
      assetDamages: [asset({ asetId: 2 })],
      laneClosures: [lane({ asetId: 3 })],
      trafficJams: [jam({ trafficJamId: 4 })],
      injuries: [
        { uid: 'i', injuryId: 5, pkCasualtyTypeId: 1, casualtyType: 'x', count: 1, pkGenderTypeId: null, gender: '', pkRaceTypeId: null, race: '' },
      ],
      collisions: [{ uid: 'c', collisionListId: 6, jenisPerlanggaran: { key: 1501, value: 'x' }, jenisHalangan: null }],
    });
    c = removeItem(c, 'assists', 'a1');
    c = removeItem(c, 'assetDamages', 'd1');
    c = removeItem(c, 'laneClosures', 'l1');
    c = removeItem(c, 'trafficJams', 'j1');
    c = removeItem(c, 'injuries', 'i');
    c = removeItem(c, 'collisions', 'c');
    expect(c.removed).toMatchObject({
      requestFurtherActionList: [1],
      roadFurnitureList: [2],
      roadLaneClosureList: [3],
      trafficJam: [4],
      injuryType: [5],
      collisionList: [6],
    });
    expect(c.assists.length + c.assetDamages.length + c.laneClosures.length + c.trafficJams.length + c.injuries.length + c.collisions.length).toBe(0);
  });

  it('toggles Bahagian Lebuhraya sections: saved ones keep their id, unchosen saved ones are recorded for deletion', () => {
    const kiri = { key: 2201, value: 'Lorong Kiri', color: '#1e88e5' };
    const kanan = { key: 2203, value: 'Lorong Kanan', color: '#e53935' };
    const c = withChildren({ sections: [{ ...kiri, bahagianLebuhrayaId: 70 }] });
    const added = toggleSection(c, kanan);
    expect(added.sections).toEqual([
      { ...kiri, bahagianLebuhrayaId: 70 },
      { ...kanan, bahagianLebuhrayaId: null },
    ]);
    const off = toggleSection(added, kiri);
    expect(off.sections).toEqual([{ ...kanan, bahagianLebuhrayaId: null }]);
    expect(off.removed.roadLaneSelection).toEqual([70]);
    // unchoosing an unsaved one records nothing
    const none = toggleSection(off, kanan);
    expect(none.sections).toEqual([]);
    expect(none.removed.roadLaneSelection).toEqual([70]);
    // choosing the removed one again adds it as new; the old row is still deleted on save
    const again = toggleSection(none, kiri);
    expect(again.sections).toEqual([{ ...kiri, bahagianLebuhrayaId: null }]);
    expect(again.removed.roadLaneSelection).toEqual([70]);
  });
});
