import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

/** The open dialogs, topmost last. */
const openModals: object[] = [];

/** Tab and Shift+Tab wrap around inside the dialog; from outside it (the body) they enter it. */
function trapTab(box: HTMLElement, event: KeyboardEvent): void {
  const items = focusables(box);
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    box.focus();
    return;
  }
  if (!box.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
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
    if (!box) return;
    const me = {};
    openModals.push(me);
    (initialFocus?.current ?? focusables(box)[0] ?? box).focus();

    // On the document (capture), so that the keys work even when the focus fell onto the page's body, e.g.
    // from a button that became disabled; only the topmost dialog answers.
    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals.at(-1) !== me) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key === 'Tab') trapTab(box, event);
    };
    // Focus that escapes (a click on the page behind, a script) is brought back into the dialog.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (openModals.at(-1) === me && target && !box.contains(target) && !isToast(target)) {
        (focusables(box)[0] ?? box).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openModals.splice(openModals.indexOf(me), 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

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
      <div
        ref={dialog}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
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
