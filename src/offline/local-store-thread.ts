/**
 * Where the local store's refresh runs: in its own module worker (./local-store-worker.ts) where the browser has
 * module workers, else on the page (tests in Node, old browsers). A worker that cannot start (or crashes) sends this
 * and every later refresh of the page to the main thread; nothing is lost, the refresh only costs the page's time.
 */
import type { WebUser } from '@contract/auth';
import { refreshLocalStore, type LocalStoreEnv, type RefreshSummary } from './local-store';
import { StorageFullError } from './outbox';
import type { RefreshReply, RefreshRequest } from './local-store-worker';

export interface LocalStoreRunner {
  /** one refresh; null when stop() dropped it */
  run(): Promise<RefreshSummary | null>;
  /** ends the worker (sign-out, a new token): a refresh under way is dropped with it; the next run starts another */
  stop(): void;
}

type Outcome = RefreshReply | 'onPage' | 'dropped';

let workerBroken = false;

export function localStoreRunner(env: LocalStoreEnv, user: Pick<WebUser, 'userId' | 'section' | 'roles'>): LocalStoreRunner {
  const onPage = () => refreshLocalStore(env, user);
  if (typeof Worker === 'undefined') return { run: onPage, stop() {} };
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, (r: Outcome) => void>();
  const settleAll = (r: Outcome) => {
    for (const done of waiting.values()) done(r);
    waiting.clear();
  };
  const getWorker = () => {
    if (worker) return worker;
    const w = new Worker(new URL('./local-store-worker.ts', import.meta.url), { type: 'module', name: 'local-store' });
    w.onmessage = (e: MessageEvent<RefreshReply>) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      done?.(e.data);
    };
    w.onerror = (e) => {
      // could not start, or crashed: what waits runs on the page instead
      console.warn('[local-store] the worker failed; refreshing on the page', e.message);
      workerBroken = true;
      w.terminate();
      worker = null;
      settleAll('onPage');
    };
    worker = w;
    return w;
  };
  return {
    async run() {
      if (workerBroken) return onPage();
      const w = getWorker();
      const id = ++nextId;
      const reply = await new Promise<Outcome>((resolve) => {
        waiting.set(id, resolve);
        w.postMessage({
          id,
          user: { userId: user.userId, section: user.section, roles: user.roles },
          token: env.token(),
          now: (env.now ?? Date.now)(),
        } satisfies RefreshRequest);
      });
      if (reply === 'onPage') return onPage();
      if (reply === 'dropped') return null;
      if (reply.ok) return reply.summary;
      throw reply.storageFull ? new StorageFullError(new Error(reply.error)) : new Error(reply.error);
    },
    stop() {
      worker?.terminate();
      worker = null;
      settleAll('dropped');
    },
  };
}
