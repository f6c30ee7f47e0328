/**
 * A route's answers, for fastify's `schema.response`: the body on success, the error shape
 * on a refusal. The server encodes every answer through its schema (fastify-type-provider-zod):
 * a field the protocol does not name is not sent, and an answer that does not fit is a
 * server fault, never a quiet change of the wire. They also make the OpenAPI page (/docs).
 */
import type { ZodType } from 'zod';
import { ErrorResponseSchema } from './common';

export const ok = <T extends ZodType>(body: T) => ({ 200: body, '4xx': ErrorResponseSchema });
export const created = <T extends ZodType>(body: T) => ({ 201: body, '4xx': ErrorResponseSchema });
