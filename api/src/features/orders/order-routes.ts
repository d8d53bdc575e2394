// POST /api/order/* (SPEC section 7): place (cash on delivery), razorpay, verifyRazorpay, stripe, verifyStripe, userorders.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  EmptyBody,
  Envelope,
  OrderDetailResponse,
  OrderParams,
  OrderPlacedResponse,
  PlaceOrderBody,
  RazorpayOrderResponse,
  StripeSessionResponse,
  UserOrdersResponse,
  VerifyRazorpayBody,
  VerifyStripeBody,
} from '@metrology/shared/contracts';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { clearCart } from '../cart/cart-routes.js';
import { assertWithinOrderCap } from '../limits/order-cap.js';
import { requireUser, sessionUser } from '../users/auth.js';
import { assertOrderAllowed, countOrder } from '../../plugins/order-limits.js';
import { idempotencyKeyOf, orderPlacedWithKey, recordIdempotencyKey } from './idempotency.js';
import { toMinor } from './payment-providers.js';
import { DUPLICATE_WINDOW_SECONDS } from './order-pricing.js';
import { orderDetail } from './order-receipt.js';
import {
  addOrderEvent,
  findOrder,
  insertOrderWithEvent,
  ORDER_MESSAGES,
  ORDER_NOTES,
  ORDER_STATUS,
  priceOrder,
  type PricedOrder,
  sameItems,
  userOrders,
} from './order-service.js';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, payments } = app.shop;
  const auth = requireUser(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/order/place',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Place a cash-on-delivery order and clear the cart (one transaction)',
        body: PlaceOrderBody,
        response: responses(OrderPlacedResponse),
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
        await countOrder(app, tx, userId, request.ip);
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
        await app.shop.mail.orderPlaced(tx, id);
        if (key) await recordIdempotencyKey(tx, id, key);
        await clearCart(tx, userId);
        return order.amount;
      });
      request.log.info({ orderId: id, amount }, 'order placed');
      return { success: true, message: ORDER_MESSAGES.placed, orderId: id, amount };
    },
  );

  api.post(
    '/api/order/razorpay',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Create an unpaid order and a Razorpay payment order (amount in the smallest currency unit)',
        body: PlaceOrderBody,
        response: responses(RazorpayOrderResponse),
      },
    },
    async (request) => {
      const pending = await priceOnlineOrder(sessionUser(request), request.body, request.ip);
      const { id, order } = pending;
      // Razorpay's order comes first: the row is stored with its reference, so nothing is left to fill in later.
      const providerOrder = await payments.razorpay.createOrder({
        amountMinor: toMinor(order.amount),
        currency: config.currency,
        receipt: id,
      });
      await insertAwaitingPayment(pending, 'razorpay', providerOrder.id);
      return {
        success: true,
        order: providerOrder,
        key: payments.razorpay.keyId,
        sandbox: payments.razorpay.sandbox,
        orderId: id,
      };
    },
  );

  api.post(
    '/api/order/verifyRazorpay',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "Verify Razorpay's payment signature; marks the order paid and clears the cart",
        body: VerifyRazorpayBody,
        response: responses(Envelope),
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

  api.post(
    '/api/order/stripe',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'Create an unpaid order and a card checkout session; the browser goes to session_url',
        body: PlaceOrderBody,
        response: responses(StripeSessionResponse),
      },
    },
    async (request) => {
      const pending = await priceOnlineOrder(sessionUser(request), request.body, request.ip);
      const { id, order } = pending;
      // The card session points at the stored order (the sandbox's session row references it), so the row comes
      // first and is removed if the session cannot be made.
      await insertAwaitingPayment(pending, 'stripe');
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

  api.post(
    '/api/order/verifyStripe',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: 'After the card page: marks the order paid and clears the cart, or cancels the order',
        body: VerifyStripeBody,
        response: responses(Envelope),
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

  api.post(
    '/api/order/userorders',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "The user's orders, newest first (date in epoch milliseconds)",
        body: EmptyBody,
        response: responses(UserOrdersResponse),
      },
    },
    async (request) => ({ success: true, orders: await userOrders(db, sessionUser(request)) }),
  );

  api.get(
    '/api/order/:orderId',
    {
      preValidation: auth,
      schema: {
        tags: ['orders'],
        security: TOKEN_SECURITY,
        summary: "One of the user's orders with its status timeline (404 for anyone else's order)",
        params: OrderParams,
        response: responses(OrderDetailResponse),
      },
    },
    async (request) => {
      const order = await orderDetail(db, sessionUser(request), request.params.orderId);
      if (!order) throw new HttpError(404, MESSAGES.orderNotFound);
      return { success: true, order };
    },
  );

  /**
   * Where both online payments start: the cart priced from the catalogue (never from the body), within the order
   * total cap and the user's order limits, and the id the payment provider is told. Nothing is stored yet.
   */
  async function priceOnlineOrder(userId: string, body: PlaceOrderBody, ip: string): Promise<OnlineOrder> {
    const order = await priceOrder(db, body, config.deliveryFee);
    assertWithinOrderCap(order.amount, config.orderTotalCap);
    await assertOrderAllowed(app, userId, ip);
    return { id: newId(), userId, ip, order };
  }

  /**
   * Stores a priced online order as awaiting payment with its first event, counted against the user's order limits
   * in the same transaction. It stays out of the user's orders until it is paid.
   */
  async function insertAwaitingPayment(
    { id, userId, ip, order }: OnlineOrder,
    method: 'razorpay' | 'stripe',
    paymentRef?: string,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await countOrder(app, tx, userId, ip);
      await insertOrderWithEvent(tx, {
        id,
        userId,
        order,
        method,
        status: ORDER_STATUS.awaitingPayment,
        paymentRef,
      });
    });
  }

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
      await app.shop.mail.paymentReceived(tx, orderId);
      await clearCart(tx, userId);
    });
  }
}

const CANCELLED = 'cancelled';

/** An online order priced and allowed, not yet stored: who places it, from where, and what it costs. */
interface OnlineOrder {
  id: string;
  userId: string;
  ip: string;
  order: PricedOrder;
}
