// GET /api/address/get and POST /api/address/save (SPEC sections 5 and 7): the owner always comes from the token.
import type { FastifyInstance } from 'fastify';
import type { Address, SavedAddress } from '@metrology/shared';
import { ADDRESS_MESSAGES, isAddressComplete } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { addressProperties, responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { requireUser } from '../users/auth.js';

/** Enough for home, office and a few sites; beyond that the oldest are still kept, new ones refused. */
export const MAX_ADDRESSES = 50;

interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

const toSaved = (row: AddressRow): SavedAddress => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  street: row.street,
  city: row.city,
  state: row.state,
  zipcode: row.zipcode,
  country: row.country,
  phone: row.phone,
});

/** The nine fields, trimmed, and nothing else. */
export function cleanAddress(input: Partial<Address>): Address {
  const field = (key: keyof Address) => String(input[key] ?? '').trim();
  return {
    firstName: field('firstName'),
    lastName: field('lastName'),
    email: field('email'),
    street: field('street'),
    city: field('city'),
    state: field('state'),
    zipcode: field('zipcode'),
    country: field('country'),
    phone: field('phone'),
  };
}

export async function listAddresses(db: Queryable, userId: string): Promise<SavedAddress[]> {
  const rows = await db.query<AddressRow>(
    `SELECT id, first_name, last_name, email, street, city, state, zipcode, country, phone
     FROM addresses WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.rows.map(toSaved);
}

const addressesResponse = responses({
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    // The account's own e-mail, so checkout can prefill a new address with it.
    accountEmail: { type: 'string' },
    addresses: {
      type: 'array',
      items: { type: 'object', properties: { _id: { type: 'string' }, ...addressProperties } },
    },
  },
});

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const auth = requireUser(app);

  app.get(
    '/api/address/get',
    {
      preValidation: auth,
      schema: {
        tags: ['addresses'],
        security: TOKEN_SECURITY,
        summary: "The user's saved addresses",
        response: addressesResponse,
      },
    },
    async (request) => {
      const userId = request.userId as string;
      const account = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      return {
        success: true,
        addresses: await listAddresses(db, userId),
        accountEmail: account.rows[0]?.email ?? '',
      };
    },
  );

  app.post<{ Body: { address?: Partial<Address>; userId?: string } }>(
    '/api/address/save',
    {
      preValidation: auth,
      schema: {
        tags: ['addresses'],
        security: TOKEN_SECURITY,
        summary: 'Save an address; answers with the updated list (the new one last)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            address: { type: 'object', additionalProperties: false, properties: addressProperties },
            // SPEC's client sends the token as userId: accepted and ignored (the owner comes from the token header).
            userId: { type: 'string', maxLength: 2000 },
          },
        },
        response: addressesResponse,
      },
    },
    async (request) => {
      const userId = request.userId as string;
      const address = cleanAddress(request.body.address ?? {});
      if (!isAddressComplete(address)) throw new HttpError(400, ADDRESS_MESSAGES.required);
      await db.transaction(async (tx) => {
        const existing = await listAddresses(tx, userId);
        const same = existing.some(({ _id: _ignored, ...saved }) =>
          (Object.keys(address) as (keyof Address)[]).every((key) => saved[key] === address[key]),
        );
        if (same) return;
        if (existing.length >= MAX_ADDRESSES) {
          throw new HttpError(400, `You can save at most ${MAX_ADDRESSES} addresses`);
        }
        await tx.query(
          `INSERT INTO addresses (id, user_id, first_name, last_name, email, street, city, state, zipcode, country, phone)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            newId(),
            userId,
            address.firstName,
            address.lastName,
            address.email,
            address.street,
            address.city,
            address.state,
            address.zipcode,
            address.country,
            address.phone,
          ],
        );
      });
      return { success: true, message: ADDRESS_MESSAGES.saved, addresses: await listAddresses(db, userId) };
    },
  );
}
