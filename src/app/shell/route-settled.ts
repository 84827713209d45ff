import type { AnyRouter } from '@tanstack/react-router';

/**
 * A gate for the shell's background parts (startWhenIdle's `gate`): `go` once the router has no navigation under way
 * and has rendered the current location. Right after sign-in the browser is idle while the landing screen's chunk is
 * still on its way (Syif saya); the sync runtime (Dexie, the local store) and the position reporter
 * start after that screen is on the page, not before it (bench/bundle-size.mjs: a patrol's first load).
 */
export function routeSettled(router: AnyRouter): (go: () => void) => () => void {
  const settled = () => router.state.status === 'idle' && router.state.resolvedLocation?.href === router.latestLocation.href;
  return (go) => {
    if (settled()) {
      go();
      return () => {};
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // onResolved is emitted inside the router's batch of store updates: its state is read once the batch is over
    const unsubscribe = router.subscribe('onResolved', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!settled()) return;
        unsubscribe();
        go();
      }, 0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  };
}
