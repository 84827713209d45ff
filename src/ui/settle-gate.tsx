import { createContext, startTransition, useCallback, useContext, useEffect, useId, useState } from 'react';

/*
 * Panels that appear above a screen's main content (the dashboard's "Laporan peronda" and "Perlu serahan") have no
 * height until their data has come. Shown as each arrived, they pushed the tabs and the list down under the user's
 * finger (Lighthouse measured a layout shift of 0.436 on the dashboard). The screen keeps what is below them hidden,
 * with one skeleton in its place, until every such panel has settled (its data, nothing to show, or an error) or a
 * cap has passed; then all of it shows at once. The panels and the list mount at once and fetch side by side.
 */
const SettleContext = createContext<((id: string) => void) | null>(null);

export const SettleProvider = SettleContext.Provider;

/** A panel above the content reports, once, that its height is final (outside a gate: nothing). */
export function useReportSettled(settled: boolean): void {
  const report = useContext(SettleContext);
  const id = useId();
  useEffect(() => {
    if (settled) report?.(id);
  }, [report, id, settled]);
}

/**
 * Open once `panels` panels have settled, or `capMs` after mounting (a request that hangs; each has its own timeout,
 * and offline a panel settles at once from its copy or its error); it stays open. The cap is generous: on a slow
 * tablet the panels' chunks and answers took 6 s and more, and opening before them brought the jump back.
 */
export function useSettleGate(panels: number, capMs = 10_000): { open: boolean; report: (id: string) => void } {
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const [forced, setForced] = useState(false);
  const allIn = settled.size >= panels;
  const [open, setOpen] = useState(allIn);
  if (!open && (allIn || forced)) setOpen(true);
  useEffect(() => {
    if (open) return;
    const timer = window.setTimeout(() => startTransition(() => setForced(true)), capMs);
    return () => window.clearTimeout(timer);
  }, [open, capMs]);
  // in the background: opening shows the whole content at once, rendered in slices
  const report = useCallback((id: string) => startTransition(() => setSettled((s) => (s.has(id) ? s : new Set(s).add(id)))), []);
  return { open, report };
}
