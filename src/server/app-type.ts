/** The fastify instance with zod's type provider, as app.ts builds it and every route module receives it. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
