// Deploy tokens: made by a release manager, shown once, stored hashed, scoped to remotes and actions
// (403 beyond them), refused when revoked or expired (401), and named in the action log.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DeployToken, DeskRemote, ReleaseAction } from '@metrology/shared/contracts';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { TOKEN_MESSAGES } from '../deploy-tokens.js';
import { registryAccess } from '../registry-access.js';
import { buildFiles, everything, packWriter, publishCall, type PackWriter } from './release-fixtures.js';

let app: FastifyInstance;
let releasesDir: string;
let manager = '';
let shopper = '';
let packs: PackWriter;

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-deploy-tokens-'));
  releasesDir = path.join(work, 'releases');
  app = await startApp({ releasesDir, releases: { signingKey: 'deploy-token-test-key', checkSeconds: 0 } });
  const m = await register(app, 'Manager Mia');
  manager = m.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  shopper = (await register(app, 'Shopper Sid')).token;
  packs = await packWriter();
});
afterAll(() => app.close());

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const readRegistry = () => registryAccess(app).read();

async function makeToken(name: string, remotes: string[], can: string[], expiresInDays = 90) {
  const res = await post(app, '/api/releases/tokens', { name, remotes, can, expiresInDays }, manager);
  expect(res.statusCode).toBe(200);
  return body<{ token: DeployToken; secret: string }>(res);
}

function publish(remote: string, version: string, secret: string, extra: Record<string, string> = {}) {
  const { pack } = packs.writePack({ remote, version, files: buildFiles(remote, version) });
  return publishCall(
    app,
    packs.PACK_CONTENT_TYPE,
    pack,
    { remote, version, commit: 'abc123', ...extra },
    secret,
  );
}

test('a token is made by a release manager only, shown once and stored as a hash', async () => {
  expect(
    (
      await post(
        app,
        '/api/releases/tokens',
        { name: 'x', remotes: ['mfe-content'], can: ['read'], expiresInDays: 1 },
        shopper,
      )
    ).statusCode,
  ).toBe(403);
  expect(
    (
      await post(app, '/api/releases/tokens', {
        name: 'x',
        remotes: ['mfe-content'],
        can: ['read'],
        expiresInDays: 1,
      })
    ).statusCode,
  ).toBe(401);
  expect(
    (
      await post(
        app,
        '/api/releases/tokens',
        { name: 'x', remotes: ['mfe-nowhere'], can: ['read'], expiresInDays: 1 },
        manager,
      )
    ).statusCode,
  ).toBe(400);

  const { token, secret } = await makeToken('content CI', ['mfe-content'], ['publish', 'rollout', 'read']);
  expect(secret).toMatch(/^mdt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  expect(token).toMatchObject({
    name: 'content CI',
    remotes: ['mfe-content'],
    can: ['publish', 'rollout', 'read'],
  });
  expect(JSON.stringify(token)).not.toContain(secret);
  expect(new Date(token.expiresAt).getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);

  // The table holds the hash, never the secret; the list never shows either.
  const rows = await app.shop.db.query<Record<string, unknown>>('SELECT * FROM deploy_tokens WHERE id = $1', [
    token.id,
  ]);
  expect(JSON.stringify(rows.rows)).not.toContain(secret.slice(18));
  expect(rows.rows[0]?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  const list = body<{ tokens: DeployToken[] }>(await get(app, '/api/releases/tokens', manager));
  expect(list.tokens.map((t) => t.id)).toContain(token.id);
  expect(JSON.stringify(list)).not.toContain(secret.slice(18));
  expect(JSON.stringify(list)).not.toContain(String(rows.rows[0]?.secret_hash));

  // A deploy token cannot make or list tokens: those need a release manager's session.
  const self = await app.inject({ method: 'GET', url: '/api/releases/tokens', headers: bearer(secret) });
  expect(self.statusCode).toBe(401);
});

test('a token acts on its remotes with its actions, is named in the log, and its last use is listed', async () => {
  const { token, secret } = await makeToken(
    'content CI',
    ['mfe-content'],
    ['publish', 'rollout', 'approve', 'read'],
  );

  const published = await publish('mfe-content', '1.0.0', secret);
  expect(published.statusCode).toBe(200);
  expect(body(published)).toMatchObject({
    remote: 'mfe-content',
    version: '1.0.0',
    live: true,
    pages: expect.any(Number),
  });
  const staged = await publish('mfe-content', '1.1.0', secret, { staged: 'true' });
  expect(body(staged)).toMatchObject({ live: false, previous: '1.0.0' });

  // Another remote: 403, and nothing written for it.
  const before = await everything(releasesDir);
  const other = await publish('mfe-catalog', '1.0.0', secret);
  expect(other.statusCode).toBe(403);
  expect(body(other).message).toBe(TOKEN_MESSAGES.noRemote('mfe-catalog'));
  expect(await everything(releasesDir)).toEqual(before);
  const rolloutElsewhere = await post(
    app,
    '/api/releases/rollout/complete',
    { remote: 'mfe-catalog' },
    undefined,
    bearer(secret),
  );
  expect(rolloutElsewhere.statusCode).toBe(403);

  // An action it lacks: 403.
  const rollback = await post(
    app,
    '/api/releases/rollback',
    { remote: 'mfe-content' },
    undefined,
    bearer(secret),
  );
  expect(rollback.statusCode).toBe(403);
  expect(body(rollback).message).toBe(TOKEN_MESSAGES.noAction('rollback'));
  const preview = await post(
    app,
    '/api/releases/preview',
    { remote: 'mfe-content', version: '1.1.0' },
    undefined,
    bearer(secret),
  );
  expect(preview.statusCode).toBe(403);

  // The rollout actions it has.
  const rollout = await post(
    app,
    '/api/releases/rollout',
    { remote: 'mfe-content', version: '1.1.0', percent: 10 },
    undefined,
    bearer(secret),
  );
  expect(rollout.statusCode).toBe(200);
  const complete = await post(
    app,
    '/api/releases/rollout/complete',
    { remote: 'mfe-content' },
    undefined,
    bearer(secret),
  );
  expect(body(complete)).toMatchObject({ success: true, remote: { current: '1.1.0' } });

  // It reads its own remotes only.
  const desk = body<{ remotes: DeskRemote[]; actions: ReleaseAction[] }>(
    await app.inject({ method: 'GET', url: '/api/releases/desk', headers: bearer(secret) }),
  );
  expect(desk.remotes.map((r) => r.remote)).toEqual(['mfe-content']);
  const log = body<{ actions: ReleaseAction[] }>(
    await app.inject({ method: 'GET', url: '/api/releases/actions?limit=10', headers: bearer(secret) }),
  );
  const actor = `token:content CI#${token.id}`;
  expect(log.actions.map((a) => [a.action, a.version, a.actor])).toEqual([
    ['rollout-complete', '1.1.0', actor],
    ['rollout-start', '1.1.0', actor],
    ['publish', '1.1.0', actor],
    ['publish', '1.0.0', actor],
  ]);

  const listed = body<{ tokens: DeployToken[] }>(await get(app, '/api/releases/tokens', manager)).tokens.find(
    (t) => t.id === token.id,
  );
  expect(listed?.lastUsedAt).toBeDefined();
  expect(listed?.lastUsedFor).toBe('read');
});

test('a token with rollout alone cannot approve a stage nor take a canary to 100 %; with approve it can', async () => {
  const { secret } = await makeToken('careers CI', ['mfe-careers'], ['publish', 'rollout']);
  expect((await publish('mfe-careers', '1.0.0', secret)).statusCode).toBe(200);
  expect((await publish('mfe-careers', '1.1.0', secret, { staged: 'true' })).statusCode).toBe(200);
  const call = (url: string, payload: Record<string, unknown>, key = secret) =>
    post(app, url, { remote: 'mfe-careers', ...payload }, undefined, bearer(key));
  const refusedApproval = async (url: string, payload: Record<string, unknown>) => {
    const res = await call(url, payload);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(TOKEN_MESSAGES.noApprove);
  };
  // Straight to everyone, or a plan that reaches everyone without stopping for approval: refused.
  await refusedApproval('/api/releases/rollout', { version: '1.1.0', percent: 100 });
  await refusedApproval('/api/releases/rollout', { version: '1.1.0', plan: '10:10,100' });
  // A plan gated before 100 % starts; its gate and the last step are the approver's.
  expect(
    (await call('/api/releases/rollout', { version: '1.1.0', plan: '10:10,approve,100' })).statusCode,
  ).toBe(200);
  await refusedApproval('/api/releases/rollout/approve', {});
  await refusedApproval('/api/releases/rollout/percent', { percent: 100 });
  await refusedApproval('/api/releases/rollout/complete', {});
  expect((await call('/api/releases/rollout/percent', { percent: 50 })).statusCode).toBe(200);
  expect((await readRegistry()).remotes['mfe-careers']?.current).toBe('1.0.0');
  // A token with the approve action (or a release manager) completes it.
  const approver = await makeToken('careers approver', ['mfe-careers'], ['rollout', 'approve']);
  const complete = await call('/api/releases/rollout/complete', {}, approver.secret);
  expect(complete.statusCode).toBe(200);
  expect((await readRegistry()).remotes['mfe-careers']?.current).toBe('1.1.0');
});

test('a revoked, expired or unknown token gets 401', async () => {
  const { token, secret } = await makeToken('careers CI', ['mfe-careers'], ['read']);
  const desk = () => app.inject({ method: 'GET', url: '/api/releases/desk', headers: bearer(secret) });
  expect((await desk()).statusCode).toBe(200);

  const revoked = await post(app, '/api/releases/tokens/revoke', { id: token.id }, manager);
  expect(body<{ token: DeployToken }>(revoked).token.revokedAt).toBeDefined();
  const afterRevoke = await desk();
  expect(afterRevoke.statusCode).toBe(401);
  expect(body(afterRevoke).message).toBe(TOKEN_MESSAGES.revoked);
  expect((await post(app, '/api/releases/tokens/revoke', { id: 'nope' }, manager)).statusCode).toBe(404);

  const expiring = await makeToken('old CI', ['mfe-careers'], ['publish', 'read'], 1);
  await app.shop.db.query(`UPDATE deploy_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
    expiring.token.id,
  ]);
  const expired = await app.inject({
    method: 'GET',
    url: '/api/releases/desk',
    headers: bearer(expiring.secret),
  });
  expect(expired.statusCode).toBe(401);
  expect(body(expired).message).toBe(TOKEN_MESSAGES.expired);
  // Refused before the pack is read, and nothing is written.
  const before = await everything(releasesDir);
  expect((await publish('mfe-careers', '1.0.0', expiring.secret)).statusCode).toBe(401);
  expect(await everything(releasesDir)).toEqual(before);

  const unknown = await app.inject({
    method: 'GET',
    url: '/api/releases/desk',
    headers: bearer(`${secret}x`),
  });
  expect(unknown.statusCode).toBe(401);
  expect(body(unknown).message).toBe(TOKEN_MESSAGES.unknown);
});
