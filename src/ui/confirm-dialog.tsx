import { lazy } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-impl';
import { LazyDialog, loadOnce } from './lazy-dialog';

export type { ConfirmDialogProps };

const load = loadOnce(() => import('./confirm-dialog-impl'));
const Impl = lazy(async () => ({ default: (await load()).ConfirmDialogImpl }));

/**
 * A yes/no question before an action that cannot simply be undone (§4.2 'Adakah anda pasti?'). The answer buttons
 * are touch sized; Esc and the backdrop answer no. Its code loads when first opened or when the browser is idle
 * (lazy-dialog.tsx).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <LazyDialog open={props.open} load={load}>
      <Impl {...props} />
    </LazyDialog>
  );
}
