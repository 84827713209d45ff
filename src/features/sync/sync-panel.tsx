/**
 * The sync panel (issue #4, loaded on first use from the top bar): the unsent and parked items of the signed-in
 * user with what the server said, 'Segerakkan sekarang', and per item 'Cuba semula' / 'Buang' (confirmed, with the
 * items that go with it). A 409 shows the server's version beside the user's ('Simpan versi saya' / 'Guna versi
 * pelayan'); a 400/422 journal entry, or one the server could not take at all (5xx again and again while it was up:
 * 'server', issue #20), can be fixed here and resent, a case write is fixed in its form; a 403 can be kept or
 * discarded. The items held behind a parked item say so. Nothing leaves without the user's confirmation.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Badge, Box, Button, Drawer, Flex, Grid, HStack, Portal, Stack, Text, Textarea, CloseButton } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { LuFilePen, LuRefreshCw, LuRotateCcw, LuTrash2 } from 'react-icons/lu';
import { getDb } from '@/offline/db';
import { dependentsOf, discardItem, listItems, retryItem, type OutboxItem } from '@/offline/outbox';
import { syncNow } from '@/offline/sync-client';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/sync';
import { useOnline } from '@/lib/use-online';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { notify } from '@/ui/toaster';
import { useMounted } from '@/ui/on-demand';
import { setSyncSnapshot, useSyncSnapshot } from './sync-state';
import { useRelative, type SyncPanelActions } from './sync-indicator';
import { conflictRows, fixKind, hiddenCharsOf, isFixable, journalEntryOf, reopenInForm, stripHidden, waitingBehind } from './outbox-fix';

const STATE_COLOR: Record<OutboxItem['state'], string> = { pending: 'blue', sending: 'purple', parked: 'red' };

function fmtBytes(n: number) {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(n / 1024)} KB`;
}

function useStorageEstimate(open: boolean) {
  const [est, setEst] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    if (!open || !navigator.storage?.estimate) return;
    navigator.storage.estimate().then(
      (e) => setEst(e.quota ? { usage: e.usage ?? 0, quota: e.quota } : null),
      () => setEst(null),
    );
  }, [open]);
  return est;
}

export function SyncPanel({ open, onOpenChange, actions }: { open: boolean; onOpenChange: (open: boolean) => void; actions: SyncPanelActions }) {
  const t = useT();
  const mounted = useMounted();
  const online = useOnline();
  const session = useSession();
  const userId = session?.user.userId;
  const snap = useSyncSnapshot();
  const relative = useRelative();
  const navigate = useNavigate();
  const items = useLiveQuery(() => (userId ? listItems(getDb(), userId) : Promise.resolve([] as OutboxItem[])), [userId]);
  const [syncing, setSyncing] = useState(false);
  const [discard, setDiscard] = useState<{ item: OutboxItem; deps: OutboxItem[]; conflict: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const est = useStorageEstimate(open);
  const behind = waitingBehind(items ?? []);
  const holding = new Map<string, number>();
  for (const b of behind.values()) holding.set(b.clientId, (holding.get(b.clientId) ?? 0) + 1);

  const runSync = async () => {
    setSyncing(true);
    try {
      await syncNow({ networkBack: true });
    } finally {
      setSyncing(false);
    }
  };

  const retry = async (item: OutboxItem, patch: { body?: unknown; version?: number } = {}) => {
    await retryItem(getDb(), item.clientId, patch);
    void runSync();
  };

  const askDiscard = async (item: OutboxItem, conflict = false) => {
    const deps = await dependentsOf(getDb(), item);
    setDiscard({ item, deps, conflict });
  };

  const confirmDiscard = async () => {
    if (!discard) return;
    setBusy(true);
    try {
      const n = await discardItem(getDb(), discard.item.clientId);
      notify.info(t('sync.discarded', { n }), { id: 'sync-discarded' });
      setDiscard(null);
    } finally {
      setBusy(false);
    }
  };

  const fixInForm = async (item: OutboxItem) => {
    const link = await reopenInForm(item, actions.reopenItemAsDraft);
    if (!link) {
      notify.warning(t('sync.fixUnavailable'), { id: 'sync-fix' });
      return;
    }
    onOpenChange(false);
    void navigate(link as Parameters<typeof navigate>[0]);
  };

  const signInAgain = async () => {
    onOpenChange(false);
    // the unsent work stays on the device (endSession keeps it); the same user's next sign-in resumes the replay
    await actions.signOut();
    void navigate({ to: '/signin', search: { reason: 'expired' }, replace: true } as unknown as Parameters<typeof navigate>[0]);
  };

  return (
    <>
      <Drawer.Root recipe={drawerSlotRecipe} open={open && mounted} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="md">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="sync-panel">
              <Drawer.Header borderBottomWidth="1px">
                <Stack gap="1" flex="1">
                  <Drawer.Title>{t('sync.panel.title')}</Drawer.Title>
                  <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
                    <Badge colorPalette={online ? 'green' : 'orange'} data-testid="sync-panel-online">
                      {online ? t('sync.online') : t('sync.offline')}
                    </Badge>
                    <Text data-testid="sync-panel-last">{t('sync.lastSync', { when: relative(snap.lastSync) })}</Text>
                  </HStack>
                </Stack>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('sync.dismiss')} />
                </Drawer.CloseTrigger>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="3">
                  <Button colorPalette="brand" minH="11" onClick={runSync} loading={syncing} loadingText={t('sync.syncing')} data-testid="sync-now">
                    <LuRefreshCw /> {t('sync.now')}
                  </Button>

                  {snap.authPaused && (
                    <Alert.Root status="warning" data-testid="sync-auth-alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{t('sync.authPaused')}</Alert.Description>
                        <Button size="sm" mt="2" variant="outline" onClick={signInAgain} data-testid="sync-signin-again">
                          {t('sync.signInAgain')}
                        </Button>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {snap.evicted && (
                    <Alert.Root status="error" data-testid="sync-evicted-alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{t('sync.evicted', { expected: snap.evicted.expected, found: snap.evicted.found })}</Alert.Description>
                        <Button
                          size="sm"
                          mt="2"
                          variant="outline"
                          onClick={() => setSyncSnapshot({ evicted: null })}
                          data-testid="sync-evicted-dismiss"
                        >
                          {t('sync.dismiss')}
                        </Button>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {snap.storageFull && (
                    <Alert.Root status="error" data-testid="sync-storage-full">
                      <Alert.Indicator />
                      <Alert.Description>{t('sync.storageFull')}</Alert.Description>
                    </Alert.Root>
                  )}
                  {snap.unavailable && (
                    <Alert.Root status="error" data-testid="sync-unavailable">
                      <Alert.Indicator />
                      <Alert.Description>{t('sync.unavailable')}</Alert.Description>
                    </Alert.Root>
                  )}

                  <Flex justify="space-between" align="center" gap="2" wrap="wrap" fontSize="sm">
                    <Text data-testid="sync-drafts-count">{t('sync.draftsCount', { n: snap.drafts })}</Text>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        onOpenChange(false);
                        void navigate({ to: '/draf' } as Parameters<typeof navigate>[0]);
                      }}
                      data-testid="sync-drafts-link"
                    >
                      {t('sync.openDrafts')}
                    </Button>
                  </Flex>
                  {est && (
                    <Text fontSize="xs" color="fg.muted" data-testid="sync-storage">
                      {t('sync.storageUse', { used: fmtBytes(est.usage), quota: fmtBytes(est.quota) })}
                    </Text>
                  )}

                  {items && items.length === 0 && (
                    <Text color="fg.muted" py="4" textAlign="center" data-testid="sync-empty">
                      {t('sync.empty')}
                    </Text>
                  )}
                  {items?.map((item) => (
                    <ItemCard
                      key={item.clientId}
                      item={item}
                      waitingFor={behind.get(item.clientId)}
                      holding={holding.get(item.clientId) ?? 0}
                      onRetry={retry}
                      onDiscard={askDiscard}
                      onFixInForm={fixInForm}
                    />
                  ))}
                </Stack>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <ConfirmDialog
        open={!!discard}
        testId="outbox-discard-confirm"
        colorPalette="red"
        pending={busy}
        title={discard?.conflict ? t('sync.useServer.title') : t('sync.discard.title')}
        confirmLabel={discard?.conflict ? t('sync.useServer') : t('sync.discard')}
        message={
          discard && (
            <>
              {discard.conflict
                ? t('sync.useServer.message', { label: discard.item.label })
                : t('sync.discard.message', { label: discard.item.label })}
              {discard.deps.length > 0 && (
                <Box as="span" display="block" mt="2" data-testid="outbox-discard-dependents">
                  {t('sync.discard.dependents')}
                  {discard.deps.map((d) => (
                    <Box as="span" display="block" ps="3" key={d.clientId} data-testid="outbox-discard-dependent">
                      • {d.label}
                    </Box>
                  ))}
                </Box>
              )}
            </>
          )
        }
        onConfirm={() => void confirmDiscard()}
        onCancel={() => setDiscard(null)}
      />
    </>
  );
}

function Line({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid={testId}>
      {children}
    </Text>
  );
}

function ItemCard({
  item,
  waitingFor,
  holding,
  onRetry,
  onDiscard,
  onFixInForm,
}: {
  item: OutboxItem;
  /** the parked item this one waits behind */
  waitingFor?: OutboxItem;
  /** how many items wait behind this one */
  holding: number;
  onRetry: (item: OutboxItem, patch?: { body?: unknown; version?: number }) => Promise<void>;
  onDiscard: (item: OutboxItem, conflict?: boolean) => Promise<void>;
  onFixInForm: (item: OutboxItem) => Promise<void>;
}) {
  const t = useT();
  const park = item.park;
  const fix = fixKind(item);
  const fixable = isFixable(park?.reason);
  const entry = journalEntryOf(item);
  const [text, setText] = useState(entry ?? '');
  const hidden = hiddenCharsOf(text);
  const current = park?.reason === 'conflict' && park.current && typeof park.current === 'object' ? (park.current as Record<string, unknown>) : null;
  const diff = current ? conflictRows(item.body, current) : [];
  const serverVersion = current && typeof current.version === 'number' ? current.version : undefined;

  return (
    <Box
      borderWidth="1px"
      borderColor={park ? 'red.emphasized' : 'border'}
      rounded="md"
      p="3"
      bg={park ? 'red.subtle' : 'bg'}
      data-testid="outbox-item"
      data-state={item.state}
      data-kind={item.kind}
      data-reason={park?.reason}
      data-waiting-behind={waitingFor?.clientId}
    >
      <Flex justify="space-between" gap="2" align="start">
        <Text fontWeight="semibold" fontSize="sm" data-testid="outbox-label">
          {item.label}
        </Text>
        <Badge colorPalette={STATE_COLOR[item.state]} flexShrink={0} data-testid="outbox-state">
          {t(`sync.state.${item.state}`)}
        </Badge>
      </Flex>
      <Line testId="outbox-time">{t('sync.queuedAt', { time: formatDateTime(item.createdAt) })}</Line>
      <Line testId="outbox-attempts">{t('sync.attempts', { n: item.attempts })}</Line>
      {item.lastError && !park && <Line testId="outbox-error">{t('sync.lastError', { error: serverText(item.lastError) })}</Line>}
      {waitingFor && (
        <Text fontSize="sm" color="orange.fg" mt="1" data-testid="outbox-waiting-behind">
          {t('sync.waitingBehind', { label: waitingFor.label })}
        </Text>
      )}

      {park && (
        <Stack gap="1" mt="2">
          <Text fontSize="sm" color="red.fg" data-testid="outbox-park-message">
            {t('sync.park.message', { message: serverText(park.message) })}
          </Text>
          {park.field && (
            <Text fontSize="sm" color="red.fg" data-testid="outbox-park-field">
              {t('sync.park.field', { field: park.field })}
            </Text>
          )}
          {park.reason === 'forbidden' && <Line testId="outbox-forbidden">{t('sync.forbidden')}</Line>}
          {park.reason === 'invalid' && <Line>{t('sync.invalid')}</Line>}
          {park.reason === 'server' && <Line testId="outbox-server">{t('sync.server')}</Line>}
          {holding > 0 && <Line testId="outbox-holding">{t('sync.holding', { n: holding })}</Line>}
          {park.reason === 'conflict' && (
            <Box data-testid="outbox-conflict">
              <Line>{t('sync.conflict')}</Line>
              {diff.length === 0 ? (
                <Line>{t('sync.conflict.same')}</Line>
              ) : (
                <Grid templateColumns="auto 1fr 1fr" gap="1" columnGap="3" mt="1" fontSize="xs" bg="bg" p="2" rounded="sm" borderWidth="1px">
                  <Text fontWeight="semibold">{t('sync.conflict.field')}</Text>
                  <Text fontWeight="semibold">{t('sync.conflict.mine')}</Text>
                  <Text fontWeight="semibold">{t('sync.conflict.server')}</Text>
                  {diff.map((r) => (
                    <Box key={r.field} display="contents" data-testid="outbox-conflict-row" data-field={r.field}>
                      <Text fontFamily="mono">{r.field}</Text>
                      <Text wordBreak="break-word" data-testid="outbox-conflict-mine">
                        {r.mine}
                      </Text>
                      <Text wordBreak="break-word" data-testid="outbox-conflict-server">
                        {r.server}
                      </Text>
                    </Box>
                  ))}
                </Grid>
              )}
            </Box>
          )}
          {fixable && fix === 'journal' && (
            <Stack gap="1" mt="1">
              <Text fontSize="sm" fontWeight="semibold">
                {t('sync.entry')}
              </Text>
              <Textarea recipe={textareaRecipe} value={text} onChange={(e) => setText(e.target.value)} rows={3} bg="bg" data-testid="outbox-edit" />
              {hidden.length > 0 && (
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontSize="sm" color="red.fg" data-testid="outbox-hidden-chars">
                    {t('sync.hiddenChars', { chars: hidden.join(', ') })}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => setText(stripHidden(text))} data-testid="outbox-strip-hidden">
                    {t('sync.stripHidden')}
                  </Button>
                </Flex>
              )}
            </Stack>
          )}
        </Stack>
      )}

      <HStack gap="2" mt="3" wrap="wrap">
        {park?.reason === 'conflict' && serverVersion !== undefined && (
          <Button size="sm" colorPalette="brand" onClick={() => void onRetry(item, { version: serverVersion })} data-testid="outbox-keep-mine">
            {t('sync.keepMine')}
          </Button>
        )}
        {park?.reason === 'conflict' && (
          <Button size="sm" variant="outline" onClick={() => void onDiscard(item, true)} data-testid="outbox-use-server">
            {t('sync.useServer')}
          </Button>
        )}
        {fixable && fix === 'journal' && (
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!text.trim()}
            onClick={() => void onRetry(item, { body: { ...(item.body as object), entry: text } })}
            data-testid="outbox-resend"
          >
            {t('sync.resend')}
          </Button>
        )}
        {fixable && fix === 'form' && (
          <Button size="sm" colorPalette="brand" onClick={() => void onFixInForm(item)} data-testid="outbox-fix-form">
            <LuFilePen /> {t('sync.fixInForm')}
          </Button>
        )}
        {park?.reason === 'forbidden' && (
          <Button size="sm" variant="outline" onClick={() => notify.info(t('sync.kept'), { id: 'sync-kept' })} data-testid="outbox-keep">
            {t('sync.keep')}
          </Button>
        )}
        {park?.reason !== 'conflict' && (
          <Button size="sm" variant="outline" onClick={() => void onRetry(item)} data-testid="outbox-retry">
            <LuRotateCcw /> {t('sync.retry')}
          </Button>
        )}
        <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void onDiscard(item)} data-testid="outbox-discard">
          <LuTrash2 /> {t('sync.discard')}
        </Button>
      </HStack>
    </Box>
  );
}
