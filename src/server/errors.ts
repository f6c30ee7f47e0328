/**
 * Every error, whoever raises it — a route, zod, fastify's router and body parser, Node's
 * HTTP parser — leaves as `{ error: { code, message } }` with a 4xx status when the request
 * was at fault; a 500 only for our own faults (logged, with nothing of the request's
 * content). Text the database cannot store (NUL, an unpaired UTF-16 surrogate) is refused
 * at the edge, anywhere in a body, query string or socket message.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../matches/errors';

export interface ErrorBody {
  error: { code: string; message: string };
  state?: unknown;
  /** The same request may succeed if sent again later (the database did not answer). */
  retryable?: boolean;
}

/** Seconds a client is asked to wait before it sends again a request the database did not answer (`Retry-After`). */
export const DB_RETRY_AFTER_S = 2;

const DB_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL: the server shutting down or starting, a connection lost.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // PostgreSQL: no connection slot left; a statement cancelled (statement_timeout: it waited too long).
  '53300',
  '57014',
  // Prisma: the server unreachable, the connection closed, no connection from the pool in time.
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
const DB_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Can't reach database server|Server has closed the connection/i;

/**
 * Whether `err` says the database did not answer (refused, went away, hung past the pool's
 * timeouts): as pg, the Prisma adapter or Prisma report it, however deeply wrapped.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; meta?: unknown; kind?: unknown; originalCode?: unknown };
  if (typeof e.code === 'string' && DB_CODES.has(e.code)) return true;
  if (typeof e.originalCode === 'string' && DB_CODES.has(e.originalCode)) return true;
  if (typeof e.message === 'string' && DB_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta, depth + 1);
}

export const DB_UNAVAILABLE: ErrorBody = {
  error: { code: 'db-unavailable', message: 'The database is not answering just now. Send it again in a few seconds.' },
  retryable: true,
};

/** Fastify's own error codes, as the API names them. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad-request',
  FST_ERR_BAD_URL: 'bad-url',
  FST_ERR_MAX_PARAM_LENGTH: 'uri-too-long',
};

function codeOf(err: { code?: unknown }, status: number): string {
  const code = typeof err.code === 'string' ? err.code : '';
  if (FASTIFY_CODES[code]) return FASTIFY_CODES[code]!;
  if (status === 429) return 'rate-limited';
  if (err instanceof SyntaxError) return 'invalid-json';
  if (/^[a-z][a-z0-9-]*$/.test(code)) return code;
  return (STATUS_CODES[status] ?? 'bad-request').toLowerCase().replace(/[^a-z]+/g, '-');
}

/** The status and body for any error a request raised. */
export function errorReply(err: unknown): { status: number; body: ErrorBody } | null {
  if (err instanceof ApiError) {
    return { status: err.status, body: { error: { code: err.code, message: err.message }, ...(err.detail !== undefined ? { state: err.detail } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const message = err.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ');
    return { status: 400, body: { error: { code: 'invalid-request', message } } };
  }
  if (isDatabaseUnavailable(err)) return { status: 503, body: DB_UNAVAILABLE };
  const e = err as { statusCode?: unknown; message?: unknown; code?: unknown };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = typeof e.message === 'string' && e.message.length > 0 ? e.message : (STATUS_CODES[status] ?? 'Bad request.');
    return { status, body: { error: { code: codeOf(e, status), message } } };
  }
  return null;
}

export const INTERNAL: ErrorBody = { error: { code: 'internal', message: 'Internal error.' } };

export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = errorReply(err);
  if (known?.body === DB_UNAVAILABLE) {
    req.log.warn({ err: { message: (err as { message?: unknown }).message, code: (err as { code?: unknown }).code } }, 'the database did not answer');
    return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_S)).send(known.body);
  }
  if (known) return reply.status(known.status).send(known.body);
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(INTERNAL);
}

export function notFoundHandler(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'not-found', message: `No route ${req.method} ${pathOf(req.url)}` } });
}

/** fastify's router errors (a malformed percent-encoding, a path parameter over 100 characters). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid (a malformed percent-encoding).';
  return reply.status(status).send({ error: { code: codeOf(err, status), message } });
}

/** Node's HTTP parser refused a request (malformed, headers too large, too slow): answer in the same shape, then close. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request-timeout', 'The request took too long to arrive.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers-too-large', 'The request headers are too large.']
        : [400, 'bad-request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function pathOf(url: string): string {
  const path = url.split('?')[0]!;
  return path.length > 100 ? path.slice(0, 100) + '…' : path;
}

// NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where in `value` (a parsed body, query or message) a string the database cannot store is, or null. */
export function unstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '/' : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], `${path}/${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k)) return `${path}/${k.replace(UNSTORABLE, '?')}`;
    const found = unstorableText(v, `${path}/${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function unstorableError(where: string): ApiError {
  return new ApiError(400, 'invalid-text', `Text may not contain the NUL character or an unpaired UTF-16 surrogate (at ${where}).`);
}

/** A preValidation hook: refuses unstorable text in the body, query string or path. */
export async function refuseUnstorableText(req: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['body', req.body],
    ['query', req.query],
    ['params', req.params],
  ] as const) {
    const where = unstorableText(value);
    if (where) throw unstorableError(`${part}${where === '/' ? '' : where}`);
  }
}

/**
 * Every connection `pool` opens keeps an 'error' listener of its own for good. pg-pool listens
 * only to the connections it holds idle: one the database drops (killed, restarted, the
 * connection cut) while a holder keeps it between two queries would emit an 'error' no one
 * listens to, and that ends the process (found by `npm run faults:kill`). The holder learns of
 * it at its next query, which fails as a database away does.
 */
export function keepConnectionErrors(
  pool: { on(event: 'connect', f: (client: { on(event: 'error', f: (err: Error) => void): unknown }) => void): unknown },
  warn: (err: Error) => void,
): void {
  pool.on('connect', (client) => client.on('error', warn));
}
