// The two route-schema pieces every feature shares (also what the OpenAPI document shows). Every body, query, params
// and answer schema is a contract in @metrology/shared/contracts: one definition for the API and the bundles.
import { Failure } from '@metrology/shared/contracts';

/** OpenAPI: the call needs the session token in the `token` header. */
export const TOKEN_SECURITY = [{ token: [] }];

/** Responses: 200 as given, every 4xx/5xx as { success: false, message }. */
export function responses<T extends object>(ok: T) {
  return { 200: ok, '4xx': Failure, '5xx': Failure } as const;
}
