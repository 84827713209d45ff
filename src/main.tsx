import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSession } from '@/lib/session';
import { App } from '@/app/app';
import '@/app/global.css';

// The stored session is read before the first route resolves, so guards decide synchronously. With the localStorage
// mirror this settles at once; IndexedDB (Dexie) is only opened without one (src/lib/session.ts).
await loadSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
