// The inbox (staff): product enquiries, contact-form messages and job applications, each markable as handled;
// resumes are downloaded here and nowhere else. Also the contact form's own call (POST /api/contact/submit).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ContactMessageBody,
  ContactMessageResponse,
  INBOX_KINDS,
  InboxItemParams,
  InboxParams,
  InboxQuery,
  InboxResponse,
  MarkHandledBody,
  MarkHandledResponse,
  ResumeParams,
  type InboxItem,
  type InboxKind,
} from '@metrology/shared/contracts';
import { ENQUIRY_MESSAGES, isValidEmail, isValidMobile } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { optionalUser } from '../users/auth.js';
import { requireRole } from './roles.js';

export const CONTACT_MESSAGES = {
  productRequired: 'Product is required',
  nameRequired: 'Name is required',
  enquiryDetailsRequired: 'Enquiry details are required',
  received: 'Message received',
} as const;

/** The inbox's kinds are the contract's (@metrology/shared/contracts). */
export { INBOX_KINDS, type InboxKind };

export const INBOX_MESSAGES = {
  notFound: 'This inbox item does not exist',
  resumeMissing: 'The resume file of this application is missing',
} as const;

const TABLE: Record<InboxKind, string> = {
  enquiries: 'enquiries',
  messages: 'contact_messages',
  applications: 'job_applications',
};

/** Each kind's columns as one shape: who wrote, about what, what they said, and the rest. */
const SELECT: Record<InboxKind, string> = {
  enquiries: `t.company_name AS name, t.email, t.mobile_no AS phone,
    t.product_name || ' (quantity ' || t.quantity || ')' AS subject, t.requirement_details AS details,
    jsonb_build_object('Company', t.company_name, 'Country', t.country, 'Purpose', t.purpose,
      'Product id', t.product_id) AS extra`,
  messages: `t.name, t.email, t.mobile AS phone, t.product AS subject, t.details,
    jsonb_build_object('Requirement', t.requirement) AS extra`,
  applications: `t.name, t.email, t.mobile AS phone, t.position AS subject, t.message AS details,
    jsonb_build_object('Qualification', t.qualification) AS extra,
    t.resume_original_name, t.resume_type, t.resume_bytes`,
};

interface InboxRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  details: string;
  extra: Record<string, string>;
  created_at: Date | string;
  handled_at: Date | string | null;
  handler_name: string | null;
  handler_email: string | null;
  resume_original_name?: string;
  resume_type?: string;
  resume_bytes?: number;
}

function toItem(kind: InboxKind, row: InboxRow): InboxItem {
  return {
    _id: row.id,
    kind,
    at: new Date(row.created_at).toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    details: row.details,
    extra: Object.fromEntries(
      Object.entries(row.extra ?? {}).filter(([, value]) => value !== '' && value !== null),
    ),
    handled: row.handled_at !== null,
    handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : '',
    handledBy: row.handler_email ? { name: row.handler_name ?? '', email: row.handler_email } : null,
    ...(kind === 'applications'
      ? {
          resume: {
            name: row.resume_original_name ?? '',
            type: row.resume_type ?? '',
            bytes: row.resume_bytes ?? 0,
          },
        }
      : {}),
  };
}

async function inboxItems(
  db: Queryable,
  kind: InboxKind,
  where: string,
  params: unknown[],
  tail = '',
): Promise<InboxRow[]> {
  const found = await db.query<InboxRow>(
    `SELECT t.id, t.created_at, t.handled_at, h.name AS handler_name, h.email AS handler_email, ${SELECT[kind]}
     FROM ${TABLE[kind]} t LEFT JOIN users h ON h.id = t.handled_by ${where} ORDER BY t.created_at DESC, t.id ${tail}`,
    params,
  );
  return found.rows;
}

/** The contact form's rules (SPEC section 5), checked again on the server: the first problem, and each field's. */
export function contactErrors(body: ContactMessageBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!body.product.trim()) errors.product = CONTACT_MESSAGES.productRequired;
  if (!body.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  if (!body.email.trim()) errors.email = ENQUIRY_MESSAGES.emailRequired;
  else if (!isValidEmail(body.email)) errors.email = ENQUIRY_MESSAGES.emailInvalid;
  if (!body.mobile.trim()) errors.mobile = ENQUIRY_MESSAGES.mobileRequired;
  else if (!isValidMobile(body.mobile)) errors.mobile = ENQUIRY_MESSAGES.mobileInvalid;
  if (!body.enquiryDetails.trim()) errors.enquiryDetails = CONTACT_MESSAGES.enquiryDetailsRequired;
  return errors;
}

export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  const staff = requireRole(app, 'staff');
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/contact/submit',
    {
      preValidation: optionalUser(app),
      config: { rateLimit: rateLimitFor(app, 'contact') },
      schema: {
        tags: ['enquiries'],
        summary: "The contact page's form (no login needed): stored for the staff's inbox",
        body: ContactMessageBody,
        response: responses(ContactMessageResponse),
      },
    },
    async (request) => {
      const b = request.body;
      const errors = contactErrors(b);
      const first = Object.values(errors)[0];
      if (first) throw new HttpError(400, first, { errors });
      const id = newId();
      // The message and its acknowledgement (and the staff's notice) are stored together, or neither.
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO contact_messages (id, product, name, email, mobile, requirement, details, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            id,
            b.product.trim(),
            b.name.trim(),
            b.email.trim().toLowerCase(),
            b.mobile.trim(),
            b.requirement?.trim() ?? '',
            b.enquiryDetails.trim(),
            request.userId,
          ],
        );
        await app.shop.mail.leadReceived(tx, {
          kind: 'contact',
          reference: id,
          senderUserId: request.userId,
          email: b.email.trim().toLowerCase(),
          name: b.name.trim(),
          about: b.product.trim(),
          facts: [
            ['Product', b.product.trim()],
            ['Name', b.name.trim()],
            ['Mobile', b.mobile.trim()],
            ['Requirement', b.requirement?.trim() ?? ''],
          ],
          details: b.enquiryDetails.trim(),
        });
      });
      request.log.info({ messageId: id }, 'contact message received');
      return { success: true, message: CONTACT_MESSAGES.received, messageId: id };
    },
  );

  api.get(
    '/api/staff/inbox/:kind',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'Enquiries, contact messages or job applications, newest first (handled=false: only the open ones)',
        params: InboxParams,
        querystring: InboxQuery,
        response: responses(InboxResponse),
      },
    },
    async (request) => {
      const { kind } = request.params;
      const page = Math.max(1, Number(request.query.page ?? 1));
      const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 20)));
      const handled = request.query.handled ?? 'all';
      const where =
        handled === 'all'
          ? ''
          : handled === 'true'
            ? 'WHERE t.handled_at IS NOT NULL'
            : 'WHERE t.handled_at IS NULL';
      const counts = await db.query<{ total: string | number; open: string | number }>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE handled_at IS NULL) AS open FROM ${TABLE[kind]}`,
      );
      const filtered = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM ${TABLE[kind]} t ${where}`,
      );
      const rows = await inboxItems(db, kind, where, [limit, (page - 1) * limit], 'LIMIT $1 OFFSET $2');
      return {
        success: true,
        items: rows.map((row) => toItem(kind, row)),
        total: Number(filtered.rows[0]?.n ?? 0),
        open: Number(counts.rows[0]?.open ?? 0),
        page,
        limit,
      };
    },
  );

  api.post(
    '/api/staff/inbox/:kind/:id/handled',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary: 'Mark an inbox item handled (or open again); records who and when',
        params: InboxItemParams,
        body: MarkHandledBody,
        response: responses(MarkHandledResponse),
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const { handled } = request.body;
      const updated = handled
        ? await db.query(`UPDATE ${TABLE[kind]} SET handled_at = now(), handled_by = $2 WHERE id = $1`, [
            id,
            request.userId,
          ])
        : await db.query(`UPDATE ${TABLE[kind]} SET handled_at = NULL, handled_by = NULL WHERE id = $1`, [
            id,
          ]);
      if (updated.rowCount === 0) throw new HttpError(404, INBOX_MESSAGES.notFound);
      const [row] = await inboxItems(db, kind, 'WHERE t.id = $1', [id]);
      if (!row) throw new HttpError(404, INBOX_MESSAGES.notFound);
      return {
        success: true,
        message: handled ? 'Marked handled' : 'Marked open',
        item: toItem(kind, row),
      };
    },
  );

  api.get(
    '/api/staff/applications/:id/resume',
    {
      preValidation: staff,
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary: "An application's resume, as a download (staff only)",
        params: ResumeParams,
      },
    },
    async (request, reply) => {
      const found = await db.query<{
        resume_file: string;
        resume_original_name: string;
        resume_type: string;
      }>('SELECT resume_file, resume_original_name, resume_type FROM job_applications WHERE id = $1', [
        request.params.id,
      ]);
      const row = found.rows[0];
      if (!row) throw new HttpError(404, INBOX_MESSAGES.notFound);
      // The stored name is generated (<id>.<ext>); basename keeps any row from pointing outside the folder.
      const file = path.join(config.resumesDir, path.basename(row.resume_file));
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new HttpError(404, INBOX_MESSAGES.resumeMissing);
      const ext = path.extname(row.resume_file);
      // The uploader's name, reduced to safe characters, with the type the content was checked to be.
      const base = path.basename(row.resume_original_name, path.extname(row.resume_original_name));
      const safe = `${base.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 100) || 'resume'}${ext}`;
      return reply
        .header('content-type', row.resume_type)
        .header('content-length', info.size)
        .header(
          'content-disposition',
          `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
}
