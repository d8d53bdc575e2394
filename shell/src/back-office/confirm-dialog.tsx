import { useRef } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '@metrology/shared';

/** "Are you sure?" for back-office actions: focus starts on Cancel, Escape or the backdrop cancel too. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog onClose={onCancel} busy={busy} initialFocus={cancel} className="shell-confirm">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{text}</DialogDescription>
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
