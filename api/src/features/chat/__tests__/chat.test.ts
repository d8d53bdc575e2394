import type { FastifyInstance } from 'fastify';
import { body, post, startApp } from '../../../__tests__/helpers/test-app.js';
import { Bm25Index } from '../bm25.js';
import { tokenize } from '../text.js';

const SITE = 'http://localhost:8080';
let app: FastifyInstance;

beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function ask(message: string, origin?: string): Promise<string> {
  const res = await post(app, '/api/user/chat', { message }, undefined, origin ? { origin } : {});
  expect(res.statusCode).toBe(200);
  const json = body<{ success: boolean; data: string }>(res);
  expect(json.success).toBe(true);
  return json.data;
}

describe('POST /api/user/chat', () => {
  it('answers a question about Sylvac with links on the requesting site', async () => {
    const reply = await ask('Do you sell Sylvac instruments?', SITE);
    expect(reply).toContain(`${SITE}/products?company=Sylvac`);
  });

  it('answers about Sylvac calipers with product links', async () => {
    const reply = await ask('Sylvac digital caliper 150 mm', SITE);
    expect(reply).toMatch(new RegExp(`${SITE}/product/sylvac-[a-z0-9-]*caliper`));
  });

  it('answers about calibration with the calibration page, centres and an e-mail', async () => {
    const reply = await ask('Where can I get my instruments calibrated?');
    expect(reply).toContain('/calibration');
    expect(reply).toMatch(/Chennai.*1995/);
    expect(reply).toMatch(/Bangalore.*2004/);
    expect(reply).toMatch(/Coimbatore.*2007/);
    expect(reply).toMatch(/[\w.]+@[\w.]+\.\w+/);
    expect(reply).not.toContain('http');
  });

  it('knows the branches with phone numbers and e-mails', async () => {
    const reply = await ask('What is the phone number of your Pune office?', SITE);
    expect(reply).toContain('Pune');
    expect(reply).toMatch(/\+91 [\d ]+/);
    expect(reply).toContain('pune@');
    expect(reply).toContain(`${SITE}/contact`);
  });

  it('lists the careers openings', async () => {
    const reply = await ask('Are there any job openings?', SITE);
    expect(reply).toContain('Calibration Engineer');
    expect(reply).toContain(`${SITE}/careers`);
  });

  it('knows delivery times and the delivery fee', async () => {
    const reply = await ask('How long does shipping take?');
    expect(reply).toContain('3-4 Weeks');
    expect(reply).toContain('$10');
  });

  it('knows the payment methods', async () => {
    expect(await ask('Can I pay with UPI or cash on delivery?')).toMatch(/Cash on Delivery.*Razorpay/);
  });

  it('points to contact for what it does not know', async () => {
    const reply = await ask('What is the weather on Mars tomorrow?', SITE);
    expect(reply).toContain(`${SITE}/contact`);
    expect(reply).toContain('sales@');
  });

  it('greets', async () => {
    expect(await ask('Hello!')).toMatch(/^Hello!/);
  });

  it('refuses an empty message and unknown fields', async () => {
    const empty = await post(app, '/api/user/chat', { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Please type a message');
    expect((await post(app, '/api/user/chat', { message: 'hi', history: [] })).statusCode).toBe(400);
    expect((await post(app, '/api/user/chat', { message: 'x'.repeat(1001) })).statusCode).toBe(400);
  });
});

describe('retrieval', () => {
  it('tokenizes with synonyms and light stemming', () => {
    expect(tokenize('CMMs and Calipers for calibration jobs')).toEqual([
      'coordinat',
      'caliper',
      'calibrat',
      'career',
    ]);
  });

  it('ranks the document with the rarer, repeated words first', () => {
    const index = new Bm25Index([
      tokenize('height gauge digital'),
      tokenize('caliper digital'),
      tokenize('caliper caliper vernier'),
    ]);
    expect(index.search(tokenize('caliper'))[0]?.index).toBe(2);
    expect(index.search(tokenize('height'))[0]?.index).toBe(0);
    expect(index.search(tokenize('unknown words'))).toEqual([]);
  });
});

describe('answers to common questions', () => {
  it.each([
    ['Do you offer mobile calibration at our plant?', /Mobile Calibration/],
    ['Tell me about your Coimbatore lab', /Coimbatore/],
    ['coordinate measuring machine', /Coordinate Measuring Machine|Spectra/],
    ['Do you have a 3D scanner?', /SCANTECH|3D/],
    ['When was the company founded?', /1983/],
    ['I want a quotation for a height gauge', /height gauge|Height Gauge|quotation/i],
    ['How can I track my order?', /\/orders/],
    ['Mahr roughness tester', /marsurf/i],
    ['What is the Bangalore office phone number?', /\+91 80/],
  ])('%s', async (question, expected) => {
    expect(await ask(question)).toMatch(expected);
  });
});
