// @ts-check
// The load both cluster benches (faults, rolling deploy) put on a cluster while they break or replace instances:
// shoppers who read pages and place orders with an Idempotency-Key, and the check afterwards that every order a
// client was told of is stored once.
import { randomUUID } from 'node:crypto';

const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.com',
  street: '1 Load Street',
  city: 'Pune',
  state: 'Maharashtra',
  zipcode: '411001',
  country: 'India',
  phone: '+91 98000 00000',
};

/**
 * The shop's priced products and every product's slug, as the site lists them.
 * @param {string} base
 */
export async function catalogueOf(base) {
  const { products } = /** @type {{ products: { _id: string; slug: string; price: number }[] }} */ (
    await (await fetch(`${base}/api/product/list`)).json()
  );
  return { priced: products.filter((p) => p.price > 0), slugs: products.map((p) => p.slug) };
}

/**
 * `count` new accounts registered through the site; their session tokens.
 * @param {string} base @param {number} count @param {string} label names the bench in the accounts' e-mails
 */
export async function registerShoppers(base, count, label) {
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench Buyer ${i}`,
        email: `${label}.${i}.${Date.now()}@example.com`,
        password: 'bench password 123',
      }),
    });
    const answer = /** @type {{ token?: string }} */ (await response.json());
    if (!answer.token) throw new Error(`register failed: ${JSON.stringify(answer)}`);
    tokens.push(answer.token);
  }
  return tokens;
}

/**
 * drive()'s next and onOutcome for shoppers: `reads` in turn, every fourth request an order of the connection's
 * shopper, keyed `<keyPrefix>-<uuid>`. `acknowledged` holds each key the client got a 200 for, with its order id.
 * @param {{ tokens: string[]; priced: { _id: string }[]; reads: (() => string)[]; keyPrefix: string }} options
 */
export function shopperLoad({ tokens, priced, reads, keyPrefix }) {
  /** @type {Map<string, string>} */
  const acknowledged = new Map();
  const perUser = new Array(tokens.length).fill(0);
  let attempts = 0;
  return {
    acknowledged,
    attempts: () => attempts,
    /** @param {number} connection @param {number} n */
    next: (connection, n) => {
      if (n % 4 === 3) {
        // Each of the user's orders differs (product, quantity), so the 30-second double-submit guard never
        // refuses a genuine new order; the key is what makes a retry safe.
        const k = perUser[connection]++;
        attempts += 1;
        return {
          method: 'POST',
          path: '/api/order/place',
          headers: { token: tokens[connection] ?? '', 'idempotency-key': `${keyPrefix}-${randomUUID()}` },
          body: {
            address: ADDRESS,
            items: [
              { _id: priced[k % priced.length]?._id, quantity: 1 + (Math.floor(k / priced.length) % 9) },
            ],
          },
        };
      }
      return { path: /** @type {() => string} */ (reads[n % reads.length])() };
    },
    /** @param {number} _connection @param {{ step: { headers?: Record<string, string> }; status: number; json?: unknown }} outcome */
    onOutcome: (_connection, outcome) => {
      const key = outcome.step.headers?.['idempotency-key'];
      if (key && outcome.status === 200)
        acknowledged.set(key, /** @type {{ orderId: string }} */ (outcome.json).orderId);
    },
  };
}

/**
 * The orders the clients were told of against what the database holds: lost (acknowledged, not stored as told)
 * and duplicated (one key stored twice).
 * @param {import('pg').Client} db @param {string} keyPrefix @param {Map<string, string>} acknowledged
 */
export async function checkOrders(db, keyPrefix, acknowledged) {
  const stored = await db.query(`SELECT idempotency_key, id FROM orders WHERE idempotency_key LIKE $1`, [
    `${keyPrefix}-%`,
  ]);
  /** @type {Map<string, string>} */
  const storedByKey = new Map();
  let duplicated = 0;
  for (const row of stored.rows) {
    if (storedByKey.has(row.idempotency_key)) duplicated += 1;
    storedByKey.set(row.idempotency_key, row.id);
  }
  let lost = 0;
  for (const [key, orderId] of acknowledged) if (storedByKey.get(key) !== orderId) lost += 1;
  return { stored: stored.rows.length, lost, duplicated };
}
