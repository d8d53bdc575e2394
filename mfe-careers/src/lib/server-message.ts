import { isApiError } from '@metrology/shared';

/** Statuses that mean no answer came from the server (network, timeout, unreadable body). */
const NO_ANSWER = new Set(['FETCH_ERROR', 'PARSING_ERROR', 'TIMEOUT_ERROR']);

/** What the server said about a failure, or the fallback when nothing usable came back (SPEC section 8). */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && !NO_ANSWER.has(String(error.status)) && error.message.trim()) return error.message;
  return fallback;
}
