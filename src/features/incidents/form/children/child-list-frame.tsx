/**
 * The frame every child-list editor shares (issue #5): a titled block `child-<list>` with its add button
 * `child-add-<list>`, an optional control beside the title (an N/A checkbox, §4.5), the rows `child-row-<list>`
 * (edit `child-edit`, delete `child-delete`, an optional status `child-row-status`), or the empty hint
 * `child-empty-<list>`; and the add/edit dialog (child-dialog.tsx). Disabled: no add, edit or delete buttons; the
 * rows stay readable.
 *
 * `ChildListEditor` owns the list's whole lifecycle: the dialog's draft, add (a blank draft), edit (the item's draft),
 * Simpan (the editor's `build` makes the item or names the rule it breaks, shown in the dialog), Batal and delete
 * (deferred deletion, §4.7). An editor gives its texts, its draft's blank and item mapping, its row's content and its
 * dialog's fields.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { newUid, type ChildField, type SubformChildren } from '../children-model';
import { canAdd, removeItem, upsertItem, type RuleError } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { useRuleText } from './fields';
import type { ListEditorProps } from './types';

/** The lists edited through a dialog (the highway sections are chips, section-chips.tsx). */
export type DialogField = Exclude<ChildField, 'sections'>;
export type ItemOf<F extends DialogField> = SubformChildren[F][number];

type TextGroup = 'vehicle' | 'collision' | 'injury' | 'asset' | 'lane' | 'jam';
interface ListTexts {
  title: string;
  empty: string;
  addTitle: string;
  editTitle: string;
}

export interface ChildListEditorProps<F extends DialogField, D> extends ListEditorProps {
  field: F;
  /** the contract list name (or requestFurtherActionList-OTHER / -EXISTING): the test ids' suffix */
  list: string;
  /** the items shown (default: all of the field's) */
  items?: ItemOf<F>[];
  /** the texts: a group of children.<group>.title|empty|addTitle|editTitle, or the texts themselves */
  texts: TextGroup | ListTexts;
  /** the accident's N/A is ticked: nothing to add */
  na?: boolean;
  /** beside the title: an N/A checkbox */
  headerExtra?: ReactNode;
  /** a line under the title (why adding is off; `warn`: a load failure) */
  note?: { text: string; warn?: boolean } | null;
  /** the dialog's width (§9) */
  width?: 600 | 650;
  /** a new item's draft (taken when Tambah is pressed) */
  blank: () => D;
  /** an item's draft (edit) */
  draftOf: (item: ItemOf<F>) => D;
  /** Simpan: the item the draft makes, or the rule it breaks (the dialog stays open with its text) */
  build: (draft: D, at: { uid: string; before: ItemOf<F> | undefined }) => ItemOf<F> | RuleError;
  /** a row's content (RowPart pieces) */
  row: (item: ItemOf<F>) => ReactNode;
  /** a row's status text, and its tooltip */
  status?: (item: ItemOf<F>) => { text: string; title?: string };
  /** the dialog's fields; `update` merges a patch into the draft (and clears the rule text) */
  fields: (draft: D, update: (patch: Partial<D>) => void) => ReactNode;
}

export function ChildListEditor<F extends DialogField, D>({
  value,
  onChange,
  disabled,
  field,
  list,
  items = value[field] as ItemOf<F>[],
  texts,
  na,
  headerExtra,
  note,
  width,
  blank,
  draftOf,
  build,
  row,
  status,
  fields,
}: ChildListEditorProps<F, D>) {
  const t = useT();
  const ruleText = useRuleText();
  const text: ListTexts =
    typeof texts === 'string'
      ? {
          title: t(`children.${texts}.title`),
          empty: t(`children.${texts}.empty`),
          addTitle: t(`children.${texts}.addTitle`),
          editTitle: t(`children.${texts}.editTitle`),
        }
      : texts;
  const [editing, setEditing] = useState<{ draft: D; uid: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = (draft: D, uid: string | null) => {
    setError(null);
    setEditing({ draft, uid });
  };
  const update = (patch: Partial<D>) => {
    setError(null);
    setEditing((s) => (s ? { ...s, draft: { ...s.draft, ...patch } } : s));
  };
  const close = () => {
    setError(null);
    setEditing(null);
  };
  const save = () => {
    if (!editing) return;
    const before = editing.uid ? items.find((x) => x.uid === editing.uid) : undefined;
    const made = build(editing.draft, { uid: editing.uid ?? newUid(), before });
    if (typeof made === 'string') return setError(ruleText(made));
    onChange(upsertItem(value, field, made));
    close();
  };

  return (
    <>
      <ChildListFrame
        list={list}
        title={text.title}
        onAdd={() => start(blank(), null)}
        canAdd={canAdd(value, field, { disabled, na })}
        disabled={disabled}
        count={items.length}
        emptyHint={text.empty}
        headerExtra={headerExtra}
        note={
          note ? (
            <Text fontSize="xs" color={note.warn ? 'orange.fg' : 'fg.muted'}>
              {note.text}
            </Text>
          ) : undefined
        }
      >
        {items.map((item) => {
          const s = status?.(item);
          return (
            <ChildRow
              key={item.uid}
              list={list}
              uid={item.uid}
              disabled={disabled}
              status={s?.text}
              statusTitle={s?.title}
              onEdit={() => start(draftOf(item), item.uid)}
              onDelete={() => onChange(removeItem(value, field, item.uid))}
            >
              {row(item)}
            </ChildRow>
          );
        })}
      </ChildListFrame>
      {editing && (
        <ChildDialog list={list} open width={width} title={editing.uid ? text.editTitle : text.addTitle} error={error} onSave={save} onCancel={close}>
          {fields(editing.draft, update)}
        </ChildDialog>
      )}
    </>
  );
}

function ChildListFrame({
  list,
  title,
  onAdd,
  canAdd,
  disabled,
  count,
  emptyHint,
  headerExtra,
  note,
  children,
}: {
  list: string;
  title: string;
  onAdd: () => void;
  canAdd: boolean;
  disabled: boolean;
  count: number;
  emptyHint: string;
  headerExtra?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Box data-testid={`child-${list}`} borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" p={{ base: '3', md: '4' }}>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb={count > 0 || note ? '3' : '2'}>
        <Text fontSize="sm" fontWeight="semibold" color="fg">
          {title}
          {count > 0 && (
            <Text as="span" color="fg.muted" fontWeight="normal" ms="1">
              ({count})
            </Text>
          )}
        </Text>
        <Flex align="center" gap="2" wrap="wrap">
          {headerExtra}
          {!disabled && (
            <Button size="sm" minH="11" variant="outline" colorPalette="brand" onClick={onAdd} disabled={!canAdd} data-testid={`child-add-${list}`}>
              <LuPlus /> {t('children.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {note && <Box mb="2">{note}</Box>}
      {count === 0 ? (
        <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid={`child-empty-${list}`}>
          {emptyHint}
        </Text>
      ) : (
        <Stack gap="2">{children}</Stack>
      )}
    </Box>
  );
}

/** One row: its content, an optional status text (`child-row-status`), and edit/delete unless disabled. */
function ChildRow({
  list,
  uid,
  children,
  status,
  statusTitle,
  onEdit,
  onDelete,
  disabled,
}: {
  list: string;
  uid: string;
  children: ReactNode;
  status?: ReactNode;
  statusTitle?: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <Flex
      data-testid={`child-row-${list}`}
      data-uid={uid}
      align={{ base: 'flex-start', sm: 'center' }}
      gap="2"
      ps="3"
      pe={disabled ? '3' : '1'}
      py="2"
      rounded="md"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
    >
      <Flex
        flex="1"
        minW="0"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        gap={{ base: '1', sm: '3' }}
        py={{ base: '1', sm: '0' }}
      >
        <Box flex="1" minW="0" fontSize="sm">
          {children}
        </Box>
        {status !== undefined && (
          <Text fontSize="sm" fontWeight="medium" color="brand.fg" whiteSpace="nowrap" title={statusTitle} data-testid="child-row-status">
            {status}
          </Text>
        )}
      </Flex>
      {!disabled && (
        <Flex gap="0" flexShrink={0}>
          <RowAction label={t('children.edit')} icon={LuPencil} onClick={onEdit} testId="child-edit" />
          <RowAction label={t('children.delete')} icon={LuTrash2} onClick={onDelete} testId="child-delete" colorPalette="red" />
        </Flex>
      )}
    </Flex>
  );
}

function RowAction({
  label,
  icon: Icon,
  onClick,
  testId,
  colorPalette,
}: {
  label: string;
  icon: IconType;
  onClick: () => void;
  testId: string;
  colorPalette?: 'red';
}) {
  return (
    <IconButton
      size="sm"
      minW="11"
      minH="11"
      variant="ghost"
      colorPalette={colorPalette}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon />
    </IconButton>
  );
}

/** A label and its value in a row. */
export function RowPart({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Text as="span" display="inline-block" me="4">
      {label && (
        <Text as="span" color="fg.muted" me="1">
          {label}:
        </Text>
      )}
      {children}
    </Text>
  );
}
