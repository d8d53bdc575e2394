import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from '@metrology/shared/router';
import { Spinner, errorMessage, formatAmount, useFieldFollowing } from '@metrology/shared';
import type { ExpiredFilter } from '@metrology/shared/contracts';
import { ColumnHeads } from './column-heads';
import { PAGE_SIZE, useStaffOrdersQuery, type OrderFilters } from './back-office-api';
import { RoleGate } from './role-gate';
import { DeskStatus, When } from './status-badge';

const STATUSES = ['awaiting payment', 'processing', 'shipped', 'delivered', 'cancelled'];

// The contract's values, listed here because only types of the contracts reach the browser.
const EXPIRED_FILTERS: readonly ExpiredFilter[] = ['exclude', 'include', 'only'];
const expiredFilter = (value: string | null): ExpiredFilter | undefined =>
  EXPIRED_FILTERS.find((filter) => filter === value);

function filtersFrom(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    status: params.get('status') ?? undefined,
    expired: expiredFilter(params.get('expired')),
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    q: params.get('q') ?? undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function OrdersDesk() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const orders = useStaffOrdersQuery(filters, { refetchOnMountOrArgChange: true });
  // The filters' fields keep what staff type (uncontrolled, read with FormData when the form is sent) and show
  // the URL's filters when the URL changes (back and forward).
  const [statusRef] = useFieldFollowing<HTMLSelectElement>(filters.status ?? '');
  const [fromRef] = useFieldFollowing<HTMLInputElement>(filters.from ?? '');
  const [toRef] = useFieldFollowing<HTMLInputElement>(filters.to ?? '');
  const [qRef] = useFieldFollowing<HTMLInputElement>(filters.q ?? '');
  // Expired unpaid orders (cancelled by the shop) stay off the desk unless staff ask for them.
  const withExpired = filters.expired === 'include' || filters.expired === 'only';
  const expiredRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (expiredRef.current) expiredRef.current.checked = withExpired;
  }, [withExpired]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget))
      if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="ms-page shell-desk" data-boundary="back-office">
      <div className="shell-desk__head">
        <h1>Orders desk</h1>
        <Link to="/back-office/inbox" className="ms-button ms-button--ghost">
          Inbox
        </Link>
      </div>
      <form className="shell-desk__filters" onSubmit={apply} aria-label="Filter orders">
        <div className="ms-field">
          <label htmlFor="desk-status">Status</label>
          <select
            id="desk-status"
            name="status"
            className="ms-select"
            ref={statusRef}
            defaultValue={filters.status ?? ''}
          >
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="ms-field">
          <label htmlFor="desk-from">From (UTC)</label>
          <input
            id="desk-from"
            name="from"
            className="ms-input"
            type="date"
            ref={fromRef}
            defaultValue={filters.from ?? ''}
          />
        </div>
        <div className="ms-field">
          <label htmlFor="desk-to">To (UTC)</label>
          <input
            id="desk-to"
            name="to"
            className="ms-input"
            type="date"
            ref={toRef}
            defaultValue={filters.to ?? ''}
          />
        </div>
        <div className="ms-field shell-desk__search">
          <label htmlFor="desk-q">Order number, name or e-mail</label>
          <input
            id="desk-q"
            name="q"
            className="ms-input"
            type="search"
            ref={qRef}
            defaultValue={filters.q ?? ''}
          />
        </div>
        <div className="ms-field">
          <label htmlFor="desk-expired">
            <input
              id="desk-expired"
              name="expired"
              value="include"
              type="checkbox"
              ref={expiredRef}
              defaultChecked={withExpired}
            />{' '}
            Show expired unpaid orders
          </label>
        </div>
        <button type="submit" className="ms-button">
          Show orders
        </button>
      </form>

      {orders.isLoading ? (
        <Spinner label="Loading orders" />
      ) : orders.error ? (
        <p role="alert" className="shell-desk__error">
          {errorMessage(orders.error, 'The orders could not be loaded.')}
        </p>
      ) : orders.data && orders.data.orders.length === 0 ? (
        <p>No orders match these filters.</p>
      ) : orders.data ? (
        <>
          <p className="shell-desk__count" aria-live="polite">
            {`${orders.data.total} order${orders.data.total === 1 ? '' : 's'}`}
          </p>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is focusable so keyboard users can scroll it */}
          <div className="shell-desk__scroll" role="region" aria-label="Orders" tabIndex={0}>
            <table className="shell-desk__table" data-testid="desk-orders">
              <ColumnHeads
                columns={['Order', 'Placed', 'Customer', 'Items', 'Amount', 'Payment', 'Status']}
              />
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order._id} data-order-id={order._id}>
                    <td>
                      <Link to={`/back-office/orders/${order._id}`}>
                        <code>{order._id}</code>
                      </Link>
                    </td>
                    <td>
                      <When iso={order.date} />
                    </td>
                    <td>
                      {order.customer.name}
                      <span className="shell-desk__sub">{order.customer.email}</span>
                    </td>
                    <td>{order.itemCount}</td>
                    <td>{formatAmount(order.amount)}</td>
                    <td>{`${order.paymentMethod.toUpperCase()}, ${order.payment ? 'paid' : 'not paid'}`}</td>
                    <td>
                      <DeskStatus status={order.status} />
                      {order.expired ? <span className="shell-desk__sub">expired unpaid</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="shell-desk__pager" aria-label="Order pages">
            <button
              type="button"
              className="ms-button ms-button--ghost"
              disabled={(filters.page ?? 1) <= 1}
              onClick={() => goTo((filters.page ?? 1) - 1)}
            >
              Previous
            </button>
            <span>{`Page ${filters.page ?? 1} of ${pages}`}</span>
            <button
              type="button"
              className="ms-button ms-button--ghost"
              disabled={(filters.page ?? 1) >= pages}
              onClick={() => goTo((filters.page ?? 1) + 1)}
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}

/** Staff: every order, filtered and paged. */
export default function OrdersDeskPage() {
  return (
    <RoleGate needs="staff" title="Orders desk">
      {() => <OrdersDesk />}
    </RoleGate>
  );
}
