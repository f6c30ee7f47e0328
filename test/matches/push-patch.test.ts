/**
 * Pushes as deltas (issue #13, src/matches/push-patch.ts and src/web/patches.ts): over a
 * seeded SSJ bot campaign through the real match service, each audience's chain of patches
 * — sent as JSON, applied by the web client's code — makes exactly the full bodies pushed;
 * a socket joining late gets the chain's head and the next patch applies to it; a patch
 * against another version than the one held does not apply (the link asks a full body);
 * the same pushes give the same patches, whoever else is watching.
 */
import pino from 'pino';
import type { Viewer } from '../../src/engine';
import { GAMES } from '../../src/games';
import { plausibleBot } from '../../src/games/ssj/bot';
import { jsonDiff } from '../../src/matches/json-diff';
import type { PushStep } from '../../src/matches/push-patch';
import { MatchService, type StateBody } from '../../src/matches/service';
import type { StatePatch, VersionedState } from '../../src/protocol';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { applyStatePatch } from '../../src/web/patches';

const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));
const AUDIENCES: Viewer[] = ['allied', 'japanese', 'spectator'];

function service(): MatchService {
  return new MatchService(new MemoryMatchStore(), {
    games: GAMES,
    publicUrl: 'http://x',
    snapshotEvery: 50,
    idleMs: 1e12,
    logger: pino({ level: 'silent' }),
    newSeed: () => 'patch-seed',
  });
}

interface Recorded {
  audience: Viewer;
  body: StateBody;
  step: PushStep;
}

/** Plays `actions` actions of a seeded SSJ campaign, recording every push as full body and as patch. */
async function campaign(svc: MatchService, actions: number, seed = 'patch'): Promise<{ id: string; pushes: Recorded[] }> {
  const pushes: Recorded[] = [];
  const bodies: { audience: Viewer; body: StateBody }[] = [];
  svc.onPublish((_m, audience, body) => bodies.push({ audience, body }));
  svc.pushes.onPatch((_m, audience, step) => {
    const full = bodies.at(-1)!;
    expect(full.audience).toBe(audience);
    pushes.push({ audience, body: full.body, step: wire(step) });
  });
  const m = await svc.create('ssj', {});
  const bots = { allied: plausibleBot(`${seed}-a`), japanese: plausibleBot(`${seed}-j`) };
  for (let i = 0; i < actions; i++) {
    const bodiesNow = await Promise.all((['allied', 'japanese'] as const).map((s) => svc.state(m.id, s)));
    const acting = bodiesNow.find((b) => b.prompt);
    if (!acting || acting.result) break;
    const side = acting.you as 'allied' | 'japanese';
    await svc.submit(m.id, side, acting.seq, bots[side].choose({ side, view: acting.view as never, prompt: acting.prompt as never }));
  }
  return { id: m.id, pushes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

test('over a seeded SSJ campaign, each audience’s chain of patches makes exactly the full bodies pushed', async () => {
  const { pushes } = await campaign(service(), 400);
  expect(pushes.length).toBeGreaterThan(300);
  const held = new Map<Viewer, VersionedState | null>();
  let patches = 0;
  for (const p of pushes) {
    const next = p.step.kind === 'full' ? p.step.message : applyStatePatch(held.get(p.audience) ?? null, p.step.message);
    expect(next).not.toBeNull();
    expect(next!.body).toEqual(wire(p.body));
    held.set(p.audience, next);
    if (p.step.kind === 'patch') patches++;
  }
  // One full body per audience starts its chain; every other push is a patch.
  expect(pushes.filter((p) => p.step.kind === 'full').map((p) => p.audience)).toEqual(AUDIENCES);
  expect(patches).toBe(pushes.length - AUDIENCES.length);
  const full = pushes.map((p) => bytes(p.body));
  const delta = pushes.map((p) => bytes(p.step.message));
  console.log(`SSJ pushes (${pushes.length}): full body median ${median(full)} B, patch median ${median(delta)} B`);
  expect(median(delta) * 4).toBeLessThan(median(full));
});

test('a socket joining late gets the chain’s head with its own log, and the next patch applies to it', async () => {
  const svc = service();
  const { id, pushes } = await campaign(svc, 60);
  const live = await svc.load(id);
  const fresh = await svc.state(id, 'japanese', -1);
  const joined = wire(svc.pushes.sync(live, 'japanese', fresh));
  const last = pushes.filter((p) => p.audience === 'japanese').at(-1)!;
  expect(joined.v).toBe(last.step.kind === 'patch' ? last.step.message.v : last.step.message.v);
  // The whole log (since -1), the rest as the room was pushed it.
  expect(joined.body.log).toEqual(wire(fresh.log));
  expect({ ...joined.body, log: [], logFrom: 0 }).toEqual({ ...wire(last.body), log: [], logFrom: 0 });
  const before = pushes.length;
  const side = (await svc.state(id, 'allied')).prompt ? 'allied' : 'japanese';
  const b = await svc.state(id, side);
  await svc.submit(id, side, b.seq, plausibleBot('late').choose({ side, view: b.view as never, prompt: b.prompt as never }));
  const after = pushes.slice(before).find((p) => p.audience === 'japanese');
  if (!after) return; // a private step of the allied side: nothing for the Japanese room
  expect(after.step.kind).toBe('patch');
  const next = applyStatePatch(joined, (after.step as { message: StatePatch }).message);
  expect(next).not.toBeNull();
  expect({ ...next!.body, log: [] }).toEqual({ ...wire(after.body), log: [] });
  expect(next!.body.log).toEqual(wire(after.body.log));
});

test('a patch against another version than the one held does not apply (a missed push, another chain)', async () => {
  const { pushes } = await campaign(service(), 60);
  const mine = pushes.filter((p) => p.audience === 'spectator');
  expect(mine.length).toBeGreaterThanOrEqual(3);
  const first = mine[0]!.step.message as VersionedState;
  // The second push is missed: the third names the second's version.
  const third = mine[2]!.step.message as StatePatch;
  expect(applyStatePatch(first, third)).toBeNull();
  // Nothing held, or a patch that names the held version but does not fit it, does not apply either.
  expect(applyStatePatch(null, mine[1]!.step.message as StatePatch)).toBeNull();
  const bad: StatePatch = { ...(mine[1]!.step.message as StatePatch), ops: [{ op: 'replace', path: '/no/such/place', value: 1 }] };
  expect(applyStatePatch(first, bad)).toBeNull();
  // And applying never changes what is held.
  const copy = wire(first);
  applyStatePatch(first, mine[1]!.step.message as StatePatch);
  expect(first).toEqual(copy);
});

test('the patches of a push depend on its audience’s bodies alone: the same campaign gives the same ops, whatever the epochs', async () => {
  // The match's id and the chains' epochs are random; everything else must be the same.
  const strip = (s: PushStep) =>
    s.kind === 'full' ? { v: s.message.v.split('.')[1], body: { ...s.message.body, id: '' } } : { ...s.message, base: s.message.base.split('.')[1], v: s.message.v.split('.')[1] };
  const a = await campaign(service(), 80, 'same');
  const svcB = service();
  // Another publisher that takes no patches for the spectators changes nothing for the sides.
  svcB.pushes.onPatch(
    () => undefined,
    (_m, audience) => audience !== 'spectator',
  );
  const b = await campaign(svcB, 80, 'same');
  const as = a.pushes.map((p) => JSON.stringify(strip(p.step)));
  const bs = b.pushes.map((p) => JSON.stringify(strip(p.step)));
  expect(bs.length).toBe(as.length);
  expect(bs.findIndex((x, i) => x !== as[i])).toBe(-1);
});

test('the diff of arrays with things inserted, removed and changed anywhere, applied by the client, gives the new array exactly', () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let round = 0; round < 300; round++) {
    const a = Array.from({ length: rnd(30) }, (_, i) => ({ type: 'pick', n: i, 'a/b~c': rnd(3) }));
    const b: unknown[] = a.map((x) => ({ ...x }));
    for (let e = rnd(6); e > 0; e--) {
      const at = rnd(b.length + 1);
      const what = rnd(3);
      if (what === 0) b.splice(at, 0, { type: 'new', n: rnd(100) });
      else if (what === 1 && b.length) b.splice(Math.min(at, b.length - 1), 1);
      else if (b.length) (b[Math.min(at, b.length - 1)] as Record<string, unknown>).n = rnd(100);
    }
    const held: VersionedState = { v: 'e.0', body: { prompt: { actions: a } } as unknown as StateBody };
    const patch: StatePatch = { base: 'e.0', v: 'e.1', ops: wire(jsonDiff({ prompt: { actions: a } }, { prompt: { actions: b } })), log: [], logFrom: 0 };
    const next = applyStatePatch(held, patch);
    expect((next?.body as unknown as { prompt: { actions: unknown[] } }).prompt.actions).toEqual(b);
  }
});
