/**
 * The child lists of a subform as plain lines for the print view (one line per item, per list with items).
 */
import type { ChildList } from '@contract/child-lists';
import { formatTime } from '@/lib/time';
import { ASSIST_STATUS_LABEL, assistStatus, durationSeconds, formatAssetCount, formatDuration } from '../form/children-rules';
import { LIST_OF, type AssistItem, type SubformChildren } from '../form/children-model';

const when = (date: string | null, time: string | null) => (date && time ? `${date.split('-').reverse().join('-')} ${time}` : '—');

/** 'Selesai 14:05:00' (§4.6): the status and the time it shows. */
export function assistStatusLine(a: AssistItem): string {
  const s = assistStatus(a);
  return `${ASSIST_STATUS_LABEL[s.status]}${s.at ? ` ${formatTime(s.at)}` : ''}`;
}

export function childLines(c: SubformChildren, opts: { assistStatus: (a: AssistItem) => string }): { list: ChildList; lines: string[] }[] {
  const lines: Record<keyof typeof LIST_OF, string[]> = {
    collisions: c.collisions.map((x) => `${x.jenisPerlanggaran.value}${x.jenisHalangan ? ` — ${x.jenisHalangan.value}` : ''}`),
    injuries: c.injuries.map((x) => `${x.casualtyType}: ${x.count}${x.gender ? `, ${x.gender}` : ''}${x.race ? `, ${x.race}` : ''}`),
    vehicles: c.vehicles.map((x) => `${x.plateNo} — ${x.jenisKenderaan?.value ?? '—'}${x.brand ? ` (${x.brand})` : ''}`),
    sections: c.sections.map((x) => x.value),
    assists: c.assists.map((x) => `${x.bantuan.value}: ${opts.assistStatus(x)}`),
    assetDamages: c.assetDamages.map((x) => `${x.type}: ${formatAssetCount(x.count)} ${x.unitUkuran}, ${x.condition}`),
    laneClosures: c.laneClosures.map((x) => {
      const d = durationSeconds(x.dateStartSelected, x.timeStartSelected, x.dateEndSelected, x.timeEndSelected);
      return `${x.roadLane} (${x.cardinalDirection}): ${when(x.dateStartSelected, x.timeStartSelected)} → ${when(x.dateEndSelected, x.timeEndSelected)}${d !== null ? ` (${formatDuration(d)})` : ''}`;
    }),
    trafficJams: c.trafficJams.map(
      (x) =>
        `${x.sesakJalanSelected} km: ${when(x.dateStart, x.timeStart)} → ${when(x.dateEnd, x.timeEnd)}${x.seconds !== null ? ` (${formatDuration(x.seconds)})` : ''}`,
    ),
  };
  return (Object.keys(LIST_OF) as (keyof typeof LIST_OF)[]).filter((f) => lines[f].length).map((f) => ({ list: LIST_OF[f], lines: lines[f] }));
}
