/**
 * The landing screens' frame mark: the moment a landing screen (the dashboard, a patrol's Syif saya) has committed
 * its frame (title, skeletons) to the page. bench/support/first-load.mjs counts the JavaScript requested before it
 * as the first load; what the screen's effects ask for once it is on the page (its lists' chunks, Dexie) comes after.
 */
import { useLayoutEffect } from 'react';

export const FRAME_MARK = 'dashboard-frame';

let marked = false;
let framed: () => void = () => {};
const frame = new Promise<void>((resolve) => {
  framed = resolve;
});

/** Marks the page's first landing frame at its commit (a layout effect: before any effect of the screen runs). */
export function useFrameMark(): void {
  useLayoutEffect(() => {
    if (marked) return;
    marked = true;
    performance.mark?.(FRAME_MARK);
    framed();
  }, []);
}

/**
 * Resolves once the page's first landing frame is on the page, or after `timeoutMs` (a sign-in that leads elsewhere,
 * a screen without the mark); at once where nothing renders (Node: the unit tests). For work that must not come
 * between a sign-in and the screen it leads to (the session's copy in IndexedDB loads Dexie, src/lib/session.ts).
 */
export function afterLandingFrame(timeoutMs = 3000): Promise<void> {
  if (marked || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void frame.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
