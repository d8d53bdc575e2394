import { Suspense, lazy, useState, type LazyExoticComponent, type ComponentType } from 'react';
import { Spinner } from '@metrology/shared';
import { sectionLabel, type RemoteName } from '../routes/route-table';
import { loadSectionPage } from './remote-loader';
import { SectionBoundary } from './section-boundary';

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per page and attempt, kept across renders so React never remounts it by accident. */
function sectionPage(
  remote: RemoteName,
  module: string,
  attempt: number,
): LazyExoticComponent<ComponentType> {
  const key = `${remote}|${module}|${attempt}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadSectionPage(remote, module, attempt > 0));
    pages.set(key, page);
  }
  return page;
}

/** A page owned by a remote: loaded at run time, with a loading state and its own error boundary. */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = sectionPage(remote, module, attempt);
  const section = sectionLabel(remote);
  return (
    <div className={`shell-section shell-section--${section}`} data-boundary={section}>
      <SectionBoundary key={attempt} section={section} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<Spinner label={`Loading the ${section} section`} />}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached per page and attempt at module level */}
          <Page />
        </Suspense>
      </SectionBoundary>
    </div>
  );
}
