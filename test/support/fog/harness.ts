/**
 * The non-interference harness (docs/fog.md). It plays a seeded bot match through the real
 * match service (the trunk) and, at every step, builds worlds that differ from the trunk
 * only in what some viewer V may not know, then compares everything the service sends V in
 * each: state pushes (whole and as patches), events, notices, the GET body and error replies.
 *
 * - Secret rolls: each roll the rule-text table says V does not see is forced to every other
 *   value; the world goes on with the trunk's actions, compared step by step until a
 *   declared reveal reaches V (the game's typed facts for V differ), the worlds converge, or the
 *   horizon. The roll's own declared audience is checked against the table too.
 * - Look-alikes: the game's permutations for V are applied to the state; V's body and
 *   error replies must not change, nor what V is sent while V alone goes on acting.
 * - Private steps: a side's private step is also made in a fork as step, undo, step (a
 *   longer sealed decision) and, after two private steps, in the other order; the others'
 *   bytes must not change until the decision closes.
 *
 * The oracle is the rule-text table and the look-alike permutations, never the game's
 * own record of who knows what.
 */
import type { Bot } from '../../../src/bots';
import {
  canonicalJson,
  canSee,
  jsonEqual,
  REFEREE,
  Rng,
  seedState,
  setDiceHook,
  SPECTATOR,
  type GameModule,
  type Lookalikes,
  type Reveals,
  type Roll,
  type Viewer,
  type Visibility,
  viewOf,
} from '../../../src/engine';
import { comparePair, factsOf, symmetricDifference, transcriptsOf, unexplained, whatOf } from './choices';
import { brief, firstDifference } from './diff';
import { World, type Clock, type ViewerRecord } from './world';
import { Chat } from '../../../src/matches/chat';

/** A kind of roll as the rule text has it: who sees the die, and what later tells the others its outcome. */
export interface RollRule {
  /** The rule it is read from ("SSJ VI.E"). */
  rule: string;
  /** Matches the roll's `why`. */
  why: RegExp;
  /**
   * Who sees the die, by the rule text: `actor` is the side whose action made the roll,
   * `before` the game's state before that action (where things stood, not who knew what).
   */
  audience(roll: Roll, actor: string, before: any): Visibility;
}

export interface FogSpec<S = any> {
  game: GameModule<S>;
  options(seed: string): unknown;
  bots(seed: string): Record<string, Bot>;
  rolls: readonly RollRule[];
  lookalikes?: Lookalikes<S>;
  /**
   * The facts the rules have told a viewer, as data (the game's `reveals.ts`): every world (choice, chat, roll,
   * look-alike, private) may differ for V only where these differ (their `shows`), and must differ for V when they do.
   */
  told?: Reveals<S>;
  /** Opaque names (tags, ids drawn at random) in a state, which choice and chat worlds compare erased (choices.ts). */
  opaque?(state: S): Iterable<string>;
  /** A match with no result after this many actions is cut short (it is still checked). */
  maxSteps?: number;
}

export interface FogBudget {
  /** How many steps a world with a forced roll goes on being compared. */
  rollHorizon: number;
  /** Forced values tried per hidden roll (all others when absent). */
  valuesPerRoll?: number;
  /** Look-alikes tried per viewer and step. */
  lookalikes: number;
  /** How many of V's own later steps a look-alike world goes on with. */
  lookalikeHorizon: number;
  /** A stale-seq probe every this many steps. */
  staleEvery: number;
  /** Look-alikes every this many steps (1: every step). */
  lookalikeEvery?: number;
  /** Private-step worlds at one private step in this many, by a seeded pick (1: every one). */
  privateEvery?: number;
  /** Other legal choices tried at a step where choice worlds are built (none when absent). */
  choices?: number;
  /** Choice worlds at one step in this many, by a seeded pick (1: every step). */
  choiceEvery?: number;
  /** How many items of each viewer's transcript a choice or chat pair compares, and the steps each world may take to get them. */
  pairHorizon?: number;
  pairCap?: number;
  /** A spectators' chat world every this many steps (none when absent). */
  chatEvery?: number;
}

export const DEFAULT_BUDGET: FogBudget = { rollHorizon: 30, lookalikes: 1, lookalikeHorizon: 2, staleEvery: 20 };

export type DifferenceKind = 'roll' | 'lookalike' | 'private' | 'declaration' | 'lazy-lookalike' | 'choice' | 'chat' | 'idle-reveal';

export interface Difference {
  kind: DifferenceKind;
  viewer: Viewer;
  /** The trunk's step (1 = the first action) where the world was built, and where the difference showed. */
  step: number;
  at: number;
  /** What made the world differ (the forced roll, the look-alike, the private variant). */
  world: string;
  /** The action taken at the step where the difference showed. */
  action: { side: string; action: unknown } | null;
  path: string;
  trunk: unknown;
  other: unknown;
  seed: string;
}

export interface FogStats {
  matches: number;
  steps: number;
  /** Worlds built besides the trunks. */
  worlds: number;
  /** Viewer-by-step comparisons made. */
  comparisons: number;
  /** Worlds built and steps they took, by kind (where the time goes). */
  byKind: Record<string, { worlds: number; steps: number }>;
  differences: Difference[];
  seconds: number;
}

export const emptyStats = (): FogStats => ({ matches: 0, steps: 0, worlds: 0, comparisons: 0, byKind: {}, differences: [], seconds: 0 });

export function formatDifference(d: Difference): string {
  const act = d.action ? `${d.action.side} ${brief(d.action.action, 120)}` : '(no action)';
  return [
    `${d.kind}: viewer ${d.viewer}, seed ${d.seed}, world built at step ${d.step}, differs at step ${d.at} (${act})`,
    `  world: ${d.world}`,
    `  first difference at ${d.path}: trunk ${brief(d.trunk)} / other ${brief(d.other)}`,
  ].join('\n');
}

interface Fork {
  world: World;
  kind: 'roll' | 'lookalike' | 'private';
  /** What the figures count it under (the kind, and a roll's rule). */
  key: string;
  what: string;
  step: number;
  viewers: Viewer[];
  /** Steps left to compare. */
  left: number;
  /** A look-alike's own reveal, by the rules: checked on both worlds' states. */
  revealedIn?: (state: unknown) => boolean;
  /** Look-alike worlds go on only while this viewer acts. */
  onlyActor?: Viewer;
  /** Private variants end once the decision of this side closes. */
  closes?: string;
}

const viewersOf = (game: GameModule): Viewer[] => [...game.sides, SPECTATOR];
const sees = (to: Visibility, viewer: Viewer) => canSee({ to }, viewer);

/** Runs one match with every check; adds to `stats`. */
export async function checkMatch<S>(spec: FogSpec<S>, seed: string, budget: FogBudget, stats: FogStats): Promise<void> {
  const t0 = performance.now();
  const game = spec.game as GameModule;
  const clock: Clock = { t: Date.UTC(2030, 0, 1) };
  const trunk = await World.create(game, spec.options(seed), seed, clock);
  const bots = spec.bots(seed);
  const pickRng = new Rng(seedState(seed, 'fog-lookalikes'));
  const pick = (n: number) => (n <= 1 ? 0 : pickRng.int(0, n - 1));
  const viewers = viewersOf(game);
  const told = spec.told as Reveals<unknown> | undefined;
  let forks: Fork[] = [];
  const lastOwn: Record<string, unknown[]> = {};
  let prev: { world: World; side: string; action: unknown; private: boolean } | null = null;
  const max = spec.maxSteps ?? 5000;

  const tally = (kind: string, worlds: number, steps: number) => {
    const t = (stats.byKind[kind] ??= { worlds: 0, steps: 0 });
    t.worlds += worlds;
    t.steps += steps;
    stats.worlds += worlds;
  };
  const report = (kind: DifferenceKind, viewer: Viewer, step: number, at: number, world: string, action: Difference['action'], path: string, a: unknown, b: unknown) => {
    stats.differences.push({ kind, viewer, step, at, world, action, path, trunk: a, other: b, seed });
  };

  /** An action `viewer` may not take now, to probe its error reply (undefined: none known yet). */
  const probeFor = (viewer: Viewer, rec: ViewerRecord | undefined): unknown => {
    const offered = rec?.body.prompt?.actions ?? [];
    for (const a of lastOwn[viewer] ?? []) if (!offered.some((o) => jsonEqual(o, a))) return a;
    return undefined;
  };

  let recT: Record<string, ViewerRecord> = {};
  const initial = await trunk.seqs();
  for (const v of viewers) recT[v] = await trunk.record(v, -1, undefined, false);
  stats.matches++;

  for (let k = 1; k <= max; k++) {
    const state = await trunk.state();
    if (game.result(state.game)) break;
    const side = game.sides.find((s) => recT[s]!.body.prompt);
    if (!side) break;
    const body = recT[side]!.body;
    const action = bots[side]!.choose({ side, view: body.view, prompt: body.prompt! });
    const before = await trunk.fork();
    const seqsBefore = await trunk.seqs();
    clock.t += 60_000;
    trunk.mark();
    const out = await trunk.act(side, action);
    if (!out.ok) throw new Error(`fog harness: the trunk's bot chose an action the service refused at step ${k}: ${out.error.message}`);
    stats.steps++;
    (lastOwn[side] ??= []).unshift(action);
    if (lastOwn[side]!.length > 8) lastOwn[side]!.pop();
    const stale = k % budget.staleEvery === 0;
    const probes = Object.fromEntries(viewers.map((v) => [v, probeFor(v, recT[v])]));
    const rec = async (w: World, v: Viewer, since: number) => w.record(v, since, probes[v], stale);
    const nextT: Record<string, ViewerRecord> = {};
    for (const v of viewers) nextT[v] = await rec(trunk, v, seqsBefore[v] ?? -1);
    const row = await trunk.lastRow();
    const trunkState = await trunk.state();
    const over = game.result(trunkState.game) !== null;

    // 1. The worlds already going on take the same step.
    const going: Fork[] = [];
    for (const f of forks) {
      if (f.onlyActor && f.onlyActor !== side) continue;
      const fSeqs = await f.world.seqs();
      f.world.mark();
      tally(f.key, 0, 1);
      const res = await f.world.act(side, action);
      if (!res.ok) {
        // The trunk's action is not legal here: a difference for its actor if the actor is compared.
        if (f.viewers.includes(side)) report(f.kind, side, f.step, k, f.what, { side, action }, 'reply', 'accepted', res.error);
        continue;
      }
      let alive = await compareAll(f, fSeqs, k, side, action);
      if (f.closes && (side !== f.closes || !row.private)) alive = false;
      if (alive && --f.left > 0 && !over && !(await converged(f.world))) going.push(f);
    }
    forks = going;

    // 2. Secret rolls of this step: every other value.
    const rolls = (row.rolls ?? []) as Roll[];
    for (let i = 0; i < rolls.length; i++) {
      const roll = rolls[i]!;
      const rule = spec.rolls.find((r) => r.why.test(roll.why));
      if (!rule) {
        report('declaration', REFEREE, k, k, `roll "${roll.why}"`, { side, action }, 'rolls', 'a rule-text entry', 'none');
        continue;
      }
      const expected = rule.audience(roll, side, state.game);
      if (canonicalJson(roll.to ?? 'public') !== canonicalJson(expected)) {
        report('declaration', REFEREE, k, k, `roll "${roll.why}" (${rule.rule})`, { side, action }, `rolls[${i}].to`, expected, roll.to ?? 'public');
      }
      const hidden = viewers.filter((v) => !sees(expected, v));
      if (hidden.length === 0) continue;
      const lo = roll.sides === 10 ? 0 : 1;
      let values = Array.from({ length: roll.sides }, (_, j) => lo + j).filter((x) => x !== roll.value);
      if (budget.valuesPerRoll !== undefined && values.length > budget.valuesPerRoll) {
        const chosen: number[] = [];
        while (chosen.length < budget.valuesPerRoll) chosen.push(values.splice(pick(values.length), 1)[0]!);
        values = chosen;
      }
      for (const value of values) {
        const w = await before.fork();
        tally(`roll ${rule.rule}`, 1, 1);
        const f: Fork = {
          world: w,
          kind: 'roll',
          key: `roll ${rule.rule}`,
          what: `roll "${roll.why}" (${rule.rule}) forced from ${roll.value} to ${value}`,
          step: k,
          viewers: hidden.slice(),
          left: budget.rollHorizon,
        };
        const dice = (await w.state()).dice;
        const fSeqs = await w.seqs();
        w.mark();
        setDiceHook((r) => (r.index === i && r.why === roll.why && jsonEqual(r.start, dice) ? value : r.value));
        let res;
        try {
          res = await w.act(side, action);
        } finally {
          setDiceHook(null);
        }
        if (!res.ok) continue; // the forced value made the action itself illegal: nothing was sent but the actor's error
        const alive = await compareAll(f, fSeqs, k, side, action);
        if (alive && !over && !(await converged(w))) forks.push(f);
      }
    }

    // 3. A private step made longer (step, undo, step) and two private steps in the other order.
    if (row.private && pick(budget.privateEvery ?? 1) === 0) {
      const others = viewers.filter((v) => v !== side);
      const w = await before.fork();
      tally('private', 1, 1);
      const f: Fork = {
        world: w,
        kind: 'private',
        key: 'private',
        what: `${side}'s private step made as step, undo, step`,
        step: k,
        viewers: others,
        left: 50,
        closes: side,
      };
      const fSeqs = await w.seqs();
      w.mark();
      const ok = (await w.act(side, action)).ok && (await w.undo(side)).ok && (await w.act(side, action)).ok;
      if (ok && (await compareAll(f, fSeqs, k, side, action))) forks.push(f);
      if (prev && prev.private && prev.side === side && !jsonEqual(prev.action, action)) {
        const r = await prev.world.fork();
        tally('private', 1, 1);
        const g: Fork = {
          world: r,
          kind: 'private',
          key: 'private',
          what: `${side}'s last two private steps in the other order`,
          step: k,
          viewers: others,
          left: 50,
          closes: side,
        };
        const rSeqs = await r.seqs();
        r.mark();
        const swapped = (await r.act(side, action)).ok && (await r.act(side, prev.action)).ok;
        if (swapped && jsonEqual((await r.state()).game, trunkState.game) && (await compareAll(g, rSeqs, k, side, action))) forks.push(g);
      }
    }

    // 4. Look-alikes of the state after the step, for each viewer.
    if (spec.lookalikes && !over && k % (budget.lookalikeEvery ?? 1) === 0) {
      for (const v of viewers) {
        const all = spec.lookalikes(trunkState.game as S, v, pick);
        for (let n = 0; n < Math.min(budget.lookalikes, all.length); n++) {
          const la = all.length > budget.lookalikes ? all.splice(pick(all.length), 1)[0]! : all[n]!;
          const copy = game.clone ? game.clone(trunkState.game) : structuredClone(trunkState.game);
          const changed = la.apply(copy as S);
          if (jsonEqual(game.view(changed, REFEREE), viewOf(game, trunkState.game, REFEREE))) {
            report('lazy-lookalike', v, k, k, la.what, { side, action }, '(referee view)', 'a different world', 'the same world');
            continue;
          }
          const w = await trunk.fork();
          tally('lookalike', 1, 0);
          await w.replaceGame(changed);
          const f: Fork = {
            world: w,
            kind: 'lookalike',
            key: 'lookalike',
            what: la.what,
            step: k,
            viewers: [v],
            left: budget.lookalikeHorizon,
            onlyActor: v,
            ...(la.revealedIn ? { revealedIn: la.revealedIn as (s: unknown) => boolean } : {}),
          };
          const r = await rec(w, v, seqsBefore[v] ?? -1);
          stats.comparisons++;
          const d = firstDifference({ body: nextT[v]!.body, errors: nextT[v]!.errors }, { body: r.body, errors: r.errors });
          if (d) report('lookalike', v, k, k, la.what, { side, action }, d.path, d.a, d.b);
          else if (budget.lookalikeHorizon > 0) forks.push(f);
        }
      }
    }

    // 5. Another legal choice of this step, from the actor's own prompt: for each viewer that
    // cannot tell the two apart at the step, both worlds play on with the same bots.
    if (budget.choices && !over && pick(budget.choiceEvery ?? 1) === 0) {
      const alts = body.prompt!.actions.filter((a) => !jsonEqual(a, action));
      for (let n = 0; n < Math.min(budget.choices, alts.length); n++) {
        const alt = alts.splice(pick(alts.length), 1)[0];
        const what = `${side} chose ${brief(alt, 100)} instead of ${brief(action, 100)}`;
        const clockB = { t: clock.t };
        const b = await before.fork(clockB);
        b.mark();
        const res = await b.act(side, alt);
        if (!res.ok) {
          report('choice', side, k, k, what, { side, action: alt }, 'reply', 'accepted (the prompt offered it)', res.error);
          continue;
        }
        const seqsB = await b.seqs();
        const seqsT = await trunk.seqs();
        const hidden: Viewer[] = [];
        for (const v of viewers) {
          if (v === side) continue;
          const r = await rec(b, v, seqsBefore[v] ?? -1);
          stats.comparisons++;
          const d = firstDifference(nextT[v], r);
          if (!d) hidden.push(v);
          // Told by the step itself (V counts it in one world at least: a public choice); otherwise a step V never sees showed.
          else if (seqsT[v] === seqsBefore[v] && seqsB[v] === seqsBefore[v]) report('choice', v, k, k, what, { side, action }, d.path, d.a, d.b);
        }
        if (hidden.length === 0) {
          tally('choice (told)', 1, 1);
          continue;
        }
        await pair('choice', what, hidden, trunk, b, clockB, `${seed}/choice-${k}-${n}`);
        // The same decision reached in more private steps (the other choice, taken back, then this one): the worlds
        // differ in nothing but their count, which every answer about the match must keep from the others (the
        // creator's, /metrics, the seqs).
        if (n === 0 && row.private) {
          const clockC = { t: clock.t };
          const c = await before.fork(clockC);
          if ((await c.act(side, alt)).ok && (await c.undo(side)).ok && (await c.act(side, action)).ok) {
            await pair('choice', `${side} took ${brief(alt, 100)} back before ${brief(action, 100)} (two more private steps)`, hidden, trunk, c, clockC, `${seed}/longer-${k}`);
          }
        }
      }
    }

    // 6. The spectators' chat, closed to the players while the match runs: a message or none.
    if (budget.chatEvery && !over && k % budget.chatEvery === 0) {
      const clockB = { t: clock.t };
      const b = await trunk.fork(clockB);
      await new Chat(b.svc, { max: 1_000_000, windowMs: 1 }).post(b.id, SPECTATOR, undefined, `watching at step ${k}`, undefined, 'fog');
      await pair('chat', `the spectators wrote at step ${k}`, [...game.sides], trunk, b, clockB, `${seed}/chat-${k}`);
    }

    prev = { world: before, side, action, private: row.private };
    recT = nextT;
    if (over) break;

    /** Plays the trunk (a copy) and `b` on with the same bots and compares each viewer's transcripts. */
    async function pair(kind: 'choice' | 'chat', what: string, vs: Viewer[], from: World, b: World, clockB: Clock, botSeed: string): Promise<void> {
      const clockA = { t: clock.t };
      const a = await from.fork(clockA);
      const since: Record<string, number> = {};
      for (const v of vs) since[v] = await a.seqOf(v);
      const sinceB: Record<string, number> = {};
      for (const v of vs) sinceB[v] = await b.seqOf(v);
      const H = budget.pairHorizon ?? 8;
      const cap = budget.pairCap ?? 120;
      const opaque = spec.opaque as ((s: unknown) => Iterable<string>) | undefined;
      const ta = await transcriptsOf(game, { world: a, clock: clockA, bots: spec.bots(botSeed) }, vs, since, told, H, cap, opaque);
      const tb = await transcriptsOf(game, { world: b, clock: clockB, bots: spec.bots(botSeed) }, vs, sinceB, told, H, cap, opaque);
      tally(kind, 2, ta.steps + tb.steps);
      for (const v of vs) {
        const verdict = comparePair(ta.items[v]!, tb.items[v]!);
        stats.comparisons += Math.min(ta.items[v]!.length, tb.items[v]!.length);
        if (verdict.kind === 'difference') {
          const beside = verdict.told.length ? ` (beside what the rules told it: ${verdict.told.join(', ')})` : '';
          report(kind, v, k, k, `${what}; ${v}'s item ${verdict.at} after it${beside}`, null, verdict.path, verdict.a, verdict.b);
        } else if (verdict.kind === 'idle-reveal')
          report('idle-reveal', v, k, k, `${what}; ${v}'s item ${verdict.at} after it`, null, '(declared reveals)', verdict.facts, 'the same bytes');
      }
    }

    /** Compares each of `f`'s viewers after the step; false when none is left to compare. */
    async function compareAll(f: Fork, fSeqs: Record<string, number>, at: number, actor: string, act: unknown): Promise<boolean> {
      const fState = (await f.world.state()).game;
      if (f.revealedIn && (f.revealedIn(trunkState.game) || f.revealedIn(fState))) return false;
      const keep: Viewer[] = [];
      for (const v of f.viewers) {
        const r = await rec(f.world, v, fSeqs[v] ?? -1);
        stats.comparisons++;
        const t = nextT[v]!;
        if (r.body.status !== t.body.status || t.body.status === 'finished') continue;
        const d = firstDifference(t, r);
        // The facts the rules have told v in each world (the game's typed reveals), as things stand.
        const ft = factsOf(told, trunkState.game, v, t.body.log);
        const ff = factsOf(told, fState, v, r.body.log);
        const differing = symmetricDifference(ft.facts, ff.facts);
        if (differing.length > 0) {
          // The rules told v something that tells the worlds apart: its bytes must show it, and nothing else may differ
          // (unless the step that told it is public in one world only). Its comparison ends here: what follows is a
          // consequence of what it was told.
          if (!d) report('idle-reveal', v, f.step, at, f.what, { side: actor, action: act }, '(declared reveals)', differing, 'the same bytes');
          else if (t.body.seq === r.body.seq) {
            const left = unexplained(t, r, differing, { ...ft.shows, ...ff.shows });
            if (left)
              report(
                f.kind,
                v,
                f.step,
                at,
                `${f.what} (beside what the rules told it: ${[...new Set(differing.map(whatOf))].join(', ')})`,
                { side: actor, action: act },
                left.path,
                left.a,
                left.b,
              );
          }
          continue;
        }
        if (d) {
          report(f.kind, v, f.step, at, f.what, { side: actor, action: act }, d.path, d.a, d.b);
          continue;
        }
        keep.push(v);
      }
      f.viewers = keep;
      return keep.length > 0;
    }

    async function converged(w: World): Promise<boolean> {
      const [a, b] = [await w.live(), await trunk.live()];
      // The cheap tests first: most worlds still going differ in their seqs (a private variant) or their state.
      return a.tl.chain.length === b.tl.chain.length && jsonEqual(a.tl.seqs.snapshot(), b.tl.seqs.snapshot()) && jsonEqual(a.tl.state, b.tl.state);
    }
  }
  void initial;
  stats.seconds += (performance.now() - t0) / 1000;
}

/** Runs `count` matches (seeds `${prefix}-${i}`, i from `from`) and returns the figures. */
export async function checkMatches<S>(spec: FogSpec<S>, prefix: string, from: number, count: number, budget: FogBudget = DEFAULT_BUDGET): Promise<FogStats> {
  const stats = emptyStats();
  for (let i = from; i < from + count; i++) await checkMatch(spec, `${prefix}-${i}`, budget, stats);
  return stats;
}

/** The figures in one line, and each difference (at most `limit`) in a few. */
export function formatStats(game: string, s: FogStats, limit = 10): string {
  const kinds = Object.entries(s.byKind)
    .map(([k, t]) => `${k} ${t.worlds}/${t.steps}`)
    .join(', ');
  const head = `${game}: ${s.matches} matches, ${s.steps} steps, ${s.worlds} worlds (${kinds || 'none'}: worlds/steps), ${s.comparisons} comparisons, ${s.differences.length} differences, ${s.seconds.toFixed(1)} s`;
  return [head, ...s.differences.slice(0, limit).map(formatDifference)].join('\n');
}
