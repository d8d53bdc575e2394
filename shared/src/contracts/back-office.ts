// The back office's calls (staff and release managers): GET /api/user/me, the orders desk (/api/staff/orders...),
// the inbox (/api/staff/inbox...). The release desk's calls are in releases.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Address } from './addresses.js';
import { Answer, Dictionary, QueryInteger, StringEnum, Text } from './common.js';
import { OrderItem } from './orders.js';

/** Account roles: a shopper, staff (orders desk, inbox) or a release manager (release desk). */
export const ROLES = ['shopper', 'staff', 'release-manager'] as const;
export const Role = StringEnum(ROLES);
export type Role = Static<typeof Role>;

/** Who someone is, as the desks show them. */
export const Person = Type.Object({ name: Type.String(), email: Type.String() });
export type Person = Static<typeof Person>;

/** The logged-in account (GET /api/user/me). */
export const Me = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  /** Whether the address was proved by the link sent at sign-up; roles need it. */
  emailVerified: Type.Boolean(),
});
export type Me = Static<typeof Me>;

export const MeResponse = Answer({ user: Me });
export type MeResponse = Static<typeof MeResponse>;

// --- The orders desk ---

/** Every status an order can have (the desk's status filter). */
export const ORDER_STATUSES = [
  'awaiting payment',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

/** What staff can move an order to. */
export const MOVE_TARGETS = ['shipped', 'delivered', 'cancelled'] as const;
export const MoveTarget = StringEnum(MOVE_TARGETS);
export type MoveTarget = Static<typeof MoveTarget>;

/** One row of the desk's order list. */
export const DeskOrderSummary = Type.Object({
  _id: Type.String(),
  status: Type.String(),
  payment: Type.Boolean(),
  paymentMethod: Type.String(),
  /** Milliseconds since the epoch. */
  date: Type.Number(),
  amount: Type.Number(),
  itemCount: Type.Integer(),
  customer: Person,
  shipTo: Type.String(),
  /** Cancelled by the shop because its payment never came (ORDER_PAYMENT_EXPIRY_MINUTES), not by staff. */
  expired: Type.Boolean(),
});
export type DeskOrderSummary = Static<typeof DeskOrderSummary>;

/** One status an order has had: who moved it (null for the shop itself) and when (ISO 8601). */
export const HistoryEntry = Type.Object({
  status: Type.String(),
  note: Type.String(),
  at: Type.String(),
  actor: Type.Union([Person, Type.Null()]),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** One order on its desk page: the summary, its lines, address, payment state, history and allowed moves. */
export const DeskOrder = Type.Object({
  ...DeskOrderSummary.properties,
  items: Type.Array(OrderItem),
  address: Address,
  deliveryFee: Type.Number(),
  paymentRef: Type.String(),
  paymentId: Type.String(),
  history: Type.Array(HistoryEntry),
  allowedMoves: Type.Array(MoveTarget),
});
export type DeskOrder = Static<typeof DeskOrder>;

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/** Expired unpaid orders on the desk: hidden unless asked for ('include'), or alone ('only'). */
export const EXPIRED_FILTERS = ['exclude', 'include', 'only'] as const;
export type ExpiredFilter = (typeof EXPIRED_FILTERS)[number];

/** GET /api/staff/orders: filter by status, date range (UTC days) and text; page and page size. */
export const StaffOrdersQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(ORDER_STATUSES)),
    from: Type.Optional(Type.String({ pattern: DAY })),
    to: Type.Optional(Type.String({ pattern: DAY })),
    q: Type.Optional(Text(200)),
    /** Default 'exclude': the desk is not filled with checkouts nobody paid for. */
    expired: Type.Optional(StringEnum(EXPIRED_FILTERS)),
    page: Type.Optional(QueryInteger(6)),
    limit: Type.Optional(QueryInteger(3)),
  },
  { additionalProperties: false },
);
export type StaffOrdersQuery = Static<typeof StaffOrdersQuery>;

export const OrderPage = Type.Object({
  orders: Type.Array(DeskOrderSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type OrderPage = Static<typeof OrderPage>;

export const StaffOrdersResponse = Answer(OrderPage.properties);
export type StaffOrdersResponse = Static<typeof StaffOrdersResponse>;

export const StaffOrderParams = Type.Object({ id: Text(100, 1) });
export type StaffOrderParams = Static<typeof StaffOrderParams>;

export const StaffOrderResponse = Answer({ order: DeskOrder });
export type StaffOrderResponse = Static<typeof StaffOrderResponse>;

export const MoveOrderBody = Type.Object(
  {
    status: MoveTarget,
    note: Type.Optional(Text(500)),
    /** The note is meant for the shopper: it goes into the e-mail about the move (otherwise staff only). */
    noteToShopper: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MoveOrderBody = Static<typeof MoveOrderBody>;

// --- The inbox ---

export const INBOX_KINDS = ['enquiries', 'messages', 'applications'] as const;
export const InboxKind = StringEnum(INBOX_KINDS);
export type InboxKind = Static<typeof InboxKind>;

/** An enquiry, a contact message or a job application, in one shape. */
export const InboxItem = Type.Object({
  _id: Type.String(),
  kind: InboxKind,
  /** When it arrived (ISO 8601). */
  at: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  subject: Type.String(),
  details: Type.String(),
  /** The kind's other fields, by label (empty ones left out). */
  extra: Dictionary(Type.String()),
  handled: Type.Boolean(),
  /** ISO 8601, '' while open. */
  handledAt: Type.String(),
  handledBy: Type.Union([Person, Type.Null()]),
  /** Applications only: the resume's name, type and size (downloaded from /api/staff/applications/:id/resume). */
  resume: Type.Optional(Type.Object({ name: Type.String(), type: Type.String(), bytes: Type.Integer() })),
});
export type InboxItem = Static<typeof InboxItem>;

export const InboxParams = Type.Object({ kind: InboxKind });
export type InboxParams = Static<typeof InboxParams>;

export const InboxItemParams = Type.Object({ kind: InboxKind, id: Text(100, 1) });
export type InboxItemParams = Static<typeof InboxItemParams>;

/** handled=false: only the open ones; true: only the handled ones; all (the default): both. */
export const INBOX_FILTERS = ['true', 'false', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const InboxQuery = Type.Object(
  {
    handled: Type.Optional(StringEnum(INBOX_FILTERS)),
    page: Type.Optional(QueryInteger(6)),
    limit: Type.Optional(QueryInteger(3)),
  },
  { additionalProperties: false },
);
export type InboxQuery = Static<typeof InboxQuery>;

export const InboxPage = Type.Object({
  items: Type.Array(InboxItem),
  total: Type.Integer(),
  /** Open items of this kind, whatever the filter. */
  open: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type InboxPage = Static<typeof InboxPage>;

export const InboxResponse = Answer(InboxPage.properties);
export type InboxResponse = Static<typeof InboxResponse>;

export const MarkHandledBody = Type.Object({ handled: Type.Boolean() }, { additionalProperties: false });
export type MarkHandledBody = Static<typeof MarkHandledBody>;

export const MarkHandledResponse = Answer({ item: InboxItem });
export type MarkHandledResponse = Static<typeof MarkHandledResponse>;

export const ResumeParams = Type.Object({ id: Text(100, 1) });
export type ResumeParams = Static<typeof ResumeParams>;
