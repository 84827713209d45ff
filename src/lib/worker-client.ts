/**
 * Request and reply with a module worker of our own (the image compression's, src/lib/image.ts; the local store's,
 * src/offline/local-store-thread.ts): each request carries an id and the worker answers with it. The worker starts
 * with the first call. When it cannot start or crashes, every call waiting is answered `failed` and the client is
 * broken for good: later calls are answered `failed` at once, and the caller does the work on the page. stop() ends
 * the worker (what waits is answered `stopped`); the next call starts another.
 */
export type WorkerGone = { gone: 'failed'; error: string } | { gone: 'stopped' };

export interface WorkerClient<Req, Rep> {
  call(request: Req): Promise<Rep | WorkerGone>;
  stop(): void;
  /** the worker could not start or crashed */
  readonly broken: boolean;
}

/** `open` makes the Worker (`new Worker(new URL('./x.ts', import.meta.url), …)` where the bundler can see it). */
export function workerClient<Req extends object, Rep extends { id: number }>(open: () => Worker, label: string): WorkerClient<Omit<Req, 'id'>, Rep> {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  const waiting = new Map<number, (r: Rep | WorkerGone) => void>();
  const answerAll = (r: WorkerGone) => {
    for (const done of waiting.values()) done(r);
    waiting.clear();
  };
  const getWorker = () => {
    if (worker) return worker;
    const w = open();
    w.onmessage = (e: MessageEvent<Rep>) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      done?.(e.data);
    };
    w.onerror = (e) => {
      console.warn(`[${label}] the worker failed; working on the page`, e.message);
      broken = true;
      w.terminate();
      worker = null;
      answerAll({ gone: 'failed', error: e.message || 'worker error' });
    };
    worker = w;
    return w;
  };
  return {
    get broken() {
      return broken;
    },
    call(request) {
      if (broken) return Promise.resolve({ gone: 'failed', error: 'worker error' });
      const w = getWorker();
      const id = ++nextId;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        w.postMessage({ ...request, id });
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      answerAll({ gone: 'stopped' });
    },
  };
}

export const isGone = (r: object): r is WorkerGone => 'gone' in r;
