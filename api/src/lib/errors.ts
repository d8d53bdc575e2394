// One failure shape for every call: { success: false, message } with a fitting status, never a stack trace.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT_PATTERN } from '@metrology/shared/contracts';
import { RESUME_MESSAGES } from '@metrology/shared/rules';

/** A refusal with the status and the message the user sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  loginRequired: 'Please login to continue',
  sessionExpired: 'Your session has expired. Please log in again.',
  notFound: 'Not found',
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',
  tooMany: 'Too many requests. Please wait a minute and try again.',
  internal: 'Something went wrong. Please try again later.',
  malformedJson: 'The request body is not valid JSON',
  tooLarge: 'The request is too large',
  unsupportedType: 'Unsupported content type',
  databaseUnavailable:
    'The shop cannot reach its database right now, and nothing was saved. Please try again in a moment.',
  badUrl: 'The address of this request is not valid',
  urlTooLong: 'The address of this request is too long',
  badRequest: 'The request could not be read',
  timeout: 'The request took too long to arrive',
  headersTooLarge: 'The request headers are too large',
} as const;

/** The refusal of text that breaks the contracts' text rule (NUL or an unpaired surrogate), naming the field. */
export const textRuleMessage = (where: string) =>
  `${where} contains a character that is not allowed (a NUL or an invalid Unicode character)`;

/** A lost connection, a server going away or a statement timeout: the shop is briefly unavailable (503). */
function isUnavailable(error: unknown): boolean {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'DatabaseUnavailableError') return true;
  if (code === '57014' || code === '57P01' || code === '57P02' || code === '57P03') return true;
  if (typeof code === 'string' && /^08/.test(code)) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/i.test(message)
  );
}

interface AjvError {
  instancePath?: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "items/0/quantity" -> "items[0].quantity"; a property error names the property itself. */
function fieldName(error: AjvError): string {
  const parts = (error.instancePath ?? '').split('/').filter(Boolean);
  const missing = error.params?.missingProperty ?? error.params?.additionalProperty;
  if (typeof missing === 'string') parts.push(missing);
  return parts.reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Ajv's first error as a sentence a person can act on. */
export function validationMessage(errors: readonly AjvError[], context?: string): string {
  // Of a union's errors, the text rule's is the one that says what is wrong.
  const error =
    errors.find((e) => e.keyword === 'pattern' && e.params?.pattern === TEXT_PATTERN) ?? errors[0];
  if (!error) return 'Invalid request';
  const field = fieldName(error);
  const where = field ? `"${field}"` : context === 'body' || !context ? 'The request body' : `The ${context}`;
  const p = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return `${where} is required`;
    case 'additionalProperties':
      return `Unknown field ${where}`;
    case 'type': {
      const types = String(p.type ?? '').split(',');
      return `${where} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'minimum':
      return `${where} must be at least ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${where} must be more than ${String(p.limit)}`;
    case 'maximum':
      return `${where} must be at most ${String(p.limit)}`;
    case 'minLength':
      return p.limit === 1
        ? `${where} is required`
        : `${where} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${where} must be at most ${String(p.limit)} characters`;
    case 'minItems':
      return `${where} must have at least ${String(p.limit)} item(s)`;
    case 'maxItems':
      return `${where} must have at most ${String(p.limit)} items`;
    case 'enum':
      return `${where} must be one of: ${((p.allowedValues as unknown[]) ?? []).join(', ')}`;
    case 'format':
      return p.format === 'email' ? 'Please enter a valid email address' : `${where} has an invalid format`;
    case 'pattern':
      if (p.pattern === TEXT_PATTERN) return textRuleMessage(where);
      return String(p.pattern).startsWith('^[0-9]')
        ? `${where} must be a whole number`
        : `${where} has an invalid format`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

export function failure(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply.status(statusCode).send({ success: false, message, ...extra });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return failure(reply, error.statusCode, error.message, error.extra);
    if (error.validation) {
      return failure(reply, 400, validationMessage(error.validation as AjvError[], error.validationContext));
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return failure(reply.header('retry-after', '5'), 503, MESSAGES.databaseUnavailable);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return failure(reply, 429, error.message || MESSAGES.tooMany);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return failure(reply, 500, MESSAGES.internal);
    }
    request.log.info({ code: error.code, status }, error.message);
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return failure(reply, 400, MESSAGES.malformedJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return failure(reply, 413, MESSAGES.tooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return failure(reply, 415, MESSAGES.unsupportedType);
      case 'FST_REQ_FILE_TOO_LARGE':
        return failure(reply, 400, RESUME_MESSAGES.tooLarge);
      default:
        // Fastify's own 4xx messages are written for developers but carry no internals.
        return failure(reply, status, error.message || MESSAGES.internal);
    }
  });
  app.setNotFoundHandler((request, reply) =>
    failure(reply, 404, `${MESSAGES.notFound}: ${request.method} ${request.url.split('?')[0]}`),
  );
}

/**
 * Fastify's router refusals (a URL that cannot be decoded, a parameter over maxParamLength) in the shop's envelope;
 * they come before any route, so the request id is echoed here.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
  request.log.info({ code: error.code }, error.message);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void failure(reply, 414, MESSAGES.urlTooLong);
  else if (error.code === 'FST_ERR_BAD_URL') void failure(reply, 400, MESSAGES.badUrl);
  else void failure(reply, error.statusCode ?? 500, MESSAGES.internal);
}

/** Requests Node's HTTP parser refuses before Fastify sees them, answered in the envelope too. */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.headersTooLarge]
        : [400, MESSAGES.badRequest];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
