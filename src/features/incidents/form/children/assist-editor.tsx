/**
 * The assistance lists (§4.6): other assistance (radio 277, requestFurtherAction) and existing assistance (radio
 * 430, bantuanSediaAda). Each item has a status the user chooses on add or edit (Notifikasi, Ketibaan, Selesai for
 * other; Ketibaan, Selesai for existing), stamped with now; the row shows the derived status with its time.
 */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { formatDate, formatDateTime, formatTime } from '@/lib/time';
import { SelectField } from '../controls';
import type { AssistItem } from '../children-model';
import {
  ASSIST_STATUS_LABEL,
  applyAssistChoice,
  assistChoices,
  assistStatus,
  assistsOfKind,
  initialAssistChoice,
  type AssistChoice,
  type AssistKind,
} from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { ChoiceSelect, useLookupOptions } from './fields';
import type { ListEditorProps } from './types';

interface Draft {
  itemId: number | null;
  choice: AssistChoice;
}

/** The row's status text: 'Ketibaan 14:05:00' (Minta Bantuan shows the creation date, §4.6). */
export function assistStatusText(item: AssistItem): { text: string; title: string } {
  const { status, at } = assistStatus(item);
  const when = status === 'MINTA_BANTUAN' ? formatDate(at) : formatTime(at);
  return { text: when ? `${ASSIST_STATUS_LABEL[status]} ${when}` : ASSIST_STATUS_LABEL[status], title: formatDateTime(at) };
}

export function AssistEditor({ kind, ...props }: ListEditorProps & { kind: AssistKind }) {
  const t = useT();
  const source = useLookupOptions(kind === 'OTHER' ? 'requestFurtherAction' : 'bantuanSediaAda');
  const choices = assistChoices(kind).map((c) => ({ value: c, label: ASSIST_STATUS_LABEL[c] }));
  const title = t(kind === 'OTHER' ? 'children.assist.otherTitle' : 'children.assist.existingTitle');

  return (
    <ChildListEditor<'assists', Draft>
      {...props}
      field="assists"
      list={`requestFurtherActionList-${kind}`}
      items={assistsOfKind(props.value, kind)}
      texts={{
        title,
        empty: t(kind === 'OTHER' ? 'children.assist.emptyOther' : 'children.assist.emptyExisting'),
        addTitle: `${t('children.assist.addTitle')} — ${title}`,
        editTitle: `${t('children.assist.editTitle')} — ${title}`,
      }}
      blank={() => ({ itemId: null, choice: initialAssistChoice(kind) })}
      draftOf={(a) => ({ itemId: a.bantuan.key, choice: initialAssistChoice(kind, a) })}
      build={(d, { uid, before }) => {
        if (d.itemId === null) return 'assistItemRequired';
        const base: AssistItem = before ?? {
          uid,
          kind,
          bantuan: { key: d.itemId, value: '' },
          notifikasi: false,
          ketibaan: false,
          selesai: false,
          recordCreatedDate: new Date().toISOString(),
          notifiedDateTime: null,
          arrivedDateTime: null,
          completedDateTime: null,
          furtherActionId: null,
        };
        return applyAssistChoice(
          {
            ...base,
            bantuan: { key: d.itemId, value: source.labelOf(d.itemId) || (base.bantuan.key === d.itemId ? base.bantuan.value : `#${d.itemId}`) },
          },
          d.choice,
          new Date().toISOString(),
        );
      }}
      status={assistStatusText}
      row={(a) => (
        <RowPart>
          <strong>{source.labelOf(a.bantuan.key) || a.bantuan.value}</strong>
        </RowPart>
      )}
      fields={(d, update) => (
        <>
          <SelectField
            label={t('children.assist.item')}
            placeholder={t('children.assist.itemPick')}
            value={d.itemId}
            onChange={(x) => update({ itemId: x })}
            options={source.options}
            loading={source.pending}
            required
            testId="child-assist-item"
          />
          <ChoiceSelect
            label={t('children.assist.status')}
            value={d.choice}
            onChange={(x) => update({ choice: x })}
            options={choices}
            helper={t('children.assist.statusHint')}
            testId="child-assist-status"
          />
        </>
      )}
    />
  );
}
