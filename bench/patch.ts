/**
 * npm run bench:patch (tsx bench/patch.ts [actions=400]) — pushes as deltas (issue #13) on a
 * seeded SSJ bot campaign through the match service (memory store): per push and per action
 * (all audiences), the bytes of the full bodies and of the patches (median, p95), where the
 * patches' bytes go, and the cost of one diff (µs per pair of SSJ bodies; fast-json-patch's
 * `compare` beside it).
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { compare } from 'fast-json-patch';
import { GAMES } from '../src/games';
import { plausibleBot } from '../src/games/ssj/bot';
import { jsonDiff } from '../src/matches/json-diff';
import { coreOf } from '../src/matches/push-patch';
import { MatchService, type StateBody } from '../src/matches/service';
import type { StatePatch } from '../src/protocol';
import { MemoryMatchStore } from '../src/store/memory-match-store';

const ACTIONS = Number(process.argv[2] ?? 400);
const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function main(): Promise<void> {
  const svc = new MatchService(new MemoryMatchStore(), {
    games: GAMES,
    publicUrl: 'http://x',
    snapshotEvery: 50,
    idleMs: 1e12,
    logger: pino({ level: 'silent' }),
    newSeed: () => 'bench-patch',
  });
  const perAction = { full: 0, patch: 0 };
  const actionFull: number[] = [];
  const actionPatch: number[] = [];
  const pushFull: number[] = [];
  const pushPatch: number[] = [];
  const where = new Map<string, number>();
  const pairs: [StateBody, StateBody][] = [];
  const last = new Map<string, StateBody>();
  svc.onPublish((_m, audience, body) => {
    const f = bytes(body);
    perAction.full += f;
    pushFull.push(f);
    const prev = last.get(audience);
    if (prev) pairs.push([prev, body]);
    last.set(audience, body);
  });
  svc.pushes.onPatch((_m, _a, step) => {
    const b = bytes(step.message);
    perAction.patch += b;
    pushPatch.push(b);
    if (step.kind !== 'patch') return;
    const p: StatePatch = step.message;
    where.set('log', (where.get('log') ?? 0) + bytes(p.log));
    for (const op of p.ops) {
      const key = op.path.split('/').slice(0, 3).join('/');
      where.set(key, (where.get(key) ?? 0) + bytes(op));
    }
  });
  const m = await svc.create('ssj', {});
  const bots = { allied: plausibleBot('bench-a'), japanese: plausibleBot('bench-j') };
  let actions = 0;
  for (; actions < ACTIONS; actions++) {
    const now = await Promise.all((['allied', 'japanese'] as const).map((s) => svc.state(m.id, s)));
    const acting = now.find((b) => b.prompt);
    if (!acting || acting.result) break;
    const side = acting.you as 'allied' | 'japanese';
    perAction.full = perAction.patch = 0;
    await svc.submit(m.id, side, acting.seq, bots[side].choose({ side, view: acting.view as never, prompt: acting.prompt as never }));
    actionFull.push(perAction.full);
    actionPatch.push(perAction.patch);
  }
  // The diff alone, on the same pairs of bodies (copies: no subtree shared by reference), and as pushed (shared where the views' memo shares).
  const copies = pairs.map(([a, b]) => [JSON.parse(JSON.stringify(coreOf(a))), JSON.parse(JSON.stringify(coreOf(b)))] as const);
  const time = (run: () => void) => {
    const t0 = performance.now();
    run();
    return ((performance.now() - t0) * 1000) / pairs.length;
  };
  time(() => pairs.forEach(([a, b]) => jsonDiff(coreOf(a), coreOf(b))));
  const shared = time(() => pairs.forEach(([a, b]) => jsonDiff(coreOf(a), coreOf(b))));
  const copied = time(() => copies.forEach(([a, b]) => jsonDiff(a, b)));
  const library = time(() => pairs.forEach(([a, b]) => compare(coreOf(a), coreOf(b))));
  const libraryBytes = pct(
    pairs.map(([a, b]) => bytes(compare(coreOf(a), coreOf(b)))),
    0.5,
  );
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  console.log(`Pushes as deltas: one seeded SSJ campaign, ${actions} actions, ${pushFull.length} pushes (sides and spectators)`);
  console.log(
    `  per action, all audiences: full bodies median ${kb(pct(actionFull, 0.5))}, p95 ${kb(pct(actionFull, 0.95))}; patches median ${kb(pct(actionPatch, 0.5))}, p95 ${kb(pct(actionPatch, 0.95))}`,
  );
  console.log(`  per push: full body median ${kb(pct(pushFull, 0.5))}, p95 ${kb(pct(pushFull, 0.95))}; patch median ${kb(pct(pushPatch, 0.5))}, p95 ${kb(pct(pushPatch, 0.95))}`);
  console.log(`  diff (json-diff.ts) per SSJ body pair: ${shared.toFixed(0)} µs as pushed, ${copied.toFixed(0)} µs on copies sharing nothing`);
  console.log(`  fast-json-patch's compare instead: ${library.toFixed(0)} µs per pair, ops median ${kb(libraryBytes)} per push (arrays diffed index by index)`);
  const top = [...where.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`  patch bytes by place: ${top.map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
