// The site server's logs, like the API's (api/src/lib/logging.ts): one line per request with its request id;
// pretty in a terminal, JSON lines when the output is not a terminal or the format asked is JSON (LOG_FORMAT).
import { LogController } from 'fastify';
import pretty from 'pino-pretty';
import type { FastifyInstance } from 'fastify';

/** Fastify's "incoming request" and "request completed" lines give way to registerRequestLog's one line. */
class OneLinePerRequest extends LogController {
  /** @override */
  override incomingRequest() {}
  /** @override */
  override requestCompleted() {}
}

/** The format asked for, else pretty in a terminal and JSON otherwise. */
export function logFormat(format: string | undefined): 'json' | 'pretty' {
  if (format === 'json' || format === 'pretty') return format;
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/** Fastify options for the given logger setting: false (silent), true or pino options. */
export function siteLogger(logger: boolean | object | undefined, format?: 'json' | 'pretty') {
  if (!logger) return { logger: false };
  const stream =
    logFormat(format) === 'pretty'
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
    logger: {
      level: 'info',
      ...(typeof logger === 'object' ? logger : {}),
      // A URL in any line's fields or message keeps no secret (the page renderer logs the URL it renders).
      formatters: {
        log: (object: Record<string, unknown>) =>
          typeof object.url === 'string' ? { ...object, url: redactUrl(object.url) } : object,
      },
      hooks: {
        logMethod(args: unknown[], method: (...args: unknown[]) => void) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactUrl(arg) : arg)),
          );
        },
      },
      ...stream,
    },
    logController: new OneLinePerRequest(),
  };
}

/** A query parameter whose name says it holds a secret (token, password, ...): its value never reaches a log. */
const SECRET_PAIR =
  /((?:^|[?&;])[\w.-]*(?:token|password|passwd|secret|authorization|signature|api[-_]?key)[\w.-]*=)[^&#]*/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

/**
 * The URL as logged: secrets in its query string (and anything shaped like a JWT) replaced, as the API does.
 */
export function redactUrl(url: string) {
  return url.replace(SECRET_PAIR, '$1[redacted]').replace(JWT, '[redacted]');
}

/** Logs each finished request on one line. */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const full = redactUrl(request.url);
    const url = full.length > 200 ? `${full.slice(0, 200)}...` : full;
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTime: ms };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms.toFixed(1)} ms`;
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
