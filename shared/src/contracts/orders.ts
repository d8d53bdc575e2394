// The order calls of SPEC section 7 (POST /api/order/place, razorpay, verifyRazorpay, stripe, verifyStripe,
// userorders) and GET /api/order/:orderId, the receipt page's call.
import { Type, type Static } from '@sinclair/typebox';
import { Address, addressFields } from './addresses.js';
import { MAX_LINE_QUANTITY } from './cart.js';
import { Answer, StringEnum, Text } from './common.js';

/** SPEC's statuses; the API may add others (e.g. "awaiting payment"), shown as they are. */
export type OrderStatus = 'processing' | 'shipped' | 'delivered' | 'cancelled' | (string & {});

export const PAYMENT_METHODS = ['cod', 'razorpay', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One line of an order: the product as it was when ordered. */
export const OrderItem = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  image: Type.Array(Type.String()),
  price: Type.Number(),
  quantity: Type.Integer(),
  model: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String()),
});
export type OrderItem = Static<typeof OrderItem>;

export const Order = Type.Object({
  _id: Type.String(),
  status: Type.Unsafe<OrderStatus>(Type.String()),
  payment: Type.Boolean(),
  paymentMethod: Type.Unsafe<PaymentMethod | (string & {})>(Type.String()),
  /** Milliseconds since the epoch. */
  date: Type.Number(),
  items: Type.Array(OrderItem),
  address: Address,
  amount: Type.Number(),
  /** A readable order number for people (the _id stays the key). */
  number: Type.Optional(Type.Integer()),
  /** The delivery fee this order was charged (part of amount). */
  deliveryFee: Type.Optional(Type.Number()),
});
export type Order = Static<typeof Order>;

/** One status an order has had (its timeline), oldest first. */
export const OrderEvent = Type.Object({
  status: Type.Unsafe<OrderStatus>(Type.String()),
  note: Type.String(),
  /** Milliseconds since the epoch. */
  date: Type.Number(),
});
export type OrderEvent = Static<typeof OrderEvent>;

/** One order as its page shows it: the order and its timeline. */
export const OrderDetail = Type.Object({ ...Order.properties, events: Type.Array(OrderEvent) });
export type OrderDetail = Static<typeof OrderDetail>;

/** A payment provider's order: the amount in the smallest currency unit. */
export const PaymentOrder = Type.Object({
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  receipt: Type.String(),
});
export type PaymentOrder = Static<typeof PaymentOrder>;

/** place, razorpay and stripe: the delivery address and the cart's lines; prices come from the catalogue. */
export const PlaceOrderBody = Type.Object(
  {
    // A saved address may come with its _id; only the nine fields are kept.
    address: Type.Optional(
      Type.Partial(Type.Object({ _id: Text(100), ...addressFields }, { additionalProperties: false })),
    ),
    items: Type.Optional(
      Type.Array(
        Type.Object(
          { _id: Text(100, 1), quantity: Type.Integer({ minimum: 0, maximum: MAX_LINE_QUANTITY }) },
          // The client sends whole cart items (name, image, price, ...): accepted, but only _id and quantity are read.
          { additionalProperties: true },
        ),
        { maxItems: 200 },
      ),
    ),
    // The client's total (subtotal + delivery fee): ignored, the server computes its own.
    amount: Type.Optional(Type.Number()),
    userId: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const OrderPlacedResponse = Answer({ orderId: Type.String(), amount: Type.Number() });
export type OrderPlacedResponse = Static<typeof OrderPlacedResponse>;

export const RazorpayOrderResponse = Answer({
  order: PaymentOrder,
  key: Type.String(),
  sandbox: Type.Boolean(),
  orderId: Type.String(),
});
export type RazorpayOrderResponse = Static<typeof RazorpayOrderResponse>;

export const VerifyRazorpayBody = Type.Object(
  {
    razorpay_order_id: Text(100, 1),
    razorpay_payment_id: Text(100, 1),
    razorpay_signature: Text(200, 1),
    userId: Type.Optional(Text(2000)),
    // The sandbox pay call answers { success, ...the three fields }; passing it on whole is fine.
    success: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type VerifyRazorpayBody = Static<typeof VerifyRazorpayBody>;

export const StripeSessionResponse = Answer({
  session_url: Type.String(),
  sandbox: Type.Boolean(),
  orderId: Type.String(),
});
export type StripeSessionResponse = Static<typeof StripeSessionResponse>;

export const VerifyStripeBody = Type.Object(
  {
    // The card page's return link carries it as text.
    success: Type.Union([Type.Boolean(), StringEnum(['true', 'false'] as const)]),
    orderId: Text(100, 1),
    userId: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type VerifyStripeBody = Static<typeof VerifyStripeBody>;

export const UserOrdersResponse = Answer({ orders: Type.Array(Order) });
export type UserOrdersResponse = Static<typeof UserOrdersResponse>;

export const OrderParams = Type.Object({ orderId: Text(100) });
export type OrderParams = Static<typeof OrderParams>;

export const OrderDetailResponse = Answer({ order: OrderDetail });
export type OrderDetailResponse = Static<typeof OrderDetailResponse>;
