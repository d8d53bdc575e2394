// The cart calls of SPEC section 7: POST /api/cart/add, /api/cart/update, /api/cart/get.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Dictionary, Text } from './common.js';

/** A sane maximum of one line of the cart. */
export const MAX_LINE_QUANTITY = 999;

const ItemId = Text(100, 1);

export const CartAddBody = Type.Object(
  { itemId: ItemId, quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY })) },
  { additionalProperties: false },
);
export type CartAddBody = Static<typeof CartAddBody>;

export const CartUpdateBody = Type.Object(
  { itemId: ItemId, quantity: Type.Integer({ minimum: 0, maximum: MAX_LINE_QUANTITY }) },
  { additionalProperties: false },
);
export type CartUpdateBody = Static<typeof CartUpdateBody>;

/** Product id -> quantity. */
export const CartData = Dictionary(Type.Integer());
export type CartData = Static<typeof CartData>;

export const CartResponse = Answer({ cartData: Type.Optional(CartData) });
export type CartResponse = Static<typeof CartResponse>;
