import { useEffect, useState } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';
import { LuCloudAlert, LuCloud, LuCloudUpload, LuWifiOff } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/sync-status';
import { useOnline } from '@/lib/use-online';
import { formatDateTimeShort } from '@/lib/time';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';
import type { OutboxItem } from '@/offline/outbox';
import type { ReopenLink } from './outbox-fix';
import { relativeParts, setSyncPanelOpen, useSyncPanelOpen, useSyncSnapshot } from './sync-state';

/**
 * What the sync panel needs from other features, handed in by the app (src/app/shell/sync-actions.ts: features never
 * import each other).
 */
export interface SyncPanelActions {
  /** 'Log masuk semula': the server logout and the local clean-up, keeping the unsent work (auth's signOut) */
  signOut: () => Promise<void>;
  /** 'Betulkan dalam borang': a refused new-case/edit item becomes a draft of its form; where to go (the incident screens') */
  reopenItemAsDraft: (item: OutboxItem) => Promise<ReopenLink>;
}

// the panel (Dexie queries, dialogs, the drawer) loads on first use
const panel = onDemand(() => import('./sync-panel'));

function useTick(ms: number) {
  const [, set] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => set((n) => n + 1), ms);
    return () => window.clearInterval(id);
  }, [ms]);
}

/** 'baru sahaja', '5 minit lalu', … (older than a day: the date and time in Asia/Brunei). */
export function useRelative() {
  const t = useT();
  return (iso: string | null): string => {
    const p = relativeParts(iso);
    if (!p || !iso) return t('sync.never');
    if (p.unit === 'now') return t('sync.ago.now');
    if (p.unit === 'day') return formatDateTimeShort(iso);
    return t(p.unit === 'min' ? 'sync.ago.min' : 'sync.ago.hour', { n: p.n });
  };
}

/**
 * The top bar's sync status (issue #4): online/offline, the number of unsent items, the last sync time, and a
 * 'sign in again' hint when the replay waits for a new sign-in. Opens the sync panel.
 */
export function SyncIndicator({ actions }: { actions: SyncPanelActions }) {
  const t = useT();
  const online = useOnline();
  const s = useSyncSnapshot();
  const open = useSyncPanelOpen();
  const [mod, request] = useOnDemand(panel);
  const relative = useRelative();
  useTick(30_000);

  const problem = s.authPaused || !!s.evicted || s.storageFull || s.unavailable || s.parked > 0;
  const Icon = !online ? LuWifiOff : problem ? LuCloudAlert : s.unsent > 0 ? LuCloudUpload : LuCloud;
  const state = !online ? 'offline' : 'online';
  const last = t('sync.lastSync', { when: relative(s.lastSync) });
  const label = [
    online ? t('sync.online') : t('sync.offline'),
    // before the sync has read the device's outbox (its code loads after paint) the count is not known: not 'all sent'
    s.unsent > 0 ? t('sync.unsent', { n: s.unsent }) : s.ready ? t('sync.allSent') : '',
    last,
    s.authPaused ? t('sync.authPaused') : '',
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <Flex
        as="button"
        align="center"
        gap="1.5"
        px="2"
        minH="11"
        rounded="md"
        color={problem ? 'amber.300' : !online ? 'orange.300' : 'chrome.fg'}
        _hover={{ bg: 'chrome.bgHover' }}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        data-testid="sync-status"
        data-state={state}
        data-unsent={s.unsent}
        // the runtime has read the device's outbox: until then the count is not known (its code loads after paint)
        data-ready={s.ready || undefined}
        data-auth-paused={s.authPaused || undefined}
        onPointerEnter={() => prefetch(panel)}
        onFocus={() => prefetch(panel)}
        onClick={() => {
          setSyncPanelOpen(true);
          request();
        }}
      >
        <Box display="inline-flex" fontSize="lg">
          <Icon />
        </Box>
        {s.unsent > 0 && (
          <Box
            as="span"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="5"
            h="5"
            px="1.5"
            rounded="full"
            bg={s.parked > 0 ? 'red.500' : 'amber.500'}
            color={s.parked > 0 ? 'white' : 'brand.950'}
            fontSize="xs"
            fontWeight="bold"
            lineHeight="1"
            data-testid="sync-count"
          >
            {s.unsent}
          </Box>
        )}
        <Box display={{ base: s.authPaused || s.evicted ? 'block' : 'none', xl: 'block' }} lineHeight="1.15" textAlign="left" maxW="44">
          <Text fontSize="xs" color="chrome.muted" display={{ base: 'none', xl: 'block' }} data-testid="sync-last">
            {last}
          </Text>
          {s.authPaused && (
            <Text fontSize="xs" fontWeight="semibold" color="amber.300" data-testid="sync-auth-hint">
              {t('sync.authPaused')}
            </Text>
          )}
          {!s.authPaused && s.evicted && (
            <Text fontSize="xs" fontWeight="semibold" color="amber.300" data-testid="sync-evicted">
              {t('sync.evictedShort')}
            </Text>
          )}
        </Box>
      </Flex>
      {mod && <mod.SyncPanel open={open} onOpenChange={setSyncPanelOpen} actions={actions} />}
    </>
  );
}
