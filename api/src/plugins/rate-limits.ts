// Per-IP limits on the calls people (or scripts) could abuse: login, register, enquiry, application, chat, reports.
import type { FastifyInstance } from 'fastify';
import type { RateLimitedCall } from '../config.js';

/** The route's rateLimit config (false when limits are switched off). */
export function rateLimitFor(app: FastifyInstance, call: RateLimitedCall) {
  const limits = app.shop.config.rateLimit;
  if (!limits) return false as const;
  return { max: limits.calls[call], timeWindow: limits.windowMs };
}
