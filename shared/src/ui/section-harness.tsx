import { StrictMode, lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@metrology/shared/router';
import { pageFile, pageLabel, routesOf, type RemoteName } from '@metrology/shared/release';
// The shop's shared code by the package's name, as the pages import it: the same federation singleton, not a copy.
import { createShopStore, loadRuntimeConfig, SessionStart, ShopProviders } from '@metrology/shared';

/** Loads one of the remote's pages by its file stem under src/pages ('place-order-page'). */
export type HarnessPageLoader = (file: string) => Promise<{ default: ComponentType }>;

/**
 * Runs one section alone (its dev server) with the providers the shell gives it: store, router, toasts, and a
 * link to each of the remote's pages in the release model's routes. A team needs neither the shell nor the
 * other remotes.
 */
export async function mountSectionHarness(remote: RemoteName, load: HarnessPageLoader): Promise<void> {
  const section = remote.replace(/^mfe-/, '');
  const pages = routesOf(remote).map(({ path, module }) => ({
    path,
    label: pageLabel(module),
    Page: lazy(() => load(pageFile(module))),
  }));
  await loadRuntimeConfig();
  const store = createShopStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The harness page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <ShopProviders store={store}>
        <BrowserRouter>
          <SessionStart />
          <nav className="ms-harness-nav" aria-label={`${section} pages`}>
            <strong>{section} (standalone)</strong>
            {pages.map((page) => (
              <Link key={page.path} to={page.path.replace(':slug', 'sample')}>
                {page.label}
              </Link>
            ))}
          </nav>
          <main data-boundary={section}>
            <Suspense fallback={null}>
              <Routes>
                {pages.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Routes>
            </Suspense>
          </main>
        </BrowserRouter>
      </ShopProviders>
    </StrictMode>,
  );
}
