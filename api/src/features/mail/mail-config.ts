// The mail settings (docs/operations.md "Mail"): where messages go, who they come from, which kinds are off,
// how retries wait.
import { normaliseEmail } from '@metrology/shared/rules';

/** Every message the shop sends; MAIL_DISABLED names the ones to leave out. */
export const MAIL_KINDS = [
  'verify-email',
  'password-reset',
  'order-placed',
  'payment-received',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  'enquiry-ack',
  'enquiry-staff',
  'contact-ack',
  'contact-staff',
  'application-ack',
  'application-staff',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const isMailKind = (value: string): value is MailKind =>
  (MAIL_KINDS as readonly string[]).includes(value);

export interface MailOptions {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL); unset: messages wait in the outbox, nothing is sent. */
  smtpUrl?: string;
  /** The From header (MAIL_FROM). */
  from?: string;
  /** Kinds never written to the outbox (MAIL_DISABLED). */
  disabled?: readonly MailKind[];
  /** Where staff notices go (MAIL_STAFF_TO); unset: every staff account with a verified address. */
  staffTo?: string[];
  /** Run the sender loop in this process (default true; tests drive it by hand). */
  send?: boolean;
  /** How often the sender looks for due messages (default 2 s). */
  pollMs?: number;
  /** The first retry's wait; each later one doubles it, up to maxRetryMs (defaults 30 s and 1 hour). */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Attempts before a message is given up (it stays in the outbox with its last error). */
  maxAttempts?: number;
  /** Folder of the local catcher's messages (CAUGHT_MAIL_DIR, set by `npm start` without SMTP_URL). */
  caughtMailDir?: string;
  /** The first staff account (STAFF_EMAIL): made staff once its address is verified, while no account is staff. */
  staffEmail?: string;
}

export interface MailConfig {
  smtpUrl?: string;
  from: string;
  disabled: ReadonlySet<MailKind>;
  staffTo: string[];
  send: boolean;
  pollMs: number;
  retryBaseMs: number;
  maxRetryMs: number;
  maxAttempts: number;
  caughtMailDir?: string;
  staffEmail?: string;
}

export const DEFAULT_MAIL_FROM = 'Metrology Instruments Group <no-reply@metrologyinstrumentsgroup.com>';

export function resolveMail(options: MailOptions = {}): MailConfig {
  return {
    smtpUrl: options.smtpUrl || undefined,
    from: options.from || DEFAULT_MAIL_FROM,
    disabled: new Set(options.disabled ?? []),
    staffTo: options.staffTo ?? [],
    send: options.send ?? true,
    pollMs: options.pollMs ?? 2_000,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    maxRetryMs: options.maxRetryMs ?? 60 * 60_000,
    maxAttempts: options.maxAttempts ?? 10,
    caughtMailDir: options.caughtMailDir || undefined,
    staffEmail: options.staffEmail?.trim().toLowerCase() || undefined,
  };
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The mail settings from the environment; an unknown kind in MAIL_DISABLED stops the start with the list. */
export function mailOptionsFromEnv(env: NodeJS.ProcessEnv): MailOptions {
  const disabled = list(env.MAIL_DISABLED);
  const unknown = disabled.filter((kind) => !isMailKind(kind));
  if (unknown.length)
    throw new Error(
      `MAIL_DISABLED names unknown kinds (${unknown.join(', ')}); the kinds are ${MAIL_KINDS.join(', ')}`,
    );
  // Addresses the operator sets are held to the same bare-address rule as the forms'.
  const staffTo = list(env.MAIL_STAFF_TO);
  const staffEmail = env.STAFF_EMAIL?.trim() || undefined;
  const bad = [...staffTo, ...(staffEmail ? [staffEmail] : [])].filter((email) => !normaliseEmail(email));
  if (bad.length)
    throw new Error(
      `MAIL_STAFF_TO and STAFF_EMAIL take bare e-mail addresses (local@domain): ${bad.join(', ')}`,
    );
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || undefined,
    disabled: disabled.filter(isMailKind),
    staffTo: staffTo.map((email) => normaliseEmail(email) ?? email),
    caughtMailDir: env.CAUGHT_MAIL_DIR || undefined,
    staffEmail,
  };
}
