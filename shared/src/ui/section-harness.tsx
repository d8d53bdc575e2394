import { StrictMode, useEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/runtime-config.js';
import { createShopStore } from '../store/create-store.js';
import { restoreSession } from '../store/cart-thunks.js';
import { detectCountry } from '../store/geo-slice.js';
import { useAppDispatch } from '../store/hooks.js';
import { ShopProviders } from './shop-providers.js';

export interface HarnessPage {
  path: string;
  label: string;
  Page: ComponentType;
}

function Session() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSession());
    void dispatch(detectCountry());
  }, [dispatch]);
  return null;
}

/**
 * Runs one section alone (its dev server) with the providers the shell gives it: store, router, toasts.
 * A team needs neither the shell nor the other remotes.
 */
export async function mountSectionHarness(section: string, pages: HarnessPage[]): Promise<void> {
  await loadRuntimeConfig();
  const store = createShopStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The harness page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <ShopProviders store={store}>
        <BrowserRouter>
          <Session />
          <nav className="ms-harness-nav" aria-label={`${section} pages`}>
            <strong>{section} (standalone)</strong>
            {pages.map((page) => (
              <Link key={page.path} to={page.path.replace(':slug', 'sample')}>
                {page.label}
              </Link>
            ))}
          </nav>
          <main data-boundary={section}>
            <Routes>
              {pages.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </ShopProviders>
    </StrictMode>,
  );
}
