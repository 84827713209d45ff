/**
 * What the top bar's sync panel (src/features/sync) takes from other features, composed here because features never
 * import each other: auth's sign-out (before 'Log masuk semula') and the incident screens' reopening of a refused
 * item as a draft ('Betulkan dalam borang'). Each loads with its own chunk when first used, never with the shell.
 */
import type { SyncPanelActions } from '@/features/sync/sync-indicator';

export const syncPanelActions: SyncPanelActions = {
  signOut: () => import('@/features/auth/sign-out').then((m) => m.signOut()),
  reopenItemAsDraft: (item) => import('@/features/incidents/new-case/new-case-drafts').then((m) => m.reopenItemAsDraft(item)),
};
