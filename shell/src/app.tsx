import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SessionStart, ShopProviders, type RootState, type ShopStore } from '@metrology/shared';
import { BackOfficeRoutes } from './back-office/back-office-routes';
import { LoginDialog } from './auth/login-dialog';
import { DeferredOverlays } from './layout/deferred-overlays';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { KeepClear } from './layout/keep-clear';
import { RouteFocus } from './layout/route-focus';
import { ScrollToTop } from './layout/scroll-to-top';
import { NotFoundPage } from './pages/not-found-page';
import { ReleasesRoute } from './release-manager/releases-route';
import { RemotePage } from './remotes/remote-page';
import { ROUTES } from './routes/route-table';

/** The site in the browser. */
export function App({ store, serverState }: { store: ShopStore; serverState?: RootState }) {
  return (
    <ShopProviders store={store} {...(serverState ? { serverState } : {})}>
      <BrowserRouter>
        <HydrationMark />
        <SiteLayout />
      </BrowserRouter>
    </ShopProviders>
  );
}

/** `<html data-hydrated>` once the page is live in the browser (server-rendered HTML is visible before). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** The shell's regions and routes, inside whichever router the browser or the server render gives it. */
export function SiteLayout() {
  return (
    <>
      <SessionStart />
      <ScrollToTop />
      <RouteFocus />
      <KeepClear />
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="shell-main">
        <Routes>
          {ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={<RemotePage remote={route.remote} module={route.module} />}
            />
          ))}
          <Route path="/releases" element={<ReleasesRoute />} />
          <Route path="/back-office/*" element={<BackOfficeRoutes />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <Footer />
      {/* Overlays owned by the shell, on every page: the chat loaded once the page is live. */}
      <DeferredOverlays />
      <LoginDialog />
    </>
  );
}
