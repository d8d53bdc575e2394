// GET /api/health: what `npm start`, the supervisor and the probes read (docs/operations.md "Health
// endpoints").
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';
import { PAYMENT_MODES } from './payments.js';

const ProviderMode = StringEnum(PAYMENT_MODES);

/** Ready: the database answered (its engine and catalogue size), the payment providers' modes, the uptime in s. */
export const HealthResponse = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('ok'),
  database: Type.String(),
  products: Type.Integer(),
  payments: Type.Object({ razorpay: ProviderMode, stripe: ProviderMode }),
  uptime: Type.Number(),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** Not ready (503), with the reason in the message. */
export const NotReadyResponse = Type.Object({
  success: Type.Literal(false),
  status: Type.Literal('not ready'),
  message: Type.String(),
});
export type NotReadyResponse = Static<typeof NotReadyResponse>;
