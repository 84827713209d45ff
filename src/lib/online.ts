/**
 * Whether the browser believes it has a network: navigator.onLine, read as "not known to be offline" (true where there
 * is no navigator: tests, the server). The one reading of it for the sync, the sign-out and the hook in ./use-online.
 */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
