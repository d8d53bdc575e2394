import { Suspense, lazy, useEffect, useState } from 'react';
import { afterPageLoad } from './use-deferred-load';

const SupportChat = lazy(() => import('../chat/support-chat').then((m) => ({ default: m.SupportChat })));

/**
 * The support chat, which no first view needs: it comes once the page has loaded and the browser is idle. It is
 * not in the server's HTML, so it delays neither the page nor its hydration.
 */
export function DeferredOverlays() {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterPageLoad(() => setIdle(true)), []);
  return idle ? (
    <Suspense fallback={null}>
      <SupportChat />
    </Suspense>
  ) : null;
}
