// The back office's calls against each role: anonymous (401), shopper (403), staff, release manager.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  ADDRESS,
  body,
  catalogue,
  get,
  multipart,
  post,
  register,
  startApp,
  type ProductRef,
} from '../../../__tests__/helpers/test-app.js';
import type { Registry } from '@metrology/shared/contracts';
import { registryModule, registryStoreModule } from '../registry-bridge.js';
import { ROLE_MESSAGES } from '../roles.js';

let app: FastifyInstance;
let releasesDir: string;
let priced: ProductRef[];
const tokens = { shopper: '', staff: '', manager: '' };
let shopperEmail = '';

/** A minimal production build of a remote as the publish step checks it. */
async function fakeBuild(remote: string, marker: string): Promise<string> {
  const dist = await fs.mkdtemp(path.join(releasesDir, `..${path.sep}dist-${marker}-`));
  const name = remote.replace(/-/g, '_');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${remote} ${marker} */`);
  return dist;
}

async function grant(token: string, role: string): Promise<void> {
  const me = body<{ user: { _id: string } }>(await get(app, '/api/user/me', token)).user;
  await app.shop.db.query('UPDATE users SET role = $2 WHERE id = $1', [me._id, role]);
}

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-desk-'));
  releasesDir = path.join(work, 'releases');
  app = await startApp({ releasesDir });
  priced = (await catalogue(app)).priced;
  const shopper = await register(app, 'Shopper Sam');
  shopperEmail = shopper.email;
  tokens.shopper = shopper.token;
  tokens.staff = (await register(app, 'Staff Stella')).token;
  tokens.manager = (await register(app, 'Manager Max')).token;
  await grant(tokens.staff, 'staff');
  await grant(tokens.manager, 'release-manager');
  const registry = await registryModule();
  for (const version of ['1.0.0', '1.1.0']) {
    await registry.publishRelease({
      store: registry.releaseStore(releasesDir),
      remote: 'mfe-content',
      distDir: await fakeBuild('mfe-content', version),
      version,
      commit: `c${version.replace(/\./g, '')}`,
    });
  }
});
afterAll(() => app.close());

async function placeOrder(token = tokens.shopper, quantity = 1): Promise<string> {
  const res = await post(
    app,
    '/api/order/place',
    { address: ADDRESS, items: [{ _id: priced[0]!._id, quantity }] },
    token,
  );
  expect(res.statusCode).toBe(200);
  return body<{ orderId: string }>(res).orderId;
}

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  const options: InjectOptions = { method, url, headers: token ? { token } : {} };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

describe('roles', () => {
  it('a new account is a shopper; /api/user/me tells the shell the role', async () => {
    const me = body<{ user: Record<string, string> }>(await get(app, '/api/user/me', tokens.shopper)).user;
    expect(me).toMatchObject({ name: 'Shopper Sam', email: shopperEmail, role: 'shopper' });
    expect(body<{ user: { role: string } }>(await get(app, '/api/user/me', tokens.staff)).user.role).toBe(
      'staff',
    );
    expect(body<{ user: { role: string } }>(await get(app, '/api/user/me', tokens.manager)).user.role).toBe(
      'release-manager',
    );
    expect((await get(app, '/api/user/me')).statusCode).toBe(401);
  });

  it('no request can raise a role: register refuses a role field', async () => {
    const res = await post(app, '/api/user/register', {
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'x',
      role: 'staff',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Unknown field "role"');
  });
});

describe('every back-office call checks the role on the server', () => {
  let orderId: string;
  let applicationId: string;
  beforeAll(async () => {
    orderId = await placeOrder();
    const form = multipart(
      {
        name: 'Arun Prakash',
        email: 'arun@example.com',
        qualification: 'B.E.',
        position: 'Calibration Engineer',
        mobile: '+91 94440 12345',
        message: 'Hello',
      },
      [
        {
          field: 'resume',
          name: 'cv.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('%PDF-1.4\n% test\n'),
        },
      ],
    );
    const res = await app.inject({ method: 'POST', url: '/api/careers/applications/submit', ...form });
    expect(res.statusCode).toBe(200);
    applicationId = (await app.shop.db.query<{ id: string }>('SELECT id FROM job_applications')).rows[0]!.id;
  });

  const staffCalls = (): [string, 'GET' | 'POST', string, unknown?][] => [
    ['list orders', 'GET', '/api/staff/orders'],
    ['one order', 'GET', `/api/staff/orders/${orderId}`],
    ['move an order', 'POST', `/api/staff/orders/${orderId}/status`, { status: 'cancelled' }],
    ['enquiries', 'GET', '/api/staff/inbox/enquiries'],
    ['contact messages', 'GET', '/api/staff/inbox/messages'],
    ['applications', 'GET', '/api/staff/inbox/applications'],
    ['mark handled', 'POST', `/api/staff/inbox/applications/${applicationId}/handled`, { handled: true }],
    ['resume download', 'GET', `/api/staff/applications/${applicationId}/resume`],
  ];
  const managerCalls = (): [string, 'GET' | 'POST', string, unknown?][] => [
    ['release desk', 'GET', '/api/releases/desk'],
    ['release log', 'GET', '/api/releases/actions'],
    ['load failures', 'GET', '/api/releases/load-failures'],
    ['roll back', 'POST', '/api/releases/rollback', { remote: 'mfe-content', to: '1.1.0' }],
  ];

  it('anonymous: 401 on every call', async () => {
    for (const [name, method, url, payload] of [...staffCalls(), ...managerCalls()]) {
      const res = await call(method, url, undefined, payload);
      expect([name, res.statusCode, body(res).message]).toEqual([name, 401, 'Please login to continue']);
    }
  });

  it('a shopper: 403 on every call, and nothing changes', async () => {
    for (const [name, method, url, payload] of staffCalls()) {
      const res = await call(method, url, tokens.shopper, payload);
      expect([name, res.statusCode, body(res).message]).toEqual([name, 403, ROLE_MESSAGES.staffOnly]);
    }
    for (const [name, method, url, payload] of managerCalls()) {
      const res = await call(method, url, tokens.shopper, payload);
      expect([name, res.statusCode, body(res).message]).toEqual([name, 403, ROLE_MESSAGES.managersOnly]);
    }
    const order = await app.shop.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      orderId,
    ]);
    expect(order.rows[0]?.status).toBe('processing');
  });

  it('a release manager: 403 on the staff calls, 200 on the release desk', async () => {
    for (const [name, method, url, payload] of staffCalls()) {
      const res = await call(method, url, tokens.manager, payload);
      expect([name, res.statusCode]).toEqual([name, 403]);
    }
    for (const [name, method, url, payload] of managerCalls()) {
      const res = await call(method, url, tokens.manager, payload);
      expect([name, res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([name, 200, '']);
    }
  });

  it('staff: 200 on the staff calls, 403 on the release desk', async () => {
    for (const [name, method, url, payload] of staffCalls()) {
      const res = await call(method, url, tokens.staff, payload);
      expect([name, res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([name, 200, '']);
    }
    for (const [name, method, url, payload] of managerCalls()) {
      const res = await call(method, url, tokens.staff, payload);
      expect([name, res.statusCode, body(res).message]).toEqual([name, 403, ROLE_MESSAGES.managersOnly]);
    }
  });

  it('a revoked role is refused on the next call', async () => {
    const extra = await register(app, 'Temp Staff');
    await grant(extra.token, 'staff');
    expect((await get(app, '/api/staff/orders', extra.token)).statusCode).toBe(200);
    await grant(extra.token, 'shopper');
    expect((await get(app, '/api/staff/orders', extra.token)).statusCode).toBe(403);
  });
});

describe('orders desk', () => {
  interface Detail {
    _id: string;
    status: string;
    allowedMoves: string[];
    customer: { name: string; email: string };
    items: { name: string; quantity: number }[];
    address: { city: string };
    payment: boolean;
    paymentMethod: string;
    history: { status: string; at: string; actor: { name: string; email: string } | null }[];
  }
  const move = (id: string, status: string, token = tokens.staff) =>
    post(app, `/api/staff/orders/${id}/status`, { status }, token);
  const detail = async (id: string) =>
    body<{ order: Detail }>(await get(app, `/api/staff/orders/${id}`, tokens.staff)).order;

  it('processing -> shipped -> delivered, each move recorded with who and when; the shopper sees it', async () => {
    const id = await placeOrder(tokens.shopper, 2);
    const before = await detail(id);
    expect(before).toMatchObject({ status: 'processing', payment: false, paymentMethod: 'cod' });
    expect(before.customer.name).toBe('Shopper Sam');
    expect(before.items[0]).toMatchObject({ name: priced[0]!.name, quantity: 2 });
    expect(before.address.city).toBe(ADDRESS.city);
    expect(before.allowedMoves).toEqual(['shipped', 'cancelled']);
    expect(before.history.map((h) => h.status)).toEqual(['processing']);

    const shipped = await move(id, 'shipped');
    expect(shipped.statusCode).toBe(200);
    expect(body(shipped).message).toBe('Order marked shipped');
    const after = await detail(id);
    expect(after.status).toBe('shipped');
    expect(after.allowedMoves).toEqual(['delivered']);
    expect(after.history.map((h) => h.status)).toEqual(['processing', 'shipped']);
    expect(after.history[1]?.actor).toEqual({ name: 'Staff Stella', email: expect.any(String) });
    expect(Date.parse(after.history[1]!.at)).toBeGreaterThan(Date.now() - 60_000);
    const mine = body<{ orders: { _id: string; status: string }[] }>(
      await post(app, '/api/order/userorders', {}, tokens.shopper),
    ).orders;
    expect(mine.find((o) => o._id === id)?.status).toBe('shipped');

    expect((await move(id, 'delivered')).statusCode).toBe(200);
    const events = await app.shop.db.query<{ status: string; actor_user_id: string | null }>(
      'SELECT status, actor_user_id FROM order_events WHERE order_id = $1 ORDER BY created_at, id',
      [id],
    );
    expect(events.rows.map((e) => e.status)).toEqual(['processing', 'shipped', 'delivered']);
    expect(events.rows[2]?.actor_user_id).toBeTruthy();
  });

  it('a move not allowed from the current status is refused with a clear message and changes nothing', async () => {
    const id = await placeOrder(tokens.shopper, 3);
    const skip = await move(id, 'delivered');
    expect(skip.statusCode).toBe(409);
    expect(body(skip)).toMatchObject({
      success: false,
      message: 'An order that is processing cannot be marked delivered. Allowed next: shipped or cancelled.',
    });
    await move(id, 'shipped');
    const cancel = await move(id, 'cancelled');
    expect(cancel.statusCode).toBe(409);
    expect(body(cancel).message).toBe(
      'An order that is shipped cannot be marked cancelled. Allowed next: delivered.',
    );
    const again = await move(id, 'shipped');
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This order is already shipped.');
    await move(id, 'delivered');
    const final = await move(id, 'cancelled');
    expect(body(final).message).toBe(
      'An order that is delivered cannot be marked cancelled. It is delivered: no further moves.',
    );
    expect((await detail(id)).history.map((h) => h.status)).toEqual(['processing', 'shipped', 'delivered']);

    const unknown = await move(id, 'processing');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('"status" must be one of: shipped, delivered, cancelled');
    expect((await move('ffffffffffffffffffffffff', 'shipped')).statusCode).toBe(404);
  });

  it('an order awaiting payment moves on only after its payment is verified; it can be cancelled', async () => {
    const created = await post(
      app,
      '/api/order/razorpay',
      { address: ADDRESS, items: [{ _id: priced[1]!._id, quantity: 1 }] },
      tokens.shopper,
    );
    const { orderId } = body<{ orderId: string; order: { id: string } }>(created);
    const refused = await move(orderId, 'shipped');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(
      'This order is awaiting payment: it can be marked shipped only after its payment is verified.',
    );
    expect((await detail(orderId)).allowedMoves).toEqual(['cancelled']);
    // The sandbox pays and the shop verifies: now it is processing and can ship.
    const paid = await post(
      app,
      '/api/payments/sandbox/razorpay/pay',
      { order_id: body<{ order: { id: string } }>(created).order.id },
      tokens.shopper,
    );
    const verify = await post(app, '/api/order/verifyRazorpay', body(paid), tokens.shopper);
    expect(verify.statusCode).toBe(200);
    expect((await move(orderId, 'shipped')).statusCode).toBe(200);
  });

  it('an order cancelled while awaiting payment stays cancelled when its payment arrives later', async () => {
    const created = await post(
      app,
      '/api/order/razorpay',
      { address: ADDRESS, items: [{ _id: priced[1]!._id, quantity: 1 }] },
      tokens.shopper,
    );
    const { orderId } = body<{ orderId: string }>(created);
    expect((await move(orderId, 'cancelled')).statusCode).toBe(200);
    const paid = await post(
      app,
      '/api/payments/sandbox/razorpay/pay',
      { order_id: body<{ order: { id: string } }>(created).order.id },
      tokens.shopper,
    );
    await post(app, '/api/order/verifyRazorpay', body(paid), tokens.shopper);
    const after = await detail(orderId);
    expect(after).toMatchObject({ status: 'cancelled', payment: true });
    expect(after.allowedMoves).toEqual([]);
  });

  it('lists every order with filters and pages', async () => {
    const other = await register(app, 'Zeynep Quinn');
    const id = await placeOrder(other.token, 4);
    const list = async (query: string) =>
      body<{ orders: { _id: string; status: string }[]; total: number; page: number; limit: number }>(
        await get(app, `/api/staff/orders${query}`, tokens.staff),
      );
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.orders[0]?._id).toBe(id);
    expect((await list('?q=zeynep')).orders.map((o) => o._id)).toEqual([id]);
    expect((await list(`?q=${other.email.toUpperCase()}`)).orders.map((o) => o._id)).toEqual([id]);
    expect((await list(`?q=${id.slice(0, 10)}`)).orders.map((o) => o._id)).toEqual([id]);
    expect((await list('?q=%25')).total).toBe(0);
    const delivered = await list('?status=delivered');
    expect(delivered.total).toBeGreaterThanOrEqual(2);
    expect(delivered.orders.every((o) => o.status === 'delivered')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await list('?to=2000-01-01')).total).toBe(0);
    const paged = await list('?limit=2&page=2');
    expect(paged).toMatchObject({ page: 2, limit: 2 });
    expect(paged.orders.map((o) => o._id)).toEqual(all.orders.slice(2, 4).map((o) => o._id));
    const bad = await get(app, '/api/staff/orders?from=2026-02-31', tokens.staff);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('"from" must be a date like 2026-01-31');
    expect((await get(app, '/api/staff/orders?status=lost', tokens.staff)).statusCode).toBe(400);
  });
});

describe('inbox', () => {
  const CONTACT = {
    product: 'Height gauge',
    name: 'Priya Raman',
    email: 'Priya@Example.com',
    mobile: '+91 98400 54321',
    enquiryDetails: 'Please send a quotation for two units.',
    requirement: 'Quotation',
  };
  interface Item {
    _id: string;
    name: string;
    email: string;
    subject: string;
    details: string;
    handled: boolean;
    handledBy: { name: string } | null;
    resume?: { name: string; type: string };
  }
  const inbox = async (kind: string, query = '') =>
    body<{ items: Item[]; total: number; open: number }>(
      await get(app, `/api/staff/inbox/${kind}${query}`, tokens.staff),
    );

  it('stores a contact message and shows it in the inbox; each item can be marked handled and open again', async () => {
    const sent = await post(app, '/api/contact/submit', CONTACT);
    expect(sent.statusCode).toBe(200);
    expect(body(sent)).toMatchObject({ success: true, message: 'Message received' });
    const { items, open } = await inbox('messages', '?handled=false');
    expect(items[0]).toMatchObject({
      name: 'Priya Raman',
      email: 'priya@example.com',
      subject: 'Height gauge',
      details: CONTACT.enquiryDetails,
      handled: false,
    });
    expect(open).toBeGreaterThanOrEqual(1);
    const id = items[0]!._id;
    const marked = await post(
      app,
      `/api/staff/inbox/messages/${id}/handled`,
      { handled: true },
      tokens.staff,
    );
    expect(body<{ item: Item }>(marked).item).toMatchObject({
      handled: true,
      handledBy: { name: 'Staff Stella' },
    });
    expect((await inbox('messages', '?handled=false')).items.map((i) => i._id)).not.toContain(id);
    expect((await inbox('messages', '?handled=true')).items.map((i) => i._id)).toContain(id);
    const reopened = await post(
      app,
      `/api/staff/inbox/messages/${id}/handled`,
      { handled: false },
      tokens.staff,
    );
    expect(body<{ item: Item }>(reopened).item).toMatchObject({ handled: false, handledBy: null });
    const missing = await post(
      app,
      '/api/staff/inbox/messages/ffffffffffffffffffffffff/handled',
      { handled: true },
      tokens.staff,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad contact message with the form rules and stores nothing', async () => {
    const before = (await inbox('messages')).total;
    const res = await post(app, '/api/contact/submit', { ...CONTACT, email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please enter a valid email address');
    const blank = await post(app, '/api/contact/submit', { ...CONTACT, product: ' ' });
    expect(body(blank).message).toBe('Product is required');
    expect((await post(app, '/api/contact/submit', { ...CONTACT, extra: 1 })).statusCode).toBe(400);
    expect((await inbox('messages')).total).toBe(before);
  });

  it('shows product enquiries', async () => {
    const res = await post(app, '/api/enquiry/submit', {
      productId: priced[0]!._id,
      productName: priced[0]!.name,
      email: 'buyer@example.com',
      quantity: 3,
      companyName: 'Acme Gauges',
      mobileNo: '+91 98400 11111',
      country: 'India',
      purpose: 'Quotation',
      requirementDetails: 'Need calibration certificates.',
    });
    expect(res.statusCode).toBe(200);
    expect((await inbox('enquiries')).items[0]).toMatchObject({
      name: 'Acme Gauges',
      email: 'buyer@example.com',
      subject: `${priced[0]!.name} (quantity 3)`,
      details: 'Need calibration certificates.',
    });
  });

  it('serves a resume to staff only, as an attachment with a safe type', async () => {
    const [application] = (await inbox('applications')).items;
    expect(application?.resume).toMatchObject({ name: 'cv.pdf', type: 'application/pdf' });
    const res = await get(app, `/api/staff/applications/${application!._id}/resume`, tokens.staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cv\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith('%PDF-')).toBe(true);
    expect(
      (await get(app, `/api/staff/applications/${application!._id}/resume`, tokens.shopper)).statusCode,
    ).toBe(403);
    expect((await get(app, `/api/staff/applications/${application!._id}/resume`)).statusCode).toBe(401);
    expect(
      (await get(app, '/api/staff/applications/ffffffffffffffffffffffff/resume', tokens.staff)).statusCode,
    ).toBe(404);
  });
});

/**
 * The registry as the site servers serve it (/remotes/registry.json): from PostgreSQL when the API runs on
 * DATABASE_URL (site.mjs reads the same table), else RELEASES_DIR/registry.json.
 */
async function livePointer(): Promise<Registry> {
  const { databaseUrl } = app.shop.config;
  if (!databaseUrl) return (await registryModule()).readRegistry(releasesDir);
  const store = await (await registryStoreModule()).openPgRegistryStore(databaseUrl);
  try {
    return JSON.parse(await store.readText()) as Registry;
  } finally {
    await store.close();
  }
}

describe('release desk', () => {
  interface Desk {
    remotes: {
      remote: string;
      current: string | null;
      history: { version: string; rolledBackAt?: string }[];
    }[];
    actions: { action: string; remote: string; from: string; to: string; actor: string }[];
  }
  const desk = async () => body<Desk>(await get(app, '/api/releases/desk', tokens.manager));
  const content = (d: Desk) => d.remotes.find((r) => r.remote === 'mfe-content');

  it('rolls back and re-promotes with the CLI code; each action is logged with who', async () => {
    // The earlier role test made 1.1.0 live again (already live: nothing changed).
    expect(content(await desk())?.current).toBe('1.1.0');
    const back = await post(app, '/api/releases/rollback', { remote: 'mfe-content' }, tokens.manager);
    expect(back.statusCode).toBe(200);
    expect(body(back).message).toBe('mfe-content 1.0.0 is live now (was 1.1.0).');
    const registry = await registryModule();
    expect((await livePointer()).remotes['mfe-content']?.current).toBe('1.0.0');
    if (app.shop.config.databaseUrl) {
      // On PostgreSQL the desk moved the pointer every site instance reads; registry.json was left alone.
      expect((await registry.readRegistry(releasesDir)).remotes['mfe-content']?.current).toBe('1.1.0');
    }
    const afterBack = await desk();
    expect(content(afterBack)?.history.find((r) => r.version === '1.1.0')?.rolledBackAt).toBeTruthy();
    expect(afterBack.actions[0]).toMatchObject({ action: 'rollback', from: '1.1.0', to: '1.0.0' });
    expect(afterBack.actions[0]?.actor).toMatch(/^buyer\d+\./);

    const forward = await post(
      app,
      '/api/releases/rollback',
      { remote: 'mfe-content', to: '1.1.0' },
      tokens.manager,
    );
    expect(body(forward).message).toBe('mfe-content 1.1.0 is live now (was 1.0.0).');
    const log = body<{ actions: Desk['actions'] }>(
      await get(app, '/api/releases/actions', tokens.manager),
    ).actions;
    expect(log[0]).toMatchObject({ action: 're-promote', from: '1.0.0', to: '1.1.0' });
    expect((await livePointer()).remotes['mfe-content']?.current).toBe('1.1.0');
  });

  it('refuses what the CLI refuses, with its message', async () => {
    const never = await post(app, '/api/releases/rollback', { remote: 'mfe-careers' }, tokens.manager);
    expect(never.statusCode).toBe(409);
    expect(body(never).message).toBe('mfe-careers has never been published; there is nothing to roll back');
    const unknown = await post(app, '/api/releases/rollback', { remote: 'mfe-evil' }, tokens.manager);
    expect(unknown.statusCode).toBe(400);
    const missing = await post(
      app,
      '/api/releases/rollback',
      { remote: 'mfe-content', to: '9.9.9' },
      tokens.manager,
    );
    expect(missing.statusCode).toBe(409);
    expect(body(missing).message).toContain('9.9.9 was never published');
  });
});
