/**
 * Penutupan Lorong (§2.9, §2.13, §3.6, §5): lane, direction, Masa Tutup (date no later than today, required) and
 * Masa Buka (empty while the lane is still closed; not before Masa Tutup). Rows show the closure's duration once it
 * has both.
 */
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { isoDateToDisplay } from '@/lib/time';
import { SelectField } from '../controls';
import { newUid, type LaneClosureItem } from '../children-model';
import { canAdd, checkRange, durationSeconds, formatDuration, normalizeTime, removeItem, upsertItem } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { DateTimeRange, nowBrunei, useItemDialog, useLookupOptions, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'roadLaneClosureList';

interface Draft {
  laneId: number | null;
  directionId: number | null;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  asetId: number | null;
}

const when = (date: string | null, time: string | null) => (date && time ? `${isoDateToDisplay(date)} ${normalizeTime(time) ?? time}` : '-');

export function LaneClosureEditor({
  value,
  onChange,
  disabled,
  na = false,
  headerExtra,
}: ListEditorProps & {
  /** the accident's N/A is ticked: nothing to add */
  na?: boolean;
  headerExtra?: ReactNode;
}) {
  const t = useT();
  const ruleText = useRuleText();
  const lanes = useLookupOptions('roadLanes');
  const directions = useLookupOptions('cardinalDirection');
  const dlg = useItemDialog<Draft>();
  const items = value.laneClosures;
  const units = { hours: t('children.hours'), minutes: t('children.minutes') };
  const d = dlg.draft;

  const save = () => {
    if (!d) return;
    if (d.laneId === null) return dlg.setError(ruleText('laneRequired'));
    if (d.directionId === null) return dlg.setError(ruleText('directionRequired'));
    const err = checkRange({ startDate: d.startDate, startTime: d.startTime, endDate: d.endDate, endTime: d.endTime }, { startRequired: true });
    if (err) return dlg.setError(ruleText(err));
    const before = dlg.editingUid ? items.find((x) => x.uid === dlg.editingUid) : undefined;
    const endTime = normalizeTime(d.endTime);
    const item: LaneClosureItem = {
      uid: dlg.editingUid ?? newUid(),
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
    onChange(upsertItem(value, 'laneClosures', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.lane.title')}
        onAdd={() => {
          const now = nowBrunei();
          dlg.start({ laneId: null, directionId: null, startDate: now.date, startTime: now.time, endDate: null, endTime: null, asetId: null }, null);
        }}
        canAdd={canAdd(value, 'laneClosures', { disabled, na })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.lane.empty')}
        headerExtra={headerExtra}
      >
        {items.map((l) => {
          const s = durationSeconds(l.dateStartSelected, l.timeStartSelected, l.dateEndSelected, l.timeEndSelected);
          return (
            <ChildRow
              key={l.uid}
              list={LIST}
              uid={l.uid}
              disabled={disabled}
              status={s === null ? t('children.lane.stillClosed') : formatDuration(s, units)}
              onEdit={() =>
                dlg.start(
                  {
                    laneId: l.pkRoadlaneId,
                    directionId: l.pkCardinalDirectionId,
                    startDate: l.dateStartSelected,
                    startTime: l.timeStartSelected,
                    endDate: l.dateEndSelected,
                    endTime: l.timeEndSelected,
                    asetId: l.asetId,
                  },
                  l.uid,
                )
              }
              onDelete={() => onChange(removeItem(value, 'laneClosures', l.uid))}
            >
              <RowPart>
                <strong>{l.roadLane}</strong>
              </RowPart>
              <RowPart label={t('children.lane.direction')}>{l.cardinalDirection}</RowPart>
              <RowPart label={t('children.lane.start')}>{when(l.dateStartSelected, l.timeStartSelected)}</RowPart>
              <RowPart label={t('children.lane.end')}>{when(l.dateEndSelected, l.timeEndSelected)}</RowPart>
            </ChildRow>
          );
        })}
      </ChildListFrame>
      {d && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          width={650}
          title={t(dlg.editingUid ? 'children.lane.editTitle' : 'children.lane.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <SelectField
            label={t('children.lane.lane')}
            placeholder={t('children.lane.lanePick')}
            value={d.laneId}
            onChange={(x) => dlg.update({ laneId: x })}
            options={lanes.options}
            loading={lanes.pending}
            required
            testId="child-lane-lane"
          />
          <SelectField
            label={t('children.lane.direction')}
            placeholder={t('children.lane.directionPick')}
            value={d.directionId}
            onChange={(x) => dlg.update({ directionId: x })}
            options={directions.options}
            loading={directions.pending}
            required
            testId="child-lane-direction"
          />
          <DateTimeRange
            value={d}
            onChange={(patch) => dlg.update(patch)}
            labels={{ start: t('children.lane.start'), end: t('children.lane.end'), endHint: t('children.lane.endHint') }}
            startRequired
            testIdPrefix="child-lane"
          />
        </ChildDialog>
      )}
    </>
  );
}
