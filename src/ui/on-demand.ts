/*
 * Code that only an interaction needs (menus, popovers, drawers, tooltips) loads on first use, so its state
 * machines stay out of the first page. The eager side renders a light stand-in of the same look (the trigger), asks
 * for the module when the user reaches for it (hover, focus, tap) and swaps in the real component once it is there.
 * Every chunk is precached by the service worker, so this works offline too.
 */
import { useCallback, useEffect, useState } from 'react';

export interface OnDemand<M> {
  /** starts (or joins) the import; a failed import can be retried */
  load(): Promise<M>;
  /** the module once loaded, else null */
  get(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let mod: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    load() {
      pending ??= importer().then(
        (m) => (mod = m),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    get: () => mod,
  };
}

/** Starts loading without waiting (hover / focus intent): the later request then resolves at once. */
export function prefetch(od: OnDemand<unknown>) {
  od.load().catch((err: unknown) => console.warn('[on-demand] could not load a component', err));
}

/**
 * [module, request, asked]: the module once this component asked for it (or when it was already loaded at mount),
 * the function that asks, and whether this component asked (a click to open, as opposed to a remount after another
 * part of the app loaded the module). The component re-renders when the module arrives.
 */
export function useOnDemand<M>(od: OnDemand<M>): [M | null, () => void, boolean] {
  const [mod, setMod] = useState<M | null>(od.get);
  const [asked, setAsked] = useState(false);
  const request = useCallback(() => {
    setAsked(true);
    if (od.get()) {
      setMod(() => od.get());
      return;
    }
    od.load().then(
      (m) => setMod(() => m),
      (err: unknown) => console.warn('[on-demand] could not load a component', err),
    );
  }, [od]);
  return [mod, request, asked];
}

/**
 * false on the first render, true after: a component loaded on demand mounts closed and opens right after, so the
 * first opening runs the same transition (focus, positioning, animation) as every later one.
 */
export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
