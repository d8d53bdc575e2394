// Readable logs: one line per request. Pretty (time, level, method, URL, status, time taken, request id) when the
// output is a terminal, JSON lines otherwise (files, journald, log shippers) or when LOG_FORMAT=json.
// Every request carries an id: the X-Request-Id the caller sent (the site server, nginx) when well formed, else a
// new UUID; it is logged on every line of that request and sent back in the response's X-Request-Id.
import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { redactingLoggerOptions, redactText } from './redact.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id to use: the incoming X-Request-Id when well formed, otherwise a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT wins; otherwise pretty in a terminal and JSON when stdout is a file or a pipe. */
export function logFormatFor(
  format: LogFormat | undefined,
  isTTY = Boolean(process.stdout.isTTY),
): LogFormat {
  return format ?? (isTTY ? 'pretty' : 'json');
}

/** pino-pretty on one line: "12:01:02 INFO: GET /api/product/list 200 3.1 ms [request id]". */
export function prettyStream(colorize = Boolean(process.stdout.isTTY)) {
  return pretty({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
    messageFormat: '{msg} [{reqId}]',
    sync: true,
  });
}

/** Fastify's logging options: the given logger settings, the format's stream, request ids from X-Request-Id. */
export function serverLogging(
  logger: boolean | object | undefined,
  format: LogFormat | undefined,
  redact: { paths: string[]; censor: string },
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  const genReqId: FastifyServerOptions['genReqId'] = (request) =>
    requestIdFrom(request.headers['x-request-id']);
  const ids = { requestIdHeader: false as const, genReqId };
  if (!logger) return { logger: false, ...ids };
  const stream = logFormatFor(format) === 'pretty' ? { stream: prettyStream() } : {};
  return {
    logger: {
      level: 'info',
      ...(typeof logger === 'object' ? logger : {}),
      redact,
      // Tokens and passwords are replaced wherever they appear: fields, messages, a logged request's URL.
      ...redactingLoggerOptions,
      serializers: { req: requestForLog },
      ...stream,
    },
    logController: new OneLinePerRequest(),
    ...ids,
  };
}

/** A request as a log field: what Fastify's own serializer writes, with the URL's secrets redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactText(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Fastify's "incoming request" and "request completed" lines give way to registerRequestLog's one line. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/** Echoes the request id and logs each finished request on one line. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const full = redactText(request.url);
    const url = full.length > 200 ? `${full.slice(0, 200)}...` : full;
    const line = `${request.method} ${url} ${reply.statusCode} ${ms.toFixed(1)} ms`;
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTime: ms };
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
