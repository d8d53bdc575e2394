// Renders the shell's regions the way app.tsx composes them, with the test kit's render helper (real store, toasts,
// a router with history and the location probe).
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { createShopStore, SessionStart, type ShopStore } from '@metrology/shared';
import { renderSection } from '@metrology/test-kit';
import { LoginDialog } from '../auth/login-dialog';
import { SupportChat } from '../chat/support-chat';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { NotFoundPage } from '../pages/not-found-page';

function StubPage({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

export interface ShellOptions {
  route?: string;
  store?: ShopStore;
  /** Run SessionStart (session restore and the country lookup) like the real shell does. */
  session?: boolean;
  children?: ReactNode;
}

export function renderShell({
  route = '/',
  store = createShopStore(),
  session = false,
  children,
}: ShellOptions = {}) {
  return renderSection(
    <>
      {session ? <SessionStart /> : null}
      <Header />
      <main id="main">
        <Routes>
          <Route path="/" element={<StubPage title="Home page" />} />
          <Route path="/products" element={<StubPage title="Products page" />} />
          <Route path="/orders" element={<StubPage title="Orders page" />} />
          <Route path="/about" element={<StubPage title="About page" />} />
          <Route path="/clients" element={<StubPage title="Clients page" />} />
          <Route path="/contact" element={<StubPage title="Contact page" />} />
          <Route path="/cart" element={<StubPage title="Cart page" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        {children}
      </main>
      <Footer />
      <SupportChat />
      <LoginDialog />
    </>,
    { path: route, route: '*', store },
  );
}
