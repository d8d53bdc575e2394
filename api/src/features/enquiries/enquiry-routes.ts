// POST /api/enquiry/submit (SPEC sections 5 and 7): checked with the same rules as the dialog, then stored.
import type { FastifyInstance } from 'fastify';
import { ENQUIRY_MESSAGES, validateEnquiry } from '@metrology/shared/rules';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses, text } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { optionalUser } from '../users/auth.js';

interface EnquiryBody {
  productId?: string;
  productName?: string;
  email?: string;
  quantity?: number | string;
  companyName?: string;
  mobileNo?: string;
  country?: string;
  purpose?: string;
  requirementDetails?: string;
  userId?: string | null;
}

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;

  app.post<{ Body: EnquiryBody }>(
    '/api/enquiry/submit',
    {
      preValidation: optionalUser(app),
      config: { rateLimit: rateLimitFor(app, 'enquiry') },
      schema: {
        tags: ['enquiries'],
        summary: 'Send a product enquiry (no login needed; linked to the user when a valid token is sent)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            productId: text(100),
            productName: text(300),
            email: text(254),
            quantity: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 12 }] },
            companyName: text(200),
            mobileNo: text(30),
            country: text(100),
            purpose: text(200),
            requirementDetails: text(5000),
            // SPEC's client sends its token here; the user is taken from the token header instead.
            userId: { type: ['string', 'null'], maxLength: 2000 },
          },
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            enquiryId: { type: 'string' },
          },
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const fields = {
        email: (body.email ?? '').trim(),
        quantity: body.quantity ?? '',
        mobileNo: (body.mobileNo ?? '').trim(),
        country: (body.country ?? '').trim(),
      };
      const errors = validateEnquiry(fields);
      const quantity = Number(fields.quantity);
      if (!errors.quantity && (!Number.isInteger(quantity) || quantity > 1_000_000)) {
        errors.quantity = ENQUIRY_MESSAGES.quantityInvalid;
      }
      const first = errors.email ?? errors.quantity ?? errors.mobileNo ?? errors.country;
      if (first) throw new HttpError(400, first, { errors });
      const id = newId();
      await db.query(
        `INSERT INTO enquiries (id, product_id, product_name, email, quantity, company_name, mobile_no, country,
           purpose, requirement_details, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          (body.productId ?? '').trim(),
          (body.productName ?? '').trim(),
          fields.email.toLowerCase(),
          quantity,
          (body.companyName ?? '').trim(),
          fields.mobileNo,
          fields.country,
          (body.purpose ?? '').trim(),
          (body.requirementDetails ?? '').trim(),
          request.userId,
        ],
      );
      request.log.info({ enquiryId: id, productId: body.productId }, 'enquiry received');
      return { success: true, message: ENQUIRY_MESSAGES.success, enquiryId: id };
    },
  );
}
