// The fake API's HTTP plumbing: a request's body and headers, and the API's refusal as a reply.
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../../../api/src/lib/errors.js';
import type { Reply } from './model.js';

export async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** One request header's value, when sent once. */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The API's refusal: { success: false, message }, and per-field errors where it has them. */
export function refusal(error: unknown): Reply {
  if (!(error instanceof HttpError)) throw error;
  const errors = error.extra.errors === undefined ? {} : { errors: error.extra.errors };
  return { status: error.statusCode, body: { success: false, message: error.message, ...errors } };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
