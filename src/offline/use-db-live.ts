/**
 * A live query of the device's database (Dexie's liveQuery, as dexie-react-hooks' useLiveQuery) whose code loads with
 * the query: a screen that imports this shows its frame (its skeleton) while Dexie and the database's opening are on
 * their way, instead of waiting for them before its first render (bench/bundle-size.mjs: the patrol's Syif saya).
 * `undefined` until the first answer of the current `deps`; the answer again each time a write changes what it read.
 */
import { useEffect, useState } from 'react';
import type { LebuhrayaDb } from './db';

const runtime = () => import('./db-live');

interface Answer<T> {
  key: string;
  value?: T;
  error?: unknown;
}

export function useDbLive<T>(
  querier: (db: LebuhrayaDb) => Promise<T>,
  deps: readonly (string | number | boolean | null | undefined)[],
): T | undefined {
  // the deps are a few primitives (a user, a roster): their text says when the query is another one
  const key = JSON.stringify(deps);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows its deps (key), as useLiveQuery's does; a new querier function each render is the same query
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe: () => void } | null = null;
    runtime().then(
      (m) => {
        if (stopped) return;
        subscription = m
          .liveQuery(() => querier(m.getDb()))
          .subscribe({
            next: (value) => setAnswer({ key, value }),
            error: (error: unknown) => setAnswer({ key, error }),
          });
      },
      (error: unknown) => {
        if (!stopped) setAnswer({ key, error });
      },
    );
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [key]);
  if (!answer || answer.key !== key) return undefined;
  // as useLiveQuery: a failed read reaches the screen's error boundary
  if ('error' in answer) throw answer.error;
  return answer.value;
}
