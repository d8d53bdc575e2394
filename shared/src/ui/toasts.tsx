import { useEffect, useSyncExternalStore } from 'react';
import type * as NotistackModule from 'notistack';
import type { SnackbarKey } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_SNACK } from '../rules/constants.js';

/**
 * The toast library, loaded the first time something is toasted: most visits never show a toast, so notistack
 * is no part of the first load. Toasts asked for before it has arrived are shown as soon as it has.
 */
type Notistack = typeof NotistackModule;

let library: Notistack | null = null;
let loading: Promise<Notistack> | null = null;
let hosts = 0;
const waiting: ((notistack: Notistack) => void)[] = [];
const listeners = new Set<() => void>();

function flush(): void {
  if (!library || hosts === 0) return;
  for (const show of waiting.splice(0)) show(library);
}

function load(): void {
  loading ??= import('notistack').then(
    (notistack) => {
      library = notistack;
      for (const listener of listeners) listener();
      flush();
      return notistack;
    },
    (error: unknown) => {
      // The next toast tries again; the page itself is unaffected.
      loading = null;
      console.error('The toast library could not be loaded', error);
      throw error;
    },
  );
}

/** Runs a toast action once the library and its host are there (at once when they are). */
export function withToasts(action: (notistack: Notistack) => void): void {
  waiting.push(action);
  if (library) flush();
  else load();
}

/** Closes a toast (a toast's own action link). */
export function closeToast(key: SnackbarKey): void {
  withToasts((notistack) => notistack.closeSnackbar(key));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where toasts appear (SPEC section 9: 5 s, pause on hover, one at a time, top-right): nothing until the first
 * toast brings the library, then its provider.
 */
export function ToastHost() {
  const notistack = useSyncExternalStore(
    subscribe,
    () => library,
    () => null,
  );
  // The shopper's first click or key press brings the library, so a toast that follows it (a slow answer giving
  // up, a failed login) shows at once; a page nobody touches never loads it.
  useEffect(() => {
    if (library) return undefined;
    const early = () => load();
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', early, options);
    window.addEventListener('keydown', early, options);
    return () => {
      window.removeEventListener('pointerdown', early, options);
      window.removeEventListener('keydown', early, options);
    };
  }, []);
  useEffect(() => {
    if (!notistack) return undefined;
    hosts += 1;
    flush();
    return () => {
      hosts -= 1;
    };
  }, [notistack]);
  if (!notistack) return null;
  const { SnackbarProvider } = notistack;
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_SNACK}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      preventDuplicate
    />
  );
}
