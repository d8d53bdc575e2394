// The orders desk (staff): every order with filters, one order with its history, and status moves.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  MoveOrderBody,
  StaffOrderParams,
  StaffOrderResponse,
  StaffOrdersQuery,
  StaffOrdersResponse,
  type Address,
  type DeskOrder,
  type DeskOrderSummary,
  type HistoryEntry,
  type OrderItem,
} from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { allowedMoves, refusal } from './order-moves.js';
import { requireRole } from './roles.js';
import { sessionUser } from '../users/auth.js';

export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

interface DeskOrderRow {
  id: string;
  user_id: string;
  items: OrderItem[];
  address: Address;
  amount: number;
  delivery_fee: number;
  status: string;
  payment_method: string;
  payment: boolean;
  payment_ref: string | null;
  payment_id: string | null;
  created_at: Date | string;
  customer_name: string | null;
  customer_email: string | null;
  expired_at: Date | string | null;
}

const DESK_COLUMNS = `o.id, o.user_id, o.items, o.address, o.amount, o.delivery_fee, o.status, o.payment_method,
  o.payment, o.payment_ref, o.payment_id, o.created_at, u.name AS customer_name, u.email AS customer_email,
  o.expired_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

function summary(row: DeskOrderRow): DeskOrderSummary {
  return {
    _id: row.id,
    status: row.status,
    payment: row.payment,
    paymentMethod: row.payment_method,
    date: new Date(row.created_at).getTime(),
    amount: row.amount,
    itemCount: row.items.reduce((sum, item) => sum + item.quantity, 0),
    customer: { name: row.customer_name ?? '', email: row.customer_email ?? '' },
    shipTo: `${row.address.firstName} ${row.address.lastName}, ${row.address.city}`.trim(),
    expired: row.expired_at !== null,
  };
}

/** The order's statuses oldest first; an order from before the history existed starts with its placement. */
export async function orderHistory(
  db: Queryable,
  order: { id: string; status: string; created_at: Date | string },
): Promise<HistoryEntry[]> {
  const events = await db.query<{
    status: string;
    note: string;
    created_at: Date | string;
    name: string | null;
    email: string | null;
  }>(
    `SELECT e.status, e.note, e.created_at, u.name, u.email FROM order_events e
     LEFT JOIN users u ON u.id = e.actor_user_id WHERE e.order_id = $1 ORDER BY e.created_at, e.id`,
    [order.id],
  );
  if (events.rows.length === 0)
    return [{ status: order.status, note: '', at: iso(order.created_at), actor: null }];
  return events.rows.map((e) => ({
    status: e.status,
    note: e.note,
    at: iso(e.created_at),
    actor: e.email ? { name: e.name ?? '', email: e.email } : null,
  }));
}

async function findDeskOrder(db: Queryable, id: string, lock = false): Promise<DeskOrderRow | undefined> {
  const found = await db.query<DeskOrderRow>(
    `SELECT ${DESK_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [id],
  );
  return found.rows[0];
}

async function detail(db: Queryable, row: DeskOrderRow): Promise<DeskOrder> {
  return {
    ...summary(row),
    items: row.items,
    address: row.address,
    deliveryFee: row.delivery_fee,
    paymentRef: row.payment_ref ?? '',
    paymentId: row.payment_id ?? '',
    history: await orderHistory(db, row),
    allowedMoves: allowedMoves(row),
  };
}

/** A LIKE pattern that matches the text literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function validDay(day: string, field: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw new HttpError(400, `"${field}" must be a date like 2026-01-31`);
  }
  return day;
}

export async function staffOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const staff = requireRole(app, 'staff');
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/staff/orders',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'Every order, newest first: filter by status, date range (UTC days) and text (order number, name, e-mail); expired unpaid orders only with expired=include or only',
        querystring: StaffOrdersQuery,
        response: responses(StaffOrdersResponse),
      },
    },
    async (request) => {
      const query = request.query;
      const page = Math.max(1, Number(query.page ?? 1));
      const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(query.limit ?? DEFAULT_PAGE_SIZE)));
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (query.status) where.push(`o.status = ${param(query.status)}`);
      const expired = query.expired ?? 'exclude';
      if (expired === 'exclude') where.push('o.expired_at IS NULL');
      if (expired === 'only') where.push('o.expired_at IS NOT NULL');
      if (query.from)
        where.push(`o.created_at >= ${param(`${validDay(query.from, 'from')}T00:00:00Z`)}::timestamptz`);
      if (query.to) {
        where.push(
          `o.created_at < (${param(`${validDay(query.to, 'to')}T00:00:00Z`)}::timestamptz + interval '1 day')`,
        );
      }
      const q = query.q?.trim().toLowerCase();
      if (q) {
        const contains = param(`%${likeLiteral(q)}%`);
        const starts = param(`${likeLiteral(q)}%`);
        where.push(
          `(o.id LIKE ${starts} OR lower(u.name) LIKE ${contains} OR lower(u.email) LIKE ${contains}
            OR lower(o.address->>'firstName' || ' ' || (o.address->>'lastName')) LIKE ${contains}
            OR lower(o.address->>'email') LIKE ${contains})`,
        );
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const from = 'FROM orders o LEFT JOIN users u ON u.id = o.user_id';
      const total = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${from} ${filter}`, params);
      const rows = await db.query<DeskOrderRow>(
        `SELECT ${DESK_COLUMNS} ${from} ${filter} ORDER BY o.created_at DESC, o.id
         LIMIT ${param(limit)} OFFSET ${param((page - 1) * limit)}`,
        params,
      );
      return {
        success: true,
        orders: rows.rows.map(summary),
        total: Number(total.rows[0]?.n ?? 0),
        page,
        limit,
      };
    },
  );

  api.get(
    '/api/staff/orders/:id',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'One order: items, address, payment state, history (who moved it and when) and the allowed moves',
        params: StaffOrderParams,
        response: responses(StaffOrderResponse),
      },
    },
    async (request) => {
      const row = await findDeskOrder(db, request.params.id);
      if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
      return { success: true, order: await detail(db, row) };
    },
  );

  api.post(
    '/api/staff/orders/:id/status',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'Move an order: processing -> shipped -> delivered, or cancelled before shipping; an unpaid online order only after its payment is verified. 409 with the reason otherwise.',
        params: StaffOrderParams,
        body: MoveOrderBody,
        response: responses(StaffOrderResponse),
      },
    },
    async (request) => {
      const target = request.body.status;
      const note = request.body.note?.trim() ?? '';
      const actor = sessionUser(request);
      const order = await db.transaction(async (tx) => {
        const row = await findDeskOrder(tx, request.params.id, true);
        if (!row) throw new HttpError(404, MESSAGES.orderNotFound);
        const refused = refusal(row, target);
        if (refused)
          throw new HttpError(409, refused, { status: row.status, allowedMoves: allowedMoves(row) });
        const events = await tx.query('SELECT 1 FROM order_events WHERE order_id = $1 LIMIT 1', [row.id]);
        if (events.rows.length === 0) {
          // An order from before the history: its placement becomes the first entry, so the timeline keeps it.
          await tx.query('INSERT INTO order_events (order_id, status, created_at) VALUES ($1, $2, $3)', [
            row.id,
            row.status,
            iso(row.created_at),
          ]);
        }
        await tx.query('UPDATE orders SET status = $2 WHERE id = $1', [row.id, target]);
        await tx.query(
          'INSERT INTO order_events (order_id, status, note, actor_user_id) VALUES ($1, $2, $3, $4)',
          [row.id, target, note, actor],
        );
        // The shopper hears of the move; the note only when staff meant it for them.
        await app.shop.mail.orderMoved(tx, row.id, target, request.body.noteToShopper ? note || null : null);
        return detail(tx, { ...row, status: target });
      });
      request.log.info({ orderId: order._id, status: target, by: actor }, 'order status moved');
      return { success: true, message: `Order marked ${target}`, order };
    },
  );
}
