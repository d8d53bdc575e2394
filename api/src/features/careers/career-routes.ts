// GET /api/dashboard/careers and POST /api/careers/applications/submit (multipart, SPEC sections 5 and 7).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JobApplication, JobOpening } from '@metrology/shared';
import { ApplicationResponse, isCleanText, JobOpeningsResponse } from '@metrology/shared/contracts';
import {
  ENQUIRY_MESSAGES,
  isValidEmail,
  isValidMobile,
  RESUME_MAX_BYTES,
  RESUME_MESSAGES,
} from '@metrology/shared/rules';
import { HttpError, textRuleMessage } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { optionalUser } from '../users/auth.js';
import { claimedType, RESUME_MIME, sniffResume } from './resume.js';

export const APPLICATION_MESSAGES = {
  success: "Thank you for your interest. We'll review your application and get back to you soon.",
  notMultipart: 'Please send the application as multipart/form-data',
  oneFile: 'Please attach one resume only',
  tooManyFields: 'Too many form fields',
} as const;

type TextField = Exclude<keyof JobApplication, 'resume'>;
const TEXT_FIELDS: Record<TextField, { label: string; max: number }> = {
  name: { label: 'Name', max: 100 },
  email: { label: 'Email', max: 254 },
  qualification: { label: 'Qualification', max: 200 },
  position: { label: 'Position', max: 200 },
  mobile: { label: 'Mobile number', max: 30 },
  message: { label: 'Message', max: 5000 },
};
const isTextField = (name: string): name is TextField => Object.hasOwn(TEXT_FIELDS, name);

interface Upload {
  fields: Partial<Record<TextField, string>>;
  resume?: { fileName: string; bytes: Buffer };
}

const multipartError = (error: unknown): never => {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, RESUME_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT') throw new HttpError(400, APPLICATION_MESSAGES.oneFile);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw new HttpError(400, APPLICATION_MESSAGES.tooManyFields);
  throw error;
};

async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'resume') throw new HttpError(400, `Unknown field "${part.fieldname}"`);
        if (upload.resume) throw new HttpError(400, APPLICATION_MESSAGES.oneFile);
        // A form's text is held to the contracts' text rule like any JSON body's.
        if (!isCleanText(part.filename)) throw new HttpError(400, textRuleMessage('"resume"'));
        upload.resume = { fileName: part.filename, bytes: await part.toBuffer() };
      } else {
        if (!isTextField(part.fieldname)) throw new HttpError(400, `Unknown field "${part.fieldname}"`);
        const value = String(part.value ?? '').trim();
        if (!isCleanText(value)) throw new HttpError(400, textRuleMessage(`"${part.fieldname}"`));
        const { label, max } = TEXT_FIELDS[part.fieldname];
        if (value.length > max) throw new HttpError(400, `${label} must be at most ${max} characters`);
        upload.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    multipartError(error);
  }
  return upload;
}

/** The first problem, in the order of the form. */
function check(upload: Upload): string | null {
  for (const [name, { label }] of Object.entries(TEXT_FIELDS) as [TextField, { label: string }][]) {
    if (!upload.fields[name]) return `${label} is required`;
  }
  if (!isValidEmail(upload.fields.email ?? '')) return ENQUIRY_MESSAGES.emailInvalid;
  if (!isValidMobile(upload.fields.mobile ?? '')) return ENQUIRY_MESSAGES.mobileInvalid;
  if (!upload.resume || upload.resume.bytes.length === 0) return 'Resume is required';
  if (upload.resume.bytes.length > RESUME_MAX_BYTES) return RESUME_MESSAGES.tooLarge;
  const claimed = claimedType(upload.resume.fileName);
  if (!claimed || sniffResume(upload.resume.bytes) !== claimed) return RESUME_MESSAGES.wrongType;
  return null;
}

export async function careerRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  await mkdir(config.resumesDir, { recursive: true, mode: 0o700 });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/dashboard/careers',
    {
      schema: {
        tags: ['careers'],
        summary: 'Job openings',
        response: responses(JobOpeningsResponse),
      },
    },
    async () => {
      const rows = await db.query<JobOpening>(
        `SELECT id AS "_id", title, location, qualification, description, responsibilities, requirements
         FROM job_openings ORDER BY position, title`,
      );
      return { success: true, data: rows.rows };
    },
  );

  api.post(
    '/api/careers/applications/submit',
    {
      // A token is optional: only a signed-in owner of a verified address gets what they sent mailed back.
      preValidation: optionalUser(app),
      config: { rateLimit: rateLimitFor(app, 'application') },
      schema: {
        tags: ['careers'],
        summary:
          'Apply for a job: multipart/form-data with name, email, qualification, position, mobile, message, resume',
        description: `All fields required. resume: a PDF, DOC or DOCX file of at most ${RESUME_MAX_BYTES} bytes, checked by content.`,
        consumes: ['multipart/form-data'],
        response: responses(ApplicationResponse),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, APPLICATION_MESSAGES.notMultipart);
      const upload = await readUpload(request);
      const problem = check(upload);
      if (problem) throw new HttpError(400, problem);
      const resume = upload.resume as NonNullable<Upload['resume']>;
      const type = claimedType(resume.fileName) as NonNullable<ReturnType<typeof claimedType>>;
      const id = newId();
      // A generated name in a folder that is never served: the uploader's file name is only recorded.
      const stored = `${id}.${type}`;
      await writeFile(path.join(config.resumesDir, stored), resume.bytes, { mode: 0o600, flag: 'wx' });
      const f = upload.fields as Record<TextField, string>;
      // The application and its acknowledgement (and the staff's notice) are stored together, or neither.
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO job_applications (id, name, email, qualification, position, mobile, message, resume_file,
           resume_original_name, resume_type, resume_bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            id,
            f.name,
            f.email.toLowerCase(),
            f.qualification,
            f.position,
            f.mobile,
            f.message,
            stored,
            path.basename(resume.fileName).slice(0, 255),
            RESUME_MIME[type],
            resume.bytes.length,
          ],
        );
        await app.shop.mail.leadReceived(tx, {
          kind: 'application',
          reference: id,
          senderUserId: request.userId,
          email: f.email.toLowerCase(),
          name: f.name,
          about: f.position,
          facts: [
            ['Position', f.position],
            ['Qualification', f.qualification],
            ['Mobile', f.mobile],
            ['Resume', path.basename(resume.fileName)],
          ],
          details: f.message,
        });
      });
      request.log.info({ applicationId: id, position: f.position }, 'job application received');
      return { success: true, message: APPLICATION_MESSAGES.success };
    },
  );
}
