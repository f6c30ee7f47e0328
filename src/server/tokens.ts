/** The bearer token of a request: `Authorization: Bearer <token>` only, never a URL. */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../matches/errors';

export function bearerOrNull(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1]! : null;
}

export function bearer(req: FastifyRequest): string {
  const t = bearerOrNull(req);
  if (!t) throw unauthorized('Send your seat or spectator token as "Authorization: Bearer <token>".');
  return t;
}

/** The OpenAPI security of a route that takes a token (`components.securitySchemes.token`, app.ts). */
export const TOKEN_SECURITY = [{ token: [] as string[] }];
