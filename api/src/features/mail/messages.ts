// What the shop writes and when (docs/operations.md "Mail"): each function composes one event's messages and
// stores them in the outbox on the caller's transaction, so the message exists exactly when the event does.
import type { Address, OrderItem } from '@metrology/shared';
import { formatAmount } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { BRAND } from '../../seed/brand.js';
import { issueAccountToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';
import { render, type Block } from './layout.js';
import type { MailConfig, MailKind } from './mail-config.js';
import { admit, enqueue, recordSuppressed, staffAddresses, store } from './outbox.js';

const METHOD_NAMES: Record<string, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Razorpay',
  stripe: 'Stripe',
};

interface OrderMailRow {
  id: string;
  order_number: number;
  items: OrderItem[];
  address: Address;
  amount: number;
  delivery_fee: number;
  payment_method: string;
  created_at: Date | string;
  name: string;
  email: string;
}

const MOVE_KINDS = {
  shipped: 'order-shipped',
  delivered: 'order-delivered',
  cancelled: 'order-cancelled',
} as const satisfies Record<string, MailKind>;
export type MovedStatus = keyof typeof MOVE_KINDS;

const MOVE_TEXT: Record<MovedStatus, { subject: string; lead: string }> = {
  shipped: { subject: 'has shipped', lead: 'Good news: your order is on its way.' },
  delivered: {
    subject: 'was delivered',
    lead: 'Your order has been delivered. Thank you for shopping with us.',
  },
  cancelled: {
    subject: 'was cancelled',
    lead: 'Your order has been cancelled. If you paid online, the refund goes back to the way you paid.',
  },
};

const addressLines = (a: Address) =>
  [`${a.firstName} ${a.lastName}`.trim(), a.street, `${a.city}, ${a.state} ${a.zipcode}`, a.country, a.phone]
    .filter(Boolean)
    .join('\n');

/** The receipt's contents: items, delivery, total, payment and address (what /orders/:id shows). */
function receipt(order: OrderMailRow): Block[] {
  return [
    {
      kind: 'table',
      head: ['Item', 'Model', 'Quantity', 'Price', 'Total'],
      rows: order.items.map((item) => [
        item.name,
        item.model ?? '',
        String(item.quantity),
        formatAmount(item.price),
        formatAmount(item.price * item.quantity),
      ]),
      foot: [
        ['Delivery', '', '', '', formatAmount(order.delivery_fee)],
        ['Total', '', '', '', formatAmount(order.amount)],
      ],
    },
    {
      kind: 'facts',
      rows: [
        ['Order number', `#${order.order_number}`],
        ['Payment', METHOD_NAMES[order.payment_method] ?? order.payment_method],
        ['Delivering to', addressLines(order.address)],
      ],
    },
  ];
}

export class ShopMail {
  constructor(
    readonly config: MailConfig,
    private readonly siteOrigin: string,
  ) {}

  /** A link on the shop's own site (SITE_URL), never the request's Host. */
  link(pathAndQuery: string): string {
    return `${this.siteOrigin}${pathAndQuery}`;
  }

  private async order(tx: Queryable, orderId: string): Promise<OrderMailRow | undefined> {
    const found = await tx.query<OrderMailRow>(
      `SELECT o.id, o.order_number::integer AS order_number, o.items, o.address, o.amount, o.delivery_fee,
         o.payment_method, o.created_at, u.name, u.email
       FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
      [orderId],
    );
    return found.rows[0];
  }

  private orderButton(order: OrderMailRow): Block {
    return { kind: 'button', label: 'See your order', url: this.link(`/orders/${order.id}`) };
  }

  /** Order placed (cash on delivery): the receipt and a link to it. */
  async orderPlaced(tx: Queryable, orderId: string): Promise<void> {
    const order = await this.order(tx, orderId);
    if (!order) return;
    const message = render(`Your order #${order.order_number} is placed`, `Hello ${order.name},`, [
      { kind: 'paragraph', text: `Thank you for your order. We are preparing it now.` },
      ...receipt(order),
      this.orderButton(order),
    ]);
    await enqueue(tx, this.config, 'order-placed', order.email, message);
  }

  /** Payment received for an order that was awaiting it (Razorpay or card): the receipt, now paid. */
  async paymentReceived(tx: Queryable, orderId: string): Promise<void> {
    const order = await this.order(tx, orderId);
    if (!order) return;
    const message = render(`Payment received for order #${order.order_number}`, `Hello ${order.name},`, [
      {
        kind: 'paragraph',
        text: `We have received your payment of ${formatAmount(order.amount)}. Your order is placed and we are preparing it now.`,
      },
      ...receipt(order),
      this.orderButton(order),
    ]);
    await enqueue(tx, this.config, 'payment-received', order.email, message);
  }

  /** A staff move to shipped, delivered or cancelled; the note only when staff meant it for the shopper. */
  async orderMoved(tx: Queryable, orderId: string, status: MovedStatus, note: string | null): Promise<void> {
    const order = await this.order(tx, orderId);
    if (!order) return;
    const { subject, lead } = MOVE_TEXT[status];
    const blocks: Block[] = [{ kind: 'paragraph', text: lead }];
    if (note)
      blocks.push({ kind: 'paragraph', text: 'A note from our team:' }, { kind: 'quote', text: note });
    blocks.push(
      {
        kind: 'facts',
        rows: [
          ['Order number', `#${order.order_number}`],
          ['Total', formatAmount(order.amount)],
        ],
      },
      this.orderButton(order),
    );
    const message = render(`Your order #${order.order_number} ${subject}`, `Hello ${order.name},`, blocks);
    await enqueue(tx, this.config, MOVE_KINDS[status], order.email, message);
  }

  /** Sign-up (and "Resend verification"): a link that proves the address. */
  async verifyEmail(tx: Queryable, user: { id: string; name: string; email: string }): Promise<void> {
    if (this.config.disabled.has('verify-email')) return;
    const subject = 'Please confirm your e-mail address';
    // Capped before a link exists: a held-back message must not end the links already sent.
    const admission = await admit(tx, 'verify-email', user.email);
    if (admission.suppressed !== null)
      return recordSuppressed(tx, 'verify-email', admission.to, subject, admission.suppressed);
    const token = await issueAccountToken(tx, user.id, user.email, 'verify-email');
    const hours = TOKEN_LIFETIME_SECONDS['verify-email'] / 3600;
    const message = render(subject, `Hello ${user.name},`, [
      {
        kind: 'paragraph',
        text: `Thank you for creating an account at ${BRAND}. Please confirm that this address is yours. You can shop while it is unconfirmed.`,
      },
      {
        kind: 'button',
        label: 'Confirm my e-mail address',
        url: this.link(`/verify-email?token=${encodeURIComponent(token)}`),
      },
      {
        kind: 'paragraph',
        text: `The link works once, for ${hours} hours. If you did not create this account, ignore this message.`,
      },
    ]);
    await store(tx, 'verify-email', admission.to, message);
  }

  /** "Forgot password?": a link to /reset-password, single-use, 30 minutes. */
  async passwordReset(tx: Queryable, user: { id: string; name: string; email: string }): Promise<void> {
    if (this.config.disabled.has('password-reset')) return;
    const subject = 'Reset your password';
    const admission = await admit(tx, 'password-reset', user.email);
    if (admission.suppressed !== null)
      return recordSuppressed(tx, 'password-reset', admission.to, subject, admission.suppressed);
    const token = await issueAccountToken(tx, user.id, user.email, 'reset-password');
    const minutes = TOKEN_LIFETIME_SECONDS['reset-password'] / 60;
    const message = render(subject, `Hello ${user.name},`, [
      {
        kind: 'paragraph',
        text: `Someone (we hope you) asked to reset the password of your ${BRAND} account.`,
      },
      {
        kind: 'button',
        label: 'Choose a new password',
        url: this.link(`/reset-password?token=${encodeURIComponent(token)}`),
      },
      {
        kind: 'paragraph',
        text: `The link works once, for ${minutes} minutes. Resetting logs out every other session. If you did not ask for this, ignore this message: your password stays as it is.`,
      },
    ]);
    await store(tx, 'password-reset', admission.to, message);
  }

  /**
   * A lead (enquiry, contact message, application): an acknowledgement to the sender and a notice to staff. The
   * acknowledgement repeats what was sent only to the signed-in owner of a verified address: anyone else may have
   * typed someone else's address, so they get the kind of request, the catalogue's product and the reference.
   */
  async leadReceived(tx: Queryable, lead: Lead): Promise<void> {
    const what = LEAD_WHAT[lead.kind];
    const reference: [string, string] = ['Reference', lead.reference];
    const echo = lead.senderUserId ? await ownsProvenAddress(tx, lead.senderUserId, lead.email) : false;
    const ack = echo
      ? render(`We received your ${what}`, lead.name ? `Hello ${lead.name},` : 'Hello,', [
          {
            kind: 'paragraph',
            text:
              lead.kind === 'application'
                ? `Thank you for applying for ${lead.about}. We will review your application and get back to you soon.`
                : `Thank you for your ${what} about ${lead.about}. Our team will contact you soon.`,
          },
          { kind: 'paragraph', text: 'What you sent us:' },
          { kind: 'facts', rows: [reference, ...lead.facts] },
          ...(lead.details ? [{ kind: 'quote', text: lead.details } satisfies Block] : []),
        ])
      : render(`We received your ${what}`, 'Hello,', [
          { kind: 'paragraph', text: plainThanks(lead) },
          { kind: 'facts', rows: [reference] },
          {
            kind: 'paragraph',
            text: `If you did not contact ${BRAND}, someone typed your address by mistake: you can ignore this message.`,
          },
        ]);
    await enqueue(tx, this.config, `${lead.kind}-ack`, lead.email, ack);
    if (this.config.disabled.has(`${lead.kind}-staff`)) return;
    const notice = render(`New ${what}: ${lead.about}`, 'Hello,', [
      {
        kind: 'paragraph',
        text: `A new ${what} arrived from ${lead.name || lead.email} <${lead.email}>. It is in the inbox of the back office.`,
      },
      { kind: 'facts', rows: [reference, ...lead.facts] },
      ...(lead.details ? [{ kind: 'quote', text: lead.details } satisfies Block] : []),
      { kind: 'button', label: 'Open the inbox', url: this.link('/back-office/inbox') },
    ]);
    for (const to of await staffAddresses(tx, this.config))
      await enqueue(tx, this.config, `${lead.kind}-staff`, to, notice);
  }
}

export interface Lead {
  kind: 'enquiry' | 'contact' | 'application';
  /** The sender's address, already a bare addr-spec. */
  email: string;
  name: string;
  /** What the lead is about, as typed (product, subject, position): for staff, and for the proven owner. */
  about: string;
  facts: [string, string][];
  details: string;
  /** The stored row's id, which the acknowledgement quotes. */
  reference: string;
  /** An enquiry's product as the catalogue names it (never typed text); null when the id names no product. */
  product?: string | null;
  /** The signed-in account that sent it, if any. */
  senderUserId: string | null;
}

const LEAD_WHAT = { enquiry: 'enquiry', contact: 'message', application: 'application' } as const;

/** The acknowledgement's only sentence when the sender's text is left out. */
function plainThanks(lead: Lead): string {
  if (lead.kind === 'enquiry')
    return `Thank you for your enquiry${lead.product ? ` about ${lead.product}` : ''}. Our team will contact you soon.`;
  if (lead.kind === 'application')
    return 'Thank you for your job application. We will review it and get back to you soon.';
  return 'Thank you for your message. Our team will contact you soon.';
}

/** Whether the signed-in account has proved this very address (so what it sent may be mailed back to it). */
async function ownsProvenAddress(tx: Queryable, userId: string, email: string): Promise<boolean> {
  const found = await tx.query(
    'SELECT 1 FROM users WHERE id = $1 AND email = $2 AND email_verified_at IS NOT NULL',
    [userId, email],
  );
  return found.rows.length > 0;
}
