/**
 * Where the local store's refresh runs: in its own module worker (./local-store-worker.ts) where the browser has
 * module workers, else on the page (tests in Node, old browsers). A worker that cannot start (or crashes) sends this
 * and every later refresh of the page to the main thread; nothing is lost, the refresh only costs the page's time.
 */
import type { WebUser } from '@contract/auth';
import { refreshLocalStore, type LocalStoreEnv, type RefreshSummary } from './local-store';
import { StorageFullError } from './outbox';
import type { RefreshReply, RefreshRequest } from './local-store-worker';
import { isGone, workerClient } from '@/lib/worker-client';

export interface LocalStoreRunner {
  /** one refresh; null when stop() dropped it */
  run(): Promise<RefreshSummary | null>;
  /** ends the worker (sign-out, a new token): a refresh under way is dropped with it; the next run starts another */
  stop(): void;
}

/** a worker that could not start (or crashed) sends every later refresh of the page to the main thread */
let workerBroken = false;

export function localStoreRunner(env: LocalStoreEnv, user: Pick<WebUser, 'userId' | 'section' | 'roles'>): LocalStoreRunner {
  const onPage = () => refreshLocalStore(env, user);
  if (typeof Worker === 'undefined') return { run: onPage, stop() {} };
  const client = workerClient<RefreshRequest, RefreshReply>(
    () => new Worker(new URL('./local-store-worker.ts', import.meta.url), { type: 'module', name: 'local-store' }),
    'local-store',
  );
  return {
    async run() {
      if (workerBroken) return onPage();
      const reply = await client.call({
        user: { userId: user.userId, section: user.section, roles: user.roles },
        token: env.token(),
        now: (env.now ?? Date.now)(),
      });
      if (isGone(reply)) {
        if (reply.gone === 'stopped') return null;
        workerBroken = true;
        return onPage();
      }
      if (reply.ok) return reply.summary;
      throw reply.storageFull ? new StorageFullError(new Error(reply.error)) : new Error(reply.error);
    },
    stop: () => client.stop(),
  };
}
