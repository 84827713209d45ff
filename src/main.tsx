import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getSession, loadSession } from '@/lib/session';
import { loadLanguage } from '@/lib/i18n';
import { App, createAppParts } from '@/app/app';
import { getSystem } from '@/app/theme';
import { loadGpsEarly } from '@/app/shell/gps-slots';
// Chakra's global CSS (reset, global styles, the tokens' variables), made by the build (vite.config.ts)
import 'virtual:chakra-global.css';
import '@/app/global.css';
// the stylesheets of the plain-element rows (src/ui/plain.css) go with the page's own CSS: as a lazy screen's CSS
// file each came later and made the browser recompute the whole page's styles once more (a long task of its own)
import '@/ui/plain.css';
import '@/ui/incident-list.css';
import '@/features/dashboard/handover-panel.css';
import '@/features/dashboard/incident-dashboard.css';
import '@/features/field-report/field-report-panel.css';
import '@/features/field-report/my-field-reports.css';
import '@/features/my-shift/my-shift-screen.css';
import '@/features/positions/position-status.css';
import '@/features/sync/sync-indicator.css';

// The fault run's hook (src/app/outbox-hook.ts): loaded only when a browser test set localStorage
// 'lebuhraya.outboxHook' to '1'; off by default and not part of the first load.
try {
  if (localStorage.getItem('lebuhraya.outboxHook') === '1') void import('@/app/outbox-hook');
} catch {
  // no localStorage: no hook
}

// The stored session is read before the first render, so route guards decide synchronously. With the localStorage
// mirror it is there at once; without one (first start after an update) IndexedDB is read first (src/lib/session.ts).
// The texts of a language other than Malay, when chosen before, load alongside.
// Not a top-level await: Dexie's chunk imports from this one, and would wait for it to finish evaluating.
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task that blocks input (what Lighthouse's TBT counts). The boot screen of
// index.html stays until it commits.
// The first route is resolved before that render too (its guards, its search, its code): the router's mount then
// finds the location loaded and renders it within the transition. Resolved on mount instead, the router's store
// update re-rendered the whole route tree synchronously (an external store's update is never sliced), a long task.
// Each step is a task of its own (a long task is what Lighthouse's TBT counts and what keeps a tap waiting): the
// modules' evaluation, the Chakra system, the route's resolution with the first render's start.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void Promise.all([loadSession().catch(() => null), loadLanguage().catch(() => undefined)]).then(async () => {
  loadGpsEarly(getSession()?.user);
  await nextTask();
  getSystem();
  await nextTask();
  const parts = createAppParts();
  await parts.router.load().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App parts={parts} />
      </StrictMode>,
    );
  });
});
