import type { MouseEvent } from 'react';
import type { SnackbarKey } from 'notistack';
import { navigateTo } from './navigation-bridge.js';
import { closeToast } from './toasts.js';

export interface ToastLink {
  label: string;
  to: string;
}

/** A link inside a toast (e.g. "View cart"): an in-site navigation that also closes the toast. */
export function ToastLinkAction({ toastKey, link }: { toastKey: SnackbarKey; link: ToastLink }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    closeToast(toastKey);
    navigateTo(link.to);
  };
  return (
    <a href={link.to} className="ms-toast__action" onClick={follow}>
      {link.label}
    </a>
  );
}
