import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

/**
 * The open dialogs, topmost last. @metrology/shared is a federation singleton, so the shell's dialogs and every
 * section's share this one stack: only the topmost answers Tab and Escape.
 */
const openDialogs: { box: HTMLElement }[] = [];

/** How many dialogs are open (for tests and for code that must not act under a dialog). */
export function openDialogCount(): number {
  return openDialogs.length;
}

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

/** Toasts live outside the dialog; focusing one (to read it) must not be undone. */
function isToast(node: Node): boolean {
  return node instanceof Element && node.closest('.notistack-SnackbarContainer') !== null;
}

/** The ids a dialog gives its title and description, and how a description says it is there. */
interface DialogParts {
  titleId: string;
  descriptionId: string;
  setDescribed: (described: boolean) => void;
}

const DialogPartsContext = createContext<DialogParts | null>(null);

function useDialogParts(part: string): DialogParts {
  const parts = useContext(DialogPartsContext);
  if (!parts) throw new Error(`${part} belongs inside a Dialog`);
  return parts;
}

/** The dialog's name: its heading, which the dialog is labelled by. Every Dialog has one. */
export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  const { titleId } = useDialogParts('DialogTitle');
  return (
    <h2 id={titleId} className={className}>
      {children}
    </h2>
  );
}

/** What the dialog is for, read after its name when it opens (a subtitle, a photo's caption). */
export function DialogDescription({
  as: Tag = 'p',
  className,
  children,
}: {
  as?: 'p' | 'figcaption' | 'div';
  className?: string;
  children: ReactNode;
}) {
  const { descriptionId, setDescribed } = useDialogParts('DialogDescription');
  // Before the browser paints (and before a screen reader hears the dialog), so the dialog points at it.
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return (
    <Tag id={descriptionId} className={className}>
      {children}
    </Tag>
  );
}

export interface DialogProps {
  /** Escape, a press on the backdrop; ignored while `busy`. */
  onClose: () => void;
  /** Where the focus goes when the dialog opens; else its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Class of the dialog box. */
  className: string;
  /** Class of the backdrop; `<className>-backdrop` when not given. */
  backdropClassName?: string;
  /** While true, Escape and the backdrop do not close the dialog (e.g. a payment in flight). */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The one modal dialog of the shop: portalled onto document.body (no section layout can clip it), it keeps the
 * focus inside (Tab wraps around, stray focus is pulled back), closes on Escape and on a backdrop press, locks
 * the page's scroll, and gives the focus back to whatever had it before it opened. Mount it to open it. When the
 * shell opens a dialog over a section's dialog, only the top one answers the keyboard. It is named by the
 * DialogTitle inside it, and described by its DialogDescription when it has one.
 */
export function Dialog({
  onClose,
  initialFocus,
  className,
  backdropClassName,
  busy = false,
  children,
}: DialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [described, setDescribed] = useState(false);
  const [parts] = useState(() => ({ titleId, descriptionId, setDescribed }));
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    closeRef.current = onClose;
    busyRef.current = busy;
  });
  const requestClose = () => {
    if (!busyRef.current) closeRef.current();
  };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = dialog.current;
    if (!box) return;
    const me = { box };
    openDialogs.push(me);
    (initialFocus?.current ?? focusables(box)[0] ?? box).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    // On the document (capture), so that the keys work even when the focus fell onto the page's body, e.g.
    // from a button that became disabled; only the topmost dialog answers.
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== me) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (!busyRef.current) closeRef.current();
        return;
      }
      if (event.key === 'Tab') trapTab(box, event);
    };
    // Focus that escapes (a click on the page behind, a script) is brought back into the dialog.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (openDialogs.at(-1) === me && target && !box.contains(target) && !isToast(target)) {
        (focusables(box)[0] ?? box).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openDialogs.splice(openDialogs.indexOf(me), 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
      else {
        // The opener is gone (e.g. a "Log in" link that a login removed): the focus stays in the dialog below.
        const below = openDialogs.at(-1)?.box;
        if (below) (focusables(below)[0] ?? below).focus();
      }
    };
  }, [initialFocus]);

  return createPortal(
    <div
      className={backdropClassName ?? `${className}-backdrop`}
      data-testid="modal-backdrop"
      // A press on the backdrop itself (not on the dialog) closes it; Escape and the close button are the
      // keyboard ways, so the backdrop needs no key handler of its own.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
      role="presentation"
    >
      <div
        ref={dialog}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={described ? descriptionId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
      >
        <DialogPartsContext value={parts}>{children}</DialogPartsContext>
      </div>
    </div>,
    document.body,
  );
}
