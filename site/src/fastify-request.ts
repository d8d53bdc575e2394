// What the site server adds to each request (security.ts).
import type {} from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's Content-Security-Policy nonce: any inline <script> the page carries must have it. */
    cspNonce: string;
  }
}

export {};
