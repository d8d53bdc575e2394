// @ts-check
// The site's security headers and request ids.
// - Every HTML page carries a strict Content-Security-Policy. Scripts run only when they carry this response's
//   nonce ('nonce-...') or were added by a script that does ('strict-dynamic': webpack's chunk and remote loading,
//   the translation and payment widgets); an inline script injected into a page has no nonce and is blocked.
//   frame-ancestors 'none': no other site can frame the shop (the login dialog).
// - request.cspNonce: a fresh random base64 nonce per request; index.html's <script> tags get it as served, and
//   any inline script a server render writes must carry it too.
// - request.id: the X-Request-Id the client (nginx, a test) sent when well formed, otherwise a new UUID; echoed
//   in the response and logged, and meant to be passed on to the API on server-side calls.
import { randomBytes, randomUUID } from 'node:crypto';

/** @typedef {import('./fastify-request')} RequestWithNonce request.cspNonce's type (a module augmentation) */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Hosts the shop's own features load from, by directive (see README "Operations: CSP"). */
const THIRD_PARTY = {
  connect: ['https:'],
  img: ['https:'],
  frame: ['https:'],
  style: ['https://www.gstatic.com', 'https://translate.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  form: ['https://api.razorpay.com'],
};

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce() {
  return randomBytes(16).toString('base64');
}

/** The X-Request-Id to use for a request: the incoming one when well formed, otherwise a new UUID. */
export function requestIdFrom(/** @type {string | string[] | undefined} */ header) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** @param {string} url @returns {string | null} */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy for one response.
 * @param {{ nonce: string; apiOrigin?: string | null; geoUrl?: string }} options
 */
export function contentSecurityPolicy({ nonce, apiOrigin, geoUrl }) {
  const api = apiOrigin ? [apiOrigin] : [];
  const geo = geoUrl ? [originOf(geoUrl)].filter((o) => o !== null) : [];
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...THIRD_PARTY.style],
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...THIRD_PARTY.img],
    'font-src': ["'self'", 'data:', ...THIRD_PARTY.font],
    'connect-src': ["'self'", ...api, ...geo, ...THIRD_PARTY.connect],
    'frame-src': ["'self'", ...THIRD_PARTY.frame],
    'media-src': ["'self'", ...api],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...THIRD_PARTY.form],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** Adds the nonce to every <script> tag (and script preload) of a served HTML page that has none. @param {string} html @param {string} nonce */
export function withNonce(html, nonce) {
  return html
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<link\b(?=[^>]*\bas="script")(?![^>]*\bnonce=)/gi, `<link nonce="${nonce}"`);
}

/**
 * Registers the nonce, request id and security headers on the site server.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ apiOrigin: (request: import('fastify').FastifyRequest) => string | null; geoUrl?: string }} options
 */
export function registerSiteSecurity(app, options) {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = newNonce();
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The policy and the framing rule govern documents: a browser reads neither on a script, a stylesheet, an
    // image or JSON. Sent only with HTML, they stay off the ~25 static files of a first load (~0.7 KB each).
    if (isDocument(reply.getHeader('content-type'))) {
      reply.header('X-Frame-Options', 'DENY');
      reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy({
          nonce: request.cspNonce,
          apiOrigin: options.apiOrigin(request),
          geoUrl: options.geoUrl,
        }),
      );
    }
    return payload;
  });
}

/** An HTML page (a served page, index.html or an error page), as its Content-Type says. @param {unknown} type */
function isDocument(type) {
  return typeof type === 'string' && /^\s*text\/html\b/i.test(type);
}
