// The fake API's calls of a logged-in session's addresses, orders and payments (the sandbox's answers): priced,
// checked and refused as the API does, with the API's own pricing and address code.
import type { PlaceOrderBody, SavedAddress } from '@metrology/shared';
import { ADDRESS_MESSAGES, addressProblem } from '@metrology/shared/rules';
import { cleanAddress, isSavedAlready } from '../../../api/src/features/addresses/clean-address.js';
import {
  DUPLICATE_WINDOW_SECONDS,
  ORDER_MESSAGES,
  orderedIds,
  priceFromCatalogue,
  sameItems,
} from '../../../api/src/features/orders/order-pricing.js';
import { refusal } from './http.js';
import { FAKE_MESSAGES, GOOD_TOKEN } from './model.js';
import type { FakeState, RecordedCall, Reply } from './model.js';

/** The answer to an address, order or payment call; undefined for any other route. */
export function orderCall(
  state: FakeState,
  call: RecordedCall,
  route: string,
  body: Record<string, unknown>,
): Reply | undefined {
  const { api } = state;
  if (!/^(GET|POST) \/api\/(address|order|payments)\//.test(route)) return undefined;
  const token = state.sessionOf(call.token);
  if (!token) return { status: 401, body: { success: false, message: FAKE_MESSAGES.loginRequired } };
  const addresses = (state.books.addresses[token] ??= []);
  const orders = (state.books.orders[token] ??= []);
  switch (route) {
    case 'GET /api/address/get': {
      const accountEmail = token === GOOD_TOKEN ? api.accountEmail : token.slice('token-'.length);
      return { body: { success: true, addresses, accountEmail } };
    }
    case 'POST /api/address/save': {
      // As the API: the nine fields trimmed, all but e-mail required, an address saved once.
      const address = cleanAddress((body as { address?: Partial<SavedAddress> }).address ?? {});
      const problem = addressProblem(address);
      if (problem) return { status: 400, body: { success: false, message: problem } };
      if (!isSavedAlready(addresses, address)) {
        state.seq.address += 1;
        state.books.addresses[token] = [...addresses, { _id: `addr-new-${state.seq.address}`, ...address }];
      }
      const saved = state.books.addresses[token];
      return { body: { success: true, message: ADDRESS_MESSAGES.saved, addresses: saved } };
    }
    case 'POST /api/order/place': {
      // Like the API: a repeated Idempotency-Key answers the order already placed with it.
      const placedBefore = call.idempotencyKey ? state.placedWithKey.get(call.idempotencyKey) : undefined;
      const replayed = placedBefore ? orders.find((order) => order._id === placedBefore) : undefined;
      if (replayed) {
        const { _id: orderId, amount } = replayed;
        return { body: { success: true, message: ORDER_MESSAGES.placed, orderId, amount } };
      }
      // Priced as the API prices it: from the catalogue, never from the body's names, prices or amount.
      let priced;
      try {
        const order = body as PlaceOrderBody;
        const wanted = new Set(orderedIds(order));
        const products = new Map(api.products.filter((p) => wanted.has(p._id)).map((p) => [p._id, p]));
        priced = priceFromCatalogue(order, products, api.deliveryFee);
      } catch (error) {
        return refusal(error);
      }
      // As the API: the same cash-on-delivery order again within a short while is a double submission.
      const since = Date.now() - DUPLICATE_WINDOW_SECONDS * 1000;
      const items = priced.items;
      if (orders.some((o) => o.paymentMethod === 'cod' && o.date > since && sameItems(o.items, items)))
        return { status: 409, body: { success: false, message: ORDER_MESSAGES.duplicate } };
      state.seq.order += 1;
      const orderId = `order-${state.seq.order}`;
      if (call.idempotencyKey) state.placedWithKey.set(call.idempotencyKey, orderId);
      const now = Date.now();
      state.books.orders[token] = [
        {
          _id: orderId,
          status: 'processing',
          payment: false,
          paymentMethod: 'cod',
          date: now,
          items: priced.items,
          address: priced.address,
          amount: priced.amount,
          number: 100000 + state.seq.order,
          deliveryFee: priced.deliveryFee,
          events: [{ status: 'processing', note: 'Order placed', date: now }],
        },
        ...orders,
      ];
      api.carts[token] = {};
      return { body: { success: true, message: ORDER_MESSAGES.placed, orderId, amount: priced.amount } };
    }
    case 'POST /api/order/razorpay': {
      const order = {
        id: 'order_sbx_1',
        amount: Math.round((body.amount as number) * 100),
        currency: 'USD',
        receipt: 'r1',
      };
      return {
        body: { success: true, order, key: 'rzp_sandbox_local', sandbox: true, orderId: 'order-rzp' },
      };
    }
    case 'POST /api/payments/sandbox/razorpay/pay':
      return {
        body: {
          success: true,
          razorpay_order_id: body.order_id,
          razorpay_payment_id: 'pay_sbx_1',
          razorpay_signature: 'signed',
        },
      };
    case 'POST /api/order/verifyRazorpay':
      api.carts[token] = {};
      return { body: { success: true, message: 'Payment successful! Your order has been placed.' } };
    case 'POST /api/order/verifyStripe':
      if (body.success !== 'true') {
        const message = 'The payment was not completed. Your order has been cancelled.';
        return { status: 400, body: { success: false, message } };
      }
      api.carts[token] = {};
      return { body: { success: true } };
    case 'POST /api/order/userorders':
      // The order list has no timeline (GET /api/order/:orderId has).
      return { body: { success: true, orders: orders.map(({ events: _events, ...order }) => order) } };
    default: {
      const one = /^GET \/api\/order\/([^/]+)$/.exec(route);
      const found = one ? orders.find((o) => o._id === decodeURIComponent(one[1] ?? '')) : undefined;
      if (found) return { body: { success: true, order: found } };
      return {
        status: 404,
        body: { success: false, message: one ? 'Order not found' : FAKE_MESSAGES.notFound },
      };
    }
  }
}
