/**
 * The assistance lists (§4.6): other assistance (radio 277, requestFurtherAction) and existing assistance (radio
 * 430, bantuanSediaAda). Each item has a status the user chooses on add or edit (Notifikasi, Ketibaan, Selesai for
 * other; Ketibaan, Selesai for existing), stamped with now; the row shows the derived status with its time.
 */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { formatDate, formatDateTime, formatTime } from '@/lib/time';
import { SelectField } from '../controls';
import { newUid, type AssistItem } from '../children-model';
import {
  ASSIST_STATUS_LABEL,
  applyAssistChoice,
  assistChoices,
  assistStatus,
  assistsOfKind,
  canAdd,
  initialAssistChoice,
  removeItem,
  upsertItem,
  type AssistChoice,
  type AssistKind,
} from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { ChoiceSelect, useItemDialog, useLookupOptions, useRuleText } from './fields';
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

export function AssistEditor({ kind, value, onChange, disabled }: ListEditorProps & { kind: AssistKind }) {
  const t = useT();
  const ruleText = useRuleText();
  const list = `requestFurtherActionList-${kind}`;
  const source = useLookupOptions(kind === 'OTHER' ? 'requestFurtherAction' : 'bantuanSediaAda');
  const dlg = useItemDialog<Draft>();
  const items = assistsOfKind(value, kind);
  const choices = assistChoices(kind).map((c) => ({ value: c, label: ASSIST_STATUS_LABEL[c] }));

  const save = () => {
    const d = dlg.draft;
    if (!d) return;
    if (d.itemId === null) return dlg.setError(ruleText('assistItemRequired'));
    const before = dlg.editingUid ? value.assists.find((a) => a.uid === dlg.editingUid) : undefined;
    const base: AssistItem = before ?? {
      uid: newUid(),
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
    const item = applyAssistChoice(
      {
        ...base,
        bantuan: { key: d.itemId, value: source.labelOf(d.itemId) || (base.bantuan.key === d.itemId ? base.bantuan.value : `#${d.itemId}`) },
      },
      d.choice,
      new Date().toISOString(),
    );
    onChange(upsertItem(value, 'assists', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={list}
        title={t(kind === 'OTHER' ? 'children.assist.otherTitle' : 'children.assist.existingTitle')}
        onAdd={() => dlg.start({ itemId: null, choice: initialAssistChoice(kind) }, null)}
        canAdd={canAdd(value, 'assists', { disabled })}
        disabled={disabled}
        count={items.length}
        emptyHint={t(kind === 'OTHER' ? 'children.assist.emptyOther' : 'children.assist.emptyExisting')}
      >
        {items.map((a) => {
          const s = assistStatusText(a);
          return (
            <ChildRow
              key={a.uid}
              list={list}
              uid={a.uid}
              disabled={disabled}
              status={s.text}
              statusTitle={s.title}
              onEdit={() => dlg.start({ itemId: a.bantuan.key, choice: initialAssistChoice(kind, a) }, a.uid)}
              onDelete={() => onChange(removeItem(value, 'assists', a.uid))}
            >
              <RowPart>
                <strong>{a.bantuan.value}</strong>
              </RowPart>
            </ChildRow>
          );
        })}
      </ChildListFrame>
      {dlg.draft && (
        <ChildDialog
          list={list}
          open={dlg.open}
          title={`${t(dlg.editingUid ? 'children.assist.editTitle' : 'children.assist.addTitle')} — ${t(kind === 'OTHER' ? 'children.assist.otherTitle' : 'children.assist.existingTitle')}`}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <SelectField
            label={t('children.assist.item')}
            placeholder={t('children.assist.itemPick')}
            value={dlg.draft.itemId}
            onChange={(x) => dlg.update({ itemId: x })}
            options={source.options}
            loading={source.pending}
            required
            testId="child-assist-item"
          />
          <ChoiceSelect
            label={t('children.assist.status')}
            value={dlg.draft.choice}
            onChange={(x) => dlg.update({ choice: x })}
            options={choices}
            helper={t('children.assist.statusHint')}
            testId="child-assist-status"
          />
        </ChildDialog>
      )}
    </>
  );
}
