// GET /api/user/me: who the session belongs to, with the role the shell needs to show back-office links.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MeResponse } from '@metrology/shared/contracts';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { requireUser } from '../users/auth.js';
import { isRole } from './roles.js';

export async function meRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/user/me',
    {
      preValidation: requireUser(app),
      schema: {
        tags: ['users'],
        security: TOKEN_SECURITY,
        summary: "The logged-in account: name, e-mail and role ('shopper', 'staff' or 'release-manager')",
        response: responses(MeResponse),
      },
    },
    async (request) => {
      const found = await db.query<{
        id: string;
        name: string;
        email: string;
        role: string;
        verified: boolean;
      }>('SELECT id, name, email, role, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [
        request.userId,
      ]);
      const user = found.rows[0];
      if (!user) throw new HttpError(401, MESSAGES.sessionExpired);
      return {
        success: true,
        user: {
          _id: user.id,
          name: user.name,
          email: user.email,
          role: isRole(user.role) ? user.role : 'shopper',
          emailVerified: user.verified,
        },
      };
    },
  );
}
