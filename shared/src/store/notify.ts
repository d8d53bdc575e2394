import { enqueueSnackbar } from 'notistack';

/** The one toast mechanism: notistack, configured by the shell's provider (SPEC section 9). */
export const notify = {
  success: (message: string, options?: { autoHideDuration?: number }) =>
    enqueueSnackbar(message, { variant: 'success', ...options }),
  error: (message: string, options?: { autoHideDuration?: number }) =>
    enqueueSnackbar(message, { variant: 'error', ...options }),
  info: (message: string, options?: { autoHideDuration?: number }) =>
    enqueueSnackbar(message, { variant: 'info', ...options }),
};
