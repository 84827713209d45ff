/**
 * The incident clock (issue #5 item 3; beyond the spec: the US FHWA traffic-incident-management timeline). From the
 * case, its audit trail and its lane closures:
 * - T1 first awareness: the case was created;
 * - T3 dispatched: the first 203 (Tugasan Dihantar);
 * - T4 first patrol on scene: the first 206 (Tiba di Lokasi);
 * - T5 all lanes open: the last Masa Buka of the lane closures, once every closure has one;
 * - T6 case done: the first 298 (Selesai Kes) or 209 (Negative);
 * - roadway clearance time T5−T1 and incident clearance time T6−T1, running (against now) until reached;
 * - lane-minutes closed per lane (and direction): Masa Tutup to Masa Buka, or to now while still closed.
 * Pure; times are ISO instants in, seconds and ISO instants out.
 */
import { STATUS } from '@contract/lookups';
import { instantOfWall } from '@/lib/time';
import type { LaneClosureItem } from '../form/children-model';

export interface ClockInput {
  /** the case's creation instant (T1) */
  createdDate: string;
  audit: readonly { incidentStatus: { key: number }; datetime: string }[];
  laneClosures: readonly LaneClosureItem[];
  now: number;
}

export interface LaneMinutes {
  lane: string;
  direction: string;
  minutes: number;
  /** at least one closure of this lane has no Masa Buka */
  open: boolean;
}

export interface IncidentClock {
  t1: string;
  t3: string | null;
  t4: string | null;
  /** null while a lane is still closed; equal to null too when the case never had closures */
  t5: string | null;
  t6: string | null;
  /** the case had lane closures (T5 means something) */
  hadClosures: boolean;
  /** seconds T5−T1, or now−T1 while lanes are closed (running); null without closures */
  roadwayClearance: { seconds: number; running: boolean } | null;
  /** seconds T6−T1, or now−T1 until the case is done (running) */
  incidentClearance: { seconds: number; running: boolean };
  lanes: LaneMinutes[];
  /** closures without Masa Buka (Tutup asks for them first) */
  openClosures: LaneClosureItem[];
}

const ms = (iso: string) => Date.parse(iso);
const secondsBetween = (a: number, b: number) => Math.max(0, Math.round((b - a) / 1000));

function firstOf(audit: ClockInput['audit'], statuses: readonly number[]): string | null {
  let best: string | null = null;
  for (const row of audit) {
    if (!statuses.includes(row.incidentStatus.key)) continue;
    if (best === null || ms(row.datetime) < ms(best)) best = row.datetime;
  }
  return best;
}

export const closureStart = (c: LaneClosureItem) => instantOfWall(c.dateStartSelected, c.timeStartSelected);
export const closureEnd = (c: LaneClosureItem) => instantOfWall(c.dateEndSelected, c.timeEndSelected);

export function incidentClock(input: ClockInput): IncidentClock {
  const t1 = input.createdDate;
  const t1ms = ms(t1);
  const t3 = firstOf(input.audit, [STATUS.ASSIGNED]);
  const t4 = firstOf(input.audit, [STATUS.ARRIVED]);
  const t6 = firstOf(input.audit, [STATUS.CASE_DONE, STATUS.NEGATIVE]);

  const closures = input.laneClosures.filter((c) => closureStart(c) !== null);
  const openClosures = closures.filter((c) => closureEnd(c) === null);
  const hadClosures = closures.length > 0;
  let t5: string | null = null;
  if (hadClosures && openClosures.length === 0) {
    t5 = closures.map((c) => closureEnd(c)!).reduce((a, b) => (ms(b) > ms(a) ? b : a));
  }

  const lanes = new Map<string, LaneMinutes>();
  for (const c of closures) {
    const start = ms(closureStart(c)!);
    const endIso = closureEnd(c);
    const end = endIso ? ms(endIso) : input.now;
    const key = `${c.pkRoadlaneId}:${c.pkCardinalDirectionId}`;
    const row = lanes.get(key) ?? { lane: c.roadLane, direction: c.cardinalDirection, minutes: 0, open: false };
    row.minutes += Math.max(0, (end - start) / 60_000);
    row.open ||= !endIso;
    lanes.set(key, row);
  }

  return {
    t1,
    t3,
    t4,
    t5,
    t6,
    hadClosures,
    roadwayClearance: hadClosures
      ? t5
        ? { seconds: secondsBetween(t1ms, ms(t5)), running: false }
        : { seconds: secondsBetween(t1ms, input.now), running: true }
      : null,
    incidentClearance: t6 ? { seconds: secondsBetween(t1ms, ms(t6)), running: false } : { seconds: secondsBetween(t1ms, input.now), running: true },
    lanes: [...lanes.values()].map((l) => ({ ...l, minutes: Math.round(l.minutes) })),
    openClosures,
  };
}

/** 'H j M m' style durations: hours and minutes (and seconds under a minute). */
export function clockDuration(seconds: number): { h: number; m: number; s: number } {
  const t = Math.max(0, Math.floor(seconds));
  return { h: Math.floor(t / 3600), m: Math.floor((t % 3600) / 60), s: t % 60 };
}
