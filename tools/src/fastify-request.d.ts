// What the site server adds to each request (site-security.mjs).
import 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's Content-Security-Policy nonce: any inline <script> the page carries must have it. */
    cspNonce: string;
  }
}
