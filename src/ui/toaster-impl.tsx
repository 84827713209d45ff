// The real snackbar host (Chakra/zag toast machines); src/ui/toaster.tsx loads it on the first notification.
import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { TIMING } from '@contract/lookups';
import { t } from '@/lib/i18n';

/** Snackbars (§8, §9): 10 000 ms by default, with a 'Tutup' button; `persistent` ones never auto-close. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5, duration: TIMING.snackbarMs });

type Kind = 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  title?: string;
  /** no auto-close (the §8 timeout message) */
  persistent?: boolean;
  duration?: number;
  /** same id: replace instead of stacking */
  id?: string;
}

function show(type: Kind, message: string, opts: NotifyOptions = {}) {
  const closeLabel = t('app.close');
  const options = {
    ...(opts.id ? { id: opts.id } : {}),
    type,
    title: opts.title ?? message,
    description: opts.title ? message : undefined,
    duration: opts.persistent ? Infinity : (opts.duration ?? TIMING.snackbarMs),
    action: { label: closeLabel, onClick: () => {} },
    closable: false,
  };
  if (opts.id && toaster.isVisible(opts.id)) {
    toaster.update(opts.id, options);
    return opts.id;
  }
  return toaster.create(options);
}

export const notify = {
  success: (m: string, o?: NotifyOptions) => show('success', m, o),
  error: (m: string, o?: NotifyOptions) => show('error', m, o),
  warning: (m: string, o?: NotifyOptions) => show('warning', m, o),
  info: (m: string, o?: NotifyOptions) => show('info', m, o),
  dismiss: (id?: string) => toaster.dismiss(id),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'md' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && (
              <Toast.ActionTrigger minH="9" px="3" fontWeight="semibold">
                {toast.action.label}
              </Toast.ActionTrigger>
            )}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
