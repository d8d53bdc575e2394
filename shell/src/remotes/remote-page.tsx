import { lazy, useContext, useState, type LazyExoticComponent, type ComponentType } from 'react';
import { HydrationBoundary, Spinner } from '@metrology/shared';
import { sectionLabel, type RemoteName } from '../routes/route-table';
import { liveVersion, loadSectionPage, recoverSection, restartSection } from './remote-loader';
import { SectionBoundary } from './section-boundary';
import { ClientRenderedSection, ServerSectionsContext, type ServerSections } from './server-sections';

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per page, version and attempt, kept across renders so React never remounts it by accident;
 * after a fallback the page of the other version is a different component.
 */
function sectionPage(
  remote: RemoteName,
  module: string,
  attempt: number,
): LazyExoticComponent<ComponentType> {
  const key = `${remote}|${liveVersion(remote) ?? 'none'}|${module}|${attempt}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadSectionPage(remote, module));
    pages.set(key, page);
  }
  return page;
}

interface SectionPageProps {
  remote: RemoteName;
  module: string;
}

/** A page owned by a remote: loaded at run time, with a loading state and its own error boundary. */
export function RemotePage({ remote, module }: SectionPageProps) {
  // Each page starts fresh: a section that failed on one page may well work on the next one.
  return <SectionPage key={`${remote}|${module}`} remote={remote} module={module} />;
}

/** On the server: the page it loaded, or a throw that leaves the section to the browser. */
function serverPage(server: ServerSections, remote: RemoteName, module: string): ComponentType {
  const page = server.page(remote, module);
  if (page) return page;
  return function RenderedInTheBrowser() {
    throw new ClientRenderedSection(remote);
  };
}

function SectionPage({ remote, module }: SectionPageProps) {
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerSectionsContext);
  const Page = server ? serverPage(server, remote, module) : sectionPage(remote, module, attempt);
  const section = sectionLabel(remote);
  const loading = `Loading the ${section} section`;
  return (
    <div className={`shell-section shell-section--${section}`} data-boundary={section}>
      <SectionBoundary
        key={attempt}
        section={section}
        loadingLabel={loading}
        recover={(error) => recoverSection(remote, error)}
        onRecovered={() => setAttempt((n) => n + 1)}
        onRetry={() => {
          restartSection(remote);
          setAttempt((n) => n + 1);
        }}
      >
        <HydrationBoundary fallback={<Spinner label={loading} />}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached per page, version and attempt at module level */}
          <Page />
        </HydrationBoundary>
      </SectionBoundary>
    </div>
  );
}
