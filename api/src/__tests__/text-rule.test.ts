// NUL and invalid text are a 400 naming the field: every string of every route's body, query and params
// is sent with a NUL (and, in bodies, an unpaired surrogate); each answers 400 in the envelope, and nothing is
// logged at error level. The routes and their schemas are the app's own, so a new route is covered as it is added.
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TEXT_PATTERN } from '@metrology/shared/contracts';
import { routesOf, unruledStrings, type RouteRecord } from '../lib/text-rule.js';
import { body, multipart, post, register, startApp } from './helpers/test-app.js';

type Schema = Record<string, unknown>;
type Value = unknown;

const logLines: { level: number; msg?: string }[] = [];
let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text.trim()) logLines.push(JSON.parse(text) as { level: number; msg?: string });
      }
      done();
    },
  });
  app = await startApp({ logger: { level: 'info', stream }, logFormat: 'json' });
  for (const role of ['shopper', 'staff', 'release-manager']) {
    const account = await register(app, `Text ${role}`);
    await app.shop.db.query('UPDATE users SET role = $2 WHERE email = $1', [account.email, role]);
    tokens[role] = account.token;
  }
});
afterAll(() => app.close());

/** A value the schema accepts (a sample for patterns that name their own shape). */
function sample(schema: Schema): Value {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return sample(options[0] as Schema);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, sample(child)]));
    }
    case 'array':
      return [sample(schema.items as Schema)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email') return 'someone@example.com';
      const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
      const candidates = [
        'abc',
        '1',
        '2026-01-31',
        'a'.repeat(24),
        'sitemap.xml',
        '1.0.0',
        `cs_sbx_${'a'.repeat(36)}`,
        '/product/:slug',
      ];
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const fit = candidates.find((c) => c.length >= minLength && (!pattern || pattern.test(c)));
      if (fit === undefined) throw new Error(`no sample for ${JSON.stringify(schema)}`);
      return fit;
    }
  }
}

/** Every string leaf of a schema as a path of keys and indexes, with the field name the API's messages use. */
function stringPaths(schema: Schema, at: (string | number)[] = []): (string | number)[][] {
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return options.flatMap((option) => stringPaths(option, at)).slice(0, 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return [at];
  if (types.includes('object')) {
    return Object.entries((schema.properties ?? {}) as Record<string, Schema>).flatMap(([name, child]) =>
      stringPaths(child, [...at, name]),
    );
  }
  if (types.includes('array')) return stringPaths(schema.items as Schema, [...at, 0]);
  return [];
}

const fieldName = (at: (string | number)[]) =>
  at.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );

function withValue(value: Value, at: (string | number)[], leaf: string): Value {
  if (at.length === 0) return leaf;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    Value
  >;
  copy[head!] = withValue(copy[head!], rest, leaf);
  return copy;
}

const tokenFor = (url: string) =>
  url.startsWith('/api/staff/releases') || url.startsWith('/api/releases')
    ? tokens['release-manager']
    : url.startsWith('/api/staff')
      ? tokens.staff
      : tokens.shopper;

/** One request of a route, with `leaf` at `at` in the given part and samples everywhere else. */
function requestOf(route: RouteRecord, part: 'body' | 'querystring' | 'params', at: string[], leaf: string) {
  const params = (route.params ? sample(route.params) : {}) as Record<string, string>;
  const query = (route.querystring ? sample(route.querystring) : {}) as Record<string, string>;
  const payload = route.body ? sample(route.body) : undefined;
  const chosen = { body: payload, querystring: query, params } as Record<string, Value>;
  chosen[part] = withValue(chosen[part], at, leaf);
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent((chosen.params as Record<string, string>)[name] ?? ''),
  );
  const options: InjectOptions = {
    method: route.method.split(',')[0] as InjectOptions['method'],
    url,
    query: chosen.querystring as Record<string, string>,
    headers: { token: tokenFor(route.url) ?? '' },
  };
  if (route.body) options.payload = chosen.body as InjectOptions['payload'];
  return options;
}

const cases = () =>
  routesOf(app).flatMap((route) =>
    (['params', 'querystring', 'body'] as const).flatMap((part) =>
      route[part] ? stringPaths(route[part]).map((at) => ({ route, part, at: at as string[] })) : [],
    ),
  );

describe('the text rule', () => {
  it('is on every string every route reads (a route without it refuses to start)', () => {
    const checked = routesOf(app).filter((route) => route.body ?? route.querystring ?? route.params);
    expect(checked.length).toBeGreaterThan(20);
    for (const route of checked) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        if (route[part]) expect(unruledStrings(route[part])).toEqual([]);
      }
    }
    expect(
      unruledStrings({ type: 'object', properties: { name: { type: 'string', maxLength: 5 } } }),
    ).toEqual(['name']);
  });

  it('answers 400 naming the field for a NUL in every string of every route', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { route, part, at } of all) {
      const res = await app.inject(requestOf(route, part, at, 'a\u0000b'));
      const answer = (res.body ? res.json() : {}) as { success?: boolean; message?: string };
      // A HEAD answer has no body: its status is all there is to check.
      const named = route.method === 'HEAD' || answer.message?.includes(`"${fieldName(at)}"`);
      if (res.statusCode !== 400 || (route.method !== 'HEAD' && answer.success !== false) || !named) {
        wrong.push(`${route.method} ${route.url} ${part} ${fieldName(at)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 for an unpaired surrogate in every string of every body, and takes a paired one (an emoji)', async () => {
    const wrong: string[] = [];
    for (const { route, part, at } of cases().filter((c) => c.part === 'body')) {
      const res = await app.inject(requestOf(route, part, at, 'a\uD800b'));
      if (res.statusCode !== 400 || !body(res).message?.includes(`"${fieldName(at)}"`)) {
        wrong.push(`${route.method} ${route.url} ${fieldName(at)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    const emoji = await post(app, '/api/user/chat', { message: 'calipers 📏' });
    expect(emoji.statusCode).toBe(200);
  });

  it.each([
    ['/api/product/list?company=%00', 'company'],
    ['/api/product/slug/%00', 'slug'],
    ['/api/order/%00', 'orderId'],
  ])('GET %s answers 400 naming "%s"', async (url, field) => {
    const res = await app.inject({ url, headers: { token: tokens.shopper ?? '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      success: false,
      message: `"${field}" contains a character that is not allowed (a NUL or an invalid Unicode character)`,
    });
  });

  it('holds a job application’s form fields and file name to the same rule', async () => {
    const fields = {
      name: 'A\u0000B',
      email: 'a@example.com',
      qualification: 'BE',
      position: 'QA',
      mobile: '9840012345',
      message: 'hello',
    };
    const pdf = {
      field: 'resume',
      name: 'cv.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n'),
    };
    const form = multipart(fields, [pdf]);
    const res = await app.inject({ method: 'POST', url: '/api/careers/applications/submit', ...form });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/^"name" contains a character that is not allowed/);
    const named = multipart({ ...fields, name: 'A' }, [{ ...pdf, name: 'cv\u0000.pdf' }]);
    const file = await app.inject({ method: 'POST', url: '/api/careers/applications/submit', ...named });
    expect(file.statusCode).toBe(400);
    expect(body(file).message).toMatch(/^"resume" contains a character/);
  });

  it('logged nothing at error level', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('is one pattern, matched with the u flag', () => {
    const rule = new RegExp(TEXT_PATTERN, 'u');
    expect(rule.test('Vernier caliper 📏 ±0.02')).toBe(true);
    expect(rule.test('a\u0000')).toBe(false);
    expect(rule.test('\uDC00')).toBe(false);
  });
});
