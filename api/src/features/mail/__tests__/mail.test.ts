// On both engines: the outbox is written with its cause or not at all, two senders deliver each message
// once, delivery survives an SMTP server that refuses then accepts, and what the messages say.
import type { FastifyInstance } from 'fastify';
import { formatAmount } from '@metrology/shared/rules';
import { openDatabase, type Database } from '../../../db/database.js';
import {
  ADDRESS,
  body,
  catalogue,
  get,
  post,
  register,
  startApp,
  type ProductRef,
} from '../../../__tests__/helpers/test-app.js';
import { testDatabaseUrl } from '../../../__tests__/helpers/test-database.js';
import { startTestSmtp, type TestSmtp } from '../../../__tests__/helpers/smtp-catcher.js';
import { createUser } from '../../back-office/user-admin.js';
import { render } from '../layout.js';
import { resolveMail } from '../mail-config.js';
import { enqueue } from '../outbox.js';
import { MailSender, retryDelayMs } from '../sender.js';

const SITE = 'http://shop.test:8080';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
}

let app: FastifyInstance;
let databaseUrl: string | undefined;
let priced: ProductRef[];

const outbox = async (where = 'true', params: unknown[] = []) =>
  (
    await app.shop.db.query<OutboxRow>(
      `SELECT * FROM mail_outbox WHERE ${where} ORDER BY created_at, id`,
      params,
    )
  ).rows;

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl();
  // The sender is driven by hand (runOnce) so each test decides when delivery happens.
  app = await startApp({ siteOrigin: SITE, databaseUrl, mail: { send: false } });
  ({ priced } = await catalogue(app));
});
afterAll(() => app.close());

const orderBody = (product: ProductRef, quantity = 1) => ({
  address: ADDRESS,
  items: [{ ...product, quantity }],
  amount: 1,
});

describe('the outbox is written with its cause, or not at all', () => {
  it('a cash-on-delivery order stores its confirmation: receipt lines, number, total and a link to /orders/:id', async () => {
    const { token, email } = await register(app, 'Olga Order');
    const [product] = priced as [ProductRef];
    const res = await post(app, '/api/order/place', orderBody(product, 2), token);
    expect(res.statusCode).toBe(200);
    const { orderId, amount } = body<{ orderId: string; amount: number }>(res);
    const [mail, ...more] = await outbox('kind = $1 AND to_address = $2', ['order-placed', email]);
    expect(more).toHaveLength(0);
    const order = await app.shop.db.query<{ n: number }>(
      'SELECT order_number::integer AS n FROM orders WHERE id = $1',
      [orderId],
    );
    const number = `#${order.rows[0]?.n}`;
    expect(mail?.subject).toBe(`Your order ${number} is placed`);
    expect(mail?.text_body).toContain(product.name);
    expect(mail?.text_body).toContain(`Total | ${formatAmount(amount)}`);
    expect(mail?.text_body).toContain(`${SITE}/orders/${orderId}`);
    expect(mail?.html_body).toContain(`href="${SITE}/orders/${orderId}"`);
  });

  it('an order that is refused stores no message', async () => {
    const { token, email } = await register(app);
    const before = (await outbox()).length;
    // An empty cart and an enquiry-only product are refused inside the placing transaction.
    expect((await post(app, '/api/order/place', { address: ADDRESS, items: [] }, token)).statusCode).toBe(
      400,
    );
    const { enquiryOnly } = await catalogue(app);
    const refused = await post(app, '/api/order/place', orderBody(enquiryOnly[0] as ProductRef), token);
    expect(refused.statusCode).toBe(400);
    expect(await outbox('to_address = $1 AND kind <> $2', [email, 'verify-email'])).toHaveLength(0);
    expect((await outbox()).length).toBe(before);
  });

  it('a transaction that fails after writing a message takes the message with it', async () => {
    const { token } = await register(app, 'Rollback Rita');
    const placed = await post(app, '/api/order/place', orderBody(priced[1] as ProductRef), token);
    const { orderId } = body<{ orderId: string }>(placed);
    const before = (await outbox()).length;
    await expect(
      app.shop.db.transaction(async (tx) => {
        await app.shop.mail.orderMoved(tx, orderId, 'shipped', null);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect((await outbox()).length).toBe(before);
  });

  it('a second sign-up with the same e-mail (409) stores no second verification message', async () => {
    const { email } = await register(app);
    const res = await post(app, '/api/user/register', {
      name: 'Copy',
      email,
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(409);
    expect(await outbox('kind = $1 AND to_address = $2', ['verify-email', email])).toHaveLength(1);
  });
});

describe('order and lead messages', () => {
  let staffEmail: string;
  beforeAll(async () => {
    staffEmail = `desk.${Date.now()}@example.com`;
    await createUser(app.shop.db, { email: staffEmail, name: 'Desk', password: 'x', role: 'staff' });
  });

  async function staffToken(): Promise<string> {
    const res = await post(app, '/api/user/login', { email: staffEmail, password: 'x' });
    return body<{ token: string }>(res).token;
  }

  it('a staff move tells the shopper; the note only when it is meant for them', async () => {
    const shopper = await register(app, 'Sam Shopper');
    // A proved address: an unproven one gets 3 messages an hour, and this is the fourth.
    await app.shop.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [shopper.email]);
    const placed = await post(app, '/api/order/place', orderBody(priced[2] as ProductRef), shopper.token);
    const { orderId } = body<{ orderId: string }>(placed);
    const staff = await staffToken();
    const shipped = await post(
      app,
      `/api/staff/orders/${orderId}/status`,
      { status: 'shipped', note: 'Tracking: DTDC 123 <b>', noteToShopper: true },
      staff,
    );
    expect(shipped.statusCode).toBe(200);
    const delivered = await post(
      app,
      `/api/staff/orders/${orderId}/status`,
      { status: 'delivered', note: 'Signed by the guard (internal)' },
      staff,
    );
    expect(delivered.statusCode).toBe(200);
    const [ship] = await outbox('kind = $1 AND to_address = $2', ['order-shipped', shopper.email]);
    const [done] = await outbox('kind = $1 AND to_address = $2', ['order-delivered', shopper.email]);
    expect(ship?.subject).toMatch(/^Your order #\d+ has shipped$/);
    expect(ship?.text_body).toContain('> Tracking: DTDC 123 <b>');
    // Escaped in the HTML part: the note is text, never markup.
    expect(ship?.html_body).toContain('Tracking: DTDC 123 &lt;b&gt;');
    expect(done?.subject).toMatch(/was delivered$/);
    expect(done?.text_body).not.toContain('guard');
  });

  it('an enquiry: an acknowledgement to the sender and a notice to verified staff', async () => {
    const [product] = priced as [ProductRef];
    const res = await post(app, '/api/enquiry/submit', {
      productId: product._id,
      productName: product.name,
      email: 'Buyer@Example.com',
      quantity: 3,
      companyName: 'Acme <Tools>',
      mobileNo: '+91 98400 12345',
      country: 'India',
      purpose: 'Resale',
      requirementDetails: 'Need calibration certificates',
    });
    expect(res.statusCode).toBe(200);
    const [ack] = await outbox('kind = $1 AND to_address = $2', ['enquiry-ack', 'buyer@example.com']);
    const [notice] = await outbox('kind = $1 AND to_address = $2', ['enquiry-staff', staffEmail]);
    expect(ack?.subject).toBe('We received your enquiry');
    expect(ack?.text_body).toContain(product.name);
    // Nobody proved buyer@example.com: the acknowledgement quotes the reference, not what was typed.
    expect(ack?.text_body).toContain(`Reference: ${body<{ enquiryId: string }>(res).enquiryId}`);
    expect(ack?.text_body).not.toContain('Acme');
    expect(ack?.text_body).not.toContain('calibration certificates');
    // Staff read what was sent, escaped in the HTML part.
    expect(notice?.html_body).toContain('Acme &lt;Tools&gt;');
    expect(notice?.html_body).not.toContain('<Tools>');
    expect(notice?.subject).toBe(`New enquiry: ${product.name}`);
    expect(notice?.text_body).toContain(`${SITE}/back-office/inbox`);
  });

  it('a contact message: an acknowledgement and a staff notice', async () => {
    const res = await post(app, '/api/contact/submit', {
      product: 'Height gauge',
      name: 'Priya',
      email: 'priya@example.com',
      mobile: '+91 98400 12345',
      enquiryDetails: 'Please call me',
    });
    expect(res.statusCode).toBe(200);
    expect(await outbox('kind = $1 AND to_address = $2', ['contact-ack', 'priya@example.com'])).toHaveLength(
      1,
    );
    expect(await outbox('kind = $1 AND to_address = $2', ['contact-staff', staffEmail])).toHaveLength(1);
  });

  it('every message has a text part and an HTML part with no remote image', async () => {
    // A suppressed row is a record of a message never written out.
    for (const row of await outbox('suppressed_at IS NULL')) {
      expect(row.text_body.length).toBeGreaterThan(0);
      expect(row.html_body).toMatch(/^<!doctype html>/);
      expect(row.html_body).not.toMatch(/<img|url\(|src=/i);
    }
  });
});

describe('a kind turned off in configuration is not written', () => {
  it('MAIL_DISABLED=enquiry-ack leaves out the acknowledgement, not the staff notice', async () => {
    const other = await startApp({
      mail: { send: false, disabled: ['enquiry-ack'], staffTo: ['desk@shop.test'] },
    });
    try {
      const [product] = (await catalogue(other)).priced as [ProductRef];
      const res = await post(other, '/api/enquiry/submit', {
        productId: product._id,
        productName: product.name,
        email: 'quiet@example.com',
        quantity: 1,
        mobileNo: '+91 98400 12345',
        country: 'India',
      });
      expect(res.statusCode).toBe(200);
      const kinds = await other.shop.db.query<{ kind: string; to_address: string }>(
        'SELECT kind, to_address FROM mail_outbox ORDER BY kind',
      );
      expect(kinds.rows).toEqual([{ kind: 'enquiry-staff', to_address: 'desk@shop.test' }]);
    } finally {
      await other.close();
    }
  });
});

describe('the sender', () => {
  let smtp: TestSmtp;
  beforeEach(async () => {
    smtp = await startTestSmtp();
    // Only this test's messages are due.
    await app.shop.db.query('UPDATE mail_outbox SET sent_at = now() WHERE sent_at IS NULL');
  });
  afterEach(() => smtp.close());

  const config = (extra = {}) => resolveMail({ smtpUrl: smtp.url, send: false, ...extra });

  async function store(count: number, tag: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = await app.shop.db.transaction((tx) =>
        enqueue(tx, config(), 'contact-ack', `r${i}@example.com`, render(`${tag} ${i}`, 'Hello,', [])),
      );
      ids.push(id as string);
    }
    return ids;
  }

  it('two senders on one database deliver each message exactly once', async () => {
    const ids = await store(12, 'twice');
    // On PostgreSQL the second sender has its own connections, as a second API process would.
    const second: Database = databaseUrl ? await openDatabase({ databaseUrl }) : app.shop.db;
    const a = new MailSender(app.shop.db, config(), quiet);
    const b = new MailSender(second, config(), quiet);
    try {
      for (let pass = 0; pass < 5; pass += 1) await Promise.all([a.runOnce(), b.runOnce()]);
      const ids2 = smtp.received.map((m) => m.messageId.replace(/^<|@outbox\.metrology-shop>$/g, ''));
      expect(ids2.sort()).toEqual([...ids].sort());
      const sent = await outbox('id = ANY($1::text[]) AND sent_at IS NOT NULL', [ids]);
      expect(sent).toHaveLength(12);
    } finally {
      await a.stop();
      await b.stop();
      if (second !== app.shop.db) await second.close();
    }
  });

  it('a server that refuses, then accepts: retried with a growing wait, delivered once, marked sent', async () => {
    const [id] = await store(1, 'retry');
    smtp.refuse = 2;
    const sender = new MailSender(app.shop.db, config({ retryBaseMs: 60_000 }), quiet);
    try {
      expect(await sender.runOnce()).toBe(0);
      let [row] = await outbox('id = $1', [id]);
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row?.last_error).toMatch(/451/);
      // Not due before its wait is over: another pass leaves it alone.
      expect(await sender.runOnce()).toBe(0);
      expect(smtp.refused).toBe(1);
      const wait = async () =>
        (
          await app.shop.db.query<{ seconds: number }>(
            'SELECT EXTRACT(EPOCH FROM (send_after - now()))::float AS seconds FROM mail_outbox WHERE id = $1',
            [id],
          )
        ).rows[0]?.seconds ?? 0;
      expect(await wait()).toBeGreaterThan(30);
      // The wait is over (moved, not waited for): the second attempt is refused too, and waits twice as long.
      await app.shop.db.query('UPDATE mail_outbox SET send_after = now() WHERE id = $1', [id]);
      expect(await sender.runOnce()).toBe(0);
      expect(await wait()).toBeGreaterThan(90);
      await app.shop.db.query('UPDATE mail_outbox SET send_after = now() WHERE id = $1', [id]);
      expect(await sender.runOnce()).toBe(1);
      [row] = await outbox('id = $1', [id]);
      expect(row).toMatchObject({ attempts: 3, last_error: null });
      expect(row?.sent_at).not.toBeNull();
      expect(smtp.received.map((m) => m.subject)).toEqual(['retry 0']);
      expect(await sender.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });

  it('the wait doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });

  it('what arrives has both parts', async () => {
    const { email } = await register(app, 'Parts Paul');
    const sender = new MailSender(app.shop.db, config(), quiet);
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    const [mail] = smtp.received.filter((m) => m.to === email);
    expect(mail?.subject).toBe('Please confirm your e-mail address');
    expect(mail?.text).toContain(`${SITE}/verify-email?token=`);
    expect(mail?.html).toContain('Confirm my e-mail address');
  });
});

describe('GET /api/staff/mail', () => {
  it('is for staff only', async () => {
    const { token } = await register(app);
    expect((await get(app, '/api/staff/mail', token)).statusCode).toBe(403);
    expect((await get(app, '/api/staff/mail')).statusCode).toBe(401);
  });
});
