/**
 * Worlds made from the other side's inputs (issue #38): two copies of a match that differ in
 * something a viewer V did not see — another legal choice of a decision of another side,
 * taken from that side's own prompt at that step; the spectators' chat — both played on by
 * the same seeded bot policy (each world its own bots, made from one seed: a side shown the
 * same things in both chooses the same). Each world runs on its own clock, which moves one
 * minute at each step every viewer counts (the spectator's): a step some viewers do not see
 * takes no time, as how long a side takes over its hidden steps is timing, outside
 * (docs/fog.md). Its deadlines are ticked after every step, so reminders and overdue marks
 * are read too.
 *
 * What V is sent and reads is taken as a transcript in V's own time: an item each time V is
 * sent anything (pushes, patches, events, notices) or what it reads changes (the GET body,
 * the creator's answers, its chat). Steps V does not see add nothing, so worlds in which the
 * other side took more or fewer private steps line up. Each item carries the facts the rules
 * tell V as things then stand (the game's declared `Reveals`): the bytes of two items may
 * differ only where those facts differ, and facts that differ while the bytes do not are
 * reported too. The comparison of a viewer ends at the first item whose facts differ.
 */
import type { Bot } from '../../../src/bots';
import { canonicalJson, jsonEqual, promptOf, SPECTATOR, viewOf, type GameModule, type Reveals, type Viewer } from '../../../src/engine';
import { Chat } from '../../../src/matches/chat';
import { Deadlines } from '../../../src/matches/deadlines';
import { ApiError } from '../../../src/matches/errors';
import { Lobby } from '../../../src/matches/lobby';
import type { Live } from '../../../src/matches/live';
import { firstDifference, orderedEqual } from './diff';
import type { Clock, World } from './world';

/** One world of a pair: its match, its clock, its bots and what each viewer last read. */
export interface Side {
  world: World;
  clock: Clock;
  bots: Record<string, Bot>;
}

interface Item {
  /** Everything V was sent since its last item, and what it reads now. */
  rec: unknown;
  /** The facts the rules have told V as things stand (canonical JSON, sorted): at the first item where they differ, V may tell the worlds apart. */
  facts: string[];
  over: boolean;
}

/** What a viewer reads besides its state: the creator's answers (the creator is usually a player) and its chat. */
export async function extrasOf(world: World, viewer: Viewer): Promise<unknown> {
  const lobby = new Lobby(world.svc);
  const live = await world.live();
  const chat = await new Chat(world.svc, { max: 1_000_000, windowMs: 1 }).list(world.id, viewer, undefined, 0);
  if (viewer === SPECTATOR || !world.game.sides.includes(viewer)) return { chat };
  // Were this side the match's creator: its manage answer, and whether each other seat could be re-issued (asked, not done).
  const reissue: Record<string, unknown> = {};
  for (const s of world.game.sides) {
    if (s === viewer) continue;
    try {
      (lobby as unknown as { requireReissuable(l: Live, side: string): void }).requireReissuable(live, s);
      reissue[s] = 'reissuable';
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      reissue[s] = { status: e.status, code: e.code, message: e.message };
    }
  }
  return { manage: await lobby.manage(world.id), reissue, chat };
}

/**
 * Plays `side` on from where it stands until every viewer has `horizon` items, the match ends
 * or `cap` steps pass. `since`: each viewer's seq when the pair parted.
 */
export async function transcriptsOf(
  game: GameModule,
  p: Side,
  viewers: readonly Viewer[],
  since: Record<Viewer, number>,
  told: Reveals<unknown> | undefined,
  horizon: number,
  cap: number,
): Promise<{ items: Record<Viewer, Item[]>; steps: number }> {
  const w = p.world;
  const items: Record<Viewer, Item[]> = Object.fromEntries(viewers.map((v) => [v, []]));
  const last: Record<Viewer, unknown> = {};
  const seen = { ...since };
  const deadlines = new Deadlines(w.svc);
  let steps = 0;
  const take = async () => {
    const state = (await w.state()).game;
    const over = game.result(state) !== null;
    for (const v of viewers) {
      const facts = told
        ? told(state, v)
            .map((f) => canonicalJson(f))
            .sort()
        : [];
      const r = await w.record(v, seen[v]!, undefined, false);
      const extra = await extrasOf(w, v);
      const now = { body: r.body, extra };
      const sent = r.pushes.length + r.pushesAsPatches.length + r.events.length + r.notices.length > 0;
      if (!sent && last[v] !== undefined && orderedEqual(last[v], now)) continue;
      last[v] = now;
      seen[v] = r.body.seq;
      if (items[v]!.length < horizon) items[v]!.push({ rec: { ...r, extra }, facts, over });
    }
    w.mark();
  };
  w.mark();
  await take();
  while (steps < cap && viewers.some((v) => items[v]!.length < horizon)) {
    const state = (await w.state()).game;
    if (game.result(state) !== null) break;
    const side = game.sides.find((s) => promptOf(game, state, s));
    if (!side) break;
    const prompt = promptOf(game, state, side)!;
    const action = p.bots[side]!.choose({ side, view: viewOf(game, state, side), prompt });
    const before = await w.seqs();
    const out = await w.act(side, action);
    if (!out.ok) throw new Error(`fog harness: a bot's choice was refused in a paired world: ${out.error.message}`);
    steps++;
    const after = await w.seqs();
    if (after[SPECTATOR] !== before[SPECTATOR]) p.clock.t += 60_000;
    await deadlines.tick();
    await take();
  }
  return { items, steps };
}

export type PairVerdict =
  | { kind: 'same' }
  | { kind: 'revealed'; at: number }
  | { kind: 'difference'; at: number; path: string; a: unknown; b: unknown }
  | { kind: 'idle-reveal'; at: number; facts: string[] };

/** Compares one viewer's transcripts in two worlds, item by item, as the declared reveals allow. */
export function comparePair(a: readonly Item[], b: readonly Item[]): PairVerdict {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const [x, y] = [a[i]!, b[i]!];
    // The end reveals everything to everyone (the whole log, the referee's view).
    if (x.over || y.over) break;
    const d = firstDifference(x.rec, y.rec);
    if (!jsonEqual(x.facts, y.facts)) {
      // The rules told V something that tells the worlds apart: its bytes must show it.
      if (!d) return { kind: 'idle-reveal', at: i, facts: symmetricDifference(x.facts, y.facts) };
      return { kind: 'revealed', at: i };
    }
    if (d) {
      return { kind: 'difference', at: i, path: d.path, a: d.a, b: d.b };
    }
  }
  return { kind: 'same' };
}

const symmetricDifference = (a: string[], b: string[]) => [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
