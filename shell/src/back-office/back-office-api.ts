import { shopApi, type Address, type OrderItem } from '@metrology/shared';

export type Role = 'shopper' | 'staff' | 'release-manager';

export interface Me {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Person {
  name: string;
  email: string;
}

export interface DeskOrderSummary {
  _id: string;
  status: string;
  payment: boolean;
  paymentMethod: string;
  date: number;
  amount: number;
  itemCount: number;
  customer: Person;
  shipTo: string;
}

export interface HistoryEntry {
  status: string;
  note: string;
  at: string;
  actor: Person | null;
}

export interface DeskOrder extends DeskOrderSummary {
  items: OrderItem[];
  address: Address;
  deliveryFee: number;
  paymentRef: string;
  paymentId: string;
  history: HistoryEntry[];
  allowedMoves: MoveTarget[];
}

export type MoveTarget = 'shipped' | 'delivered' | 'cancelled';

export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

export interface OrderPage {
  orders: DeskOrderSummary[];
  total: number;
  page: number;
  limit: number;
}

export type InboxKind = 'enquiries' | 'messages' | 'applications';

export interface InboxItem {
  _id: string;
  kind: InboxKind;
  at: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  details: string;
  extra: Record<string, string>;
  handled: boolean;
  handledAt: string;
  handledBy: Person | null;
  resume?: { name: string; type: string; bytes: number };
}

export interface InboxPage {
  items: InboxItem[];
  total: number;
  open: number;
  page: number;
  limit: number;
}

export interface DeskRelease {
  version: string;
  publishedAt: string;
  commit: string;
  rolledBackAt?: string;
}

export interface ReleaseAction {
  action: string;
  remote: string;
  from: string;
  to: string;
  changed: boolean;
  actor: string;
  at: string;
}

export interface ReleaseDesk {
  remotes: { remote: string; current: string | null; history: DeskRelease[] }[];
  actions: ReleaseAction[];
}

export const PAGE_SIZE = 20;

function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The back office's calls; every one is checked on the server (401 without a session, 403 without the role). */
export const backOfficeApi = shopApi
  .enhanceEndpoints({ addTagTypes: ['Me', 'DeskOrders', 'Inbox', 'ReleaseDesk'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // The argument is the session token: a new login is a new cache entry, never the last user's role.
      me: build.query<Me, string>({
        query: () => '/api/user/me',
        transformResponse: (response: { user: Me }) => response.user,
        providesTags: ['Me'],
      }),
      staffOrders: build.query<OrderPage, OrderFilters>({
        query: (filters) => `/api/staff/orders${search({ ...filters, limit: PAGE_SIZE })}`,
        providesTags: ['DeskOrders'],
      }),
      staffOrder: build.query<DeskOrder, string>({
        query: (id) => `/api/staff/orders/${encodeURIComponent(id)}`,
        transformResponse: (response: { order: DeskOrder }) => response.order,
        providesTags: ['DeskOrders'],
      }),
      moveOrder: build.mutation<{ message: string; order: DeskOrder }, { id: string; status: MoveTarget }>({
        query: ({ id, status }) => ({
          url: `/api/staff/orders/${encodeURIComponent(id)}/status`,
          method: 'POST',
          body: { status },
        }),
        invalidatesTags: ['DeskOrders', 'Orders'],
      }),
      inbox: build.query<InboxPage, { kind: InboxKind; handled: 'all' | 'true' | 'false'; page: number }>({
        query: ({ kind, handled, page }) =>
          `/api/staff/inbox/${kind}${search({ handled, page, limit: PAGE_SIZE })}`,
        providesTags: ['Inbox'],
      }),
      markHandled: build.mutation<{ item: InboxItem }, { kind: InboxKind; id: string; handled: boolean }>({
        query: ({ kind, id, handled }) => ({
          url: `/api/staff/inbox/${kind}/${encodeURIComponent(id)}/handled`,
          method: 'POST',
          body: { handled },
        }),
        invalidatesTags: ['Inbox'],
      }),
      releaseDesk: build.query<ReleaseDesk, void>({
        query: () => '/api/releases/desk',
        providesTags: ['ReleaseDesk'],
      }),
      moveRelease: build.mutation<
        { message: string; action: ReleaseAction },
        { remote: string; to?: string }
      >({
        query: (body) => ({ url: '/api/releases/rollback', method: 'POST', body }),
        invalidatesTags: ['ReleaseDesk'],
      }),
    }),
  });

export const {
  useMeQuery,
  useStaffOrdersQuery,
  useStaffOrderQuery,
  useMoveOrderMutation,
  useInboxQuery,
  useMarkHandledMutation,
  useReleaseDeskQuery,
  useMoveReleaseMutation,
} = backOfficeApi;
