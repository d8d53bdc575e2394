import { lazy } from 'react';
import { HydrationBoundary, Spinner } from '@metrology/shared';

// Release managers only: kept out of the shop's own bundle.
const ReleasesPage = lazy(() => import('./releases-page'));

export function ReleasesRoute() {
  return (
    <HydrationBoundary fallback={<Spinner label="Loading the releases page" />}>
      <ReleasesPage />
    </HydrationBoundary>
  );
}
