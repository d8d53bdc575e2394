import { isApiError } from '@metrology/shared';

/** Errors where the request never got a readable answer (SPEC's "thrown" errors). */
const THROWN = new Set(['FETCH_ERROR', 'PARSING_ERROR', 'TIMEOUT_ERROR']);
/** What the shared base query says when the server answered without a message of its own. */
const SYNTHETIC = /^Request failed \(/;

export function isThrownError(error: unknown): boolean {
  if (isApiError(error)) return THROWN.has(String(error.status));
  return error instanceof Error;
}

/**
 * SPEC's "the server message, else <fallback>" with a separate text for thrown errors
 * (network down, unreadable answer). Without `thrown`, those show the fallback as well.
 */
export function serverMessage(error: unknown, fallback: string, thrown: string = fallback): string {
  if (isThrownError(error)) return thrown;
  if (isApiError(error) && error.message && !SYNTHETIC.test(error.message)) return error.message;
  return fallback;
}
