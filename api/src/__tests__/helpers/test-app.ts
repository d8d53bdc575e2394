// Shared by the API tests: one app per test file on a fresh database (in-memory PGlite, or a new database on the
// test PostgreSQL server), and small request helpers.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Address } from '@metrology/shared';
import { buildApp, type BuildAppOptions } from '../../app.js';
import { testDatabaseUrl } from './test-database.js';

/** Starting embedded PostgreSQL takes a few seconds, more on a busy machine. */
export const DB_TIMEOUT_MS = 60_000;
jest.setTimeout(DB_TIMEOUT_MS);

export async function startApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const databaseUrl = options.databaseUrl ?? (await testDatabaseUrl(options.dataDir));
  return buildApp({ logger: false, rateLimit: false, ...options, databaseUrl });
}

export type Json = Record<string, unknown> & { success?: boolean; message?: string };

export function body<T = Json>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: 'POST',
    url,
    headers: { ...(token ? { token } : {}), ...headers },
  };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

export async function get(
  app: FastifyInstance,
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { ...(token ? { token } : {}), ...headers } });
}

let counter = 0;
/** A new account; answers with its token and e-mail. */
export async function register(
  app: FastifyInstance,
  name = 'Test Buyer',
): Promise<{ token: string; email: string }> {
  counter += 1;
  const email = `buyer${counter}.${Date.now()}@example.com`;
  const res = await post(app, '/api/user/register', { name, email, password: 'correct horse battery' });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return { token: body<{ token: string }>(res).token, email };
}

export const ADDRESS: Address = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.com',
  street: '12 Anna Salai',
  city: 'Chennai',
  state: 'Tamil Nadu',
  zipcode: '600002',
  country: 'India',
  phone: '+91 98400 12345',
};

export interface ProductRef {
  _id: string;
  slug: string;
  name: string;
  price: number;
  company: string;
  category: string;
  subCategory: string;
}

/** Products of the seeded catalogue: priced ones and enquiry-only ones. */
export async function catalogue(
  app: FastifyInstance,
): Promise<{ priced: ProductRef[]; enquiryOnly: ProductRef[] }> {
  const { products } = body<{ products: ProductRef[] }>(await get(app, '/api/product/list'));
  return { priced: products.filter((p) => p.price > 0), enquiryOnly: products.filter((p) => p.price <= 0) };
}

/** A multipart/form-data body built by hand (what a browser's FormData sends). */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----metrologytest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
