// GET /api/payments/mode and the local sandbox provider's calls (when no provider keys are configured).
import { Type, type Static } from '@sinclair/typebox';
import { Answer, StringEnum, Text } from './common.js';

export const PAYMENT_MODES = ['sandbox', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PaymentsModeResponse = Answer({ mode: StringEnum(PAYMENT_MODES) });
export type PaymentsModeResponse = Static<typeof PaymentsModeResponse>;

/** POST /api/payments/sandbox/razorpay/pay: the provider's order id from POST /api/order/razorpay. */
export const SandboxRazorpayPayBody = Type.Object(
  { order_id: Text(100, 1) },
  { additionalProperties: false },
);
export type SandboxRazorpayPayBody = Static<typeof SandboxRazorpayPayBody>;

/** What the provider's popup (or the sandbox) hands the browser after a payment. */
export const RazorpayPaymentResult = Type.Object({
  razorpay_order_id: Type.String(),
  razorpay_payment_id: Type.String(),
  razorpay_signature: Type.String(),
});
export type RazorpayPaymentResult = Static<typeof RazorpayPaymentResult>;

export const SandboxRazorpayPayResponse = Answer(RazorpayPaymentResult.properties);
export type SandboxRazorpayPayResponse = Static<typeof SandboxRazorpayPayResponse>;

/** The sandbox card page's session (GET, and POST .../pay or .../cancel). */
export const SandboxSessionParams = Type.Object({ id: Type.String({ pattern: '^cs_sbx_[0-9a-f]{36}$' }) });
export type SandboxSessionParams = Static<typeof SandboxSessionParams>;

/** return: where the page was opened from (shown only; the session's stored origin is used). */
export const SandboxSessionQuery = Type.Object({ return: Type.Optional(Text(300)) });
export type SandboxSessionQuery = Static<typeof SandboxSessionQuery>;
