// POST /api/cart/add, /api/cart/update, /api/cart/get (SPEC sections 4 and 7): the logged-in user's cart.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CartAddBody,
  CartResponse,
  CartUpdateBody,
  EmptyBody,
  MAX_LINE_QUANTITY,
} from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { enquiryOnly } from '../orders/order-pricing.js';
import { requireUser, sessionUser } from '../users/auth.js';

export { enquiryOnly, MAX_LINE_QUANTITY };

export const CART_MESSAGES = {
  added: 'Item Added to Cart',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  tooMany: `You can order at most ${MAX_LINE_QUANTITY} of one item`,
} as const;

const cartResponse = responses(CartResponse);

export async function cartData(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ product_id: string; quantity: number }>(
    'SELECT product_id, quantity FROM cart_items WHERE user_id = $1 ORDER BY updated_at, product_id',
    [userId],
  );
  return Object.fromEntries(rows.rows.map((row) => [row.product_id, row.quantity]));
}

export async function clearCart(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM cart_items WHERE user_id = $1', [userId]);
}

/** Only products that exist and have a price can go into a cart. */
async function assertOrderable(db: Queryable, productId: string): Promise<void> {
  const found = await db.query<{ name: string; price: number }>(
    'SELECT name, price FROM products WHERE id = $1',
    [productId],
  );
  const product = found.rows[0];
  if (!product) throw new HttpError(404, MESSAGES.productNotFound);
  if (!(product.price > 0)) throw new HttpError(400, enquiryOnly(product.name));
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const auth = requireUser(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/cart/add',
    {
      preValidation: auth,
      schema: {
        tags: ['cart'],
        security: TOKEN_SECURITY,
        summary: 'Add a quantity (default 1) of a product to the cart',
        body: CartAddBody,
        response: cartResponse,
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const { itemId: productId, quantity = 1 } = request.body;
      await assertOrderable(db, productId);
      const result = await db.transaction(async (tx) => {
        const updated = await tx.query<{ quantity: number }>(
          `INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, product_id)
           DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, updated_at = now()
           WHERE cart_items.quantity + EXCLUDED.quantity <= ${MAX_LINE_QUANTITY}
           RETURNING quantity`,
          [userId, productId, quantity],
        );
        if (updated.rows.length === 0) throw new HttpError(400, CART_MESSAGES.tooMany);
        return cartData(tx, userId);
      });
      return { success: true, message: CART_MESSAGES.added, cartData: result };
    },
  );

  api.post(
    '/api/cart/update',
    {
      preValidation: auth,
      schema: {
        tags: ['cart'],
        security: TOKEN_SECURITY,
        summary: 'Set the exact quantity of a product; 0 removes it',
        body: CartUpdateBody,
        response: cartResponse,
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const { itemId: productId, quantity } = request.body;
      if (quantity === 0) {
        // Removing works even for a product that has left the catalogue.
        await db.query('DELETE FROM cart_items WHERE user_id = $1 AND product_id = $2', [userId, productId]);
        return { success: true, message: CART_MESSAGES.removed, cartData: await cartData(db, userId) };
      }
      await assertOrderable(db, productId);
      await db.query(
        `INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,
        [userId, productId, quantity],
      );
      return { success: true, message: CART_MESSAGES.updated, cartData: await cartData(db, userId) };
    },
  );

  api.post(
    '/api/cart/get',
    {
      preValidation: auth,
      schema: {
        tags: ['cart'],
        security: TOKEN_SECURITY,
        summary: 'The cart as { productId: quantity }',
        body: EmptyBody,
        response: cartResponse,
      },
    },
    async (request) => ({ success: true, cartData: await cartData(db, sessionUser(request)) }),
  );
}
