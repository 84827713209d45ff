/**
 * startWhenIdle (src/lib/idle.ts): a part whose code could not be fetched (offline before the service worker cached
 * its chunk) is tried again when the browser comes back online and on a timer, started once, and stopped on cancel.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWhenIdle } from '@/lib/idle';

describe('startWhenIdle', () => {
  let win: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('starts once when idle, and stops the part on cancel', async () => {
    const stop = vi.fn();
    const start = vi.fn(async () => stop);
    const cancel = startWhenIdle(start, { label: 't' });
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(start).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(start).toHaveBeenCalledTimes(1);
    cancel();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again as soon as the browser is back online', async () => {
    const stop = vi.fn();
    const start = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(stop);
    const cancel = startWhenIdle(start, { label: 't' });
    await vi.advanceTimersByTimeAsync(10);
    expect(start).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith('[t] could not start; trying again when online', expect.any(TypeError));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(start).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('online'));
    await flush();
    expect(start).toHaveBeenCalledTimes(2);
    // started: neither a later 'online' nor the timer starts it again
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(start).toHaveBeenCalledTimes(2);
    cancel();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('without an online event (a connection that only faltered) it tries again on its timer', async () => {
    const start = vi
      .fn()
      .mockRejectedValueOnce(new Error('x'))
      .mockRejectedValueOnce(new Error('y'))
      .mockResolvedValue(() => {});
    startWhenIdle(start, { label: 't', retryMs: 5_000 });
    await vi.advanceTimersByTimeAsync(10);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('cancelled while failing: no more tries; a start that finishes after the cancel is stopped at once', async () => {
    const start = vi.fn().mockRejectedValue(new Error('offline'));
    const cancel = startWhenIdle(start, { label: 't', retryMs: 5_000 });
    await vi.advanceTimersByTimeAsync(10);
    cancel();
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(start).toHaveBeenCalledTimes(1);

    let resolve!: (s: () => void) => void;
    const stop = vi.fn();
    const slow = vi.fn(() => new Promise<() => void>((r) => (resolve = r)));
    const cancel2 = startWhenIdle(slow, { label: 't' });
    await vi.advanceTimersByTimeAsync(10);
    cancel2();
    resolve(stop);
    await flush();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('with a gate, starts only once the gate lets it through (the shell: no navigation under way), then when idle again', async () => {
    const start = vi.fn(async () => undefined);
    let go: (() => void) | null = null;
    const gateCancel = vi.fn();
    const cancel = startWhenIdle(start, {
      label: 't',
      gate: (g) => {
        go = g;
        return gateCancel;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    // idle, but the landing screen's chunk is still on its way
    expect(go).not.toBeNull();
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(start).not.toHaveBeenCalled();
    go!();
    // not in the gate's own turn: at the next idle moment
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(start).toHaveBeenCalledTimes(1);
    cancel();
    expect(gateCancel).toHaveBeenCalledTimes(1);
  });

  it('a gate that is open starts the part in the idle moment itself; a cancel before the gate opens starts nothing', async () => {
    const start = vi.fn(async () => undefined);
    startWhenIdle(start, {
      label: 't',
      gate: (g) => {
        g();
        return () => {};
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(start).toHaveBeenCalledTimes(1);

    const later = vi.fn(async () => undefined);
    let go: (() => void) | null = null;
    const gateCancel = vi.fn(() => {
      go = null;
    });
    const cancel = startWhenIdle(later, {
      label: 't',
      gate: (g) => {
        go = g;
        return gateCancel;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    cancel();
    expect(gateCancel).toHaveBeenCalledTimes(1);
    expect(go).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(later).not.toHaveBeenCalled();
  });
});
