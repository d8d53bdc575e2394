import { createElement } from 'react';
import type { SnackbarKey } from 'notistack';
import { ToastLinkAction, type ToastLink } from '../ui/toast-action.js';
import { withToasts } from '../ui/toasts.js';

export interface NotifyOptions {
  autoHideDuration?: number;
  /** A link shown in the toast, e.g. { label: 'View cart', to: '/cart' }. */
  link?: ToastLink;
}

function toast(variant: 'success' | 'error' | 'info', message: string, options: NotifyOptions = {}) {
  const { link, ...rest } = options;
  withToasts(({ enqueueSnackbar }) => {
    enqueueSnackbar(message, {
      variant,
      ...rest,
      ...(link
        ? { action: (key: SnackbarKey) => createElement(ToastLinkAction, { toastKey: key, link }) }
        : {}),
    });
  });
}

/** The one toast mechanism: notistack (loaded with the first toast), configured by ToastHost (SPEC section 9). */
export const notify = {
  success: (message: string, options?: NotifyOptions) => toast('success', message, options),
  error: (message: string, options?: NotifyOptions) => toast('error', message, options),
  info: (message: string, options?: NotifyOptions) => toast('info', message, options),
};
