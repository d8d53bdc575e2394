import { Suspense, lazy, useEffect, useState } from 'react';
import { selectLoginDialogOpen, useAppSelector } from '@metrology/shared';
import { afterPageLoad } from './use-deferred-load';

const SupportChat = lazy(() => import('../chat/support-chat').then((m) => ({ default: m.SupportChat })));
const LoginDialog = lazy(() => import('../auth/login-dialog').then((m) => ({ default: m.LoginDialog })));

/**
 * The shell's overlays, which no first view needs: the support chat comes once the page has loaded and the
 * browser is idle, the login dialog then or on first use, whichever is first. Neither is in the server's HTML,
 * so neither delays the page or its hydration.
 */
export function DeferredOverlays() {
  const [idle, setIdle] = useState(false);
  const loginOpen = useAppSelector(selectLoginDialogOpen);
  useEffect(() => afterPageLoad(() => setIdle(true)), []);
  return (
    <>
      {idle ? (
        <Suspense fallback={null}>
          <SupportChat />
        </Suspense>
      ) : null}
      {idle || loginOpen ? (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      ) : null}
    </>
  );
}
