import { withToasts } from './toasts.js';

export type ToastVariant = 'success' | 'error' | 'info';

/** A toast's body when it has a title above its text (SPEC: "a toast titled Error", "Enquiry Submitted"). */
export function TitledToastMessage({ title, text }: { title: string; text: string }) {
  return (
    <span className="ms-toast">
      <strong className="ms-toast__title">{title}</strong>
      <span className="ms-toast__text">{text}</span>
    </span>
  );
}

/** The same toast mechanism as `notify`, for a toast with a title and a text. */
export function notifyTitled(
  variant: ToastVariant,
  title: string,
  text: string,
  options?: { autoHideDuration?: number },
) {
  withToasts(({ enqueueSnackbar }) => {
    enqueueSnackbar(<TitledToastMessage title={title} text={text} />, { variant, ...options });
  });
}
