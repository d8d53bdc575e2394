// On both engines: verification and reset links are single-use and expire, a reset ends every session,
// the reset request answers the same for unknown e-mails (and is limited), and roles need a verified address.
// Proving an address ends the sessions and the password from before the proof (no squatting), and a
// role needs a password chosen after it.
import type { FastifyInstance } from 'fastify';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { MESSAGES } from '../../../lib/errors.js';
import {
  createUser,
  passwordBeforeProofRoleRefusal,
  setRole,
  unverifiedRoleRefusal,
  UserAdminError,
} from '../../back-office/user-admin.js';
import { USER_MESSAGES } from '../../users/user-routes.js';
import { ACCOUNT_MESSAGES, grantFirstStaff } from '../account-routes.js';

const SITE = 'http://shop.test:8080';
const PASSWORD = 'correct horse battery';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp({ siteOrigin: SITE, mail: { send: false } });
});
afterAll(() => app.close());

/** The token of the newest link of this kind sent to the address, read from the stored message's text part. */
async function linkToken(email: string, kind: 'verify-email' | 'password-reset'): Promise<string> {
  // Reset requests are worked off after their answer.
  await app.shop.passwordResets.drain();
  const found = await app.shop.db.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = $2 ORDER BY created_at DESC, id LIMIT 1',
    [email, kind],
  );
  const path = kind === 'verify-email' ? 'verify-email' : 'reset-password';
  const match = new RegExp(`${SITE}/${path}\\?token=([A-Za-z0-9_-]+)`).exec(found.rows[0]?.text_body ?? '');
  if (!match?.[1]) throw new Error(`no ${kind} link for ${email}`);
  return match[1];
}

const me = async (token: string) =>
  body<{ user: { emailVerified: boolean; role: string } }>(await get(app, '/api/user/me', token)).user;

const login = (email: string, password: string) => post(app, '/api/user/login', { email, password });

/** "Forgot password?" and its link, as the mailbox's owner: answers a session with the new password. */
async function resetPassword(email: string, password: string): Promise<string> {
  await post(app, '/api/user/password-reset/request', { email });
  const done = await post(app, '/api/user/password-reset', {
    token: await linkToken(email, 'password-reset'),
    password,
  });
  if (done.statusCode !== 200) throw new Error(`reset failed: ${done.body}`);
  return body<{ token: string }>(await login(email, password)).token;
}

describe('e-mail verification', () => {
  it('sign-up sends a link; the account works before it is used; the link verifies once', async () => {
    const { token, email } = await register(app, 'Vera Verify');
    expect(await me(token)).toMatchObject({ emailVerified: false, role: 'shopper' });
    // Unverified, the account still shops (SPEC): the cart answers.
    expect((await post(app, '/api/cart/get', {}, token)).statusCode).toBe(200);
    const link = await linkToken(email, 'verify-email');
    const first = await post(app, '/api/user/verify-email', { token: link });
    expect([first.statusCode, body(first).message]).toEqual([200, ACCOUNT_MESSAGES.verified]);
    // Proving the address ends the sessions from before it; the owner sets a password by a reset link.
    expect((await get(app, '/api/user/me', token)).statusCode).toBe(401);
    const fresh = await resetPassword(email, 'a password set after');
    expect(await me(fresh)).toMatchObject({ emailVerified: true });
    const again = await post(app, '/api/user/verify-email', { token: link });
    expect([again.statusCode, body(again).message]).toEqual([400, ACCOUNT_MESSAGES.verifyLinkInvalid]);
  });

  it('an expired link does nothing; "Resend verification" sends a new one and the old one stops working', async () => {
    const { token, email } = await register(app);
    const old = await linkToken(email, 'verify-email');
    await app.shop.db.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id =
         (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    expect((await post(app, '/api/user/verify-email', { token: old })).statusCode).toBe(400);
    expect(await me(token)).toMatchObject({ emailVerified: false });
    const resent = await post(app, '/api/user/verify-email/resend', {}, token);
    expect([resent.statusCode, body(resent).message]).toEqual([
      200,
      ACCOUNT_MESSAGES.verificationSent(email),
    ]);
    const fresh = await linkToken(email, 'verify-email');
    expect(fresh).not.toBe(old);
    expect((await post(app, '/api/user/verify-email', { token: fresh })).statusCode).toBe(200);
    // Verifying ended the old session: a new one, after a new password, is told it is done.
    const after = await post(
      app,
      '/api/user/verify-email/resend',
      {},
      await resetPassword(email, 'a password set after'),
    );
    expect(body(after).message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });

  it('resend needs a session; a made-up token verifies nothing', async () => {
    expect((await post(app, '/api/user/verify-email/resend', {})).statusCode).toBe(401);
    expect((await post(app, '/api/user/verify-email', { token: 'x'.repeat(43) })).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown e-mail, and sends nothing then', async () => {
    const { email } = await register(app);
    const known = await post(app, '/api/user/password-reset/request', { email: email.toUpperCase() });
    const unknown = await post(app, '/api/user/password-reset/request', { email: 'nobody@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(body(known).message).toBe(ACCOUNT_MESSAGES.resetRequested);
    const sent = await app.shop.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1 AND kind = $2', [
      'nobody@example.com',
      'password-reset',
    ]);
    expect(sent.rows).toHaveLength(0);
    await linkToken(email, 'password-reset');
  });

  it('the link sets a new password once, ends every session, and the old password stops working', async () => {
    const { token: first, email } = await register(app, 'Rhea Reset');
    const second = body<{ token: string }>(await login(email, PASSWORD)).token;
    await post(app, '/api/user/password-reset/request', { email });
    const link = await linkToken(email, 'password-reset');

    // The shop's password rule; a refused password leaves the link usable.
    const weak = await post(app, '/api/user/password-reset', { token: link, password: 'short' });
    expect([weak.statusCode, body(weak).message]).toEqual([400, 'Password must be at least 8 characters']);

    const done = await post(app, '/api/user/password-reset', { token: link, password: 'a brand new secret' });
    expect([done.statusCode, body(done).message]).toEqual([200, ACCOUNT_MESSAGES.passwordReset]);
    for (const token of [first, second]) {
      const res = await post(app, '/api/cart/get', {}, token);
      expect([res.statusCode, body(res).message]).toEqual([401, MESSAGES.sessionExpired]);
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    const fresh = await login(email, 'a brand new secret');
    expect(fresh.statusCode).toBe(200);
    // The link reached the mailbox: the address counts as verified.
    expect(await me(body<{ token: string }>(fresh).token)).toMatchObject({ emailVerified: true });

    const reused = await post(app, '/api/user/password-reset', {
      token: link,
      password: 'yet another secret',
    });
    expect([reused.statusCode, body(reused).message]).toEqual([400, ACCOUNT_MESSAGES.resetLinkInvalid]);
    expect((await login(email, 'yet another secret')).statusCode).toBe(401);
  });

  it('a link expires after 30 minutes; a newer request makes the older link useless', async () => {
    const { email } = await register(app);
    await post(app, '/api/user/password-reset/request', { email });
    const older = await linkToken(email, 'password-reset');
    const lifetime = await app.shop.db.query<{ minutes: number }>(
      `SELECT EXTRACT(EPOCH FROM (expires_at - created_at))::float / 60 AS minutes FROM account_tokens
       WHERE purpose = 'reset-password' AND used_at IS NULL AND email = $1`,
      [email],
    );
    expect(lifetime.rows.map((row) => Math.round(row.minutes))).toEqual([30]);
    await post(app, '/api/user/password-reset/request', { email });
    const newer = await linkToken(email, 'password-reset');
    expect(
      (await post(app, '/api/user/password-reset', { token: older, password: 'a brand new secret' }))
        .statusCode,
    ).toBe(400);
    await app.shop.db.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE email = $1 AND used_at IS NULL`,
      [email],
    );
    const expired = await post(app, '/api/user/password-reset', {
      token: newer,
      password: 'a brand new secret',
    });
    expect([expired.statusCode, body(expired).message]).toEqual([400, ACCOUNT_MESSAGES.resetLinkInvalid]);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('is limited per e-mail, known or not, with the same refusal', async () => {
    const limited = await startApp({ mail: { send: false }, rateLimit: { calls: { passwordReset: 2 } } });
    try {
      const { email } = await register(limited);
      const answers = [];
      for (const address of [email, 'ghost@example.com']) {
        for (let i = 0; i < 3; i += 1) {
          // A different client address each time: the per-e-mail counter is what refuses.
          const res = await limited.inject({
            method: 'POST',
            url: '/api/user/password-reset/request',
            payload: { email: address },
            remoteAddress: `10.0.${i}.${address.length}`,
          });
          answers.push(res.statusCode);
        }
      }
      expect(answers).toEqual([200, 200, 429, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('roles need a verified address', () => {
  it('grant refuses an unverified account and says why; after verification it is granted', async () => {
    const { token, email } = await register(app, 'Future Staff');
    await expect(setRole(app.shop.db, email, 'staff')).rejects.toThrow(
      new UserAdminError(unverifiedRoleRefusal(email)),
    );
    expect(await me(token)).toMatchObject({ role: 'shopper' });
    await post(app, '/api/user/verify-email', { token: await linkToken(email, 'verify-email') });
    // Proved, but the password is still the sign-up's: refused until the owner sets one.
    await expect(setRole(app.shop.db, email, 'staff')).rejects.toThrow(
      new UserAdminError(passwordBeforeProofRoleRefusal(email)),
    );
    const owner = await resetPassword(email, 'the owner chose this');
    await expect(setRole(app.shop.db, email, 'staff')).resolves.toMatchObject({ before: 'shopper' });
    expect(await me(owner)).toMatchObject({ role: 'staff' });
    // Taking a role back needs nothing.
    await expect(setRole(app.shop.db, email, 'shopper')).resolves.toMatchObject({ before: 'staff' });
  });

  it('an account the operator creates is verified by them', async () => {
    const email = `made.${Date.now()}@example.com`;
    await createUser(app.shop.db, { email, name: 'Made', password: PASSWORD, role: 'staff' });
    const token = body<{ token: string }>(await login(email, PASSWORD)).token;
    expect(await me(token)).toMatchObject({ role: 'staff', emailVerified: true });
  });

  it('STAFF_EMAIL: that account becomes staff when it verifies, while no account is staff', async () => {
    const first = `first.${Date.now()}@example.com`;
    const other = await startApp({ mail: { send: false, staffEmail: first } });
    try {
      const res = await post(other, '/api/user/register', {
        name: 'First',
        email: first,
        password: PASSWORD,
      });
      const token = body<{ token: string }>(res).token;
      const link = (
        await other.shop.db.query<{ text_body: string }>(
          `SELECT text_body FROM mail_outbox WHERE kind = 'verify-email' AND to_address = $1`,
          [first],
        )
      ).rows[0]?.text_body.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      const role = async (session: string) =>
        body<{ user: { role: string } }>(await get(other, '/api/user/me', session)).user.role;
      expect(await role(token)).toBe('shopper');
      expect((await post(other, '/api/user/verify-email', { token: link })).statusCode).toBe(200);
      // Verified, but the registrant's session ended and the sign-up password is not the owner's.
      expect((await get(other, '/api/user/me', token)).statusCode).toBe(401);
      expect((await post(other, '/api/user/login', { email: first, password: PASSWORD })).statusCode).toBe(
        403,
      );
      await post(other, '/api/user/password-reset/request', { email: first });
      await other.shop.passwordResets.drain();
      const reset = (
        await other.shop.db.query<{ text_body: string }>(
          `SELECT text_body FROM mail_outbox WHERE kind = 'password-reset' AND to_address = $1`,
          [first],
        )
      ).rows[0]?.text_body.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      await post(other, '/api/user/password-reset', { token: reset, password: 'the owner chose this' });
      const owner = body<{ token: string }>(
        await post(other, '/api/user/login', { email: first, password: 'the owner chose this' }),
      ).token;
      expect(await role(owner)).toBe('staff');
    } finally {
      await other.close();
    }
  });
});

describe('no squatting', () => {
  it("the registrant's session ends when the owner verifies, and the registrant's password stops logging in", async () => {
    // The squatter registers a future staff member's address and keeps a second session too.
    const { token: squatter, email } = await register(app, 'Squatter');
    const second = body<{ token: string }>(await login(email, PASSWORD)).token;
    // The owner opens the verification mail.
    expect(
      (await post(app, '/api/user/verify-email', { token: await linkToken(email, 'verify-email') }))
        .statusCode,
    ).toBe(200);
    for (const token of [squatter, second]) {
      const res = await post(app, '/api/cart/get', {}, token);
      expect([res.statusCode, body(res).message]).toEqual([401, MESSAGES.sessionExpired]);
    }
    // The squatter's password is refused with what the owner needs to do; a wrong one as before.
    const refused = await login(email, PASSWORD);
    expect([refused.statusCode, body(refused)]).toEqual([
      403,
      { success: false, message: USER_MESSAGES.passwordBeforeProof },
    ]);
    expect(body(refused).message).toContain('Forgot password?');
    expect(body(await login(email, 'not the password')).message).toBe(USER_MESSAGES.invalidCredentials);
    // No role for the squatter's password: `npm run user -- grant` refuses and says why.
    await expect(setRole(app.shop.db, email, 'staff')).rejects.toThrow(
      new UserAdminError(passwordBeforeProofRoleRefusal(email)),
    );
    // The owner sets a password through the reset link: that one logs in, the squatter's does not, grant works.
    const owner = await resetPassword(email, 'only the owner knows');
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    await expect(setRole(app.shop.db, email, 'staff')).resolves.toMatchObject({ before: 'shopper' });
    expect(await me(owner)).toMatchObject({ role: 'staff', emailVerified: true });
  });

  it('STAFF_EMAIL does not make a verified account staff while its password is from before the proof', async () => {
    const squatted = `squatted.${Date.now()}@example.com`;
    const other = await startApp({ mail: { send: false, staffEmail: squatted } });
    try {
      const res = await post(other, '/api/user/register', { name: 'S', email: squatted, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      // Verified outside the link (an account verified before this release), then the API starts again.
      await other.shop.db.query(
        `UPDATE users SET email_verified_at = now() + interval '1 second' WHERE email = $1`,
        [squatted],
      );
      const warnings: string[] = [];
      const log = {
        info: () => undefined,
        warn: (_fields: object, message: string) => warnings.push(message),
      } as unknown as FastifyInstance['log'];
      expect(await grantFirstStaff(other.shop.db, squatted, log)).toBe(false);
      expect(warnings.join('\n')).toMatch(/password was chosen before its address was proved/);
      const role = await other.shop.db.query<{ role: string }>('SELECT role FROM users WHERE email = $1', [
        squatted,
      ]);
      expect(role.rows[0]?.role).toBe('shopper');
    } finally {
      await other.close();
    }
  });
});

describe('"Forgot password?" answers without telling whether the e-mail has an account', () => {
  it('does the same work for a known and an unknown e-mail: one request row, no lookup before the answer', async () => {
    const { email } = await register(app);
    await app.shop.passwordResets.drain();
    const resets = () =>
      app.shop.db.query<{ to_address: string }>(
        `SELECT to_address FROM mail_outbox WHERE kind = 'password-reset' AND to_address IN ($1, $2)`,
        [email, 'stranger@example.com'],
      );
    const pending = () =>
      app.shop.db.query<{ email: string }>(
        'SELECT email FROM password_reset_requests WHERE email IN ($1, $2) ORDER BY email',
        [email, 'stranger@example.com'],
      );
    // Held: nothing is worked off while the two answers are given.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const drain = app.shop.passwordResets.drain.bind(app.shop.passwordResets);
    const blocker = held.then(() => 0);
    (app.shop.passwordResets as unknown as { queue: Promise<unknown> }).queue = blocker;
    const known = await post(app, '/api/user/password-reset/request', { email });
    const unknown = await post(app, '/api/user/password-reset/request', { email: 'stranger@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect((await resets()).rows).toHaveLength(0);
    expect((await pending()).rows.map((row) => row.email).sort()).toEqual(
      [email, 'stranger@example.com'].sort(),
    );
    release();
    await drain();
    expect((await pending()).rows).toHaveLength(0);
    expect((await resets()).rows.map((row) => row.to_address)).toEqual([email]);
  });
});
