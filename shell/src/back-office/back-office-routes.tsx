import { Component, lazy, useState, type ReactNode } from 'react';
import { Route, Routes } from '@metrology/shared/router';
import { HydrationBoundary, Spinner } from '@metrology/shared';
import { NotFoundPage } from '../pages/not-found-page';
import './back-office.css';

// Staff only: kept out of the shop's own bundle, loaded when a back-office page is opened.
const OrdersDeskPage = lazy(() => import('./orders-desk-page'));
const OrderDeskPage = lazy(() => import('./order-desk-page'));
const InboxPage = lazy(() => import('./inbox-page'));
const MailPage = lazy(() => import('./mail-page'));

class DeskBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('The back office failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="ms-page shell-desk" role="alert" data-boundary="back-office">
        <p>The back office could not be loaded.</p>
        <button type="button" className="ms-button" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
}

/** /back-office/*: the orders desk and the inbox. A failure here shows Retry; the header and footer live on. */
export function BackOfficeRoutes() {
  const [attempt, setAttempt] = useState(0);
  return (
    <DeskBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <HydrationBoundary fallback={<Spinner label="Loading the back office" />}>
        <Routes>
          <Route path="orders" element={<OrdersDeskPage />} />
          <Route path="orders/:id" element={<OrderDeskPage />} />
          <Route path="inbox" element={<InboxPage />} />
          <Route path="mail" element={<MailPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </HydrationBoundary>
    </DeskBoundary>
  );
}
