// POST /api/enquiry/submit (SPEC sections 5 and 7): checked with the same rules as the dialog, then stored.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { EnquiryBody, EnquiryResponse } from '@metrology/shared/contracts';
import { ENQUIRY_MESSAGES } from '@metrology/shared/rules';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { optionalUser } from '../users/auth.js';
import { checkEnquiry } from './enquiry-check.js';

export async function enquiryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/enquiry/submit',
    {
      preValidation: optionalUser(app),
      config: { rateLimit: rateLimitFor(app, 'enquiry') },
      schema: {
        tags: ['enquiries'],
        summary: 'Send a product enquiry (no login needed; linked to the user when a valid token is sent)',
        body: EnquiryBody,
        response: responses(EnquiryResponse),
      },
    },
    async (request) => {
      const body = request.body;
      const fields = checkEnquiry(body);
      if (fields.problem) throw new HttpError(400, fields.problem, { errors: fields.errors });
      const id = newId();
      // The enquiry and its acknowledgement (and the staff's notice) are stored together, or neither.
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO enquiries (id, product_id, product_name, email, quantity, company_name, mobile_no, country,
           purpose, requirement_details, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            id,
            (body.productId ?? '').trim(),
            (body.productName ?? '').trim(),
            fields.email.toLowerCase(),
            fields.quantity,
            (body.companyName ?? '').trim(),
            fields.mobileNo,
            fields.country,
            (body.purpose ?? '').trim(),
            (body.requirementDetails ?? '').trim(),
            request.userId,
          ],
        );
        const product = (body.productName ?? '').trim() || 'a product';
        // The acknowledgement names the product as the catalogue does, never as the request typed it.
        const listed = await tx.query<{ name: string }>('SELECT name FROM products WHERE id = $1', [
          (body.productId ?? '').trim(),
        ]);
        await app.shop.mail.leadReceived(tx, {
          kind: 'enquiry',
          reference: id,
          product: listed.rows[0]?.name ?? null,
          senderUserId: request.userId,
          email: fields.email.toLowerCase(),
          name: (body.companyName ?? '').trim(),
          about: product,
          facts: [
            ['Product', product],
            ['Quantity', String(fields.quantity)],
            ['Company', (body.companyName ?? '').trim()],
            ['Mobile', fields.mobileNo],
            ['Country', fields.country],
            ['Purpose', (body.purpose ?? '').trim()],
          ],
          details: (body.requirementDetails ?? '').trim(),
        });
      });
      request.log.info({ enquiryId: id, productId: body.productId }, 'enquiry received');
      return { success: true, message: ENQUIRY_MESSAGES.success, enquiryId: id };
    },
  );
}
