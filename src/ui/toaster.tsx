import { useEffect, useState, useSyncExternalStore } from 'react';
import type { NotifyOptions } from './toaster-impl';

export type { NotifyOptions };

/*
 * Snackbars (§8, §9). The toast machines are not needed to paint a screen, so they load with the first
 * notification: `notify` queues the call, <Toaster /> mounts the real host (src/ui/toaster-impl.tsx), then the queue
 * is shown. The chunk is precached by the service worker, so this also works offline.
 */
type Impl = typeof import('./toaster-impl');

let loading: Promise<Impl> | null = null;
let ready: Impl | null = null;
const pending: ((m: Impl) => void)[] = [];
const listeners = new Set<() => void>();

function load() {
  if (!loading) {
    // a failed load (offline before the service worker cached the chunk) is tried again with the next toast
    loading = import('./toaster-impl').catch((err: unknown) => {
      loading = null;
      throw err;
    });
    listeners.forEach((l) => {
      l();
    });
  }
  return loading;
}

function call(fn: (m: Impl) => void) {
  if (ready) fn(ready);
  else {
    pending.push(fn);
    load().catch((err: unknown) => console.warn('[toast] not loaded yet', err));
  }
}

export const notify = {
  success: (m: string, o?: NotifyOptions) => call((x) => x.notify.success(m, o)),
  error: (m: string, o?: NotifyOptions) => call((x) => x.notify.error(m, o)),
  warning: (m: string, o?: NotifyOptions) => call((x) => x.notify.warning(m, o)),
  info: (m: string, o?: NotifyOptions) => call((x) => x.notify.info(m, o)),
  dismiss: (id?: string) => {
    if (ready || loading) call((x) => x.notify.dismiss(id));
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function Host({ impl }: { impl: Impl }) {
  // runs after the host's own effects, so the toast group is listening before the queued toasts are created
  useEffect(() => {
    // the toast group (inside a Portal) starts its store subscription after this commit: a toast created now
    // would be missed, so the queue is shown on the next task
    const id = setTimeout(() => {
      ready = impl;
      pending.splice(0).forEach((fn) => {
        fn(impl);
      });
    }, 0);
    return () => clearTimeout(id);
  }, [impl]);
  return <impl.Toaster />;
}

export function Toaster() {
  const requested = useSyncExternalStore(
    subscribe,
    () => loading !== null,
    () => false,
  );
  const [impl, setImpl] = useState<Impl | null>(null);
  useEffect(() => {
    if (!requested) return;
    let live = true;
    load().then(
      (m) => live && setImpl(() => m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [requested]);
  return impl ? <Host impl={impl} /> : null;
}
