/**
 * Which case the full-screen case dialog shows (issue #6: a notification opens its incident over the current
 * screen, §4.4). Features ask for it here; the app shell renders the dialog (features never import each other).
 */
import { useSyncExternalStore } from 'react';

let current: number | null = null;
const listeners = new Set<() => void>();
const emit = () =>
  listeners.forEach((l) => {
    l();
  });

export function openCaseDialog(incidentId: number) {
  current = incidentId;
  emit();
}

export function closeCaseDialog() {
  current = null;
  emit();
}

export const useCaseDialog = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );

/** What the route's map slot gets to draw the case's map dialog (§2.8, issue #7). */
export interface MapSlotProps {
  incidentId: number;
  ticketNumber: string;
  latitude: number | null;
  longitude: number | null;
  regionId: number;
  sectionId: number;
  sectionName: string;
  kilometer: string;
  directionId: number | null;
  onClose: () => void;
}
