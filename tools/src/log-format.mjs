// @ts-check
// The site server's logs, like the API's (api/src/lib/logging.ts): one line per request with its request id;
// pretty in a terminal, JSON lines when the output is not a terminal or LOG_FORMAT=json.
import { LogController } from 'fastify';
import pretty from 'pino-pretty';

/** Fastify's "incoming request" and "request completed" lines give way to registerRequestLog's one line. */
class OneLinePerRequest extends LogController {
  /** @override */
  incomingRequest() {}
  /** @override */
  requestCompleted() {}
}

/** @param {string | undefined} [format] @returns {'json' | 'pretty'} */
export function logFormat(format = process.env.LOG_FORMAT) {
  if (format === 'json' || format === 'pretty') return format;
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/**
 * Fastify options for the given logger setting: false (silent), true or pino options.
 * @param {boolean | object | undefined} logger
 */
export function siteLogger(logger) {
  if (!logger) return { logger: false };
  const stream =
    logFormat() === 'pretty'
      ? {
          stream: pretty({
            colorize: Boolean(process.stdout.isTTY),
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
            messageFormat: 'site {msg} [{reqId}]',
            sync: true,
          }),
        }
      : {};
  return {
    logger: { level: 'info', ...(typeof logger === 'object' ? logger : {}), ...stream },
    logController: new OneLinePerRequest(),
  };
}

/**
 * Logs each finished request on one line.
 * @param {import('fastify').FastifyInstance} app
 */
export function registerRequestLog(app) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const url = request.url.length > 200 ? `${request.url.slice(0, 200)}...` : request.url;
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTime: ms };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms.toFixed(1)} ms`;
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
