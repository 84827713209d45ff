/**
 * routeSettled (src/app/shell/route-settled.ts): the shell's background parts (sync runtime, position reporter) start
 * once no navigation is under way, and never later than ROUTE_SETTLE_MAX_MS (the outbox must not wait on a slow line).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_SETTLE_MAX_MS, routeSettled } from '@/app/shell/route-settled';

function fakeRouter(href: string) {
  const listeners = new Set<() => void>();
  const router = {
    state: { status: 'idle' as 'idle' | 'pending', resolvedLocation: { href } as { href: string } | undefined },
    latestLocation: { href },
    subscribe: (_event: string, fn: () => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    navigate(to: string) {
      router.state.status = 'pending';
      router.latestLocation = { href: to };
    },
    resolve() {
      router.state.status = 'idle';
      router.state.resolvedLocation = { href: router.latestLocation.href };
      for (const fn of listeners) fn();
    },
    listeners,
  };
  return router;
}

describe('routeSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes at once when nothing is under way', () => {
    const router = fakeRouter('/');
    const go = vi.fn();
    routeSettled(router as never)(go);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('waits for the navigation under way (sign-in → Syif saya) to resolve, then goes once and stops listening', async () => {
    const router = fakeRouter('/signin');
    router.navigate('/syifsaya');
    const go = vi.fn();
    routeSettled(router as never)(go);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(go).not.toHaveBeenCalled();
    router.resolve();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledTimes(1);
    expect(router.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(ROUTE_SETTLE_MAX_MS);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('a navigation that never resolves (a chunk on a slow line) holds the parts back at most ROUTE_SETTLE_MAX_MS', async () => {
    const router = fakeRouter('/');
    router.navigate('/syifsaya');
    const go = vi.fn();
    routeSettled(router as never)(go);
    await vi.advanceTimersByTimeAsync(ROUTE_SETTLE_MAX_MS - 1);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledTimes(1);
    expect(router.listeners.size).toBe(0);
  });

  it('cancelled (sign-out) before the navigation resolves: never goes', async () => {
    const router = fakeRouter('/');
    router.navigate('/syifsaya');
    const go = vi.fn();
    const cancel = routeSettled(router as never)(go);
    cancel();
    router.resolve();
    await vi.advanceTimersByTimeAsync(ROUTE_SETTLE_MAX_MS * 2);
    expect(go).not.toHaveBeenCalled();
  });
});
