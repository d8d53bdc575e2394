// On both engines, each test the attack it stops: an address that aims mail elsewhere is refused on every
// route that takes one, nodemailer is never handed a string to parse, one mailbox gets a few messages an hour at
// most, a stranger's text never rides in the shop's mail to an unproven address, and Caught mail hides links.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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
import { startTestSmtp } from '../../../__tests__/helpers/smtp-catcher.js';
import { createUser } from '../../back-office/user-admin.js';
import { HIDDEN_LINK } from '../caught-mail-routes.js';
import { resolveMail } from '../mail-config.js';
import { RECIPIENT_CAPS } from '../recipient-caps.js';
import { MailSender } from '../sender.js';

const INVALID = 'Please enter a valid email address';
const AIMED = ['x1<victim@example.test>', 'grp:victim@example.test;', 'me@example.com,victim@example.test'];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let app: FastifyInstance;
let caughtDir: string;
let priced: ProductRef[];
beforeAll(async () => {
  caughtDir = await mkdtemp(path.join(tmpdir(), 'caught-'));
  app = await startApp({ siteOrigin: 'http://shop.test', mail: { send: false, caughtMailDir: caughtDir } });
  ({ priced } = await catalogue(app));
});
afterAll(async () => {
  await app.close();
  await rm(caughtDir, { recursive: true, force: true });
});

const mailTo = async (fragment: string) =>
  (
    await app.shop.db.query<{ kind: string; to_address: string }>(
      'SELECT kind, to_address FROM mail_outbox WHERE to_address LIKE $1',
      [`%${fragment}%`],
    )
  ).rows;

interface Row {
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
  suppressed_at: Date | null;
  suppressed_reason: string | null;
}
const rowsTo = async (to: string, kind?: string) =>
  (
    await app.shop.db.query<Row>(
      `SELECT kind, subject, text_body, html_body, suppressed_at, suppressed_reason FROM mail_outbox
       WHERE to_address = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at, id`,
      [to, kind ?? null],
    )
  ).rows;

const contact = (email: string, token?: string, details = 'Please call me about the gauge') =>
  post(
    app,
    '/api/contact/submit',
    { product: 'Height gauge', name: 'Priya', email, mobile: '+91 98400 12345', enquiryDetails: details },
    token,
  );

const enquiry = (email: string, extra: Record<string, unknown> = {}) =>
  post(app, '/api/enquiry/submit', {
    productId: priced[0]!._id,
    productName: priced[0]!.name,
    email,
    quantity: 1,
    mobileNo: '+91 98400 12345',
    country: 'India',
    ...extra,
  });

const apply = (email: string) => {
  const form = multipart(
    {
      name: 'Asha',
      email,
      qualification: 'B.E.',
      position: 'Calibration engineer',
      mobile: '+91 98400 12345',
      message: 'Visit evil.example for a prize',
    },
    [{ field: 'resume', name: 'cv.pdf', type: 'application/pdf', bytes: PDF }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/careers/applications/submit',
    payload: form.payload,
    headers: form.headers,
  });
};

describe('an address that aims mail elsewhere is refused on every route that takes one', () => {
  it.each(AIMED)('register with %p is refused and no mail is queued', async (email) => {
    const res = await post(app, '/api/user/register', {
      name: 'X',
      email,
      password: 'correct horse battery',
    });
    expect([res.statusCode, body(res).message]).toEqual([400, INVALID]);
    expect(await mailTo('victim@example.test')).toEqual([]);
  });

  it.each(AIMED)(
    'login, reset request, contact, enquiry and application with %p are refused',
    async (email) => {
      const answers = [
        await post(app, '/api/user/login', { email, password: 'correct horse battery' }),
        await post(app, '/api/user/password-reset/request', { email }),
        await contact(email),
        await enquiry(email),
        await apply(email),
      ];
      expect(answers.map((res) => [res.statusCode, body(res).message])).toEqual(
        answers.map(() => [400, INVALID]),
      );
      await app.shop.passwordResets.drain();
      expect(await mailTo('victim@example.test')).toEqual([]);
    },
  );

  it('a saved or ordered address with such an e-mail is refused; an empty one is fine (SPEC)', async () => {
    const { token } = await register(app);
    const bad = { ...ADDRESS, email: 'x1<victim@example.test>' };
    const save = await post(app, '/api/address/save', { address: bad }, token);
    expect([save.statusCode, body(save).message]).toEqual([400, INVALID]);
    const order = await post(
      app,
      '/api/order/place',
      { address: bad, items: [{ ...priced[0]!, quantity: 1 }], amount: 1 },
      token,
    );
    expect([order.statusCode, body(order).message]).toEqual([400, INVALID]);
    expect(
      (await post(app, '/api/address/save', { address: { ...ADDRESS, email: '' } }, token)).statusCode,
    ).toBe(200);
  });
});

describe('nodemailer never parses an address', () => {
  it('a stored row whose address names another recipient is set aside, and nothing reaches the victim', async () => {
    const smtp = await startTestSmtp();
    const sender = new MailSender(app.shop.db, resolveMail({ smtpUrl: smtp.url, send: false }), quiet);
    try {
      await app.shop.db.query('UPDATE mail_outbox SET sent_at = now() WHERE sent_at IS NULL');
      // Written before the rule (or by a bug): the sender must not let nodemailer read it as a display name.
      await app.shop.db.query(
        `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body)
         VALUES ('legacy-aimed', 'contact-ack', 'x1<victim@example.test>', 'old', 'old', '<p>old</p>'),
                ('legacy-fine', 'contact-ack', 'fine@example.com', 'fine', 'fine', '<p>fine</p>')`,
      );
      expect(await sender.runOnce()).toBe(1);
      expect(smtp.received.map((mail) => mail.rcpt)).toEqual([['fine@example.com']]);
      const aside = await app.shop.db.query<{ sent_at: Date | null; suppressed_reason: string | null }>(
        `SELECT sent_at, suppressed_reason FROM mail_outbox WHERE id = 'legacy-aimed'`,
      );
      expect(aside.rows[0]).toEqual({ sent_at: null, suppressed_reason: 'not a bare e-mail address' });
      // Not claimed again.
      expect(await sender.runOnce()).toBe(0);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('the envelope names exactly the stored address', async () => {
    const smtp = await startTestSmtp();
    const sender = new MailSender(app.shop.db, resolveMail({ smtpUrl: smtp.url, send: false }), quiet);
    try {
      await app.shop.db.query('UPDATE mail_outbox SET sent_at = now() WHERE sent_at IS NULL');
      expect((await contact("o'brien+shop@example.com")).statusCode).toBe(200);
      await sender.runOnce();
      const acks = smtp.received.filter((mail) => mail.subject === 'We received your message');
      expect(acks.map((mail) => [mail.rcpt, mail.to])).toEqual([
        [["o'brien+shop@example.com"], "o'brien+shop@example.com"],
      ]);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });
});

describe('one mailbox gets a few messages an hour', () => {
  it('a 4th acknowledgement within an hour to one address is not sent; every request still succeeds', async () => {
    const to = `acks.${Date.now()}@example.com`;
    const answers = [
      await contact(to),
      await enquiry(to),
      await apply(to),
      await contact(to),
      await enquiry(to),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await rowsTo(to);
    expect(rows.map((row) => [row.kind, row.suppressed_at === null])).toEqual([
      ['contact-ack', true],
      ['enquiry-ack', true],
      ['application-ack', true],
      ['contact-ack', false],
      ['enquiry-ack', false],
    ]);
    // Recorded, never written out, never due.
    for (const row of rows.slice(RECIPIENT_CAPS.acknowledgements)) {
      expect(row).toMatchObject({ text_body: '', html_body: '' });
      expect(row.suppressed_reason).toMatch(/acknowledgements an hour/);
    }
    const due = await app.shop.db.query(
      `SELECT 1 FROM mail_outbox WHERE to_address = $1 AND sent_at IS NULL AND suppressed_at IS NULL`,
      [to],
    );
    expect(due.rows).toHaveLength(RECIPIENT_CAPS.acknowledgements);
  });

  it('the cap holds across many senders: other networks, other forms, the same mailbox', async () => {
    const to = `spread.${Date.now()}@example.com`;
    for (let i = 0; i < 6; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact/submit',
        remoteAddress: `10.32.${i}.1`,
        payload: { product: 'P', name: 'N', email: to, mobile: '+91 98400 12345', enquiryDetails: 'D' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await rowsTo(to)).filter((row) => row.suppressed_at === null)).toHaveLength(3);
  });

  it('an address nobody proved gets 3 messages an hour of every kind together: sign-up, orders, resets', async () => {
    const { token, email } = await register(app);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(
        app,
        '/api/order/place',
        { address: ADDRESS, items: [{ ...priced[i]!, quantity: 1 }], amount: 1 },
        token,
      );
      expect(res.statusCode).toBe(200);
    }
    expect((await post(app, '/api/user/password-reset/request', { email })).statusCode).toBe(200);
    await app.shop.passwordResets.drain();
    const rows = await rowsTo(email);
    expect(rows.map((row) => [row.kind, row.suppressed_at === null])).toEqual([
      ['verify-email', true],
      ['order-placed', true],
      ['order-placed', true],
      ['order-placed', false],
      ['password-reset', false],
    ]);
    // A held-back reset was never given a link, so the links already sent keep working.
    const tokens = await app.shop.db.query(
      `SELECT 1 FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1 AND t.purpose = 'reset-password'`,
      [email],
    );
    expect(tokens.rows).toHaveLength(0);
  });

  it('a verified owner gets their own order mail past 3 an hour', async () => {
    const { token, email } = await register(app);
    await app.shop.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    for (let i = 0; i < 4; i += 1) {
      const res = await post(
        app,
        '/api/order/place',
        { address: ADDRESS, items: [{ ...priced[i]!, quantity: 1 }], amount: 1 },
        token,
      );
      expect(res.statusCode).toBe(200);
    }
    const placed = await rowsTo(email, 'order-placed');
    expect(placed.map((row) => row.suppressed_at)).toEqual([null, null, null, null]);
  });
});

describe("a stranger's text never rides in the shop's mail", () => {
  it('an acknowledgement to an unproven address does not contain the message text', async () => {
    const to = `plain.${Date.now()}@example.com`;
    const sent = await contact(to, undefined, 'Click http://evil.example to claim your refund');
    expect(sent.statusCode).toBe(200);
    const [ack] = await rowsTo(to, 'contact-ack');
    expect(ack?.subject).toBe('We received your message');
    expect(ack?.text_body).toContain(`Reference: ${body<{ messageId: string }>(sent).messageId}`);
    for (const part of [ack?.text_body, ack?.html_body]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Priya');
      expect(part).not.toContain('Height gauge');
    }
  });

  it("an enquiry's acknowledgement names the catalogue's product, never the typed name or company", async () => {
    const to = `enq.${Date.now()}@example.com`;
    const res = await enquiry(to, {
      productName: 'FREE MONEY at evil.example',
      companyName: 'Call +1 555 0100 now',
      requirementDetails: 'visit evil.example',
    });
    expect(res.statusCode).toBe(200);
    const [ack] = await rowsTo(to, 'enquiry-ack');
    expect(ack?.text_body).toContain(`Thank you for your enquiry about ${priced[0]!.name}.`);
    expect(`${ack?.text_body}${ack?.html_body}`).not.toMatch(/evil\.example|555 0100/);
  });

  it("an application's acknowledgement carries no free text either", async () => {
    const to = `job.${Date.now()}@example.com`;
    expect((await apply(to)).statusCode).toBe(200);
    const [ack] = await rowsTo(to, 'application-ack');
    expect(ack?.subject).toBe('We received your application');
    expect(`${ack?.text_body}${ack?.html_body}`).not.toMatch(/evil\.example|Asha|Calibration engineer/);
  });

  it('someone typing a verified address gets the same plain acknowledgement; its signed-in owner gets their text', async () => {
    const owner = `owner.${Date.now()}@example.com`;
    await createUser(app.shop.db, {
      email: owner,
      name: 'Owner',
      password: 'owner password 1',
      role: 'shopper',
    });
    const stranger = await contact(owner, undefined, 'stranger text evil.example');
    expect(stranger.statusCode).toBe(200);
    const session = body<{ token: string }>(
      await post(app, '/api/user/login', { email: owner, password: 'owner password 1' }),
    ).token;
    expect((await contact(owner, session, 'my own question')).statusCode).toBe(200);
    const [first, second] = await rowsTo(owner, 'contact-ack');
    expect(first?.text_body).not.toContain('evil.example');
    expect(second?.text_body).toContain('my own question');
  });
});

describe('Caught mail is for local use and hides account links', () => {
  it("staff do not see a verification or reset message's link", async () => {
    const staffEmail = `desk.${Date.now()}@example.com`;
    await createUser(app.shop.db, {
      email: staffEmail,
      name: 'Desk',
      password: 'desk password 1',
      role: 'staff',
    });
    const staff = body<{ token: string }>(
      await post(app, '/api/user/login', { email: staffEmail, password: 'desk password 1' }),
    ).token;
    const link = 'http://shop.test/reset-password?token=SECRET_TOKEN_abc-123';
    await writeFile(
      path.join(caughtDir, '2030-01-01T00-00-00-000Z-1.json'),
      JSON.stringify({
        at: '2030-01-01T00:00:00.000Z',
        from: 'shop@example.com',
        to: 'someone@example.com',
        subject: 'Reset your password',
        text: `Choose a new password: ${link}\nThe link works once.`,
        html: `<a href="${link}">Choose a new password</a> or open ${link.replace('reset-password', 'verify-email')}`,
      }),
    );
    const res = await get(app, '/api/staff/mail', staff);
    expect(res.statusCode).toBe(200);
    const [mail] = body<{ messages: { text: string; html: string }[] }>(res).messages;
    expect(`${mail?.text}${mail?.html}`).not.toContain('SECRET_TOKEN');
    expect(mail?.text).toBe(`Choose a new password: ${HIDDEN_LINK}\nThe link works once.`);
    expect(mail?.html).toContain(HIDDEN_LINK);
    expect(body<{ outbox: { suppressed: number } }>(res).outbox.suppressed).toBeGreaterThanOrEqual(0);
  });
});
