import { shopApi } from '@metrology/shared';
import type {
  CaughtMailResponse,
  DeskOrder,
  InboxFilter,
  InboxItem,
  InboxKind,
  InboxPage,
  MarkHandledBody,
  MoveOrderBody,
  MoveTarget,
  OrderPage,
  StaffOrderResponse,
  StaffOrdersQuery,
} from '@metrology/shared/contracts';

// The calls' shapes are the API's contracts (types only: no schema code reaches the browser).
export type {
  CaughtMail,
  CaughtMailResponse,
  DeskOrder,
  DeskOrderSummary,
  DeskRelease,
  HistoryEntry,
  InboxItem,
  InboxKind,
  InboxPage,
  Me,
  MoveTarget,
  OrderPage,
  Person,
  ReleaseAction,
  ReleaseDesk,
  Role,
} from '@metrology/shared/contracts';

/** The desk's filters as the page holds them: the query's fields, the status as typed in the address, a page number. */
export type OrderFilters = Omit<StaffOrdersQuery, 'status' | 'page' | 'limit'> & {
  status?: string;
  page?: number;
};

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
  .enhanceEndpoints({
    addTagTypes: ['DeskOrders', 'Inbox', 'CaughtMail'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      staffOrders: build.query<OrderPage, OrderFilters>({
        query: (filters) => `/api/staff/orders${search({ ...filters, limit: PAGE_SIZE })}`,
        providesTags: ['DeskOrders'],
      }),
      staffOrder: build.query<DeskOrder, string>({
        query: (id) => `/api/staff/orders/${encodeURIComponent(id)}`,
        transformResponse: (response: StaffOrderResponse) => response.order,
        providesTags: ['DeskOrders'],
      }),
      moveOrder: build.mutation<
        { message: string; order: DeskOrder },
        { id: string; status: MoveTarget; note?: string; noteToShopper?: boolean }
      >({
        query: ({ id, status, note, noteToShopper }) => ({
          url: `/api/staff/orders/${encodeURIComponent(id)}/status`,
          method: 'POST',
          body: {
            status,
            ...(note ? { note, noteToShopper: Boolean(noteToShopper) } : {}),
          } satisfies MoveOrderBody,
        }),
        // The move writes an e-mail to the outbox too.
        invalidatesTags: ['DeskOrders', 'Orders', 'CaughtMail'],
      }),
      /** The local mail catcher's messages and the outbox's counts. */
      caughtMail: build.query<CaughtMailResponse, void>({
        query: () => '/api/staff/mail',
        providesTags: ['CaughtMail'],
      }),
      inbox: build.query<InboxPage, { kind: InboxKind; handled: InboxFilter; page: number }>({
        query: ({ kind, handled, page }) =>
          `/api/staff/inbox/${kind}${search({ handled, page, limit: PAGE_SIZE })}`,
        providesTags: ['Inbox'],
      }),
      markHandled: build.mutation<{ item: InboxItem }, { kind: InboxKind; id: string; handled: boolean }>({
        query: ({ kind, id, handled }) => ({
          url: `/api/staff/inbox/${kind}/${encodeURIComponent(id)}/handled`,
          method: 'POST',
          body: { handled } satisfies MarkHandledBody,
        }),
        invalidatesTags: ['Inbox'],
      }),
    }),
  });

export const {
  useStaffOrdersQuery,
  useStaffOrderQuery,
  useMoveOrderMutation,
  useCaughtMailQuery,
  useInboxQuery,
  useMarkHandledMutation,
} = backOfficeApi;
