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
