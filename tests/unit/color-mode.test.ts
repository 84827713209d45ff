/**
 * The night theme's rule (issue #30 item 3, src/lib/color-mode.ts): 'auto' is dark while a night roster of the user
 * covers now (a roster ending on a later day than it starts: 19:00–07:00), light otherwise; the device's setting is
 * kept in localStorage; the document gets the class Chakra's `_dark` reads and its colour-scheme; src/app/theme-boot.js (written into index.html)
 * (before the app runs) reads the same keys to the same answer.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const day = { startDate: '2026-03-01', endDate: '2026-03-01', startHour: '07:00', endHour: '19:00' };
const night = { startDate: '2026-03-01', endDate: '2026-03-02', startHour: '19:00', endHour: '07:00' };
// a night roster as some rows store it: the end date the same as the start, the hour before the start's
const nightSameDate = { startDate: '2026-03-01', endDate: '2026-03-01', startHour: '19:00:00', endHour: '07:00:00' };

/** A Storage over a Map (the unit project runs in node, without one). */
function memoryStorage(init: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(init));
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** The parts of a document the mode touches. */
function fakeDocument() {
  const classes = new Set<string>();
  const meta = {
    content: '#0b2545',
    setAttribute(_: string, v: string) {
      meta.content = v;
    },
  };
  return {
    classes,
    meta,
    doc: {
      documentElement: {
        classList: {
          add: (c: string) => void classes.add(c),
          toggle: (c: string, on: boolean) => void (on ? classes.add(c) : classes.delete(c)),
          contains: (c: string) => classes.has(c),
        },
        style: { colorScheme: '' },
      },
      querySelector: () => meta,
    },
  };
}

async function freshModule(stored: Record<string, string> = {}) {
  vi.resetModules();
  const storage = memoryStorage(stored);
  vi.stubGlobal('localStorage', storage);
  const fake = fakeDocument();
  vi.stubGlobal('document', fake.doc);
  return { mod: await import('@/lib/color-mode'), storage, ...fake };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Auto rule', () => {
  let mod: typeof import('@/lib/color-mode');
  beforeEach(async () => {
    ({ mod } = await freshModule());
  });

  it('a night roster is one that ends on a later day', () => {
    expect(mod.isNightRoster(night)).toBe(true);
    expect(mod.isNightRoster(nightSameDate)).toBe(true);
    expect(mod.isNightRoster(day)).toBe(false);
    expect(mod.isNightRoster({ ...day, startHour: 'x' })).toBe(false);
  });

  it('dark while a night roster covers now, light before and after it and on a day roster', () => {
    const auto = (rosters: (typeof day)[], iso: string) => mod.resolveColorMode('auto', rosters, at(iso));
    expect(auto([night], '2026-03-01T10:59:59Z')).toBe('light'); // 18:59:59 +08, before the shift
    expect(auto([night], '2026-03-01T11:00:00Z')).toBe('dark'); // 19:00 +08
    expect(auto([night], '2026-03-01T16:30:00Z')).toBe('dark'); // 00:30 on 2 March
    expect(auto([nightSameDate], '2026-03-01T22:59:59Z')).toBe('dark'); // 06:59:59 on 2 March
    expect(auto([night], '2026-03-01T23:00:00Z')).toBe('light'); // 07:00: the night shift has ended
    expect(auto([day], '2026-03-01T03:00:00Z')).toBe('light'); // 11:00 on a day roster
    expect(auto([], '2026-03-01T16:30:00Z')).toBe('light'); // no roster (a TMC operator, or signed out): light
    expect(auto([day, night], '2026-03-01T16:30:00Z')).toBe('dark');
  });

  it('reads the clock when no instant is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at('2026-03-01T16:30:00Z'));
    expect(mod.resolveColorMode('auto', [night])).toBe('dark');
    vi.setSystemTime(at('2026-03-02T01:00:00Z'));
    expect(mod.resolveColorMode('auto', [night])).toBe('light');
  });

  it('Siang and Malam are fixed whatever the roster', () => {
    expect(mod.resolveColorMode('light', [night], at('2026-03-01T16:30:00Z'))).toBe('light');
    expect(mod.resolveColorMode('dark', [day], at('2026-03-01T03:00:00Z'))).toBe('dark');
    expect(mod.resolveColorMode('dark', [], at('2026-03-01T03:00:00Z'))).toBe('dark');
  });

  it('the next change is the nearest start or end of a night roster', () => {
    expect(mod.nextColorModeChange([night, day], at('2026-03-01T03:00:00Z'))).toBe(at('2026-03-01T11:00:00Z'));
    expect(mod.nextColorModeChange([night], at('2026-03-01T16:30:00Z'))).toBe(at('2026-03-01T23:00:00Z'));
    expect(mod.nextColorModeChange([night], at('2026-03-02T00:00:00Z'))).toBeNull();
    expect(mod.nightRosterUntil([night], at('2026-03-01T16:30:00Z'))).toBe(at('2026-03-01T23:00:00Z'));
  });
});

describe('the device setting', () => {
  it('is Auto when nothing (or something unknown) is stored', async () => {
    expect((await freshModule()).mod.getColorModeSetting()).toBe('auto');
    expect((await freshModule({ 'lebuhraya.theme': 'purple' })).mod.getColorModeSetting()).toBe('auto');
    expect((await freshModule({ 'lebuhraya.theme': 'dark' })).mod.getColorModeSetting()).toBe('dark');
  });

  it('is stored, applied at once, and read back by the next start', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at('2026-03-01T03:00:00Z')); // 11:00, a day roster
    const { mod, storage, classes, doc } = await freshModule();
    const user = { rosters: [{ ...day, pkDutyRosterId: 1, dutyRosterName: 'A', sectionId: 9, plateNumber: null, callSign: null }] };
    expect(mod.syncColorMode(user)).toBe('light');
    expect(classes.has('dark')).toBe(false);
    expect(doc.documentElement.style.colorScheme).toBe('light');

    mod.setColorModeSetting('dark');
    expect(storage.getItem(mod.COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(mod.syncColorMode(user)).toBe('dark');
    expect(classes.has('dark')).toBe(true);
    expect(doc.documentElement.style.colorScheme).toBe('dark');

    // a reload: the module starts again over the same storage
    vi.resetModules();
    const again = await import('@/lib/color-mode');
    expect(again.getColorModeSetting()).toBe('dark');

    // back to Auto: nothing stored
    again.setColorModeSetting('auto');
    expect(storage.getItem(mod.COLOR_MODE_STORAGE_KEY)).toBeNull();
  });

  it('a print view holds light while it is open', async () => {
    const { mod, classes } = await freshModule({ 'lebuhraya.theme': 'dark' });
    mod.syncColorMode(null);
    expect(classes.has('dark')).toBe(true);
    const release = mod.holdLightMode();
    expect(classes.has('dark')).toBe(false);
    mod.syncColorMode(null); // the app syncing meanwhile keeps it light
    expect(classes.has('dark')).toBe(false);
    release();
    expect(classes.has('dark')).toBe(true);
  });
});

describe('src/app/theme-boot.js (before the app runs)', () => {
  const script = readFileSync('src/app/theme-boot.js', 'utf8');
  function boot(stored: Record<string, string>, now: number) {
    const fake = fakeDocument();
    runInNewContext(script, { localStorage: memoryStorage(stored), document: fake.doc, Date: { now: () => now } });
    return fake.classes.has('dark') ? 'dark' : 'light';
  }

  it('agrees with the app: Malam, Siang, and Auto until the night roster the app last saw ends', async () => {
    vi.useFakeTimers();
    const nightNow = at('2026-03-01T16:30:00Z');
    vi.setSystemTime(nightNow);
    const { mod, storage } = await freshModule();
    const user = { rosters: [{ ...night, pkDutyRosterId: 1, dutyRosterName: 'A', sectionId: 9, plateNumber: null, callSign: null }] };
    expect(mod.syncColorMode(user)).toBe('dark');
    const stored = Object.fromEntries(
      [mod.COLOR_MODE_STORAGE_KEY, mod.NIGHT_UNTIL_STORAGE_KEY].flatMap((k) => (storage.getItem(k) ? [[k, storage.getItem(k)!]] : [])),
    );
    expect(boot(stored, nightNow)).toBe('dark');
    expect(boot(stored, at('2026-03-01T23:00:00Z'))).toBe('light'); // 07:00: the roster has ended
    expect(boot({ ...stored, 'lebuhraya.theme': 'light' }, nightNow)).toBe('light');
    expect(boot({ 'lebuhraya.theme': 'dark' }, at('2026-03-01T03:00:00Z'))).toBe('dark');
    expect(boot({}, nightNow)).toBe('light');
  });
});
