/**
 * Layout shifts as Lighthouse counts them (CLS, goal ≤ 0.05): recorded in every page of a context from its first
 * paint, those right after an input left out.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Starts recording the layout shifts of every page the context opens (before the page's own scripts). */
export async function recordLayoutShifts(ctx: BrowserContext) {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __shifts: { at: number; value: number }[] };
    w.__shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shifts.push({ at: e.startTime, value: e.value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the page's layout shifts since its performance mark `mark` (since the page loaded without one). */
export function layoutShiftSince(page: Page, mark?: string): Promise<number> {
  return page.evaluate((m) => {
    const from = m ? (performance.getEntriesByName(m)[0]?.startTime ?? 0) : 0;
    const w = window as unknown as { __shifts: { at: number; value: number }[] };
    return w.__shifts.filter((s) => s.at >= from).reduce((sum, s) => sum + s.value, 0);
  }, mark);
}
