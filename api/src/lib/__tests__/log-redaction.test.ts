// Logs without secrets: a token in a query string, a password in a body, the token and Authorization
// headers never reach the API's log, on a request line, an error's message or a framework refusal.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startApp } from '../../__tests__/helpers/test-app';
import { REDACTED, redactText, redactValue } from '../redact';

const SECRETS = ['qs-secret-0001', 'qs-secret-0002', 'pw-secret-0003', 'hdr-secret-0004', 'auth-secret-0005'];
let logged = '';
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString('utf8');
      done();
    },
  });
  app = await startApp({ logger: { level: 'trace', stream }, logFormat: 'json' });
});
afterAll(() => app.close());

describe('the API log', () => {
  it('never holds a token from a query string, a password, the token header or Authorization', async () => {
    const id = 'redaction-1';
    await app.inject({
      url: `/api/product/list?limit=1&token=${SECRETS[0]}&access_token=${SECRETS[1]}`,
      headers: { 'x-request-id': id, token: SECRETS[3]!, authorization: `Bearer ${SECRETS[4]}` },
    });
    await app.inject({ url: `/api/no-such-call?token=${SECRETS[0]}` });
    await app.inject({ url: `/api/product/slug/%E0%A4%A?token=${SECRETS[0]}` });
    await app.inject({
      method: 'POST',
      url: `/api/user/login?password=${SECRETS[2]}`,
      payload: { email: 'nobody@example.com', password: SECRETS[2] },
    });
    app.log.error(
      { err: new Error(`failed at /x?token=${SECRETS[0]}`), body: { password: SECRETS[2] } },
      'boom',
    );
    app.log.info(`callback /pay?signature=${SECRETS[1]}&ok=1`);
    // The lines were written: the request is there, its secrets are not.
    expect(logged).toContain(`"reqId":"${id}"`);
    expect(logged).toContain('/api/product/list?limit=1&token=[redacted]&access_token=[redacted]');
    for (const secret of SECRETS) expect(logged).not.toContain(secret);
  });
});

describe('redaction', () => {
  it('replaces secret values by key at any depth, secret query parameters, Bearer credentials and JWTs', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redactText(`/a?x=1&Token=abc&apiKey=k#h`)).toBe(`/a?x=1&Token=${REDACTED}&apiKey=${REDACTED}#h`);
    expect(redactText(`Authorization: Bearer abc.def`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`sent ${jwt} twice`)).toBe(`sent ${REDACTED} twice`);
    expect(
      redactValue({
        a: { b: [{ newPassword: 'p', keep: 'k' }] },
        headers: { authorization: 'x', token: 't' },
      }),
    ).toEqual({
      a: { b: [{ newPassword: REDACTED, keep: 'k' }] },
      headers: { authorization: REDACTED, token: REDACTED },
    });
    expect(redactText('/api/product/list?company=Mahr&limit=4')).toBe(
      '/api/product/list?company=Mahr&limit=4',
    );
  });
});
