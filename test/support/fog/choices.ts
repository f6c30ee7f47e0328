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
import { canonicalJson, promptOf, SPECTATOR, viewOf, type GameModule, type Reveals, type StampedLogEntry, type Viewer } from '../../../src/engine';
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
  /** The facts the rules have told V as things stand (canonical JSON of rule, what and value; sorted). */
  facts: string[];
  /** Where each fact (by its text in `facts`) stands in V's view (`Reveal.shows`). */
  shows: Record<string, readonly string[]>;
  /** V's own actions in this world since the pair parted (canonical JSON, one a line): once they differ, V acted on what it was told. */
  own: string;
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
  const own: Record<string, string> = {};
  let steps = 0;
  const take = async () => {
    const state = (await w.state()).game;
    const over = game.result(state) !== null;
    if (opaque) for (const n of opaque(state)) opaqueSeen.add(n);
    for (const v of viewers) {
      const r = await w.record(v, seen[v]!, undefined, false);
      const extra = await extrasOf(w, v);
      const now = { body: r.body, extra };
      const sent = r.pushes.length + r.pushesAsPatches.length + r.events.length + r.notices.length > 0;
      if (!sent && last[v] !== undefined && orderedEqual(last[v], now)) continue;
      last[v] = now;
      seen[v] = r.body.seq;
      if (items[v]!.length < horizon) {
        // The facts only of an item kept: a step that sends V nothing and changes nothing it reads adds none.
        const { facts, shows } = factsOf(told, state, v, r.body.log);
        const rec = { ...r, extra };
        // With opaque names erased, the patches go: their paths index arrays in the order of the names (the
        // whole bodies they make are compared, erased).
        const { pushesAsPatches, ...rest } = rec;
        items[v]!.push({ rec: opaque ? erased(rest, opaqueSeen).v : { ...rest, pushesAsPatches }, facts, shows, own: own[v] ?? '', over });
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
    own[side] = `${own[side] ?? ''}${canonicalJson(action)}\n`;
    steps++;
    const after = await w.seqs();
    if (after[SPECTATOR] !== before[SPECTATOR]) p.clock.t += 60_000;
    await deadlines.tick();
    await take();
  }
  return { items, steps };
}

type Facts = { facts: string[]; shows: Record<string, readonly string[]> };

/**
 * The facts last computed per state (a game state is never changed once made: worlds share them), viewer, declaration and
 * log read (by identity). At each step the trunk's facts for a viewer were made again for every world still compared with
 * it — the same state, viewer and log: a fifth of a campaign's time went to `factsOf`. Callers only read what it returns.
 */
const FACTS = new WeakMap<object, Map<Viewer, { told: Reveals<unknown>; read: readonly StampedLogEntry[]; out: Facts }>>();

/** The facts the rules have told `viewer` in `state` (its declared `Reveals`), as sorted canonical texts, and where each shows. */
export function factsOf(told: Reveals<unknown> | undefined, state: unknown, viewer: Viewer, read: readonly StampedLogEntry[]): Facts {
  if (!told) return { facts: [], shows: {} };
  if (state === null || typeof state !== 'object') return factsAnew(told, state, viewer, read);
  let byViewer = FACTS.get(state);
  if (!byViewer) FACTS.set(state, (byViewer = new Map()));
  const hit = byViewer.get(viewer);
  if (hit && hit.told === told && hit.read === read) return hit.out;
  const out = factsAnew(told, state, viewer, read);
  byViewer.set(viewer, { told, read, out });
  return out;
}

function factsAnew(told: Reveals<unknown>, state: unknown, viewer: Viewer, read: readonly StampedLogEntry[]): Facts {
  const shows: Record<string, readonly string[]> = {};
  const facts = told(state, viewer, read)
    .map((f) => {
      const text = factText(f.rule, f.what, f.value);
      if (f.shows) shows[text] = f.shows;
      return text;
    })
    .sort();
  return { facts, shows };
}

/**
 * The canonical texts of fact values that are objects, by identity: a fact's value is often a part of the state that
 * this step did not change (the score, who holds each base), shared by every later state and every world, and a state
 * is never changed once made, so its text is made once.
 */
const VALUE_TEXT = new WeakMap<object, string>();

/** `canonicalJson({ rule, what, value })`, the value's text remembered by identity (`VALUE_TEXT`). */
function factText(rule: string, what: string, value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') return canonicalJson({ rule, what, value });
  let text = VALUE_TEXT.get(value);
  if (text === undefined) VALUE_TEXT.set(value, (text = canonicalJson(value)));
  // The keys in canonical (sorted) order: rule, value, what.
  return `{"rule":${JSON.stringify(rule)},"value":${text},"what":${JSON.stringify(what)}}`;
}

/**
 * What two records of a viewer differ in that the facts differing between them (`differing`, texts of `factsOf`) do not
 * explain: the first difference left with their `shows` masked and the log read with them; null when none is left.
 */
export function unexplained(a: unknown, b: unknown, differing: readonly string[], shows: Record<string, readonly string[]>): ReturnType<typeof firstDifference> {
  const paths = differing.flatMap((f) => shows[f] ?? []);
  return firstDifference(masked(a, paths, true), masked(b, paths, true));
}

export type PairVerdict =
  | { kind: 'same' }
  | { kind: 'revealed'; at: number }
  | { kind: 'difference'; at: number; path: string; a: unknown; b: unknown; told: string[] }
  | { kind: 'idle-reveal'; at: number; facts: string[] };

/**
 * Compares one viewer's transcripts in two worlds, item by item, as the declared reveals allow:
 *
 * - facts equal, bytes different (before any reveal): a difference;
 * - facts different, bytes equal: an idle reveal (the declaration says V was told what its bytes do not show);
 * - facts different, bytes different: the rules told V. What they told is masked — the view's paths where each
 *   differing fact stands (`Reveal.shows`) and the log entries V reads then, which announce it — and the rest is
 *   compared: a difference left is reported, with the facts told beside it. The comparison goes on in the same way
 *   (the paths of every fact told so far masked where the facts still differ, the log where any does) while V's own
 *   actions and its count of steps stay the same in both worlds: once V acts on what it was told, or a rule makes a
 *   later step public in one world only, everything after is a consequence the harness does not follow.
 */
export function comparePair(a: readonly Item[], b: readonly Item[]): PairVerdict {
  const n = Math.min(a.length, b.length);
  const toldSoFar = new Map<string, readonly string[]>();
  for (let i = 0; i < n; i++) {
    const [x, y] = [a[i]!, b[i]!];
    // The end reveals everything to everyone (the whole log, the referee's view).
    if (x.over || y.over) break;
    const differing = symmetricDifference(x.facts, y.facts);
    const raw = firstDifference(x.rec, y.rec);
    // The rules told V something that tells the worlds apart: its bytes must show it.
    if (differing.length > 0 && !raw) return { kind: 'idle-reveal', at: i, facts: differing };
    // V acted on what it was told, or the step that told it (or a later one) is counted in one world only — by V, or by
    // everyone (the public count the creator reads): the rest follows from the reveal.
    if ((toldSoFar.size > 0 || differing.length > 0) && (x.own !== y.own || seqOf(x.rec) !== seqOf(y.rec) || publicSeqOf(x.rec) !== publicSeqOf(y.rec)))
      return { kind: 'revealed', at: i };
    for (const f of differing) toldSoFar.set(whatOf(f), [...(toldSoFar.get(whatOf(f)) ?? []), ...(x.shows[f] ?? y.shows[f] ?? [])]);
    if (!raw) continue;
    if (toldSoFar.size === 0) return { kind: 'difference', at: i, path: raw.path, a: raw.a, b: raw.b, told: [] };
    // Where a fact told stands stays masked once told, even if the worlds' facts meet again: what followed from it there
    // (a marker set aside, an air factor lost, a decision given a minute later) is its consequence.
    const paths = [...toldSoFar.values()].flat();
    const d = firstDifference(masked(x.rec, paths, differing.length > 0), masked(y.rec, paths, differing.length > 0));
    if (d) return { kind: 'difference', at: i, path: d.path, a: d.a, b: d.b, told: [...toldSoFar.keys()] };
  }
  return { kind: 'same' };
}

export const whatOf = (fact: string): string => (JSON.parse(fact) as { what: string }).what;
const seqOf = (rec: unknown): unknown => (rec as { body?: { seq?: unknown } }).body?.seq;
const publicSeqOf = (rec: unknown): unknown => (rec as { extra?: { manage?: { seq?: unknown } } }).extra?.manage?.seq;

/**
 * A record with what the differing facts explain taken out: the values at `paths` (each `view.a.*.c`, in a state body)
 * in the body and every push, and — where `log` — the log entries read with them. The patches go (their paths index the masked
 * values; the bodies they make are compared).
 */
export function masked(rec: unknown, paths: readonly string[], log: boolean): unknown {
  // Whose decision it is shows beyond the body's deadline: the time banks (the bank of the side deciding runs), the due
  // times in the creator's manage answer, the "your move" notices, the replies to an action sent out of turn.
  const all = [...paths, ...(paths.includes('deadline') ? ['clock', 'extra.manage.seats.*.dueAt', 'notices'] : []), ...(paths.includes('prompt') ? ['errors'] : [])];
  const pats = all.map((p) => p.split('.'));
  const body = (b: unknown): unknown => {
    if (!b || typeof b !== 'object') return b;
    let out: unknown = b;
    for (const p of pats) out = maskAt(out, p, 0);
    if (log) {
      out = { ...(out as Record<string, unknown>) };
      delete (out as Record<string, unknown>)['log'];
    }
    return out;
  };
  let r = { ...(rec as Record<string, unknown>) };
  for (const p of pats) if (p[0] === 'extra' || p[0] === 'notices' || p[0] === 'errors') r = maskAt(r, p, 0) as Record<string, unknown>;
  delete r['pushesAsPatches'];
  r['body'] = body(r['body']);
  if (Array.isArray(r['pushes'])) r['pushes'] = r['pushes'].map(body);
  return r;
}

/** `v` with the value at `pat` (from segment `i`) taken out: an object's key deleted (so absent and present alike), an array's element made `#told`. */
function maskAt(v: unknown, pat: readonly string[], i: number): unknown {
  if (v === null || typeof v !== 'object') return v;
  const seg = pat[i]!;
  const last = i === pat.length - 1;
  if (Array.isArray(v)) return v.map((x, k) => (seg === '*' || seg === String(k) ? (last ? '#told' : maskAt(x, pat, i + 1)) : x));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (seg !== '*' && seg !== k) out[k] = x;
    else if (!last) out[k] = maskAt(x, pat, i + 1);
  }
  return out;
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

export const symmetricDifference = (a: readonly string[], b: readonly string[]): string[] => [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
