// POST /api/order/* (SPEC section 7): place (cash on delivery), razorpay, verifyRazorpay, stripe, verifyStripe, userorders.
import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import {
  addressProperties,
  emptyBody,
  okSchema,
  responses,
  text,
  TOKEN_SECURITY,
} from '../../lib/schemas.js';
import { clearCart, MAX_LINE_QUANTITY } from '../cart/cart-routes.js';
import { assertWithinOrderCap } from '../limits/order-cap.js';
import { requireUser, sessionUser } from '../users/auth.js';
import { idempotencyKeyOf, orderPlacedWithKey, recordIdempotencyKey } from './idempotency.js';
import { toMinor } from './payment-providers.js';
import { orderDetail, orderDetailSchema } from './order-receipt.js';
import {
  addOrderEvent,
  findOrder,
  insertOrderWithEvent,
  ORDER_MESSAGES,
  ORDER_NOTES,
  ORDER_STATUS,
  priceOrder,
  sameItems,
  userOrders,
  type OrderRequest,
} from './order-service.js';

/** A repeated identical cash-on-delivery order within this window is refused as a double submission. */
const DUPLICATE_WINDOW_SECONDS = 30;

const orderBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    address: {
      type: 'object',
      additionalProperties: false,
      // A saved address may come with its _id; only the nine fields are kept.
      properties: { _id: text(100), ...addressProperties },
    },
    items: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        // The client sends whole cart items (name, image, price, ...): accepted, but only _id and quantity are read.
        additionalProperties: true,
        required: ['_id', 'quantity'],
        properties: {
          _id: text(100, 1),
          quantity: { type: 'integer', minimum: 0, maximum: MAX_LINE_QUANTITY },
        },
      },
    },
    // The client's total (subtotal + delivery fee): ignored, the server computes its own.
    amount: { type: 'number' },
    userId: { type: 'string', maxLength: 2000 },
  },
} as const;

const orderItemSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    image: { type: 'array', items: { type: 'string' } },
    price: { type: 'number' },
    quantity: { type: 'integer' },
    model: { type: 'string' },
    slug: { type: 'string' },
  },
} as const;

const placedResponse = responses({
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    orderId: { type: 'string' },
    amount: { type: 'number' },
  },
});

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, payments } = app.shop;
  const auth = requireUser(app);

  app.post<{ Body: OrderRequest }>(
    '/api/order/place',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Place a cash-on-delivery order and clear the cart (one transaction)',
        body: orderBody,
        response: placedResponse,
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const key = idempotencyKeyOf(request);
      let id = newId();
      const amount = await db.transaction(async (tx) => {
        // One placement per user at a time, so the duplicate check below cannot race.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
        const replayed = key ? await orderPlacedWithKey(tx, userId, key) : undefined;
        if (replayed) {
          id = replayed.id;
          return replayed.amount;
        }
        const order = await priceOrder(tx, request.body, config.deliveryFee);
        assertWithinOrderCap(order.amount, config.orderTotalCap);
        const recent = await tx.query<{ items: typeof order.items }>(
          `SELECT items FROM orders WHERE user_id = $1 AND payment_method = 'cod'
           AND created_at > now() - make_interval(secs => $2)`,
          [userId, DUPLICATE_WINDOW_SECONDS],
        );
        if (recent.rows.some((row) => sameItems(row.items, order.items))) {
          throw new HttpError(409, ORDER_MESSAGES.duplicate);
        }
        await insertOrderWithEvent(tx, {
          id,
          userId,
          order,
          method: 'cod',
          status: ORDER_STATUS.processing,
        });
        if (key) await recordIdempotencyKey(tx, id, key);
        await clearCart(tx, userId);
        return order.amount;
      });
      request.log.info({ orderId: id, amount }, 'order placed');
      return { success: true, message: ORDER_MESSAGES.placed, orderId: id, amount };
    },
  );

  app.post<{ Body: OrderRequest }>(
    '/api/order/razorpay',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Create an unpaid order and a Razorpay payment order (amount in the smallest currency unit)',
        body: orderBody,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            order: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                amount: { type: 'integer' },
                currency: { type: 'string' },
                receipt: { type: 'string' },
              },
            },
            key: { type: 'string' },
            sandbox: { type: 'boolean' },
            orderId: { type: 'string' },
          },
        }),
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const order = await priceOrder(db, request.body, config.deliveryFee);
      assertWithinOrderCap(order.amount, config.orderTotalCap);
      const id = newId();
      const providerOrder = await payments.razorpay.createOrder({
        amountMinor: toMinor(order.amount),
        currency: config.currency,
        receipt: id,
      });
      await db.transaction((tx) =>
        insertOrderWithEvent(tx, {
          id,
          userId,
          order,
          method: 'razorpay',
          status: ORDER_STATUS.awaitingPayment,
          paymentRef: providerOrder.id,
        }),
      );
      return {
        success: true,
        order: providerOrder,
        key: payments.razorpay.keyId,
        sandbox: payments.razorpay.sandbox,
        orderId: id,
      };
    },
  );

  app.post<{
    Body: {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
      userId?: string;
    };
  }>(
    '/api/order/verifyRazorpay',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "Verify Razorpay's payment signature; marks the order paid and clears the cart",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'],
          properties: {
            razorpay_order_id: text(100, 1),
            razorpay_payment_id: text(100, 1),
            razorpay_signature: text(200, 1),
            userId: { type: 'string', maxLength: 2000 },
            // The sandbox pay call answers { success, ...the three fields }; passing it on whole is fine.
            success: { type: 'boolean' },
          },
        },
        response: responses(okSchema),
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const {
        razorpay_order_id: orderRef,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      } = request.body;
      const order = await findOrder(db, { paymentRef: orderRef }, 'razorpay');
      if (!order || order.user_id !== userId) throw new HttpError(404, MESSAGES.orderNotFound);
      if (order.payment) return { success: true, message: ORDER_MESSAGES.paid };
      if (!payments.razorpay.verifySignature(orderRef, paymentId, signature)) {
        await db.query('DELETE FROM orders WHERE id = $1 AND NOT payment', [order.id]);
        request.log.warn({ orderId: order.id }, 'razorpay signature mismatch');
        throw new HttpError(400, ORDER_MESSAGES.verificationFailed);
      }
      await markPaid(order.id, userId, paymentId);
      return { success: true, message: ORDER_MESSAGES.paid };
    },
  );

  app.post<{ Body: OrderRequest }>(
    '/api/order/stripe',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Create an unpaid order and a card checkout session; the browser goes to session_url',
        body: orderBody,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            session_url: { type: 'string' },
            sandbox: { type: 'boolean' },
            orderId: { type: 'string' },
          },
        }),
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const order = await priceOrder(db, request.body, config.deliveryFee);
      assertWithinOrderCap(order.amount, config.orderTotalCap);
      const id = newId();
      await db.transaction((tx) =>
        insertOrderWithEvent(tx, {
          id,
          userId,
          order,
          method: 'stripe',
          status: ORDER_STATUS.awaitingPayment,
        }),
      );
      try {
        const session = await payments.stripe.createSession(db, {
          orderId: id,
          items: order.items,
          deliveryFee: order.deliveryFee,
          amount: order.amount,
          currency: config.currency,
          // Configuration only (SITE_URL, PUBLIC_API_URL): never Host, Origin or Referer.
          siteOrigin: config.siteOrigin,
          apiOrigin: config.publicApiUrl,
        });
        await db.query('UPDATE orders SET payment_ref = $2 WHERE id = $1', [id, session.id]);
        return { success: true, session_url: session.url, sandbox: payments.stripe.sandbox, orderId: id };
      } catch (error) {
        await db.query('DELETE FROM orders WHERE id = $1', [id]);
        throw error;
      }
    },
  );

  app.post<{ Body: { success: boolean | 'true' | 'false'; orderId: string; userId?: string } }>(
    '/api/order/verifyStripe',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'After the card page: marks the order paid and clears the cart, or cancels the order',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['success', 'orderId'],
          properties: {
            success: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] },
            orderId: text(100, 1),
            userId: { type: 'string', maxLength: 2000 },
          },
        },
        response: responses(okSchema),
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const order = await findOrder(db, { id: request.body.orderId }, 'stripe');
      if (!order || order.user_id !== userId) throw new HttpError(404, MESSAGES.orderNotFound);
      if (order.payment) return { success: true, message: ORDER_MESSAGES.paid };
      const returnedSuccess = request.body.success === true || request.body.success === 'true';
      const paid =
        returnedSuccess && order.payment_ref ? await payments.stripe.isPaid(db, order.payment_ref) : false;
      if (!paid) {
        await db.query('DELETE FROM orders WHERE id = $1 AND NOT payment', [order.id]);
        throw new HttpError(400, ORDER_MESSAGES.notCompleted);
      }
      await markPaid(order.id, userId, order.payment_ref as string);
      return { success: true, message: ORDER_MESSAGES.paid };
    },
  );

  app.post(
    '/api/order/userorders',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "The user's orders, newest first (date in epoch milliseconds)",
        body: emptyBody,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            orders: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  _id: { type: 'string' },
                  status: { type: 'string' },
                  payment: { type: 'boolean' },
                  paymentMethod: { type: 'string' },
                  date: { type: 'number' },
                  items: { type: 'array', items: orderItemSchema },
                  address: { type: 'object', properties: addressProperties },
                  amount: { type: 'number' },
                  number: { type: 'integer' },
                  deliveryFee: { type: 'number' },
                },
              },
            },
          },
        }),
      },
    },
    async (request) => ({ success: true, orders: await userOrders(db, sessionUser(request)) }),
  );

  app.get<{ Params: { orderId: string } }>(
    '/api/order/:orderId',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "One of the user's orders with its status timeline (404 for anyone else's order)",
        params: {
          type: 'object',
          required: ['orderId'],
          properties: { orderId: { type: 'string', maxLength: 100 } },
        },
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, order: orderDetailSchema(orderItemSchema) },
        }),
      },
    },
    async (request) => {
      const order = await orderDetail(db, sessionUser(request), request.params.orderId);
      if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
      return { success: true, order };
    },
  );

  /**
   * Paid: the order becomes visible as processing and the cart is emptied, together. An order the staff cancelled
   * while it awaited payment stays cancelled (a late payment does not bring it back); the payment is recorded on it.
   */
  async function markPaid(orderId: string, userId: string, paymentId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const updated = await tx.query<{ status: string }>(
        `UPDATE orders SET payment = true, payment_id = $3,
           status = CASE WHEN status = $4 THEN status ELSE $2 END
         WHERE id = $1 AND NOT payment RETURNING status`,
        [orderId, ORDER_STATUS.processing, paymentId, CANCELLED],
      );
      const status = updated.rows[0]?.status;
      if (status === undefined) return;
      if (status === CANCELLED) {
        await addOrderEvent(tx, orderId, CANCELLED, ORDER_NOTES.paidAfterCancel);
        return;
      }
      await addOrderEvent(tx, orderId, ORDER_STATUS.processing, ORDER_NOTES.paid);
      await clearCart(tx, userId);
    });
  }
}

const CANCELLED = 'cancelled';
