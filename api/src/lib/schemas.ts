// JSON-schema pieces the routes share (also what the OpenAPI document shows).

/** OpenAPI: the call needs the session token in the `token` header. */
export const TOKEN_SECURITY = [{ token: [] }];

export const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

/** A whole number in a query string (query values arrive as text: no type coercion anywhere). */
export const queryInteger = (digits = 6) => ({ type: 'string', pattern: `^[0-9]{1,${digits}}$` }) as const;

export const failureSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['success', 'message'],
} as const;

export const okSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
  required: ['success'],
} as const;

/** Responses: 200 as given, every 4xx/5xx as { success: false, message }. */
export function responses(ok: object) {
  return { 200: ok, '4xx': failureSchema, '5xx': failureSchema };
}

/** Bodies the client sends empty ({}), optionally with the userId SPEC's client adds (ignored). */
export const emptyBody = {
  type: 'object',
  additionalProperties: false,
  properties: { userId: { type: 'string', maxLength: 2000 } },
} as const;

const stringList = { type: 'array', items: { type: 'string' } } as const;

export const productSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    slug: { type: 'string' },
    name: { type: 'string' },
    model: { type: 'string' },
    description: { type: 'string' },
    image: stringList,
    price: { type: 'number' },
    mrp: { type: 'number' },
    category: { type: 'string' },
    subCategory: { type: 'string' },
    company: { type: 'string' },
    measuringRange: { type: 'string' },
    accuracy: { type: 'string' },
    software: { type: 'string' },
    businessType: stringList,
    certification: { type: 'string' },
    deliveryTime: { type: 'string' },
    specifications: {
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { anyOf: [{ type: 'string' }, stringList] } },
      },
    },
    features: stringList,
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const addressProperties = {
  firstName: text(100),
  lastName: text(100),
  email: text(200),
  street: text(300),
  city: text(100),
  state: text(100),
  zipcode: text(20),
  country: text(100),
  phone: text(30),
} as const;

export const addressSchema = { type: 'object', properties: addressProperties } as const;
