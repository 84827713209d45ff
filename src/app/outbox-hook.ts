/**
 * The fault run's hook (issue #19, tests/e2e/fault-run.test.ts and bench/fault-run.ts): the write builders the
 * screens call and the outbox's queueing, as `window.lebuhrayaOutbox`, so a browser test can make a thousand writes
 * through the real client path (outbox items with client ids, Idempotency-Keys, `{ $ref }` placeholders, the sync
 * engine of this page) without clicking each one. Loaded only when localStorage 'lebuhraya.outboxHook' is '1'
 * (src/main.tsx; off by default, not in the first-load JavaScript). It exposes nothing a script of this origin could
 * not already do with the signed-in session: it queues the user's own writes, which the server checks like any other.
 */
import { PATHS } from '@contract/paths';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/offline-writes';
import '@/lib/i18n/parts/tmclog';
import '@/lib/i18n/parts/positions';
import { getSession } from '@/lib/session';
import { getDb } from '@/offline/db';
import { groupOf, journalItems } from '@/offline/case-writes';
import { countItems, serverIdOf } from '@/offline/outbox';
import { queueWrites, syncNow } from '@/offline/sync-client';
import { miscItem } from '@/offline/writes';
import { auditItem, childItems, newCaseItems } from '@/features/incidents/outbox-writes';
import { flushPositions, recordFix, unsentFixes } from '@/features/positions/position-queue';

const hook = {
  // the builders of the screens' writes
  groupOf,
  newCaseItems,
  childItems,
  journalItems,
  auditItem,
  miscItem,
  /** the labels the screens give these writes */
  label: (key: Parameters<typeof t>[0], params?: Parameters<typeof t>[1]) => t(key, params),
  paths: { broadcastSave: PATHS.broadcastSave, tmcLogSheetSave: PATHS.tmcLogSheetSave },
  // queueing and replay (src/offline/sync-client.ts)
  queueWrites,
  syncNow,
  /** a position fix, batched into the outbox as the position reporter does (src/features/positions/reporter.ts) */
  recordFix: async (userId: string, pkDutyRosterId: number, fix: Parameters<typeof recordFix>[3]) => {
    const db = getDb();
    await recordFix(db, userId, pkDutyRosterId, fix);
    const r = await flushPositions(db, userId, (n) => t('positions.outboxLabel', { n }, 'ms'));
    if (r.queued) void syncNow();
    return r;
  },
  flushPositions: async (userId: string) => {
    const r = await flushPositions(getDb(), userId, (n) => t('positions.outboxLabel', { n }, 'ms'));
    if (r.queued) void syncNow();
    return r;
  },
  // reading the device's state
  session: () => {
    const s = getSession();
    return s ? { userId: s.user.userId, expiresAt: s.expiresAt } : null;
  },
  serverIdOf: (entity: string) => serverIdOf(getDb(), entity),
  unsent: async (userId: string) => ({ ...(await countItems(getDb(), userId)), fixes: await unsentFixes(getDb(), userId) }),
};

export type OutboxHook = typeof hook;

(globalThis as { lebuhrayaOutbox?: OutboxHook }).lebuhrayaOutbox = hook;
