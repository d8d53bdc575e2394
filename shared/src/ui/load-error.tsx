import type { ReactNode } from 'react';

/** The one label of the retry button (SPEC section 8: "an inline message with Try Again"). */
export const TRY_AGAIN = 'Try Again';

export interface LoadErrorProps {
  /** What went wrong, as the user reads it (see serverMessage / errorMessage). */
  message: string;
  onRetry: () => void;
  /** The section's class for the block (its own colours and spacing). */
  className: string;
  /** A retry is under way: the button is disabled until it ends. */
  retrying?: boolean;
  /** 'ghost' for a secondary-looking button. */
  variant?: 'primary' | 'ghost';
  /**
   * Announce the block as an alert (the default). A section that already announces the failure (a toast
   * with role="alert") passes false, so a screen reader hears it once.
   */
  announce?: boolean;
  /** More buttons beside Try Again (e.g. Clear Cart); they share an actions row `${className}__actions`. */
  actions?: ReactNode;
}

/** A failed load: the message inline and a Try Again button that loads again. */
export function LoadError({
  message,
  onRetry,
  className,
  retrying = false,
  variant = 'primary',
  announce = true,
  actions,
}: LoadErrorProps) {
  const retry = (
    <button
      type="button"
      className={variant === 'ghost' ? 'ms-button ms-button--ghost' : 'ms-button'}
      onClick={onRetry}
      disabled={retrying}
    >
      {TRY_AGAIN}
    </button>
  );
  return (
    <div className={className} {...(announce ? { role: 'alert' } : {})}>
      <p>{message}</p>
      {actions ? (
        <div className={`${className}__actions`}>
          {retry}
          {actions}
        </div>
      ) : (
        retry
      )}
    </div>
  );
}
