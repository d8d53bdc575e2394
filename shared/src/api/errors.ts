// One error shape for every call: what the server said, or what went wrong on the way.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** True when message is the server's own words (its `message` field), not one the client wrote. */
  fromServer?: boolean;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string' &&
    'status' in value
  );
}

/** Statuses that mean no answer came from the server (network down, timeout, unreadable body). */
const NO_ANSWER = new Set<ApiError['status']>(['FETCH_ERROR', 'PARSING_ERROR', 'TIMEOUT_ERROR']);

/** The request never got a readable answer, or the code threw (SPEC's "exception" cases). */
export function isNoAnswerError(error: unknown): boolean {
  if (isApiError(error)) return NO_ANSWER.has(error.status);
  return error instanceof Error;
}

/**
 * SPEC's "the server message, else <fallback>": the server's own words when it gave some; the fallback when it
 * answered without a message; `noAnswer` (default: the fallback) when no answer came or the code threw.
 */
export function serverMessage(error: unknown, fallback: string, noAnswer: string = fallback): string {
  if (isNoAnswerError(error)) return noAnswer;
  if (isApiError(error) && error.fromServer && error.message.trim()) return error.message;
  return fallback;
}

/** The message to show for any error RTK Query or a thunk can produce; fallback when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  const serialized = error as SerializedError | FetchBaseQueryError | undefined;
  if (serialized && 'message' in serialized && typeof serialized.message === 'string' && serialized.message) {
    return serialized.message;
  }
  return fallback;
}
