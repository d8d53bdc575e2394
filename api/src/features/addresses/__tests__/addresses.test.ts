import type { FastifyInstance } from 'fastify';
import type { SavedAddress } from '@metrology/shared';
import { ADDRESS, body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
let token: string;
let email: string;
let other: string;

beforeAll(async () => {
  app = await startApp();
  ({ token, email } = await register(app));
  other = (await register(app)).token;
});
afterAll(() => app.close());

const list = async (t: string) =>
  body<{ addresses: SavedAddress[] }>(await get(app, '/api/address/get', t)).addresses;

describe('addresses', () => {
  it("starts empty, with the account's e-mail for prefilling a new address", async () => {
    const res = await get(app, '/api/address/get', token);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, addresses: [], accountEmail: email });
  });

  it('saves an address and answers the updated list', async () => {
    const res = await post(app, '/api/address/save', { address: ADDRESS, userId: token }, token);
    expect(res.statusCode).toBe(200);
    const json = body<{ addresses: SavedAddress[]; message: string }>(res);
    expect(json.message).toBe('Address saved successfully');
    expect(json.addresses).toHaveLength(1);
    expect(json.addresses[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...ADDRESS });
  });

  it('does not store the same address twice; a new one comes last', async () => {
    await post(app, '/api/address/save', { address: ADDRESS }, token);
    const second = { ...ADDRESS, street: '7 MG Road', city: 'Bengaluru' };
    const json = body<{ addresses: SavedAddress[] }>(
      await post(app, '/api/address/save', { address: second }, token),
    );
    expect(json.addresses.map((a) => a.street)).toEqual([ADDRESS.street, '7 MG Road']);
  });

  it('does not need an e-mail', async () => {
    const res = await post(
      app,
      '/api/address/save',
      { address: { ...ADDRESS, email: '', street: '1 Lake View' } },
      other,
    );
    expect(res.statusCode).toBe(200);
  });

  it.each(['firstName', 'lastName', 'street', 'city', 'state', 'zipcode', 'country', 'phone'])(
    'refuses an address without %s',
    async (field) => {
      const res = await post(app, '/api/address/save', { address: { ...ADDRESS, [field]: '  ' } }, token);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ success: false, message: 'Please fill all required fields' });
    },
  );

  it('refuses a missing address and unknown fields', async () => {
    expect(body(await post(app, '/api/address/save', {}, token)).message).toBe(
      'Please fill all required fields',
    );
    const res = await post(app, '/api/address/save', { address: { ...ADDRESS, owner: 'x' } }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Unknown field "address.owner"');
  });

  it('takes the owner from the token, never from userId in the body', async () => {
    const before = (await list(token)).length;
    await post(
      app,
      '/api/address/save',
      { address: { ...ADDRESS, street: '99 Other St' }, userId: token },
      other,
    );
    expect(await list(token)).toHaveLength(before);
    expect((await list(other)).map((a) => a.street)).toContain('99 Other St');
  });

  it('needs a login', async () => {
    expect((await get(app, '/api/address/get')).statusCode).toBe(401);
    expect((await post(app, '/api/address/save', { address: ADDRESS })).statusCode).toBe(401);
  });
});
