/**
 * LEBUHRAYA_CLOCK=06:59:30 (server/lib/clock.ts) runs the tests at that local time. This global setup anchors it once
 * per run, before any worker starts, so the workers, the servers they start and the browser pages (support/browser.ts)
 * all read the same instant.
 */
import { anchorClockEnv } from '../../server/lib/clock';

export default function setup() {
  const clock = anchorClockEnv();
  if (clock) console.log(`[clock] LEBUHRAYA_CLOCK=${clock}`);
}
