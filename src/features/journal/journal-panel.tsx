import { useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, type BoxProps, chakra, Button, Flex, IconButton, Skeleton, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LuArrowRightLeft, LuCheck, LuCheckCheck, LuCloudOff, LuImagePlus, LuNotebookPen, LuRefreshCw, LuSend, LuShieldAlert } from 'react-icons/lu';
import type { JournalEntry } from '@contract/incidents';
import { READ_STATUS } from '@contract/lookups';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import '@/lib/i18n/parts/offline-writes';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import type { PreparedImage } from '@/lib/image';
import { notify } from '@/ui/toaster';
import { Panel } from '@/ui/panel';
import { AttachmentGrid } from './attachments';
import { ChosenImages, ImageInput, PickerErrors, useImagePicker } from './image-picker';
import { documentItem, groupOf, journalItems } from '@/offline/case-writes';
import { queuedEntriesOf, useQueuedItems, type QueuedEntry } from '@/offline/queued';
import { sendWrites, ParkedWriteError } from '@/offline/writes';
import { journalEntryCall } from './journal-api';
import { useJournalDraft } from './journal-draft';
import { useObjectUrl } from '@/ui/use-object-url';
import { ENTRY_MAX, entryText, isBlankEntry, isSendKey, mayDelete, readMark, sortEntries } from './journal-rules';
import { journalKeys, useJournal } from './use-journal';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';

export interface JournalPanelProps {
  /** the case's server id (0 while a case created offline has none yet: give `pendingEntity`) */
  incidentId: number;
  /** a case created on this device and not sent yet: its entity client id (entries refer to it) */
  pendingEntity?: string;
  /** for the outbox panel's labels */
  ticketNumber?: string;
  /** the subform the entries are linked to (§3.8); without it they go to the case's current subform */
  subformId?: number | null;
  /** read-only: no text box, no image upload, no delete */
  disabled?: boolean;
}

/** A saved entry whose images did not all upload: they stay here until uploaded or discarded. */
interface PendingUpload {
  entryId: number;
  images: PreparedImage[];
}

/** A short server reason worth showing under the §8 text ('Not an image', a size limit); none for 5xx/offline. */
const reasonOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.status < 500 && err.statusMsg ? err.shownMsg : undefined);

/**
 * Jurnal Kes (§2.16): the text box 'Kenyataan..' with a send button (also Enter; Shift+Enter makes a new line),
 * optional images compressed to ≤ 900 px JPEG, and the entries newest first as name (role), date and time, text,
 * thumbnails. Nothing is sent when the text is blank (§5). Typed text and chosen images stay on a failure.
 */
export function JournalPanel({ incidentId, pendingEntity, ticketNumber, subformId, disabled = false }: JournalPanelProps) {
  const t = useT();
  const qc = useQueryClient();
  const session = useSession();
  const roleId = session?.user.roles[0]?.pkRoleId ?? null;
  const list = useJournal(incidentId);
  const picker = useImagePicker();
  const fileRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  useJournalDraft({ incidentId, pendingEntity, ticketNumber }, draft, setDraft, !disabled);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState<PendingUpload | null>(null);

  const entries = list.data ?? [];
  const target = { id: incidentId > 0 ? incidentId : null, entity: pendingEntity ?? null, ticket: ticketNumber ?? null };
  const queued = queuedEntriesOf(useQueuedItems(target, ['journal.save', 'document.save']));
  const blank = isBlankEntry(draft);
  const canSend = !blank && !sending && !picker.processing;

  /** Uploads images to a saved entry through the outbox; returns those the server refused (and its error). */
  async function uploadAll(entryId: number, images: PreparedImage[]) {
    const userId = session?.user.userId;
    if (!userId) return { left: images, firstError: undefined as unknown };
    const group = await groupOf(userId, target);
    const items = images.map((img) => documentItem({ userId, group, target, tableType: 'JOURNAL_ENTRY', fkTableId: entryId, image: img }));
    try {
      await sendWrites(items);
      return { left: [] as PreparedImage[], firstError: undefined as unknown };
    } catch (err) {
      const answered = err instanceof ParkedWriteError ? err.answers : {};
      return { left: images.filter((_, i) => !(items[i].clientId! in answered)), firstError: err };
    }
  }

  /** Shows the saved entry at once (journalEntry/get), then refreshes the whole list. */
  async function showEntry(entryId: number) {
    try {
      const entry = await journalEntryCall(entryId);
      qc.setQueryData<JournalEntry[]>(journalKeys.list(entry.pkIncidentId), (old) =>
        sortEntries([entry, ...(old ?? []).filter((e) => e.pkJournalEntryId !== entryId)]),
      );
    } catch {
      notify.error(t('journal.entryLoadFailed'));
    }
    void qc.invalidateQueries({ queryKey: journalKeys.list(incidentId) });
  }

  async function finishUploads(entryId: number, images: PreparedImage[]) {
    const { left, firstError } = await uploadAll(entryId, images);
    if (left.length) {
      setPending({ entryId, images: left });
      const reason = reasonOf(firstError);
      notify.error(reason ? `${t('journal.saveFailed')} ${reason}` : t('journal.saveFailed'));
    } else {
      setPending(null);
      notify.success(t('journal.saved'));
    }
    await showEntry(entryId);
  }

  async function send() {
    if (disabled || !canSend) return;
    const userId = session?.user.userId;
    if (!userId) return;
    setSending(true);
    const images = picker.images;
    try {
      const { items } = await journalItems({ userId, target, subformId, entry: entryText(draft), images });
      let outcome: Awaited<ReturnType<typeof sendWrites>>;
      try {
        outcome = await sendWrites(items);
      } catch (err) {
        const answered = err instanceof ParkedWriteError ? err.answers : {};
        const saved = answered[items[0].clientId!] as JournalEntry | undefined;
        if (!saved) {
          // the text and images stay as they are: the user can send again
          const reason = reasonOf(err);
          notify.error(reason ? `${t('journal.entrySaveFailed')} ${reason}` : t('journal.entrySaveFailed'));
          return;
        }
        // the text is saved; the images the server refused move to the pending box (they belong to this entry now)
        setDraft('');
        picker.clear();
        const left = images.filter((_, i) => !(items[i + 1].clientId! in answered));
        setPending({ entryId: saved.pkJournalEntryId, images: left });
        const reason = reasonOf(err);
        notify.error(reason ? `${t('journal.saveFailed')} ${reason}` : t('journal.saveFailed'));
        await showEntry(saved.pkJournalEntryId);
        return;
      }
      setDraft('');
      picker.clear();
      setPending(null);
      const saved = outcome.answers[items[0].clientId!] as JournalEntry | undefined;
      if (outcome.status === 'sent' && saved) {
        notify.success(t('journal.saved'));
        await showEntry(saved.pkJournalEntryId);
      } else if (saved) await showEntry(saved.pkJournalEntryId);
    } finally {
      setSending(false);
    }
  }

  async function retryPending() {
    if (!pending || sending) return;
    setSending(true);
    try {
      await finishUploads(pending.entryId, pending.images);
    } finally {
      setSending(false);
    }
  }

  return (
    <Panel
      heading={
        <Flex as="span" align="center" gap="2">
          <LuNotebookPen /> {t('journal.title')}
        </Flex>
      }
      actions={list.isFetching && !list.isPending ? <Spinner size="xs" color="brand.400" /> : undefined}
      data-testid="journal-panel"
    >
      {!disabled ? (
        <Box p="3" borderBottomWidth="1px" borderColor="border.muted">
          <Textarea
            recipe={textareaRecipe}
            value={draft}
            onChange={(e) => setDraft(e.target.value.slice(0, ENTRY_MAX))}
            onKeyDown={(e) => {
              if (isSendKey(e)) {
                e.preventDefault();
                void send();
              }
            }}
            placeholder={t('journal.placeholder')}
            aria-label={t('journal.placeholder')}
            readOnly={sending}
            rows={3}
            resize="vertical"
            bg="bg.panel"
            data-testid="journal-input"
          />
          <ImageInput inputRef={fileRef} onFiles={(f) => void picker.add(f)} testId="journal-file" />
          <Stack gap="2" mt="2">
            <ChosenImages images={picker.images} onRemove={picker.remove} disabled={sending} testId="journal-chosen" />
            {picker.processing && (
              <Flex align="center" gap="2" fontSize="sm" color="fg.muted">
                <Spinner size="xs" /> {t('journal.processing')}
              </Flex>
            )}
            <PickerErrors errors={picker.errors} testId="journal-image-error" />
          </Stack>
          <Flex mt="2" align="center" gap="2">
            <IconButton
              variant="outline"
              minW="11"
              minH="11"
              flexShrink={0}
              aria-label={t('journal.attachImages')}
              title={t('journal.attachImages')}
              onClick={() => fileRef.current?.click()}
              disabled={sending}
              data-testid="journal-attach"
            >
              <LuImagePlus />
            </IconButton>
            <Text flex="1" minW="0" fontSize="xs" color="fg.muted" lineHeight="short">
              <Text as="span" fontVariantNumeric="tabular-nums">
                {t('journal.charCount', { count: draft.length, max: ENTRY_MAX })}
              </Text>
              <Text as="span" hideBelow="sm">
                {' · '}
                {t('journal.sendHint')}
              </Text>
            </Text>
            <Button
              minH="11"
              flexShrink={0}
              colorPalette="brand"
              onClick={() => void send()}
              loading={sending}
              disabled={!canSend}
              data-testid="journal-send"
            >
              <LuSend /> {t('journal.send')}
            </Button>
          </Flex>
          {pending && (
            <Alert.Root status="warning" mt="3" rounded="md" data-testid="journal-pending">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Description>{t('journal.pendingImages', { count: pending.images.length })}</Alert.Description>
                <ChosenImages images={pending.images} />
                <Flex gap="2" wrap="wrap">
                  <Button
                    size="sm"
                    minH="11"
                    colorPalette="brand"
                    onClick={() => void retryPending()}
                    loading={sending}
                    data-testid="journal-pending-retry"
                  >
                    <LuRefreshCw /> {t('journal.retryUpload')}
                  </Button>
                  <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={() => setPending(null)} disabled={sending}>
                    {t('journal.discardImages')}
                  </Button>
                </Flex>
              </Alert.Content>
            </Alert.Root>
          )}
        </Box>
      ) : (
        <Text px="4" pt="3" fontSize="sm" color="fg.muted" data-testid="journal-readonly">
          {t('journal.readOnly')}
        </Text>
      )}

      <Box data-testid="journal-list" aria-busy={list.isPending}>
        {list.isError && (
          <Flex px="4" py="3" align="center" justify="space-between" gap="2" bg="red.subtle" borderBottomWidth="1px" borderColor="red.muted">
            <Text fontSize="sm" color="red.fg" data-testid="journal-list-error">
              {t('journal.listFailed')}
            </Text>
            <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={() => void list.refetch()} loading={list.isFetching}>
              <LuRefreshCw /> {t('journal.retry')}
            </Button>
          </Flex>
        )}
        {queued.map((q) => (
          <QueuedEntryItem key={q.item.clientId} q={q} />
        ))}
        {list.isPending && incidentId > 0 ? (
          <Stack p="4" gap="3">
            <Skeleton h="16" />
            <Skeleton h="16" />
          </Stack>
        ) : entries.length === 0 ? (
          !list.isError &&
          !queued.length && (
            <Flex direction="column" align="center" gap="2" py="8" color="fg.muted">
              <LuNotebookPen />
              <Text fontSize="sm" data-testid="journal-empty">
                {t('journal.empty')}
              </Text>
            </Flex>
          )
        ) : (
          entries.map((e) => <EntryItem key={e.pkJournalEntryId} entry={e} roleId={roleId} disabled={disabled} />)
        )}
      </Box>
    </Panel>
  );
}

/** The frame of one journal row: a coloured left edge (correction, handover, queued, refused) and a tint. */
function EntryFrame({ accent, children, ...rest }: { accent: string; children: ReactNode } & Omit<BoxProps, 'borderLeftColor'>) {
  return (
    <Box px="4" py="3" borderBottomWidth="1px" borderColor="border.muted" borderLeftWidth="4px" borderLeftColor={accent} {...rest}>
      {children}
    </Box>
  );
}

function EntryItem({ entry, roleId, disabled }: { entry: JournalEntry; roleId: number | null; disabled: boolean }) {
  const t = useT();
  const correction = entry.kind === 'CORRECTION';
  const handover = entry.kind === 'HANDOVER';
  const mark = readMark(entry);
  return (
    <EntryFrame
      accent={correction ? 'orange.400' : handover ? 'blue.500' : 'transparent'}
      bg={correction ? 'orange.subtle' : handover ? 'blue.subtle' : undefined}
      data-testid="journal-entry"
      data-entry-id={entry.pkJournalEntryId}
      data-kind={entry.kind}
    >
      <Flex justify="space-between" align="flex-start" gap="2">
        <Box minW="0">
          <Text fontSize="sm" fontWeight="semibold" color="brand.ink" data-testid="journal-entry-author">
            {entry.staff.displayName}{' '}
            <Text as="span" fontWeight="normal" color="fg.muted">
              ({entry.staff.roleName || entry.staff.position})
            </Text>
          </Text>
          <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="journal-entry-time">
            {formatDateTime(entry.createdDateTime)}
          </Text>
        </Box>
        <Flex gap="1" flexShrink={0} wrap="wrap" justify="flex-end">
          {correction && (
            <Badge colorPalette="orange" variant="solid" size="sm" data-testid="journal-correction">
              <LuShieldAlert /> {t('journal.correction')}
            </Badge>
          )}
          {handover && (
            <Badge colorPalette="blue" variant="solid" size="sm" data-testid="journal-handover">
              <LuArrowRightLeft /> {t('journal.handover')}
            </Badge>
          )}
          {mark && (
            <Badge
              colorPalette={mark === 'read' ? 'green' : 'gray'}
              variant="subtle"
              size="sm"
              title={entry.readStatus === READ_STATUS.PR ? t('journal.readStatusPr') : t('journal.readStatusTmc')}
              data-testid="journal-read-mark"
              data-read={mark}
            >
              {mark === 'read' ? <LuCheckCheck /> : <LuCheck />} {mark === 'read' ? t('journal.read') : t('journal.unread')}
            </Badge>
          )}
        </Flex>
      </Flex>
      <Text fontSize="sm" mt="1.5" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="journal-entry-text">
        {entry.entry}
      </Text>
      {entry.attachments.length > 0 && (
        <Box mt="2">
          <AttachmentGrid attachments={entry.attachments} canDelete={(a) => !disabled && mayDelete(roleId, a)} testId="journal-entry-attachments" />
        </Box>
      )}
    </EntryFrame>
  );
}

/** An entry of the user's that waits on the device: its text and photos, marked 'Belum dihantar'. */
function QueuedEntryItem({ q }: { q: QueuedEntry }) {
  const t = useT();
  const session = useSession();
  const parked = q.item.state === 'parked';
  return (
    <EntryFrame
      accent={parked ? 'red.400' : 'amber.400'}
      bg={parked ? 'red.subtle' : 'amber.subtle'}
      data-testid="journal-entry-queued"
      data-client-id={q.item.clientId}
    >
      <Flex justify="space-between" align="flex-start" gap="2">
        <Box minW="0">
          <Text fontSize="sm" fontWeight="semibold" color="brand.ink">
            {session?.user.profile.displayName}
          </Text>
          <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
            {formatDateTime(q.item.createdAt)}
          </Text>
        </Box>
        <Badge colorPalette={parked ? 'red' : 'orange'} variant="subtle" size="sm" data-testid="queued-badge" data-state={q.item.state}>
          <LuCloudOff /> {t('queued.notSent')}
        </Badge>
      </Flex>
      <Text fontSize="sm" mt="1.5" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="journal-entry-text">
        {q.entry}
      </Text>
      {parked && q.item.park && (
        <Text fontSize="xs" mt="1" color="red.fg">
          {serverText(q.item.park.message)}
        </Text>
      )}
      {q.photos.length > 0 && (
        <Flex gap="2" mt="2" wrap="wrap" data-testid="journal-queued-photos">
          {q.photos.map((p) => (
            <QueuedPhoto key={p.clientId} blob={p.blob} />
          ))}
        </Flex>
      )}
    </EntryFrame>
  );
}

function QueuedPhoto({ blob }: { blob?: Blob }) {
  const url = useObjectUrl(blob);
  return (
    <chakra.img
      src={url}
      alt=""
      h="90px"
      maxW="140px"
      objectFit="cover"
      rounded="md"
      borderWidth="1px"
      borderColor="border"
      data-testid="journal-queued-photo"
    />
  );
}
