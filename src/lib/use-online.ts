import { useSyncExternalStore } from 'react';
import { browserOnline } from './online';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** navigator.onLine as a hook (true on the server / in tests without a window). */
export function useOnline() {
  return useSyncExternalStore(subscribe, browserOnline, () => true);
}
