import { useEffect, useSyncExternalStore } from 'react';
import type { WebUser } from '@contract/auth';
import { localDateOf, rosterEndMs, rosterStartMs } from '@contract/shift-time';
import { formatClock } from './time';

/**
 * The night theme (issue #30 item 3): Chakra's dark colour mode, chosen per device. 'auto' (the default) is dark
 * while a roster of the signed-in user covering now is a night roster (one that ends on a later day than it starts,
 * contract/shift-time.ts), light otherwise; 'light' (Siang) and 'dark' (Malam) are fixed. The mode is the class
 * `dark` or `light` on <html> with `color-scheme` set; src/app/theme-boot.js applies the stored choice before the
 * first paint (no white flash at night), the app then keeps it right as rosters start and end.
 */
export type ColorModeSetting = 'auto' | 'light' | 'dark';
export type ColorMode = 'light' | 'dark';

export const COLOR_MODE_SETTINGS: readonly ColorModeSetting[] = ['auto', 'light', 'dark'];
/** localStorage: the device's setting ('auto' when absent or unreadable). src/app/theme-boot.js reads it too. */
export const COLOR_MODE_STORAGE_KEY = 'lebuhraya.theme';
/** localStorage: until when (ms) 'auto' is dark, the end of the night roster on now, for theme-boot.js. */
export const NIGHT_UNTIL_STORAGE_KEY = 'lebuhraya.theme.nightUntil';

type RosterTimes = Pick<WebUser['rosters'][number], 'startDate' | 'endDate' | 'startHour' | 'endHour'>;

function span(r: RosterTimes) {
  const times = { ...r, startHour: formatClock(r.startHour, true), endHour: formatClock(r.endHour, true) };
  return { start: rosterStartMs(times), end: rosterEndMs(times) };
}

/** A night roster: it ends on a later local date than it starts (19:00–07:00 ends the next morning). */
export function isNightRoster(r: RosterTimes): boolean {
  const { start, end } = span(r);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return localDateOf(end - 1) !== localDateOf(start);
}

/** The end (ms) of the night roster covering now, or null when none does. */
export function nightRosterUntil(rosters: readonly RosterTimes[] | null | undefined, now: number = Date.now()): number | null {
  let until: number | null = null;
  for (const r of rosters ?? []) {
    if (!isNightRoster(r)) continue;
    const { start, end } = span(r);
    if (start <= now && now < end) until = Math.max(until ?? 0, end);
  }
  return until;
}

/** The mode a setting gives for the user's rosters at now. */
export function resolveColorMode(setting: ColorModeSetting, rosters: readonly RosterTimes[] | null | undefined, now: number = Date.now()): ColorMode {
  if (setting !== 'auto') return setting;
  return nightRosterUntil(rosters, now) !== null ? 'dark' : 'light';
}

/** The next instant (ms) after now at which the auto mode may change: the nearest start or end of a night roster. */
export function nextColorModeChange(rosters: readonly RosterTimes[] | null | undefined, now: number = Date.now()): number | null {
  let next: number | null = null;
  for (const r of rosters ?? []) {
    if (!isNightRoster(r)) continue;
    const { start, end } = span(r);
    for (const t of [start, end]) if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readColorModeSetting(): ColorModeSetting {
  try {
    const v = storage()?.getItem(COLOR_MODE_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

let current: ColorModeSetting = readColorModeSetting();
const listeners = new Set<() => void>();

export const getColorModeSetting = () => current;

/** Stores the device's setting (kept for this tab only when localStorage refuses it). */
export function setColorModeSetting(setting: ColorModeSetting): void {
  current = setting;
  try {
    if (setting === 'auto') storage()?.removeItem(COLOR_MODE_STORAGE_KEY);
    else storage()?.setItem(COLOR_MODE_STORAGE_KEY, setting);
  } catch {
    /* private mode */
  }
  listeners.forEach((l) => {
    l();
  });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useColorModeSetting(): ColorModeSetting {
  return useSyncExternalStore(subscribe, getColorModeSetting, getColorModeSetting);
}

const THEME_COLOR = { light: '#0b2545', dark: '#071a31' } as const;

/** Puts a mode on the document: the class Chakra's `_dark` condition reads, `color-scheme`, the browser bar colour. */
export function applyColorMode(mode: ColorMode, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const root = doc.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[mode]);
}

/** Records until when 'auto' is dark, so the next start paints the right mode before the app runs. */
function rememberNight(until: number | null) {
  try {
    if (until === null) storage()?.removeItem(NIGHT_UNTIL_STORAGE_KEY);
    else storage()?.setItem(NIGHT_UNTIL_STORAGE_KEY, String(until));
  } catch {
    /* private mode */
  }
}

let lastUser: Pick<WebUser, 'rosters'> | null | undefined = null;
let lightHolds = 0;

/** The mode now for a user (null: signed out), applied; returns the mode. Light while a print view holds it. */
export function syncColorMode(user: Pick<WebUser, 'rosters'> | null | undefined, now: number = Date.now()): ColorMode {
  lastUser = user;
  const rosters = user?.rosters ?? [];
  rememberNight(nightRosterUntil(rosters, now));
  const mode = lightHolds > 0 ? 'light' : resolveColorMode(current, rosters, now);
  applyColorMode(mode);
  return mode;
}

/** Light mode while a print view is open (printed pages are always light); the returned function lets go. */
export function holdLightMode(): () => void {
  lightHolds++;
  applyColorMode('light');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    lightHolds--;
    syncColorMode(lastUser);
  };
}

/** Keeps the document's mode right: on the setting's change, the user's change, and as a night roster starts or ends. */
export function useColorModeSync(user: Pick<WebUser, 'rosters'> | null | undefined): void {
  const setting = useColorModeSetting();
  useEffect(() => {
    void setting;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const now = Date.now();
      syncColorMode(user, now);
      const next = nextColorModeChange(user?.rosters, now);
      // setTimeout holds at most ~24.8 days; a later change is picked up by the next run
      if (next !== null) timer = setTimeout(run, Math.min(next - now + 1000, 2 ** 31 - 1));
    };
    run();
    return () => clearTimeout(timer);
  }, [user, setting]);
}
