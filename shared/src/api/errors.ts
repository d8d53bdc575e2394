// One error shape for every call: what the server said, or what went wrong on the way.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
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
