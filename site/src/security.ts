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

// request.cspNonce's type (a module augmentation).
import type {} from './fastify-request.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fixed hosts of the translation widget's styles and fonts, and Razorpay's form (docs/operations.md "Security
 * headers").
 */
const THIRD_PARTY = {
  style: ['https://www.gstatic.com', 'https://translate.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  form: ['https://api.razorpay.com'],
};

/**
 * The outside services the pages use, each a setting (a space- or comma-separated list of origins), its default
 * (what the shell and the remotes load today) and the directives it opens. The API's origin (PUBLIC_API_URL) and
 * the geolocation service's (GEO_URL) come from their own settings. Nothing else is allowed: no bare `https:`.
 */
export const CSP_HOST_SETTINGS = {
  // The footer's QR code image (shell/src/layout/qr-code.tsx).
  CSP_QR_HOSTS: { hosts: ['https://api.qrserver.com'], directives: ['img'] },
  // The contact page's branch maps (mfe-content/src/contact/branches.ts): framed, and first probed with a HEAD
  // request (mfe-content/src/ui/use-reachable.ts), so an unreachable host shows the address instead of a gap.
  CSP_MAP_HOSTS: { hosts: ['https://www.openstreetmap.org'], directives: ['frame', 'connect'] },
  // Testimonials' videos (the seeded content's embeds), probed the same way before they are framed.
  CSP_VIDEO_HOSTS: { hosts: ['https://www.youtube-nocookie.com'], directives: ['frame', 'connect'] },
  // Razorpay's checkout: its script (trusted through 'strict-dynamic') opens its frame, calls and images.
  CSP_PAYMENT_HOSTS: {
    hosts: [
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://cdn.razorpay.com',
    ],
    directives: ['connect', 'frame', 'img'],
  },
  // The Google translation widget (shell/src/layout/translate-widget.tsx): its calls and images.
  CSP_TRANSLATE_HOSTS: {
    hosts: [
      'https://translate.google.com',
      'https://translate.googleapis.com',
      'https://translate-pa.googleapis.com',
      'https://www.gstatic.com',
      'https://www.google.com',
    ],
    directives: ['connect', 'img'],
  },
} as const;

export type CspHosts = { connect: string[]; img: string[]; frame: string[] };

/** One named host (and port): URL parsing lets a wildcard like https://*.example.com through. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i;

/**
 * The outside hosts by directive, from CSP_QR_HOSTS, CSP_MAP_HOSTS, CSP_VIDEO_HOSTS, CSP_PAYMENT_HOSTS and
 * CSP_TRANSLATE_HOSTS (each unset: its default; empty: none). Throws on anything but an http(s) origin.
 */
export function cspHostsFromEnv(env: Record<string, string | undefined>): CspHosts {
  const hosts: CspHosts = { connect: [], img: [], frame: [] };
  for (const [name, setting] of Object.entries(CSP_HOST_SETTINGS)) {
    const raw = env[name];
    const listed = raw === undefined ? [...setting.hosts] : raw.split(/[\s,]+/).filter(Boolean);
    for (const entry of listed) {
      const origin = originOf(entry);
      // An origin exactly: a scheme alone ('https:'), a wildcard or a path would allow more than one service.
      if (!origin || origin !== entry.replace(/\/+$/, '') || !ORIGIN.test(origin))
        throw new Error(`${name} lists origins like https://maps.example.com; "${entry}" is not one`);
      for (const directive of setting.directives) hosts[directive].push(origin);
    }
  }
  return hosts;
}

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce() {
  return randomBytes(16).toString('base64');
}

/** The X-Request-Id to use for a request: the incoming one when well formed, otherwise a new UUID. */
export function requestIdFrom(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The Content-Security-Policy for one response; `hosts` default to cspHostsFromEnv's defaults. */
export function contentSecurityPolicy({
  nonce,
  apiOrigin,
  geoUrl,
  hosts = cspHostsFromEnv({}),
}: {
  nonce: string;
  apiOrigin?: string | null;
  geoUrl?: string;
  hosts?: CspHosts;
}) {
  const api = apiOrigin ? [apiOrigin] : [];
  const geo = geoUrl ? [originOf(geoUrl)].filter((o) => o !== null) : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...THIRD_PARTY.style],
    'img-src': ["'self'", 'data:', 'blob:', ...api, ...hosts.img],
    'font-src': ["'self'", 'data:', ...THIRD_PARTY.font],
    'connect-src': ["'self'", ...api, ...geo, ...hosts.connect],
    'frame-src': ["'self'", ...hosts.frame],
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

/** Adds the nonce to every <script> tag (and script preload) of a served HTML page that has none. */
export function withNonce(html: string, nonce: string) {
  return html
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<link\b(?=[^>]*\bas="script")(?![^>]*\bnonce=)/gi, `<link nonce="${nonce}"`);
}

/** Registers the nonce, request id and security headers on the site server. */
export function registerSiteSecurity(
  app: FastifyInstance,
  options: {
    apiOrigin: (request: FastifyRequest) => string | null;
    geoUrl?: string;
    hosts?: CspHosts;
  },
) {
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
          ...(options.hosts ? { hosts: options.hosts } : {}),
        }),
      );
    }
    return payload;
  });
}

/** An HTML page (a served page, index.html or an error page), as its Content-Type says. */
function isDocument(type: unknown) {
  return typeof type === 'string' && /^\s*text\/html\b/i.test(type);
}
