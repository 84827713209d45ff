import type { AnyRouter } from '@tanstack/react-router';

/** The longest a background part waits for a navigation (a landing chunk on a slow line): the outbox must not wait. */
export const ROUTE_SETTLE_MAX_MS = 10_000;

type RouterLike = Pick<AnyRouter, 'state' | 'latestLocation' | 'subscribe'>;

/**
 * A gate for the shell's background parts (startWhenIdle's `gate`): `go` once the router has no navigation under way
 * and has rendered the current location, or after ROUTE_SETTLE_MAX_MS at the latest. Right after sign-in the browser
 * is idle while the landing screen's chunk is still on its way (Syif saya); the sync runtime (Dexie, the local store)
 * and the position reporter start after that screen is on the page, not before it (bench/bundle-size.mjs: a
 * patrol's first load).
 */
export function routeSettled(router: RouterLike): (go: () => void) => () => void {
  const settled = () => router.state.status === 'idle' && router.state.resolvedLocation?.href === router.latestLocation.href;
  return (go) => {
    if (settled()) {
      go();
      return () => {};
    }
    let check: ReturnType<typeof setTimeout> | undefined;
    // the first of the two timers to fire clears the other
    const finish = () => {
      cancel();
      go();
    };
    // onResolved is emitted inside the router's batch of store updates: its state is read once the batch is over
    const unsubscribe = router.subscribe('onResolved', () => {
      clearTimeout(check);
      check = setTimeout(() => {
        if (settled()) finish();
      }, 0);
    });
    const latest = setTimeout(finish, ROUTE_SETTLE_MAX_MS);
    function cancel() {
      clearTimeout(check);
      clearTimeout(latest);
      unsubscribe();
    }
    return cancel;
  };
}
