import { useEffect } from 'react';
import { useLocation } from '@metrology/shared/router';
import { getRuntimeConfig } from '@metrology/shared';
import { liveVersion } from '../remotes/remote-loader';
import { noteRoute, startVitals } from './start-vitals';

/**
 * In the browser: starts measuring the page's speed when it is in the sample, and notes every route it shows
 * (a figure belongs to the route, and the remote version, it was measured on).
 */
export function SpeedSample() {
  const { pathname } = useLocation();
  useEffect(() => startVitals(getRuntimeConfig().apiBaseUrl, liveVersion), []);
  useEffect(() => noteRoute(pathname), [pathname]);
  return null;
}
