/**
 * Pieces every fleet screen shows: who may change what, the sections in scope, status and "needs attention" badges,
 * the dialog frame of the small forms, the lists' confirmed row actions, the record form
 * screens' query, back button and gate.
 */
import { Fragment, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Badge, Box, Button, Dialog, HStack, IconButton, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { LuArrowLeft, LuPencil, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { can, SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import type { FilterOption } from '@/ui/admin/filters';
import { recordGate } from '@/ui/admin/record-gate';
import { PageHeader } from '@/ui/page-header';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { Tooltip } from '@/ui/tooltip';

/** The caller's rights on the fleet screens: everyone with readOrg reads, fleetManage changes. */
export function useFleetAccess() {
  const user = useSession()?.user;
  const role = userRole(user).name;
  return { user, mayManage: can(role, 'fleetManage'), seesAll: SEES_ALL_REGIONS.includes(role as RoleName) };
}

/** The listed sections (no G sections) of the caller's region, or of every region for the national roles (the server scopes anyway). */
export function useFleetSections() {
  const { user, seesAll } = useFleetAccess();
  return useListedSections(seesAll ? undefined : user?.section.region.key);
}

/** The regions the listed sections belong to (for the national roles' region filter). */
export function regionOptions(sections: readonly { regionId: number; regionName: string }[] | undefined): FilterOption<number>[] {
  const seen = new Map<number, string>();
  for (const s of sections ?? []) seen.set(s.regionId, s.regionName);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export function StatusBadge({ active, testId = 'fleet-status' }: { active: boolean; testId?: string }) {
  const t = useT();
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle" size="sm" data-testid={testId} data-active={active}>
      {t(active ? 'fleet.active' : 'fleet.inactive')}
    </Badge>
  );
}

/** "Perlu perhatian": a checklist found an item short or damaged; the reason in a tooltip (and as text where asked). */
export function AttentionBadge({ reason, since, showReason }: { reason: string | null; since?: string | null; showReason?: boolean }) {
  const t = useT();
  const tip = `${reason ?? t('fleet.attention.noReason')}${since ? ` · ${t('fleet.attention.since', { at: formatDateTime(since) })}` : ''}`;
  return (
    <Box minW="0">
      <Tooltip content={tip}>
        <Badge
          colorPalette="orange"
          variant="solid"
          size="sm"
          tabIndex={0}
          title={tip}
          aria-label={`${t('fleet.attention')}: ${tip}`}
          data-testid="vehicle-attention-badge"
        >
          <LuTriangleAlert /> {t('fleet.attention')}
        </Badge>
      </Tooltip>
      {showReason && reason && (
        <Text fontSize="xs" color="orange.fg" mt="0.5" lineClamp={2} title={reason} data-testid="vehicle-attention-reason">
          {reason}
        </Text>
      )}
    </Box>
  );
}

/** The frame of the small forms (call sign, model, master item): a dialog whose body is an AdminForm. */
export function FleetDialog({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size="md"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="560px" mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{children}</Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The add/edit dialog of a list's rows: `editing` is the row, 'new' or null (closed). The form is built afresh for each
 * row (keyed by `rowKey`) and gets the row, or undefined for a new one.
 */
export function RowFormDialog<T>({
  editing,
  onClose,
  titles,
  rowKey,
  testId,
  children,
}: {
  editing: T | 'new' | null;
  onClose: () => void;
  titles: { new: string; edit: string };
  rowKey: (row: T) => Key;
  testId: string;
  children: (row: T | undefined) => ReactNode;
}) {
  return (
    <FleetDialog open={editing !== null} title={editing === 'new' ? titles.new : titles.edit} onClose={onClose} testId={testId}>
      {editing !== null && <Fragment key={editing === 'new' ? 'new' : rowKey(editing)}>{children(editing === 'new' ? undefined : editing)}</Fragment>}
    </FleetDialog>
  );
}

/**
 * A row action behind a confirm (delete, (de)activate): `ask(row)` opens the confirm, `confirm()` runs the action with
 * its pending state; a failure is a toast, and the confirm closes either way.
 */
export function useRowAction<T>(run: (row: T) => Promise<void>) {
  const [row, setRow] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!row) return;
    setPending(true);
    try {
      await run(row);
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setPending(false);
      setRow(null);
    }
  };
  return { row, ask: setRow, cancel: () => setRow(null), pending, confirm };
}

/** The toast of a delete the server answered: erased, or deactivated because something refers to the record. */
export function notifyDeleteOutcome(outcome: 'deleted' | 'deactivated', deletedText: string, deactivatedText: string) {
  if (outcome === 'deleted') notify.success(deletedText);
  else notify.warning(deactivatedText);
}

/** The options of a select from the lookups' { key, value } items. */
export const keyOptions = (items: readonly { key: number; value: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.key, label: i.value }));

/**
 * A choice that follows the section (a vehicle's call sign, an asset's vehicle): cleared when the section changes,
 * and set again when its options arrive after the form (a native select shows a value only once its option exists).
 */
export function useSectionChoice<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  name: Path<TIn>,
  sectionId: unknown,
  optionKeys: readonly number[] | undefined,
) {
  const lastSection = useRef(sectionId);
  useEffect(() => {
    if (lastSection.current !== sectionId) {
      lastSection.current = sectionId;
      form.setValue(name, null as PathValue<TIn, Path<TIn>>);
    }
  }, [sectionId, form, name]);
  const optionKey = (optionKeys ?? []).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionKey is the trigger: the form's value is set again once its options are there
  useEffect(() => {
    const v = form.getValues(name);
    if (v !== null && v !== undefined) form.setValue(name, v);
  }, [optionKey, form, name]);
}

/** While the options of a form load: skeleton rows; when one failed: the error with a retry of all; else null. */
export function OptionsState({ queries, title, testId }: { queries: UseQueryResult<unknown>[]; title: string; testId: string }): ReactNode {
  if (queries.some((q) => q.isPending)) {
    return (
      <Stack gap="3" data-testid={testId}>
        <Skeleton h="11" />
        <Skeleton h="11" />
        <Skeleton h="11" />
      </Stack>
    );
  }
  const failed = queries.find((q) => q.isError);
  if (!failed) return null;
  return <ErrorBlock title={title} message={errorText(failed.error)} onRetry={() => queries.forEach((q) => void q.refetch())} />;
}

/** A row's edit and delete buttons (touch size); `testIdPrefix`-edit / -delete. */
export function EditDeleteActions({
  onEdit,
  onDelete,
  deleteLabel,
  deleteTitle,
  deleteDisabled,
  testIdPrefix,
}: {
  onEdit: () => void;
  onDelete: () => void;
  deleteLabel: string;
  deleteTitle?: string;
  deleteDisabled?: boolean;
  testIdPrefix: string;
}) {
  const t = useT();
  return (
    <HStack justify="flex-end" gap="2">
      <IconButton
        size="sm"
        minH="11"
        minW="11"
        variant="outline"
        aria-label={t('fleet.edit')}
        title={t('fleet.edit')}
        onClick={onEdit}
        data-testid={`${testIdPrefix}-edit`}
      >
        <LuPencil />
      </IconButton>
      <IconButton
        size="sm"
        minH="11"
        minW="11"
        variant="outline"
        colorPalette="red"
        aria-label={deleteLabel}
        title={deleteTitle ?? deleteLabel}
        onClick={onDelete}
        disabled={deleteDisabled}
        data-testid={`${testIdPrefix}-delete`}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}

/**
 * A record's form screen (/registervehicle, /createupdateasset; no id: a new record): the record's query, the back
 * button to the list, the title, and `gate`, what shows in place of the form — an id that is not a number, the record
 * loading or unreadable — or null. `record` is undefined for a new one.
 */
export function useFleetRecordScreen<T>({
  id,
  queryKey,
  queryFn,
  back,
  titles,
  testId,
}: {
  id: number | undefined;
  queryKey: readonly unknown[];
  queryFn: (id: number) => Promise<T>;
  back: { to: '/managevehicle' | '/listingasset'; label: string; testId: string };
  titles: { new: string; edit: string; notFound: string; loadFailed: string };
  /** the screen's test id prefix (recordGate's `<testId>-loading`, `<testId>-error`) */
  testId: string;
}) {
  const navigate = useNavigate();
  const { user } = useFleetAccess();
  const isNew = id === undefined;
  const valid = (id ?? 0) > 0;
  const query = useQuery({
    queryKey: [...queryKey, user?.userId],
    queryFn: () => queryFn(id!),
    enabled: valid && !!user,
    // the editor is keyed by the record's version: a focus refetch would rebuild it and wipe what the user typed
    refetchOnWindowFocus: false,
  });
  const backButton = (
    <Button variant="outline" minH="11" onClick={() => void navigate({ to: back.to })} data-testid={back.testId}>
      <LuArrowLeft /> {back.label}
    </Button>
  );
  const title = isNew ? titles.new : titles.edit;
  const gate =
    !isNew && !valid ? (
      <Box>
        <PageHeader title={title} actions={backButton} />
        <ErrorBlock title={titles.notFound} />
      </Box>
    ) : (
      recordGate({ query, isNew, testId, title, failedTitle: titles.loadFailed, actions: backButton })
    );
  return { back: backButton, title, gate, record: isNew ? undefined : query.data };
}
