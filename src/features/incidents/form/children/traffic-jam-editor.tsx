/**
 * Kesesakan Jalan (§2.9, §3.6, §4.5, §5): one entry per subform (add is off once it exists): the length in km
 * (placeholder '0.0', first 4 characters kept), start and end date and time, and the duration computed when both
 * ends are complete.
 */
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { checkJamLength, checkRange, jamLength, normalizeTime, withJamDuration } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { DateTimeRange, TextInputField, dateTimeText, nowBrunei, useDurationText } from './fields';
import type { NaListEditorProps } from './types';

interface Draft {
  length: string;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  trafficJamId: number | null;
}

export function TrafficJamEditor(props: NaListEditorProps) {
  const t = useT();
  const durationText = useDurationText();
  const full = !props.disabled && !props.na && props.value.trafficJams.length > 0;

  return (
    <ChildListEditor<'trafficJams', Draft>
      {...props}
      field="trafficJams"
      list="trafficJam"
      texts="jam"
      note={full ? { text: t('children.jam.onlyOne') } : null}
      blank={() => {
        const now = nowBrunei();
        return { length: '', startDate: now.date, startTime: now.time, endDate: null, endTime: null, trafficJamId: null };
      }}
      draftOf={(j) => ({
        length: j.sesakJalanSelected,
        startDate: j.dateStart,
        startTime: j.timeStart,
        endDate: j.dateEnd,
        endTime: j.timeEnd,
        trafficJamId: j.trafficJamId,
      })}
      build={(d, { uid }) => {
        const lengthErr = checkJamLength(d.length);
        if (lengthErr) return lengthErr;
        const err = checkRange({ startDate: d.startDate, startTime: d.startTime, endDate: d.endDate, endTime: d.endTime }, { startRequired: false });
        if (err) return err;
        const startTime = normalizeTime(d.startTime);
        const endTime = normalizeTime(d.endTime);
        return withJamDuration({
          uid,
          trafficJamId: d.trafficJamId,
          sesakJalanSelected: d.length.trim(),
          dateStart: startTime ? d.startDate : null,
          timeStart: startTime,
          dateEnd: endTime ? d.endDate : null,
          timeEnd: endTime,
          hourCalculated: null,
          minuteCalculated: null,
          seconds: null,
        });
      }}
      status={(j) => ({ text: j.seconds !== null ? durationText(j.seconds) : t('children.jam.ongoing') })}
      row={(j) => (
        <>
          <RowPart>
            <strong>{j.sesakJalanSelected} km</strong>
          </RowPart>
          <RowPart label={t('children.jam.start')}>{dateTimeText(j.dateStart, j.timeStart)}</RowPart>
          <RowPart label={t('children.jam.end')}>{dateTimeText(j.dateEnd, j.timeEnd)}</RowPart>
        </>
      )}
      fields={(d, update) => (
        <>
          <TextInputField
            label={t('children.jam.length')}
            placeholder="0.0"
            inputMode="decimal"
            maxLength={CHILD_LIMITS.jamDistanceMaxLength}
            value={d.length}
            onChange={(x) => update({ length: jamLength(x) })}
            required
            testId="child-jam-length"
          />
          <DateTimeRange
            value={d}
            onChange={update}
            labels={{ start: t('children.jam.start'), end: t('children.jam.end') }}
            testIdPrefix="child-jam"
          />
        </>
      )}
    />
  );
}
