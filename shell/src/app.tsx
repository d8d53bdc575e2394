import { Suspense, lazy, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes } from '@metrology/shared/router';
import {
  HydrateWhenVisible,
  HydrationBoundary,
  SessionStart,
  ShopProviders,
  Spinner,
  selectLoginDialogOpen,
  useAppSelector,
  type RootState,
  type ShopStore,
} from '@metrology/shared';
import { ResetPasswordRoute, VerifyEmailRoute } from './account/account-routes';
import { DeferredOverlays } from './layout/deferred-overlays';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { KeepClear } from './layout/keep-clear';
import { RouteFocus } from './layout/route-focus';
import { ScrollToTop } from './layout/scroll-to-top';
import { NotFoundPage } from './pages/not-found-page';
import { PreviewBanner, type ReleasePreview } from './release-manager/preview-banner';
import { ReleasesRoute } from './release-manager/releases-route';
import { RemotePage } from './remotes/remote-page';
import { ROUTES } from './routes/route-table';
import { SpeedSample } from './vitals/speed-sample';

export type { ReleasePreview };

/** The site in the browser. */
export function App({
  store,
  serverState,
  preview = null,
}: {
  store: ShopStore;
  serverState?: RootState;
  preview?: ReleasePreview | null;
}) {
  return (
    <ShopProviders store={store} {...(serverState ? { serverState } : {})}>
      <BrowserRouter>
        <HydrationMark />
        <SpeedSample />
        <SiteLayout preview={preview} />
      </BrowserRouter>
    </ShopProviders>
  );
}

const LoginDialog = lazy(() => import('./auth/login-dialog').then((m) => ({ default: m.LoginDialog })));
// Staff only: the back office's routes, boundary and styles come when one of its pages is opened.
const BackOfficeRoutes = lazy(() =>
  import('./back-office/back-office-routes').then((m) => ({ default: m.BackOfficeRoutes })),
);

/**
 * The login dialog's code comes the first time it is opened (no first view needs it), and stays for the visit.
 */
function LoginDialogOnDemand() {
  const open = useAppSelector(selectLoginDialogOpen);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  ) : null;
}

/** `<html data-hydrated>` once the page is live in the browser (server-rendered HTML is visible before). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** The shell's regions and routes, inside whichever router the browser or the server render gives it. */
export function SiteLayout({ preview = null }: { preview?: ReleasePreview | null }) {
  return (
    <>
      {preview ? <PreviewBanner preview={preview} /> : null}
      <SessionStart />
      <ScrollToTop />
      <RouteFocus />
      <KeepClear />
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      {/*
       * Regions that hydrate on their own: React hydrates each boundary of a server-rendered page as a separate,
       * interruptible unit after the page's root, so no one long task hydrates the whole page. Their fallback never
       * shows: the server always renders the region in place.
       */}
      <HydrationBoundary>
        <Header />
      </HydrationBoundary>
      <main id="main" className="shell-main">
        <HydrationBoundary>
          <Routes>
            {ROUTES.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<RemotePage remote={route.remote} module={route.module} />}
              />
            ))}
            <Route path="/releases" element={<ReleasesRoute />} />
            <Route path="/reset-password" element={<ResetPasswordRoute />} />
            <Route path="/verify-email" element={<VerifyEmailRoute />} />
            <Route
              path="/back-office/*"
              element={
                <HydrationBoundary fallback={<Spinner label="Loading the back office" />}>
                  <BackOfficeRoutes />
                </HydrationBoundary>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </HydrationBoundary>
      </main>
      {/* Below the fold: hydrated when it comes near the viewport, is used, or the browser has long been idle. */}
      <HydrateWhenVisible name="footer">
        <Footer />
      </HydrateWhenVisible>
      {/* Overlays owned by the shell, on every page: the chat loaded once the page is live. */}
      <DeferredOverlays />
      <LoginDialogOnDemand />
    </>
  );
}
