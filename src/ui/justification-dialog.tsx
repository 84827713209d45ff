import { lazy } from 'react';
import type { JustificationDialogProps } from './justification-dialog-impl';
import { LazyDialog, loadOnce } from './lazy-dialog';

export type { JustificationDialogProps };

const load = loadOnce(() => import('./justification-dialog-impl'));
const Impl = lazy(async () => ({ default: (await load()).JustificationDialogImpl }));

/**
 * The justification dialog (§2.8, §5): max width 500, a required textarea of at most 150 characters with the rule
 * text '* Justification is required'; Yes stays disabled while it is empty. Also used for other short required
 * reasons (a patrol's Tolak) through the label props. Its code loads when first opened or when the browser is idle
 * (lazy-dialog.tsx).
 */
export function JustificationDialog(props: JustificationDialogProps) {
  return (
    <LazyDialog open={props.open} load={load}>
      <Impl {...props} />
    </LazyDialog>
  );
}
