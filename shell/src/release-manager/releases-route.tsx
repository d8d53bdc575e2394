import { Suspense, lazy } from 'react';
import { Spinner } from '@metrology/shared';

// Release managers only: kept out of the shop's own bundle.
const ReleasesPage = lazy(() => import('./releases-page'));

export function ReleasesRoute() {
  return (
    <Suspense fallback={<Spinner label="Loading the releases page" />}>
      <ReleasesPage />
    </Suspense>
  );
}
