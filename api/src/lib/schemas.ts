// JSON-schema pieces the routes share (also what the OpenAPI document shows). The entities' and the main calls'
// schemas are the contracts in @metrology/shared/contracts; these are the API's own small pieces.
import { Address, EmptyBody, Envelope, Failure, Product } from '@metrology/shared/contracts';

/** OpenAPI: the call needs the session token in the `token` header. */
export const TOKEN_SECURITY = [{ token: [] }];

export const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

/** A whole number in a query string (query values arrive as text: no type coercion anywhere). */
export const queryInteger = (digits = 6) => ({ type: 'string', pattern: `^[0-9]{1,${digits}}$` }) as const;

export const failureSchema = Failure;

export const okSchema = Envelope;

/** Responses: 200 as given, every 4xx/5xx as { success: false, message }. */
export function responses<T extends object>(ok: T) {
  return { 200: ok, '4xx': Failure, '5xx': Failure } as const;
}

/** Bodies the client sends empty ({}), optionally with the userId SPEC's client adds (ignored). */
export const emptyBody = EmptyBody;

/** A product as every call answers it: the contract's schema. */
export const productSchema = Product;

/** The nine address fields of the contract. */
export const addressProperties = Address.properties;

export const addressSchema = Address;
