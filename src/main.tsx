import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSession } from '@/lib/session';
import { loadLanguage } from '@/lib/i18n';
import { App } from '@/app/app';
import '@/app/global.css';

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
void Promise.all([loadSession().catch(() => null), loadLanguage().catch(() => undefined)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
