import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobOpening } from '@metrology/shared';
import { body, get, multipart, post, startApp } from '../../../__tests__/helpers/test-app.js';
import { sniffResume } from '../resume.js';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'careers-test-'));
  app = await startApp({ dataDir });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(1000),
]);
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml'),
  Buffer.alloc(40),
  Buffer.from('word/document.xml'),
]);
const ZIP = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('photos/a.jpg'),
]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const FIELDS = {
  name: 'Arun Prakash',
  email: 'arun@example.com',
  qualification: 'B.E. Mechanical',
  position: 'Calibration Engineer (NABL Laboratory)',
  mobile: '+91 94440 12345',
  message: 'Three years in an ISO 17025 laboratory.',
};

function apply(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }[]) {
  const form = multipart(
    fields,
    (file ?? []).map((f) => ({
      field: f.field ?? 'resume',
      name: f.name,
      type: 'application/octet-stream',
      bytes: f.bytes,
    })),
  );
  return app.inject({ method: 'POST', url: '/api/careers/applications/submit', ...form });
}

const resumes = () => readdirSync(path.join(dataDir, 'resumes'));

describe('GET /api/dashboard/careers', () => {
  it('lists at least four openings with every field', async () => {
    const res = await get(app, '/api/dashboard/careers');
    const json = body<{ success: boolean; data: JobOpening[] }>(res);
    expect(json.success).toBe(true);
    expect(json.data.length).toBeGreaterThanOrEqual(4);
    for (const opening of json.data) {
      expect(opening._id).toMatch(/^[0-9a-f]{24}$/);
      expect(opening.title && opening.location && opening.qualification && opening.description).toBeTruthy();
      expect(opening.responsibilities.length).toBeGreaterThan(0);
      expect(opening.requirements.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/careers/applications/submit', () => {
  it.each([
    ['resume.pdf', PDF],
    ['resume.doc', DOC],
    ['My Resume.DOCX', DOCX],
  ])('accepts %s, stores it under a generated name and records the application', async (name, bytes) => {
    const before = resumes().length;
    const res = await apply(FIELDS, [{ name, bytes }]);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      success: true,
      message: "Thank you for your interest. We'll review your application and get back to you soon.",
    });
    const files = resumes();
    expect(files).toHaveLength(before + 1);
    const row = (
      await app.shop.db.query<{ resume_file: string; resume_original_name: string; resume_bytes: number }>(
        'SELECT resume_file, resume_original_name, resume_bytes FROM job_applications WHERE resume_original_name = $1',
        [name],
      )
    ).rows[0];
    expect(row?.resume_file).toMatch(/^[0-9a-f]{24}\.(pdf|doc|docx)$/);
    expect(row?.resume_bytes).toBe(bytes.length);
    expect(readFileSync(path.join(dataDir, 'resumes', row!.resume_file)).equals(bytes)).toBe(true);
  });

  it('never serves the stored resumes', async () => {
    const [file] = resumes();
    expect((await get(app, `/resumes/${file}`)).statusCode).toBe(404);
    expect((await get(app, `/images/../resumes/${file}`)).statusCode).toBe(404);
  });

  it('refuses a resume over 2 MB', async () => {
    const before = resumes().length;
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await apply(FIELDS, [{ name: 'big.pdf', bytes: big }]);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message: 'File size should not exceed 2MB' });
    expect(resumes()).toHaveLength(before);
  });

  it.each([
    ['photo.pdf', PNG],
    ['resume.docx', ZIP],
    ['resume.doc', PDF],
    ['resume.txt', Buffer.from('plain text')],
  ])('refuses %s whose content is not what its name says', async (name, bytes) => {
    const res = await apply(FIELDS, [{ name, bytes }]);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please upload a PDF, DOC or DOCX file');
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['qualification', 'Qualification is required'],
    ['position', 'Position is required'],
    ['mobile', 'Mobile number is required'],
    ['message', 'Message is required'],
  ])('refuses an application without %s', async (field, message) => {
    const { [field as keyof typeof FIELDS]: _missing, ...rest } = FIELDS;
    const res = await apply(rest, [{ name: 'cv.pdf', bytes: PDF }]);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it('refuses a missing resume, a bad e-mail or mobile, extra files and unknown fields', async () => {
    expect(body(await apply(FIELDS)).message).toBe('Resume is required');
    expect(body(await apply({ ...FIELDS, email: 'nope' }, [{ name: 'cv.pdf', bytes: PDF }])).message).toBe(
      'Please enter a valid email address',
    );
    expect(
      body(await apply({ ...FIELDS, mobile: 'call me' }, [{ name: 'cv.pdf', bytes: PDF }])).message,
    ).toBe('Please enter a valid mobile number');
    const two = await apply(FIELDS, [
      { name: 'a.pdf', bytes: PDF },
      { name: 'b.pdf', bytes: PDF },
    ]);
    expect(two.statusCode).toBe(400);
    expect(body(two).message).toBe('Please attach one resume only');
    expect(body(await apply({ ...FIELDS, salary: '1' }, [{ name: 'cv.pdf', bytes: PDF }])).message).toBe(
      'Unknown field "salary"',
    );
    expect(body(await apply(FIELDS, [{ name: 'cv.pdf', bytes: PDF, field: 'photo' }])).message).toBe(
      'Unknown field "photo"',
    );
  });

  it('refuses JSON', async () => {
    const res = await post(app, '/api/careers/applications/submit', FIELDS);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please send the application as multipart/form-data');
  });
});

describe('sniffResume', () => {
  it('tells the formats apart by their bytes', () => {
    expect(sniffResume(PDF)).toBe('pdf');
    expect(sniffResume(DOC)).toBe('doc');
    expect(sniffResume(DOCX)).toBe('docx');
    expect(sniffResume(ZIP)).toBeNull();
    expect(sniffResume(PNG)).toBeNull();
    expect(sniffResume(Buffer.alloc(0))).toBeNull();
    expect(existsSync(dataDir)).toBe(true);
  });
});
