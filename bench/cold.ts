/**
 * npm run bench:cold — the cold match (issue 43, item 3): a game by turns is mostly cold, a
 * player coming back hours later to a match no process holds. A Sky, Sea, and JUNGLE match is
 * played by the plausible bots through the real match service on PostgreSQL to its eighth turn
 * (NovII), then, many times over, evicted from memory and:
 *   - GET /api/matches/:id by each viewer (both seats, the spectator), the match evicted before each;
 *   - the first action (POST /api/matches/:id/actions, the bot's choice made before the eviction),
 *     each one taking the match a step on;
 * each through the real routes (fastify's inject: the schema, the serializer, authentication with a
 * seat cache gone cold as hours later), timed in wall-clock ms (p50, p99) and this process's CPU ms
 * (mean; with the work the request left for the next turn of the event loop): on a shared machine
 * the CPU is the steadier figure. Then the memory a held match costs:
 * `held` copies of the match (SQL copies of its rows), each loaded and read by its three viewers,
 * the heap after a full collection before and after, over `held`.
 * The code is the compiled one (dist/, built first), as the server runs it.
 *
 * The database: DATABASE_URL, or PostgreSQL on 127.0.0.1:5432, database `test`; the bench makes a
 * schema of its own there (migrated as the server migrates), and drops it at the end.
 * BENCH_COLD_SCHEMA=NAME keeps the schema (and the match played into it) for the next run, which
 * starts from the same match: runs turn about (a baseline and a change) measure the same thing.
 * BENCH_PROFILE=DIR writes CPU profiles of the cold GETs and of the cold actions there (cold-get.cpuprofile, cold-action.cpuprofile).
 * Usage: npm run bench:cold -- [reps=60] [held=40] [turn=8]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import pino from 'pino';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Bot } from '../src/bots';
import { buildServer, ROOT } from './build';
import { calibrationLine, calibrationMs } from './calibrate';

buildServer();
const load = <M>(path: string): M => createRequire(__filename)(join(ROOT, 'dist', path)) as M;
const { GAMES } = load<typeof import('../src/games')>('games');
const { plausibleBot } = load<typeof import('../src/games/ssj/bot')>('games/ssj/bot');
const { MatchService } = load<typeof import('../src/matches/service')>('matches/service');
const { PrismaMatchStore } = load<typeof import('../src/store/prisma-match-store')>('store/prisma-match-store');
const { PrismaClient } = load<typeof import('../src/store/generated/client')>('store/generated/client');
const { applyMigrations } = load<typeof import('../src/store/migrate')>('store/migrate');
const { buildApp } = load<typeof import('../src/server/app')>('server/app');
const { hashToken, newToken } = load<typeof import('../src/matches/tokens')>('matches/tokens');

const REPS = Number(process.argv[2] ?? 60);
const HELD = Number(process.argv[3] ?? 40);
const TURN = Number(process.argv[4] ?? 8);
const BASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_COLD_SCHEMA !== undefined;
const SCHEMA = process.env.BENCH_COLD_SCHEMA ?? `bench_cold_${process.pid}`;
/** The server's default (config.ts SNAPSHOT_EVERY). */
const SNAPSHOT_EVERY = 50;
const gc = (globalThis as { gc?: () => void }).gc;

/** The URL of the bench's schema: every unqualified name (the raw SQL, the migrations) resolves there. */
function schemaUrl(): string {
  const u = new URL(BASE_URL);
  u.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return u.toString();
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

interface Sample {
  ms: number;
  cpu: number;
}

const line = (what: string, s: Sample[]) =>
  `  ${what.padEnd(28)} p50 ${pct(
    s.map((x) => x.ms),
    0.5,
  ).toFixed(1)} ms, p99 ${pct(
    s.map((x) => x.ms),
    0.99,
  ).toFixed(1)} ms, max ${Math.max(...s.map((x) => x.ms)).toFixed(1)} ms; CPU mean ${(s.reduce((a, x) => a + x.cpu, 0) / s.length).toFixed(1)} ms, p99 ${pct(
    s.map((x) => x.cpu),
    0.99,
  ).toFixed(1)} ms (${s.length} runs)`;

/** Runs `work` under V8's profiler when BENCH_PROFILE names a folder, writing the profile there as `name`.cpuprofile. */
async function profiled(name: string, work: () => Promise<void>): Promise<void> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:cold does)');
  const speed0 = calibrationMs();
  const admin = new Pool({ connectionString: BASE_URL, max: 1 });
  await admin.query(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
  const url = schemaUrl();
  const pool = new Pool({ connectionString: url });
  let clock = Date.UTC(2030, 0, 1);
  const logger = pino({ level: 'warn' });
  try {
    await applyMigrations(url);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA }) });
    const store = new PrismaMatchStore(prisma, pool);
    const service = new MatchService(store, { games: GAMES, publicUrl: 'http://bench', snapshotEvery: SNAPSHOT_EVERY, idleMs: 3_600_000, logger, now: () => clock });
    const { app } = await buildApp({ service, logger, limits: { addressMax: 1e9, tokenMax: 1e9 } });
    await app.ready();

    const VIEWERS = ['allied', 'japanese', 'spectator'];
    /** A copy of match `from` as `to` (its rows, snapshots and seats), its seats opened by new tokens (viewer → token). */
    const copyMatch = async (from: string, to: string): Promise<Record<string, string>> => {
      const tokens = Object.fromEntries(VIEWERS.map((v) => [v, newToken()]));
      const hashes = Object.fromEntries(VIEWERS.map((v) => [v, hashToken(tokens[v]!)]));
      // Column by column (a json column's text kept as it is: a snapshot's key order is part of it).
      const copy = async (table: string, key: string, set: Record<string, string>, params: unknown[]) => {
        const cols = (
          await pool.query<{ c: string }>(`SELECT column_name AS c FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`, [
            SCHEMA,
            table,
          ])
        ).rows.map((r) => r.c);
        await pool.query(
          `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${cols.map((c) => set[c] ?? `"${c}"`).join(', ')} FROM "${table}" WHERE "${key}" = $1`,
          params,
        );
      };
      await copy('matches', 'id', { id: '$2', creator_hash: 'NULL' }, [from, to]);
      await copy('seats', 'match_id', { id: `$2 || '-' || side`, match_id: '$2', token_hash: `($3::jsonb)->>side` }, [from, to, JSON.stringify(hashes)]);
      for (const table of ['actions', 'snapshots']) await copy(table, 'match_id', { match_id: '$2' }, [from, to]);
      return tokens;
    };
    const drop = async (ids: string[]) => {
      for (const [table, key] of [
        ['snapshots', 'match_id'],
        ['actions', 'match_id'],
        ['seats', 'match_id'],
        ['matches', 'id'],
      ])
        await pool.query(`DELETE FROM "${table}" WHERE "${key}" = ANY($1)`, [ids]);
    };
    const turnOf = async (id: string) => ((await service.load(id)).tl.state.game as { turn: number }).turn + 1;
    const bots: Record<string, Bot> = { allied: plausibleBot(`cold/allied`) as Bot, japanese: plausibleBot(`cold/japanese`) as Bot };

    /** A match's viewers through the routes: GET by a viewer, the side to act and the bot's choice, an action. */
    const player = (id: string, tokens: Record<string, string>) => ({
      async get(viewer: string): Promise<void> {
        const r = await app.inject({ method: 'GET', url: `/api/matches/${id}`, headers: { authorization: `Bearer ${tokens[viewer]}` } });
        if (r.statusCode !== 200) throw new Error(`GET as ${viewer}: ${r.statusCode} ${r.body}`);
      },
      async next() {
        for (const side of ['allied', 'japanese']) {
          const body = await service.state(id, side, -1);
          if (body.prompt) return { side, seq: body.seq, action: bots[side]!.choose({ side, view: body.view, prompt: body.prompt }) };
        }
        throw new Error('no side has a decision');
      },
      async act(n: { side: string; seq: number; action: unknown }): Promise<void> {
        const r = await app.inject({
          method: 'POST',
          url: `/api/matches/${id}/actions`,
          headers: { authorization: `Bearer ${tokens[n.side]}` },
          payload: { seq: n.seq, action: n.action },
        });
        if (r.statusCode !== 200) throw new Error(`action as ${n.side}: ${r.statusCode} ${r.body}`);
      },
    });

    // The source match, played once into the schema (kept with BENCH_COLD_SCHEMA: runs turn about then start from the same match).
    await pool.query(`CREATE TABLE IF NOT EXISTS bench_source (id text PRIMARY KEY)`);
    let source = (await pool.query<{ id: string }>(`SELECT id FROM bench_source`)).rows[0]?.id;
    let t = performance.now();
    if (!source) {
      const created = await service.create('ssj', {});
      source = created.id;
      const p = player(source, { allied: created.seats.allied!.token, japanese: created.seats.japanese!.token });
      let played = 0;
      while ((await turnOf(source)) < TURN) {
        await p.act(await p.next());
        clock += 60_000;
        played++;
      }
      // Into the turn, and to the seq before a snapshot's (the most rows after one: the worst case of the cadence).
      for (let i = 0; i < 20 || (await service.load(source)).tl.seq % SNAPSHOT_EVERY !== SNAPSHOT_EVERY - 1; i++, played++) await p.act(await p.next());
      await pool.query(`INSERT INTO bench_source VALUES ($1)`, [source]);
      console.log(`played the source match: ${played} actions through the service on PostgreSQL, ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    service.forget(source);
    const id = `w${process.pid}`;
    const copies = [id, ...Array.from({ length: HELD }, (_, i) => `h${i}x${process.pid}`)];
    await drop(copies);
    const p = player(id, await copyMatch(source, id));
    const m0 = (await store.readMatch(id))!;
    const snap0 = (await store.snapshotAtOrBefore(id, m0.seq))!;
    const rows0 = await store.readRows(id, m0.seq);
    console.log(
      `SSJ match at turn ${await turnOf(id)}, seq ${m0.seq} (${rows0.length} rows, ${(JSON.stringify(rows0).length / 1024).toFixed(0)} KB as JSON); latest snapshot at seq ${snap0.seq} (${(JSON.stringify(snap0.state).length / 1024).toFixed(0)} KB)`,
    );

    /** Evicts the match and lets hours pass (the seat cache goes cold too), then times `work`. */
    const cold = async (work: () => Promise<unknown>): Promise<Sample> => {
      service.forget(id);
      clock += 3 * 3_600_000;
      const c0 = cpuNow();
      const t0 = performance.now();
      await work();
      const ms = performance.now() - t0;
      // And what the request left for later (a loaded match packs its log once the request is served): its CPU counts too.
      await new Promise((resolve) => setImmediate(resolve));
      return { ms, cpu: cpuNow() - c0 };
    };
    // Warm the code (compiled, caches of the process filled), not counted.
    for (let i = 0; i < 5; i++) for (const v of VIEWERS) await cold(() => p.get(v));
    const gets: Record<string, Sample[]> = Object.fromEntries(VIEWERS.map((v) => [v, []]));
    t = performance.now();
    await profiled('cold-get', async () => {
      for (let i = 0; i < REPS; i++) for (const v of VIEWERS) gets[v]!.push(await cold(() => p.get(v)));
    });
    const actions: Sample[] = [];
    await profiled('cold-action', async () => {
      for (let i = 0; i < REPS + 5; i++) {
        const n = await p.next();
        const s = await cold(() => p.act(n));
        if (i >= 5) actions.push(s);
      }
    });
    const m1 = (await store.readMatch(id))!;
    const snap1 = (await store.snapshotAtOrBefore(id, m1.seq))!;
    console.log(`cold runs (${REPS} each, the match evicted before each; ${((performance.now() - t) / 1000).toFixed(1)} s), wall clock and this process's CPU:`);
    for (const [v, s] of Object.entries(gets)) console.log(line(`first GET, ${v}`, s));
    console.log(line('first action', actions));
    console.log(`  (the actions took the match from seq ${m0.seq} to ${m1.seq}; latest snapshot now at seq ${snap1.seq}, turn ${await turnOf(id)})`);

    // Memory: HELD copies of the source match, each loaded and read by its three viewers.
    service.forget(id);
    for (const copy of copies.slice(1)) await copyMatch(source, copy);
    for (let i = 0; i < 3; i++) gc();
    const heap0 = process.memoryUsage().heapUsed;
    for (const copy of copies.slice(1)) for (const v of VIEWERS) await service.state(copy, v, -1);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 3; i++) gc();
    const heap1 = process.memoryUsage().heapUsed;
    if (service.matches.size !== HELD) throw new Error(`${service.matches.size} held, not ${HELD}`);
    console.log(
      `memory: ${HELD} such matches held (each loaded and read by its three viewers): heap +${((heap1 - heap0) / HELD / 1024).toFixed(0)} KB a match (after full collections)`,
    );
    console.log(calibrationLine(speed0, calibrationMs()));
    await drop(copies);
    await app.close();
    await service.stop();
    await prisma.$disconnect();
  } finally {
    await pool.end();
    if (!KEEP) await admin.query(`DROP SCHEMA "${SCHEMA}" CASCADE`);
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
