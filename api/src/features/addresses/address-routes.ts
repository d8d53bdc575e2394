// GET /api/address/get and POST /api/address/save (SPEC sections 5 and 7): the owner always comes from the token.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_FIELDS,
  AddressListResponse,
  AddressSaveBody,
  type Address,
  type SavedAddress,
} from '@metrology/shared/contracts';
import { ADDRESS_MESSAGES, addressProblem } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { requireUser, sessionUser } from '../users/auth.js';
import { cleanAddress, isSavedAlready } from './clean-address.js';

export { cleanAddress };

/** Enough for home, office and a few sites; beyond that the oldest are still kept, new ones refused. */
export const MAX_ADDRESSES = 50;

/** Each field of the contract's Address and its column (a renamed field fails here). */
const COLUMN_OF = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  street: 'street',
  city: 'city',
  state: 'state',
  zipcode: 'zipcode',
  country: 'country',
  phone: 'phone',
} as const satisfies Record<keyof Address, string>;

type AddressRow = { id: string } & { [K in keyof Address as (typeof COLUMN_OF)[K]]: Address[K] };

const ADDRESS_COLUMNS = ADDRESS_FIELDS.map((field) => COLUMN_OF[field]);

function toSaved(row: AddressRow): SavedAddress {
  const saved = { _id: row.id } as SavedAddress;
  for (const field of ADDRESS_FIELDS) saved[field] = row[COLUMN_OF[field]];
  return saved;
}

export async function listAddresses(db: Queryable, userId: string): Promise<SavedAddress[]> {
  const rows = await db.query<AddressRow>(
    `SELECT id, ${ADDRESS_COLUMNS.join(', ')} FROM addresses WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.rows.map(toSaved);
}

const addressesResponse = responses(AddressListResponse);

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const auth = requireUser(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
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
      const userId = sessionUser(request);
      const account = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      return {
        success: true,
        addresses: await listAddresses(db, userId),
        accountEmail: account.rows[0]?.email ?? '',
      };
    },
  );

  api.post(
    '/api/address/save',
    {
      preValidation: auth,
      schema: {
        tags: ['addresses'],
        security: TOKEN_SECURITY,
        summary: 'Save an address; answers with the updated list (the new one last)',
        body: AddressSaveBody,
        response: addressesResponse,
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const address = cleanAddress(request.body.address ?? {});
      const problem = addressProblem(address);
      if (problem) throw new HttpError(400, problem);
      await db.transaction(async (tx) => {
        const existing = await listAddresses(tx, userId);
        if (isSavedAlready(existing, address)) return;
        if (existing.length >= MAX_ADDRESSES) {
          throw new HttpError(400, `You can save at most ${MAX_ADDRESSES} addresses`);
        }
        const params = [newId(), userId, ...ADDRESS_FIELDS.map((field) => address[field])];
        await tx.query(
          `INSERT INTO addresses (id, user_id, ${ADDRESS_COLUMNS.join(', ')})
           VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')})`,
          params,
        );
      });
      return { success: true, message: ADDRESS_MESSAGES.saved, addresses: await listAddresses(db, userId) };
    },
  );
}
