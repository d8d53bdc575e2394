// The log says which deploy token acted: its id, as `tokenId`, on the lines of a token made, refused, rolling out,
// rolling back and making a preview link. The log's redaction (every key naming a token) keeps the token's secret
// and every real token out, and lets its id through.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DeployToken } from '@metrology/shared/contracts';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { REDACTED, redactValue } from '../../../lib/redact.js';
import { buildFiles, packWriter, publishCall, type PackWriter } from './release-fixtures.js';

let app: FastifyInstance;
let manager = '';
let packs: PackWriter;
let work = '';
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-token-logs-'));
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await startApp({
    releasesDir: path.join(work, 'releases'),
    releases: { signingKey: 'token-logs-test-key', checkSeconds: 0 },
    logger: { level: 'info', stream },
    logFormat: 'json',
  });
  const m = await register(app, 'Manager Mo');
  manager = m.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  packs = await packWriter();
});
afterAll(async () => {
  await app.close();
  await fs.rm(work, { recursive: true, force: true });
});

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const linesSaying = (text: string) => lines.filter((line) => String(line.msg ?? '').includes(text));

test("the release log lines carry the acting deploy token's id as tokenId, never its secret", async () => {
  const made = await post(
    app,
    '/api/releases/tokens',
    {
      name: 'content CI',
      remotes: ['mfe-content'],
      can: ['publish', 'rollout', 'rollback', 'preview'],
      expiresInDays: 1,
    },
    manager,
  );
  const { token, secret } = body<{ token: DeployToken; secret: string }>(made);
  expect(linesSaying('deploy token created')).toEqual([expect.objectContaining({ tokenId: token.id })]);

  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    const { pack } = packs.writePack({
      remote: 'mfe-content',
      version,
      files: buildFiles('mfe-content', version),
    });
    const published = await publishCall(
      app,
      packs.PACK_CONTENT_TYPE,
      pack,
      {
        remote: 'mfe-content',
        version,
        commit: 'abc123',
        ...(version === '1.2.0' ? { staged: 'true' } : {}),
      },
      secret,
    );
    expect(published.statusCode).toBe(200);
  }

  const call = (url: string, payload: Record<string, unknown>) =>
    post(app, url, payload, undefined, bearer(secret));
  expect((await call('/api/releases/rollback', { remote: 'mfe-content' })).statusCode).toBe(200);
  expect(linesSaying('release rollback')).toEqual([
    expect.objectContaining({ tokenId: token.id, remote: 'mfe-content' }),
  ]);

  expect((await call('/api/releases/preview', { remote: 'mfe-content', version: '1.2.0' })).statusCode).toBe(
    200,
  );
  expect(linesSaying('release: preview link for mfe-content 1.2.0')).toEqual([
    expect.objectContaining({ tokenId: token.id }),
  ]);

  expect(
    (await call('/api/releases/rollout', { remote: 'mfe-content', version: '1.2.0', percent: 10 }))
      .statusCode,
  ).toBe(200);
  expect(linesSaying('release: Rolling out mfe-content 1.2.0')).toEqual([
    expect.objectContaining({ tokenId: token.id }),
  ]);

  // Refused: another remote.
  expect((await call('/api/releases/rollout/abort', { remote: 'mfe-catalog' })).statusCode).toBe(403);
  expect(linesSaying('deploy token refused: remote')).toEqual([
    expect.objectContaining({ tokenId: token.id, remote: 'mfe-catalog' }),
  ]);

  // The secret is on no line; no line has a `token` field left unredacted.
  const logged = JSON.stringify(lines);
  expect(logged).not.toContain(secret);
  for (const line of lines) if ('token' in line) expect(line.token).toBe(REDACTED);
});

test('redaction lets a token id through and keeps every real token out', () => {
  expect(
    redactValue({
      tokenId: 'dt_1',
      token_id: 'dt_2',
      deployTokenId: 'dt_3',
      token: 'secret',
      idToken: 'secret',
      id_token: 'secret',
      accessToken: 'secret',
      refresh_token: 'secret',
      tokenIdentity: 'secret',
      nested: { csrfToken: 'secret', tokenId: 'dt_4' },
    }),
  ).toEqual({
    tokenId: 'dt_1',
    token_id: 'dt_2',
    deployTokenId: 'dt_3',
    token: REDACTED,
    idToken: REDACTED,
    id_token: REDACTED,
    accessToken: REDACTED,
    refresh_token: REDACTED,
    tokenIdentity: REDACTED,
    nested: { csrfToken: REDACTED, tokenId: 'dt_4' },
  });
});
