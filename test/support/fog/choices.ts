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
import * as serverMetrics from '../../../src/server/metrics';
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

/** A request to /metrics as a reverse proxy on the same host forwards it: from loopback, with the client's address in a header. */
const PROXIED = { headers: { 'x-forwarded-for': '203.0.113.7' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<typeof serverMetrics.metricsRefusal>[0];

/**
 * What anyone reads of /metrics through a reverse proxy on this host (`TRUST_PROXY` on, no
 * token): the server's own gate decides; were it open, the accepted actions it would count.
 */
export function metricsAsProxied(world: World): unknown {
  const refusal = serverMetrics.metricsRefusal(PROXIED, { behindProxy: true });
  return refusal !== null ? { status: 403, message: refusal } : `ironbottom_actions_total{kind="action",outcome="accepted",code=""} ${world.accepted}`;
}

/** What a viewer reads besides its state: the creator's answers (the creator is usually a player), its chat, and /metrics. */
export async function extrasOf(world: World, viewer: Viewer): Promise<unknown> {
  const lobby = new Lobby(world.svc);
  const live = await world.live();
  const chat = await new Chat(world.svc, { max: 1_000_000, windowMs: 1 }).list(world.id, viewer, undefined, 0);
  const metrics = metricsAsProxied(world);
  if (viewer === SPECTATOR || !world.game.sides.includes(viewer)) return { chat, metrics };
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
  return { manage: await lobby.manage(world.id), reissue, chat, metrics };
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
  opaque?: (state: unknown) => Iterable<string>,
): Promise<{ items: Record<Viewer, Item[]>; steps: number }> {
  const opaqueSeen = new Set<string>();
  const w = p.world;
  const items: Record<Viewer, Item[]> = Object.fromEntries(viewers.map((v) => [v, []]));
  const last: Record<Viewer, unknown> = {};
  const seen = { ...since };
  const deadlines = new Deadlines(w.svc);
  let steps = 0;
  const take = async () => {
    const state = (await w.state()).game;
    const over = game.result(state) !== null;
    if (opaque) for (const n of opaque(state)) opaqueSeen.add(n);
    for (const v of viewers) {
      const r = await w.record(v, seen[v]!, undefined, false);
      const facts = told
        ? told(state, v, r.body.log)
            .map((f) => canonicalJson(f))
            .sort()
        : [];
      const extra = await extrasOf(w, v);
      const now = { body: r.body, extra };
      const sent = r.pushes.length + r.pushesAsPatches.length + r.events.length + r.notices.length > 0;
      if (!sent && last[v] !== undefined && orderedEqual(last[v], now)) continue;
      last[v] = now;
      seen[v] = r.body.seq;
      if (items[v]!.length < horizon) {
        const rec = { ...r, extra };
        // With opaque names erased, the patches go: their paths index arrays in the order of the names (the
        // whole bodies they make are compared, erased).
        const { pushesAsPatches, ...rest } = rec;
        items[v]!.push({ rec: opaque ? erased(rest, opaqueSeen).v : { ...rest, pushesAsPatches }, facts, over });
      }
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

/**
 * `value` with every opaque name (a whole string, a word of a text, a key) erased to `#`, and
 * every array whose elements each held one sorted by their erased JSON: a game that lists
 * face-down pieces in the order of their random tags, or groups by their random ids, shows
 * nothing by that order, nor by which random name a piece drew. (Coarser than a renaming: a
 * leak carried by which tag stays with which piece from one item to the next is not seen.)
 */
function erased(value: unknown, opaque: ReadonlySet<string>): { v: unknown; had: boolean } {
  if (typeof value === 'string') {
    if (opaque.has(value)) return { v: '#', had: true };
    let had = false;
    const v = /[a-z0-9]/.test(value)
      ? value.replace(/[\w-]+/g, (w) => {
          if (!opaque.has(w)) return w;
          had = true;
          return '#';
        })
      : value;
    return { v, had };
  }
  if (Array.isArray(value)) {
    const parts = value.map((x) => erased(x, opaque));
    const v = parts.map((p) => p.v);
    const all = parts.length > 1 && parts.every((p) => p.had);
    if (all) {
      const keyed = v.map((x) => [JSON.stringify(x), x] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return { v: keyed.map((k) => k[1]), had: true };
    }
    return { v, had: parts.some((p) => p.had) };
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    let had = false;
    for (const [k, x] of Object.entries(value)) {
      const e = erased(x, opaque);
      had ||= e.had || opaque.has(k);
      out[opaque.has(k) ? `#${Object.keys(out).length}` : k] = e.v;
    }
    return { v: out, had };
  }
  return { v: value, had: false };
}

const symmetricDifference = (a: string[], b: string[]) => [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
