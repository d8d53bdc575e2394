// Which site a request came from (for links and payment returns) and where this API is reachable.
import type { FastifyRequest } from 'fastify';

function originOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The Origin header (or the Referer's origin); undefined when the request did not come from a page. */
export function requestOrigin(request: FastifyRequest, allowed: string[] | true = true): string | undefined {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const origin = originOf(header('origin')) ?? originOf(header('referer'));
  if (!origin) return undefined;
  return allowed === true || allowed.includes(origin) ? origin : undefined;
}

/** The site to send the browser back to: the requesting page's origin, else the configured site. */
export function siteOrigin(
  request: FastifyRequest,
  fallback: string,
  allowed: string[] | true = true,
): string {
  return requestOrigin(request, allowed) ?? fallback;
}

export function apiOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
