// Account roles and the server-side checks every back-office call runs (401 without a session, 403 without the role).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLES, type Role } from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { requireUser, sessionUser } from '../users/auth.js';

export { ROLES, type Role };

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const ROLE_MESSAGES = {
  staffOnly: 'This is for staff only. Please log in with a staff account.',
  managersOnly: 'This is for release managers only. Please log in with a release manager account.',
} as const;

/** The user's role as stored now (a revoke takes effect on the next call, not when the token expires). */
export async function roleOf(app: FastifyInstance, userId: string): Promise<Role> {
  const found = await app.shop.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [userId]);
  const role = found.rows[0]?.role ?? 'shopper';
  return isRole(role) ? role : 'shopper';
}

/** Pre-handler: a valid session (401 otherwise) whose user holds the role (403 otherwise). */
export function requireRole(app: FastifyInstance, role: Exclude<Role, 'shopper'>) {
  const user = requireUser(app);
  return async (request: FastifyRequest): Promise<void> => {
    await user(request);
    const actual = await roleOf(app, sessionUser(request));
    if (actual !== role) {
      request.log.warn({ userId: request.userId, role: actual, needed: role }, 'back-office call refused');
      throw new HttpError(403, role === 'staff' ? ROLE_MESSAGES.staffOnly : ROLE_MESSAGES.managersOnly);
    }
  };
}
