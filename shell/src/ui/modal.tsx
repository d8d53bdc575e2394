import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

interface ModalProps {
  onClose: () => void;
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** Where the focus goes when the dialog opens; else its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Class of the dialog box; the backdrop is `<class>-backdrop`. */
  className: string;
  children: ReactNode;
}

/**
 * A modal dialog: rendered over the page, it keeps the focus inside (Tab wraps around), closes on Escape and
 * on a backdrop click, and gives the focus back to whatever had it before it opened. Mount it to open it.
 */
export function Modal({ onClose, labelledBy, describedBy, initialFocus, className, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = dialog.current;
    if (box) (initialFocus?.current ?? focusables(box)[0] ?? box).focus();
    // Focus that escapes (a click on the page behind, a script) is brought back into the dialog.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (box && target && !box.contains(target) && !isToast(target)) (focusables(box)[0] ?? box).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = focusables(dialog.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={`${className}-backdrop`}
      data-testid="modal-backdrop"
      // A press on the backdrop itself (not on the dialog) closes it; Escape and the close button are the
      // keyboard ways, so the backdrop needs no key handler of its own.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current();
      }}
      role="presentation"
    >
      {/* The dialog handles Escape and Tab for everything inside it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialog}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Toasts live outside the dialog; focusing one (to read it) must not be undone. */
function isToast(node: Node): boolean {
  return node instanceof Element && node.closest('.notistack-SnackbarContainer') !== null;
}
