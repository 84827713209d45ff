/**
 * Penutupan Lorong (§2.9, §2.13, §3.6, §5): lane, direction, Masa Tutup (date no later than today, required) and
 * Masa Buka (empty while the lane is still closed; not before Masa Tutup). Rows show the closure's duration once it
 * has both.
 */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { checkRange, durationSeconds, normalizeTime } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { DateTimeRange, dateTimeText, nowBrunei, useDurationText, useLookupOptions } from './fields';
import type { NaListEditorProps } from './types';

interface Draft {
  laneId: number | null;
  directionId: number | null;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  asetId: number | null;
}

export function LaneClosureEditor(props: NaListEditorProps) {
  const t = useT();
  const durationText = useDurationText();
  const lanes = useLookupOptions('roadLanes');
  const directions = useLookupOptions('cardinalDirection');

  return (
    <ChildListEditor<'laneClosures', Draft>
      {...props}
      field="laneClosures"
      list="roadLaneClosureList"
      width={650}
      texts="lane"
      blank={() => {
        const now = nowBrunei();
        return { laneId: null, directionId: null, startDate: now.date, startTime: now.time, endDate: null, endTime: null, asetId: null };
      }}
      draftOf={(l) => ({
        laneId: l.pkRoadlaneId,
        directionId: l.pkCardinalDirectionId,
        startDate: l.dateStartSelected,
        startTime: l.timeStartSelected,
        endDate: l.dateEndSelected,
        endTime: l.timeEndSelected,
        asetId: l.asetId,
      })}
      build={(d, { uid, before }) => {
        if (d.laneId === null) return 'laneRequired';
        if (d.directionId === null) return 'directionRequired';
        const err = checkRange({ startDate: d.startDate, startTime: d.startTime, endDate: d.endDate, endTime: d.endTime }, { startRequired: true });
        if (err) return err;
        const endTime = normalizeTime(d.endTime);
        return {
          uid,
          asetId: d.asetId,
          pkRoadlaneId: d.laneId,
          roadLane: lanes.labelOf(d.laneId) || (before?.roadLane ?? `#${d.laneId}`),
          pkCardinalDirectionId: d.directionId,
          cardinalDirection: directions.labelOf(d.directionId) || (before?.cardinalDirection ?? `#${d.directionId}`),
          dateStartSelected: d.startDate!,
          timeStartSelected: normalizeTime(d.startTime)!,
          dateEndSelected: endTime ? d.endDate : null,
          timeEndSelected: endTime,
        };
      }}
      status={(l) => {
        const s = durationSeconds(l.dateStartSelected, l.timeStartSelected, l.dateEndSelected, l.timeEndSelected);
        return { text: s === null ? t('children.lane.stillClosed') : durationText(s) };
      }}
      row={(l) => (
        <>
          <RowPart>
            <strong>{lanes.labelOf(l.pkRoadlaneId) || l.roadLane}</strong>
          </RowPart>
          <RowPart label={t('children.lane.direction')}>{directions.labelOf(l.pkCardinalDirectionId) || l.cardinalDirection}</RowPart>
          <RowPart label={t('children.lane.start')}>{dateTimeText(l.dateStartSelected, l.timeStartSelected)}</RowPart>
          <RowPart label={t('children.lane.end')}>{dateTimeText(l.dateEndSelected, l.timeEndSelected)}</RowPart>
        </>
      )}
      fields={(d, update) => (
        <>
          <SelectField
            label={t('children.lane.lane')}
            placeholder={t('children.lane.lanePick')}
            value={d.laneId}
            onChange={(x) => update({ laneId: x })}
            options={lanes.options}
            loading={lanes.pending}
            required
            testId="child-lane-lane"
          />
          <SelectField
            label={t('children.lane.direction')}
            placeholder={t('children.lane.directionPick')}
            value={d.directionId}
            onChange={(x) => update({ directionId: x })}
            options={directions.options}
            loading={directions.pending}
            required
            testId="child-lane-direction"
          />
          <DateTimeRange
            value={d}
            onChange={update}
            labels={{ start: t('children.lane.start'), end: t('children.lane.end'), endHint: t('children.lane.endHint') }}
            startRequired
            testIdPrefix="child-lane"
          />
        </>
      )}
    />
  );
}
