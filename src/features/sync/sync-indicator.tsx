import { useEffect, useState } from 'react';
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
      <button
        type="button"
        className="u-bar-chip sync-status"
        data-tone={problem ? 'problem' : !online ? 'offline' : undefined}
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
        <span className="sync-status-icon">
          <Icon />
        </span>
        {s.unsent > 0 && (
          <span className="sync-count" data-parked={s.parked > 0 ? '' : undefined} data-testid="sync-count">
            {s.unsent}
          </span>
        )}
        <span className="sync-words" data-show={s.authPaused || s.evicted ? '' : undefined}>
          <span className="sync-last" data-testid="sync-last">
            {last}
          </span>
          {s.authPaused && (
            <span className="sync-hint" data-testid="sync-auth-hint">
              {t('sync.authPaused')}
            </span>
          )}
          {!s.authPaused && s.evicted && (
            <span className="sync-hint" data-testid="sync-evicted">
              {t('sync.evictedShort')}
            </span>
          )}
        </span>
      </button>
      {mod && <mod.SyncPanel open={open} onOpenChange={setSyncPanelOpen} actions={actions} />}
    </>
  );
}
