// buildApp: the API host of SPEC section 7 as a ready Fastify instance (migrated, seeded when empty).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { RESUME_MAX_BYTES } from '@metrology/shared/rules';
import { resolveConfig, type BuildAppOptions } from './config.js';
import './context.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { backOfficeRoutes } from './features/back-office/index.js';
import { addressRoutes } from './features/addresses/address-routes.js';
import { careerRoutes } from './features/careers/career-routes.js';
import { cartRoutes } from './features/cart/cart-routes.js';
import { chatRoutes } from './features/chat/chat-routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard-routes.js';
import { enquiryRoutes } from './features/enquiries/enquiry-routes.js';
import { healthRoutes } from './features/health/health-routes.js';
import { mailContext, mailRoutes } from './features/mail/index.js';
import { orderExpiry } from './features/orders/order-expiry.js';
import { registerMetrics } from './plugins/metrics.js';
import { orderRoutes } from './features/orders/order-routes.js';
import { createPayments } from './features/orders/payment-providers.js';
import { paymentModeRoutes } from './features/payments/mode-routes.js';
import { sandboxPaymentRoutes } from './features/payments/sandbox-routes.js';
import { productRoutes } from './features/products/product-routes.js';
import { deployTokenRoutes } from './features/releases/deploy-token-routes.js';
import { publishRoutes } from './features/releases/publish-routes.js';
import { releaseRoutes } from './features/releases/release-routes.js';
import { rolloutController } from './features/releases/rollout-controller.js';
import { rolloutRoutes } from './features/releases/rollout-routes.js';
import { vitalsRoutes } from './features/releases/vitals-routes.js';
import { userRoutes } from './features/users/user-routes.js';
import { clientKey } from './lib/client-address.js';
import { clientError, frameworkError, HttpError, MESSAGES, registerErrorHandling } from './lib/errors.js';
import { registerRequestLog, serverLogging } from './lib/logging.js';
import { registerTextRule } from './lib/text-rule.js';
import { postgresRateLimitStore } from './plugins/rate-limit-store.js';
import { PUBLIC_DIR } from './paths.js';
import { BRAND } from './seed/brand.js';
import { seedIfEmpty } from './seed/seed.js';

export type { BuildAppOptions } from './config.js';

/** pg_advisory_lock key held while migrating and seeding. */
const SETUP_LOCK_KEY = 715_019;

/** Never in the logs: the session token, passwords, cookies. */
const REDACT = {
  paths: [
    'req.headers.token',
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    '*.password',
    'body.password',
  ],
  censor: '[redacted]',
};

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options, () => mkdtempSync(path.join(tmpdir(), 'metrology-resumes-')));
  const db: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directory: config.dataDir ? path.join(config.dataDir, 'db') : undefined,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  try {
    // N first starts against one PostgreSQL server: one migrates and seeds, the others wait, then find it done.
    await db.withLock(SETUP_LOCK_KEY, async () => {
      await migrate(db);
      if (config.seed) await seedIfEmpty(db);
    });
    return await assemble(db, config, options);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function assemble(
  db: Database,
  config: ReturnType<typeof resolveConfig>,
  options: BuildAppOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverLogging(options.logger, options.logFormat, REDACT),
    bodyLimit: 256 * 1024,
    // Bodies are checked as sent: no type coercion, no silent removal of unknown fields.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-* only from the configured proxy (TRUST_PROXY); from anyone else they are ignored.
    trustProxy: options.trustProxy ?? false,
    // A client that sends nothing, or too slowly, does not hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    // The router's and Node's own refusals answer in the shop's envelope too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  app.addHook('onClose', async () => db.close());
  registerTextRule(app);

  app.decorate('shop', { db, config, payments: createPayments(config), ...mailContext(db, config, app.log) });
  app.decorateRequest('userId', null);
  registerMetrics(app, { trustProxy: options.trustProxy });

  // "Empty body" calls (cart/get, userorders) may arrive with no body or an empty JSON body.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') done(null, {});
    else jsonParser(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method === 'POST' && !request.isMultipart()) request.body = {};
  });

  registerErrorHandling(app);
  registerRequestLog(app);

  await app.register(helmet, {
    // The site runs on another origin and shows the product images.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'token', 'idempotency-key', 'x-request-id'],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client counts per /64, as the order and login limits do (lib/client-address.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Several API processes on one PostgreSQL share their counters; the embedded database is one process.
    ...(db.kind === 'postgres' ? { store: postgresRateLimitStore(db) } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `${MESSAGES.tooMany.split('.')[0]}. Please try again in ${context.after}.`,
      ),
  });
  await app.register(multipart, {
    limits: {
      fileSize: RESUME_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 25_000,
      parts: 25,
      headerPairs: 100,
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${BRAND} shop API`,
        version: '1.0.0',
        description:
          'Every call answers { success: true, ... } or { success: false, message }. Calls that need a login take the session token in a header named token.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
  });
  await app.register(fastifyStatic, {
    root: path.join(PUBLIC_DIR, 'images'),
    prefix: '/images/',
    // File names are not content-hashed: cache for a day, then revalidate with the ETag.
    maxAge: '1d',
    cacheControl: true,
    etag: true,
    index: false,
    list: false,
  });

  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(userRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(orderRoutes);
  await app.register(orderExpiry);
  await app.register(sandboxPaymentRoutes);
  await app.register(paymentModeRoutes);
  await app.register(enquiryRoutes);
  await app.register(careerRoutes);
  await app.register(dashboardRoutes);
  await app.register(chatRoutes);
  await app.register(releaseRoutes);
  await app.register(vitalsRoutes);
  await app.register(rolloutRoutes);
  await app.register(deployTokenRoutes);
  await app.register(publishRoutes);
  await app.register(rolloutController);
  await app.register(backOfficeRoutes);
  await app.register(mailRoutes);

  await app.ready();
  return app;
}
