// The real API's product search, as tests read it: typed by the API's own contract, so a renamed field fails the
// browser tests' typecheck too.
import type {
  Address,
  JobOpening,
  JobOpeningsResponse,
  NewsItem,
  NewsResponse,
  Product,
  ProductSearchResponse,
  SessionResponse,
  Testimonial,
  TestimonialsResponse,
} from '@metrology/shared/contracts';
import type { Site } from './fixtures';

export type {
  JobOpening,
  JobOpeningsResponse,
  NewsItem,
  NewsResponse,
  Product,
  Testimonial,
  TestimonialsResponse,
};

/** GET /api/product/search with the given query (without facets): the products of the first page. */
export async function searchProducts(site: Site, query: string): Promise<Product[]> {
  const response = await fetch(`${site.apiUrl}/api/product/search?${query}&facets=false`);
  if (!response.ok) throw new Error(`Product search ${query} answered ${response.status}`);
  return ((await response.json()) as ProductSearchResponse).products;
}

/**
 * One call to the real API, as a shopper's browser would make it: GET without a body, POST with JSON; the
 * session token in the `token` header. A refusal (HTTP error or success: false) throws with the API's message.
 */
export async function callApi<T>(site: Site, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${site.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json()) as T & { success?: boolean; message?: string };
  if (!response.ok || data.success === false) throw new Error(`${path}: ${data.message ?? response.status}`);
  return data;
}

let shoppers = 0;

/** A new account through the API (a unique e-mail per call, `label` says which test file made it). */
export async function registerShopper(
  site: Site,
  label: string,
): Promise<{ token: string; email: string; password: string }> {
  shoppers += 1;
  const email = `${label}-${Date.now()}-${shoppers}@example.com`;
  const password = 'dial-indicator-9';
  const { token } = await callApi<SessionResponse>(site, '/api/user/register', {
    name: 'E2E Shopper',
    email,
    password,
  });
  return { token, email, password };
}

/** A complete delivery address (every field SPEC requires), as a shopper types it. */
export const DELIVERY_ADDRESS: Address = {
  firstName: 'Kavya',
  lastName: 'Nair',
  email: 'kavya@example.com',
  street: '4 Foundry Lane',
  city: 'Coimbatore',
  state: 'Tamil Nadu',
  zipcode: '641001',
  country: 'India',
  phone: '+91 98400 12345',
};
