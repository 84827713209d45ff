import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSession } from '@/lib/session';
import { App } from '@/app/app';
import '@/app/global.css';

// The stored session is read before the first render, so route guards decide synchronously. With the localStorage
// mirror it is there at once; without one (first start after an update) IndexedDB is read first (src/lib/session.ts).
// Not a top-level await: Dexie's chunk imports from this one, and would wait for it to finish evaluating.
void loadSession()
  .catch(() => null)
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
