import { useRef, type ReactNode } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '@metrology/shared';

/** "Are you sure?" for back-office actions: focus starts on Cancel, Escape or the backdrop cancel too. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to decide before confirming (a note for the shopper). */
  children?: ReactNode;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog onClose={onCancel} busy={busy} initialFocus={cancel} className="shell-confirm">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{text}</DialogDescription>
      {children}
      <div className="shell-confirm__actions">
        <button ref={cancel} type="button" className="ms-button ms-button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="ms-button" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
