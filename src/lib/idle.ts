/**
 * Runs `fn` once the browser is idle after the next paint, at the latest `timeout` ms later (a hidden tab paints
 * no frames): work a screen does not need to show itself (the sync runtime with Dexie, the worker's copy of the
 * session) then comes after the screen's own code and requests. Without a rendering loop (tests in Node) it runs on
 * the next task. Returns a cancel function.
 */
export function whenIdleAfterPaint(fn: () => void, timeout = 2000): () => void {
  let done = false;
  let frame: number | undefined;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    done = true;
    clearTimeout(guard);
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
  const run = () => {
    if (done) return;
    cancel();
    fn();
  };
  const guard = setTimeout(run, timeout);
  const afterPaint = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout });
    else timer = setTimeout(run, 1);
  };
  // a frame callback runs just before the paint; a task queued from it runs after
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(() => (timer = setTimeout(afterPaint, 0)));
  else timer = setTimeout(run, 0);
  return cancel;
}

/** How often a part whose code could not be fetched is tried again while the browser does not say it is online. */
export const START_RETRY_MS = 30_000;

/**
 * Starts a part of the app that loads its own code (the offline sync, the tablet's position reporter) once the browser
 * is idle after the first paint, and keeps trying when that code cannot be fetched: a device that lost its connection
 * before the service worker had cached the chunk would otherwise run without the part until a reload (its outbox
 * unsent and uncounted). It tries again as soon as the browser is back online, and every `retryMs` meanwhile (an
 * 'online' event does not come when the connection only faltered). `start` resolves with the part's stop function.
 * Returns the function that cancels a start still to come and stops the part.
 */
// a part without a stop function is an `async () => {...}` (Promise<void>)
export function startWhenIdle(
  // biome-ignore lint/suspicious/noConfusingVoidType: as above
  start: () => Promise<(() => void) | void>,
  opts: {
    label: string;
    retryMs?: number;
    timeout?: number;
    /**
     * What else the start waits for once the browser is idle (the shell: no navigation under way, so the screen's
     * own code came first, src/app/shell/route-settled.ts): calls `go` (at once, or later), returns its cancel.
     * After a later `go`, the start waits for the next idle moment again.
     */
    gate?: (go: () => void) => () => void;
  },
): () => void {
  const target = typeof window !== 'undefined' ? window : undefined;
  let cancelled = false;
  let running = false;
  let stop: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const onOnline = () => attempt();
  const clearRetry = () => {
    clearTimeout(retry);
    retry = undefined;
    target?.removeEventListener('online', onOnline);
  };
  const attempt = () => {
    if (cancelled || running || stop) return;
    running = true;
    clearRetry();
    start().then(
      (s) => {
        running = false;
        const fn = s ?? (() => {});
        if (cancelled) fn();
        else stop = fn;
      },
      (err: unknown) => {
        running = false;
        if (cancelled) return;
        console.warn(`[${opts.label}] could not start; trying again when online`, err);
        retry = setTimeout(attempt, opts.retryMs ?? START_RETRY_MS);
        target?.addEventListener('online', onOnline);
      },
    );
  };
  let cancelGate = () => {};
  let cancelIdleAgain = () => {};
  const afterIdle = () => {
    if (!opts.gate) return attempt();
    let synchronous = true;
    cancelGate = opts.gate(() => {
      if (synchronous) attempt();
      else cancelIdleAgain = whenIdleAfterPaint(attempt, opts.timeout);
    });
    synchronous = false;
  };
  const cancelIdle = whenIdleAfterPaint(afterIdle, opts.timeout);
  return () => {
    cancelled = true;
    cancelIdle();
    cancelGate();
    cancelIdleAgain();
    clearRetry();
    stop?.();
    stop = null;
  };
}
