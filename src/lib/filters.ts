/**
 * Screen filters remembered for the tab (dashboard section filter, roster list choices). Cleared with the session
 * (§4.1: a failed token check clears the dashboard filters).
 */
const PREFIX = 'lebuhraya.filter.';

export function readFilter<T>(name: string, fallback: T): T {
  try {
    const raw = globalThis.sessionStorage?.getItem(PREFIX + name);
    return raw ? ({ ...fallback, ...JSON.parse(raw) } as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeFilter<T>(name: string, value: T) {
  try {
    globalThis.sessionStorage?.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the filter is simply not remembered */
  }
}

export function clearFilters() {
  try {
    const s = globalThis.sessionStorage;
    if (!s) return;
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    keys.forEach((k) => {
      s.removeItem(k);
    });
  } catch {
    /* nothing to clear */
  }
}
