// Real-user speed, the part in the first load: whether this page is in the speed sample (the site decides it per
// session and signs it into the page token), the routes the page showed and when, and the lazy load of the
// measuring code (./measure, with web-vitals) after the shopper's first input or once the browser is idle.
import { afterPageLoad } from '../layout/use-deferred-load';
import { pageToken } from '../remotes/load-failure-report';
import type { RemoteName } from '../routes/route-table';
import type { RouteSeen } from './route-seen';

const timeline: RouteSeen[] = [];
/** Once a page: the sample and the listeners are the page's, whatever renders the shell again. */
let begun = false;

/** Notes the path the page shows now (every in-site navigation). */
export function noteRoute(pathname: string): void {
  if (timeline[timeline.length - 1]?.pathname !== pathname)
    timeline.push({ at: performance.now(), pathname });
}

/** Whether the page token asks for speed figures: its payload (base64url JSON, signed by the site) says vitals. */
export function inSpeedSample(token: string | undefined): boolean {
  try {
    const body = token?.split('.')[0];
    if (!body) return false;
    const payload: unknown = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    return (payload as { vitals?: unknown } | null)?.vitals === true;
  } catch {
    return false;
  }
}

const INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * Starts measuring when the page is in the speed sample: the measuring code loads after the first input or when
 * the browser is idle after the load, whichever comes first, so it never competes with the page's own start.
 */
export function startVitals(apiBaseUrl: string, versionOf: (remote: RemoteName) => string | undefined): void {
  if (begun) return;
  begun = true;
  const token = pageToken();
  if (!token || !inSpeedSample(token)) return;
  noteRoute(location.pathname);
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const type of INPUTS) removeEventListener(type, load, true);
    import(/* webpackChunkName: "vitals" */ './measure').then(
      ({ measure }) => measure({ apiBaseUrl, pageToken: token, versionOf, timeline }),
      (error: unknown) => console.warn('[vitals] the measuring code could not be loaded', error),
    );
  };
  for (const type of INPUTS) addEventListener(type, load, { capture: true, passive: true });
  afterPageLoad(load);
}
