import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/client';

export type { PrismaClient } from './generated/client';

/** A client on `url`, or on `pool` when given (the caller keeps it, to watch it and to end it). */
export function createPrisma(url: string, pool?: Pool): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool ?? { connectionString: url }) });
}
