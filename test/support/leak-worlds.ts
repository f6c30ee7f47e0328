/**
 * Worlds for the leak regressions of issue #38: the same match played through the real
 * `MatchService` (the fog harness's `World`: the memory store, every seat taken, a move
 * deadline and a notice address on each seat) along scripts that differ only in what a
 * viewer may not see — another private step, another hidden position or set-up, an undo. At each
 * checkpoint the viewer's transcript takes everything it was sent since the last one (state
 * pushes, patches, other events, notices) and what it reads then (GET with the log after the
 * seq it knew). Two worlds the viewer cannot tell apart give equal transcripts, byte for
 * byte; the test's oracle is that equality, not the code under test.
 */
import type { GameModule, Viewer } from '../../src/engine';
import { firstDifference } from './fog/diff';
import { World, type Clock, type Outcome } from './fog/world';

/** What else `viewer` reads at checkpoint `n` (0 first), beside what the match service sends it. */
export type Extra = (world: World, viewer: Viewer, n: number) => Promise<unknown>;

/**
 * A step of a script: an action or an undo of `side`, anything else done through the service
 * (`run`: a chat message, a deadline), or a checkpoint where the viewers' transcripts are taken.
 */
export type Step = { side: string; action: unknown } | { side: string; undo: true } | { run: (world: World) => Promise<unknown> } | 'check';

export interface Played {
  world: World;
  /** Per viewer, one record per checkpoint. */
  transcripts: Record<Viewer, unknown[]>;
}

/** A world's script, and (when it differs from the others', as a hidden set-up may) its options. */
export interface Script {
  steps: readonly Step[];
  options?: unknown;
}

/**
 * Plays each script in a new match of `game` with the same seed (and `options`, unless the
 * script has its own), every seat taken. Every action and undo must be accepted (a refused one
 * fails the test: the script is wrong). `extra`, when given, adds to each checkpoint's record
 * what else the viewer may read then (a creator answer, an error reply). The match ids, random,
 * are the one thing every viewer of two worlds sees differ: transcripts name each `match`.
 */
export async function playWorlds(
  game: GameModule,
  options: unknown,
  seed: string,
  scripts: readonly (readonly Step[] | Script)[],
  viewers: readonly Viewer[],
  extra?: Extra,
): Promise<Played[]> {
  const out: Played[] = [];
  for (const script of scripts) {
    const { steps, options: own } = 'steps' in script ? script : { steps: script, options: undefined };
    const clock = { t: Date.UTC(2026, 11, 1) };
    out.push(await play(await World.create(game, own ?? options, seed, clock), steps, viewers, clock, extra));
  }
  return out;
}

async function play(world: World, steps: readonly Step[], viewers: readonly Viewer[], clock: Clock, extra?: Extra): Promise<Played> {
  const since: Record<Viewer, number> = {};
  for (const v of viewers) since[v] = await world.seqOf(v);
  const transcripts: Record<Viewer, unknown[]> = Object.fromEntries(viewers.map((v) => [v, []]));
  world.mark();
  for (const [i, st] of steps.entries()) {
    if (st === 'check') {
      for (const v of viewers) {
        const record = await world.record(v, since[v]!, undefined, false);
        since[v] = record.body.seq;
        // As the JSON text the wire carries (the order of keys kept: other orders are other bytes).
        const text = JSON.stringify({ ...record, ...(extra ? { extra: await extra(world, v, transcripts[v]!.length) } : {}) });
        transcripts[v]!.push(JSON.parse(text.split(world.id).join('match')));
      }
      world.mark();
      // The same time passes between checkpoints in every world, whatever number of steps each took.
      clock.t += 60_000;
      continue;
    }
    if ('run' in st) {
      await st.run(world);
      continue;
    }
    const out: Outcome = 'undo' in st ? await world.undo(st.side) : await world.act(st.side, st.action);
    if (!out.ok) throw new Error(`step ${i} (${JSON.stringify(st)}) was refused: ${out.error.code} ${out.error.message}`);
  }
  return { world, transcripts };
}

/** The first difference between two worlds' transcripts for `viewer`, as `checkpoint N: path: a / b` (null: the same bytes). */
export function transcriptDifference(a: Played, b: Played, viewer: Viewer): string | null {
  const d = firstDifference(a.transcripts[viewer], b.transcripts[viewer]);
  return d && `${d.path}: ${JSON.stringify(d.a)?.slice(0, 300)} / ${JSON.stringify(d.b)?.slice(0, 300)}`;
}
