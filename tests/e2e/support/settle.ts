/**
 * Waiting for a screen to settle before it is measured (axe's colours, clipped text): the app polls, so Playwright's
 * 'networkidle' may never come, and a transition the data's arrival starts (a button fading from disabled to enabled)
 * changes the colours axe reads. `trackRequests(page)` once per page, then `settle(page, where)` per screen: no
 * request for 300 ms, no loading state, no running transition.
 */
import type { Page } from 'playwright-core';

const inFlight = new WeakMap<Page, { n: number; last: number }>();

/** Counts the page's requests in flight (call once, right after the page is made). */
export function trackRequests(page: Page) {
  const s = { n: 0, last: Date.now() };
  inFlight.set(page, s);
  page.on('request', () => {
    s.n++;
    s.last = Date.now();
  });
  const done = () => {
    s.n = Math.max(0, s.n - 1);
    s.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

const BUSY = '[aria-busy=true], .chakra-skeleton, .chakra-spinner, [data-scope=skeleton], [data-testid=dashboard-loading], [data-testid=cl-loading]';

/** The screen has settled: no request for 300 ms (with trackRequests), no loading state, no running transition. */
export async function settle(page: Page, where = page.url()) {
  const s = inFlight.get(page);
  const deadline = Date.now() + 15_000;
  while (s && (s.n > 0 || Date.now() - s.last < 300) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await page
    .waitForFunction((busy) => !document.querySelector(busy), BUSY, { timeout: 30_000 })
    .catch(async () => {
      const busy = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => e.outerHTML.slice(0, 200)), BUSY);
      throw new Error(`${where} did not settle: ${busy.join(' | ')}`);
    });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}
