/**
 * For the player's replay tests (issue #14): a seeded bot match played through the real
 * match service (a fog-harness World), recording what each viewer was actually pushed at
 * each of its own seqs — the view and stage of the first body that brought it to that seq,
 * and every log entry it was sent — so the history route's answers can be compared with them.
 */
import { REFEREE, Rng, seedState, SPECTATOR, type GameModule, type StampedLogEntry, type Viewer } from '../../src/engine';
import type { StateBody } from '../../src/matches/live';
import type { FogSpec } from './fog/harness';
import { World, type Clock } from './fog/world';

/** What one viewer was sent: per own seq, the view and stage it got then; its log as it came. */
export interface Seen {
  bodies: Map<number, Pick<StateBody, 'view' | 'stage' | 'seq'>>;
  log: StampedLogEntry[];
}

export interface Played {
  /** The match as it stood before the step that would have ended it (or after the last step played). */
  world: World;
  seen: Record<string, Seen>;
  steps: number;
  undos: number;
  /** How many of the steps were private (not counted in the other viewers' seqs). */
  privateSteps: number;
}

const pick = (b: StateBody): Pick<StateBody, 'view' | 'stage' | 'seq'> => ({ view: b.view, stage: b.stage, seq: b.seq });

/**
 * Plays `spec`'s bots on `seed` for at most `max` actions, stopping short of the end (the
 * replay of a running match is what is checked). Every `undoEvery`-th own step that may be
 * taken back is taken back once (undos are rows too, private ones counted for their actor only).
 */
export async function playRecorded<S>(spec: FogSpec<S>, seed: string, max: number, undoEvery = 0, world?: World): Promise<Played> {
  const game = spec.game as GameModule;
  const clock: Clock = { t: Date.UTC(2030, 0, 1) };
  let w = world ?? (await World.create(game, spec.options(seed), seed, clock));
  const bots = spec.bots(seed);
  const rng = new Rng(seedState(seed, 'history-undo'));
  const viewers: Viewer[] = [...game.sides, SPECTATOR];
  const seen: Record<string, Seen> = {};
  for (const v of viewers) {
    const b = await w.svc.state(w.id, v, -1);
    seen[v] = { bodies: new Map([[b.seq, pick(b)]]), log: b.log.slice() };
  }
  let steps = 0;
  let undos = 0;
  let privateSteps = 0;
  const take = () => {
    for (const p of w.pushes) {
      const s = seen[p.audience];
      if (!s || p.audience === REFEREE) continue;
      if (!s.bodies.has(p.body.seq)) s.bodies.set(p.body.seq, pick(p.body));
      s.log.push(...p.body.log);
    }
  };
  while (steps < max) {
    let side: string | undefined;
    let body: StateBody | undefined;
    for (const s of game.sides) {
      const b = await w.svc.state(w.id, s, await w.seqOf(s));
      if (b.prompt) {
        side = s;
        body = b;
        break;
      }
    }
    if (!side || !body) break;
    const before = await w.fork();
    const undo = undoEvery > 0 && body.canUndo && rng.int(0, undoEvery - 1) === 0;
    w.mark();
    clock.t += 60_000;
    const out = undo ? await w.undo(side) : await w.act(side, bots[side]!.choose({ side, view: body.view, prompt: body.prompt! }));
    if (!out.ok) throw new Error(`history play: step ${steps + 1} refused: ${out.error.message}`);
    if (game.result((await w.state()).game)) {
      // Stop short of the end: once over, the history is the referee's for everyone.
      w = before;
      break;
    }
    if ((await w.lastRow()).private) privateSteps++;
    take();
    steps++;
    if (undo) undos++;
  }
  return { world: w, seen, steps, undos, privateSteps };
}

/** A viewer's log as it held it at its seq `n`. */
export const logAt = (s: Seen, n: number) => s.log.filter((e) => e.seq <= n);
