import type { FastifyInstance } from 'fastify';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const ENQUIRY = {
  productId: 'abc123',
  productName: 'Tespa Digital Height Gauge HG-300',
  email: 'buyer@factory.in',
  quantity: 2,
  companyName: 'Factory Pvt Ltd',
  mobileNo: '+91 98765 43210',
  country: 'India',
  purpose: 'Quality inspection',
  requirementDetails: 'Need 2 units with calibration certificates',
  userId: '',
};

const stored = async (id: string) =>
  (await app.shop.db.query<Record<string, unknown>>('SELECT * FROM enquiries WHERE id = $1', [id])).rows[0];

describe('POST /api/enquiry/submit', () => {
  it('stores the enquiry and answers the SPEC message', async () => {
    const res = await post(app, '/api/enquiry/submit', ENQUIRY);
    expect(res.statusCode).toBe(200);
    const json = body<{ message: string; enquiryId: string }>(res);
    expect(json.message).toBe('Enquiry submitted successfully! We will contact you soon.');
    expect(await stored(json.enquiryId)).toMatchObject({
      product_name: ENQUIRY.productName,
      email: ENQUIRY.email,
      quantity: 2,
      mobile_no: ENQUIRY.mobileNo,
      country: 'India',
      user_id: null,
    });
  });

  it('only needs e-mail, quantity, mobile and country; quantity may come as text', async () => {
    const res = await post(app, '/api/enquiry/submit', {
      email: 'a@b.co',
      quantity: '3',
      mobileNo: '98765-43210',
      country: 'Germany',
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ email: '' }, 'Email is required', 'email'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    [{ quantity: 0 }, 'Please enter a valid quantity', 'quantity'],
    [{ quantity: -4 }, 'Please enter a valid quantity', 'quantity'],
    [{ quantity: 'many' }, 'Please enter a valid quantity', 'quantity'],
    [{ quantity: 1.5 }, 'Please enter a valid quantity', 'quantity'],
    [{ mobileNo: '' }, 'Mobile number is required', 'mobileNo'],
    [{ mobileNo: '12ab' }, 'Please enter a valid mobile number', 'mobileNo'],
    [{ mobileNo: '+91 12345 67890 12345 6' }, 'Please enter a valid mobile number', 'mobileNo'],
    [{ country: ' ' }, 'Country is required', 'country'],
  ])('refuses %j with "%s"', async (override, message, field) => {
    const res = await post(app, '/api/enquiry/submit', { ...ENQUIRY, ...override });
    expect(res.statusCode).toBe(400);
    const json = body<{ message: string; errors: Record<string, string> }>(res);
    expect(json.message).toBe(message);
    expect(json.errors[field]).toBe(message);
  });

  it('lists every field error at once', async () => {
    const res = await post(app, '/api/enquiry/submit', {});
    expect(body(res)).toEqual({
      success: false,
      message: 'Email is required',
      errors: {
        email: 'Email is required',
        quantity: 'Please enter a valid quantity',
        mobileNo: 'Mobile number is required',
        country: 'Country is required',
      },
    });
  });

  it('takes the user from a valid token and ignores userId in the body', async () => {
    const { token } = await register(app);
    const userId = (await app.shop.db.query<{ id: string }>('SELECT id FROM users')).rows[0]?.id;
    const res = await post(app, '/api/enquiry/submit', { ...ENQUIRY, userId: 'someone-else' }, token);
    expect((await stored(body<{ enquiryId: string }>(res).enquiryId))?.user_id).toBe(userId);
    const forged = await post(app, '/api/enquiry/submit', { ...ENQUIRY, userId: token }, 'bad.token.here');
    expect(forged.statusCode).toBe(200);
    expect((await stored(body<{ enquiryId: string }>(forged).enquiryId))?.user_id).toBeNull();
  });

  it('refuses unknown fields', async () => {
    const res = await post(app, '/api/enquiry/submit', { ...ENQUIRY, status: 'closed' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Unknown field "status"');
  });
});
