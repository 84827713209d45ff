/**
 * Kesesakan Jalan (§2.9, §3.6, §4.5, §5): one entry per subform (add is off once it exists): the length in km
 * (placeholder '0.0', first 4 characters kept), start and end date and time, and the duration computed when both
 * ends are complete.
 */
import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { isoDateToDisplay } from '@/lib/time';
import { newUid, type TrafficJamItem } from '../children-model';
import {
  canAdd,
  checkJamLength,
  checkRange,
  formatDuration,
  jamLength,
  normalizeTime,
  removeItem,
  upsertItem,
  withJamDuration,
} from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { DateTimeRange, TextInputField, nowBrunei, useItemDialog, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'trafficJam';

interface Draft {
  length: string;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  trafficJamId: number | null;
}

const when = (date: string | null, time: string | null) => (date && time ? `${isoDateToDisplay(date)} ${normalizeTime(time) ?? time}` : '-');

export function TrafficJamEditor({
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
  const dlg = useItemDialog<Draft>();
  const items = value.trafficJams;
  const units = { hours: t('children.hours'), minutes: t('children.minutes') };
  const d = dlg.draft;

  const save = () => {
    if (!d) return;
    const lengthErr = checkJamLength(d.length);
    if (lengthErr) return dlg.setError(ruleText(lengthErr));
    const err = checkRange({ startDate: d.startDate, startTime: d.startTime, endDate: d.endDate, endTime: d.endTime }, { startRequired: false });
    if (err) return dlg.setError(ruleText(err));
    const startTime = normalizeTime(d.startTime);
    const endTime = normalizeTime(d.endTime);
    const item = withJamDuration({
      uid: dlg.editingUid ?? newUid(),
      trafficJamId: d.trafficJamId,
      sesakJalanSelected: d.length.trim(),
      dateStart: startTime ? d.startDate : null,
      timeStart: startTime,
      dateEnd: endTime ? d.endDate : null,
      timeEnd: endTime,
      hourCalculated: null,
      minuteCalculated: null,
      seconds: null,
    } satisfies TrafficJamItem);
    onChange(upsertItem(value, 'trafficJams', item));
    dlg.close();
  };

  const full = !disabled && !na && items.length > 0;
  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.jam.title')}
        onAdd={() => {
          const now = nowBrunei();
          dlg.start({ length: '', startDate: now.date, startTime: now.time, endDate: null, endTime: null, trafficJamId: null }, null);
        }}
        canAdd={canAdd(value, 'trafficJams', { disabled, na })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.jam.empty')}
        headerExtra={headerExtra}
        note={
          full ? (
            <Text fontSize="xs" color="fg.muted">
              {t('children.jam.onlyOne')}
            </Text>
          ) : undefined
        }
      >
        {items.map((j) => (
          <ChildRow
            key={j.uid}
            list={LIST}
            uid={j.uid}
            disabled={disabled}
            status={j.seconds !== null ? formatDuration(j.seconds, units) : t('children.jam.ongoing')}
            onEdit={() =>
              dlg.start(
                {
                  length: j.sesakJalanSelected,
                  startDate: j.dateStart,
                  startTime: j.timeStart,
                  endDate: j.dateEnd,
                  endTime: j.timeEnd,
                  trafficJamId: j.trafficJamId,
                },
                j.uid,
              )
            }
            onDelete={() => onChange(removeItem(value, 'trafficJams', j.uid))}
          >
            <RowPart>
              <strong>{j.sesakJalanSelected} km</strong>
            </RowPart>
            <RowPart label={t('children.jam.start')}>{when(j.dateStart, j.timeStart)}</RowPart>
            <RowPart label={t('children.jam.end')}>{when(j.dateEnd, j.timeEnd)}</RowPart>
          </ChildRow>
        ))}
      </ChildListFrame>
      {d && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          title={t(dlg.editingUid ? 'children.jam.editTitle' : 'children.jam.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <TextInputField
            label={t('children.jam.length')}
            placeholder="0.0"
            inputMode="decimal"
            maxLength={CHILD_LIMITS.jamDistanceMaxLength}
            value={d.length}
            onChange={(x) => dlg.update({ length: jamLength(x) })}
            required
            testId="child-jam-length"
          />
          <DateTimeRange
            value={d}
            onChange={(patch) => dlg.update(patch)}
            labels={{ start: t('children.jam.start'), end: t('children.jam.end') }}
            testIdPrefix="child-jam"
          />
        </ChildDialog>
      )}
    </>
  );
}
