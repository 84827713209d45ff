/*
 * A dialog whose code loads when it is first opened, or before that once the browser is idle after the screen has
 * painted: a panel with a confirmation (the dashboard's "Laporan peronda" and "Perlu serahan") no longer waits for a
 * dialog's code (Ark's dialog, focus trap, portal: a dozen chunks) before it can show. Once opened it stays mounted,
 * as it was before (its closing animation, its field's text until it closes). The service worker precaches every
 * chunk, so it opens offline too.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdleAfterPaint } from '@/lib/idle';

/** One import, shared by the idle prefetch and the first open; a failed one is tried again next time. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () => {
    started ??= load().catch((err: unknown) => {
      started = null;
      throw err;
    });
    return started;
  };
}

/** Renders `children` (the lazy dialog) from its first open on; asks for its code when the browser is idle. */
export function LazyDialog({ open, load, children }: { open: boolean; load: () => Promise<unknown>; children: ReactNode }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  useEffect(() => whenIdleAfterPaint(() => void load().catch(() => undefined)), [load]);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
