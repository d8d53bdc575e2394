// What `npm run user` does to the database: give or take back a role, create an account, list the non-shoppers.
import { normaliseEmail } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { isRole, type Role } from './roles.js';

export class UserAdminError extends Error {}

/** Why a role is refused to an address nobody proved: someone else may have registered it first. */
export const unverifiedRoleRefusal = (email: string) =>
  `${email} has not verified its e-mail address, so it cannot be given a role: whoever registered it may not own it. ` +
  `Ask its owner to open the link in the verification e-mail (or choose "Resend verification" in the account menu), then grant again.`;

/** Why a role is refused to an account whose password was chosen before its address was proved. */
export const passwordBeforeProofRoleRefusal = (email: string) =>
  `${email} has not chosen a password since its e-mail address was proved, so it cannot be given a role: its password may be that of whoever registered the address first. ` +
  `Ask its owner to choose a new password with "Forgot password?" on the site (the link goes to the address), then grant again.`;

const normalise = (email: string) => email.trim().toLowerCase();

/** Sets the account's role; answers the role it had. */
export async function setRole(
  db: Queryable,
  email: string,
  role: Role,
): Promise<{ before: Role; name: string }> {
  if (!isRole(role)) throw new UserAdminError(`Unknown role '${String(role)}' (staff or release-manager)`);
  const found = await db.query<{ role: string; name: string; verified: boolean; password_after: boolean }>(
    `SELECT role, name, email_verified_at IS NOT NULL AS verified,
       COALESCE(password_set_at >= email_verified_at, false) AS password_after
     FROM users WHERE email = $1`,
    [normalise(email)],
  );
  const user = found.rows[0];
  if (!user) {
    throw new UserAdminError(
      `No account with the e-mail ${normalise(email)}. Register it on the site first, or use 'create'.`,
    );
  }
  if (role !== 'shopper' && !user.verified) throw new UserAdminError(unverifiedRoleRefusal(normalise(email)));
  if (role !== 'shopper' && !user.password_after)
    throw new UserAdminError(passwordBeforeProofRoleRefusal(normalise(email)));
  await db.query('UPDATE users SET role = $2 WHERE email = $1', [normalise(email), role]);
  return { before: isRole(user.role) ? user.role : 'shopper', name: user.name };
}

/** A new account; the operator who types the address and hands over the password vouches for it (verified). */
export async function createUser(
  db: Queryable,
  fields: { email: string; name: string; password: string; role: Role },
): Promise<string> {
  const email = normaliseEmail(fields.email);
  if (!email) throw new UserAdminError(`'${fields.email}' is not a valid e-mail address`);
  if (!fields.name.trim()) throw new UserAdminError('--name is required');
  if (!fields.password) throw new UserAdminError('The password (read from standard input) is empty');
  const id = newId();
  const inserted = await db.query(
    `INSERT INTO users (id, name, email, password_hash, role, email_verified_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (email) DO NOTHING`,
    [id, fields.name.trim(), email, await hashPassword(fields.password), fields.role],
  );
  if (inserted.rowCount === 0) throw new UserAdminError(`An account with the e-mail ${email} already exists`);
  return id;
}

export async function listPrivileged(
  db: Queryable,
): Promise<{ email: string; name: string; role: string }[]> {
  const found = await db.query<{ email: string; name: string; role: string }>(
    `SELECT email, name, role FROM users WHERE role <> 'shopper' ORDER BY role, email`,
  );
  return found.rows;
}
