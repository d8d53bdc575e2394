// The cart's forms without script: Add to Cart, a line's stepper and bin post here when the page's script has not
// run (JavaScript off, or a held form sent natively because the script never came). The cart's copy in its cookie
// changes, the change is kept for the browser's cart to apply once (CART_OPS_COOKIE), and the shopper is sent back
// to the page with a redirect, where the badge and /cart already show the result.
import type { FastifyInstance } from 'fastify';
import {
  CART_COOKIE,
  CART_OPS_COOKIE,
  applyCartForm,
  cartCookieString,
  cartOpsCookieString,
  escapeHtml,
  parseCartCookie,
  parseCartOps,
} from '@metrology/shared/rules';
import { sameSitePath } from '../release-files.js';
import { cookieValue } from './visitor.js';
import type { FastifyRequest } from 'fastify';

/** A cart form is a few fields; anything larger is not one. */
const FORM_LIMIT_BYTES = 2048;

/**
 * A post from another site is refused: the browser says where a request comes from (Sec-Fetch-Site), or its
 * Origin must be this host.
 */
function fromThisSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function problemPage(message: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your cart was not changed</title></head><body><main><h1>Your cart was not changed</h1><p>${escapeHtml(message)}</p><p><a href="/cart">Back to your cart</a></p></main></body></html>`;
}

export async function cartForms(app: FastifyInstance, options: { secureCookies: () => boolean }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // A body that is no cart form (larger than one, or sent in another encoding) gets the same page as a bad field,
  // with its own status: a shopper's browser shows it, so it says what happened instead of an error object.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error, 'cart form failed');
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return problemPage(
      status === 413
        ? 'The form was larger than any cart form.'
        : status === 415
          ? 'The form was not sent the way a cart form is.'
          : status >= 500
            ? 'Something went wrong on our side. Please try again.'
            : 'The form could not be read.',
    );
  });

  app.post('/cart', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!fromThisSite(request)) {
      reply.code(403).type('text/html; charset=utf-8');
      return problemPage('A form on another site cannot change your cart.');
    }
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const items = parseCartCookie(cookieValue(request.headers.cookie, CART_COOKIE));
    const result = applyCartForm(items, form);
    if ('error' in result) {
      reply.code(400).type('text/html; charset=utf-8');
      return problemPage(result.error);
    }
    if (result.op) {
      const pending = parseCartOps(cookieValue(request.headers.cookie, CART_OPS_COOKIE));
      reply.header('Set-Cookie', [
        cartCookieString(result.items, options.secureCookies()),
        cartOpsCookieString([...pending, result.op], options.secureCookies()),
      ]);
    }
    // Back to the page the form was on: a path of this site only, read as the browser would.
    return reply.redirect(sameSitePath(form.return) ?? '/cart', 303);
  });
}
