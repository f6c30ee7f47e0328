/**
 * A long soak in pieces (docs/fog.md, "Soaks"): with FOG_OUT=<file>, `scripts/fog.ts` appends
 * one JSON line per finished campaign and skips the campaigns the file already holds (same
 * game, seed and settings), so a soak of hundreds of Sky, Sea, and JUNGLE campaigns can be
 * stopped and started again over several nights; `scripts/fog-sum.ts` adds the lines up.
 * A campaign stopped half-way writes nothing and is played again whole.
 */
import type { FogStats } from './harness';

/** A run's figures (a `FogStats` but its count of matches; a soak's, with each difference as text). */
export interface Figures<D> {
  steps: number;
  /** Worlds built besides the trunks. */
  worlds: number;
  byKind: Record<string, { worlds: number; steps: number }>;
  /** Viewer-by-step comparisons made. */
  comparisons: number;
  differences: D[];
  seconds: number;
}

/** Adds `one`'s figures into `into`'s. */
export function addFigures<D>(into: Figures<D>, one: Figures<D>): void {
  into.steps += one.steps;
  into.worlds += one.worlds;
  into.comparisons += one.comparisons;
  into.seconds += one.seconds;
  into.differences.push(...one.differences);
  for (const [k, t] of Object.entries(one.byKind)) {
    const to = (into.byKind[k] ??= { worlds: 0, steps: 0 });
    to.worlds += t.worlds;
    to.steps += t.steps;
  }
}

/** One finished campaign, as a line of a soak file: its figures, each difference as `formatDifference` writes it. */
export interface SoakLine extends Figures<string> {
  game: string;
  /** The campaign's index: its seed is `fog-<game id>-<i>` (the seeds of `npm test`). */
  i: number;
  seed: string;
  /** What besides the seed decides the campaign ('' for the CI budget and whole campaigns): FOG_MAX_STEPS, FOG_BUDGET. */
  settings: string;
  /** The code it ran on: `git rev-parse HEAD`, with `+changes` when src, test or scripts had uncommitted changes. */
  commit: string;
}

/** The settings text of a soak: the step cut and the budget override, '' when neither is given. */
export function soakSettings(maxSteps: number | undefined, budget: object): string {
  const parts: Record<string, unknown> = {};
  if (maxSteps !== undefined) parts['maxSteps'] = maxSteps;
  if (Object.keys(budget).length > 0) parts['budget'] = budget;
  return Object.keys(parts).length > 0 ? JSON.stringify(parts) : '';
}

/** The line for one campaign from its own figures (a `FogStats` that holds that campaign alone). */
export function soakLine(game: string, i: number, seed: string, settings: string, s: FogStats, differences: string[], commit: string): SoakLine {
  return { game, i, seed, settings, steps: s.steps, worlds: s.worlds, byKind: s.byKind, comparisons: s.comparisons, differences, seconds: Math.round(s.seconds * 10) / 10, commit };
}

/** The lines of a soak file; a line that is not a whole record (a write cut off by a kill) is counted in `torn` and left out. */
export function readSoak(text: string): { lines: SoakLine[]; torn: number } {
  const lines: SoakLine[] = [];
  let torn = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      torn++;
      continue;
    }
    if (isSoakLine(parsed)) lines.push(parsed);
    else torn++;
  }
  return { lines, torn };
}

function isSoakLine(v: unknown): v is SoakLine {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r['game'] === 'string' &&
    Number.isInteger(r['i']) &&
    typeof r['settings'] === 'string' &&
    typeof r['steps'] === 'number' &&
    typeof r['worlds'] === 'number' &&
    typeof r['comparisons'] === 'number' &&
    typeof r['seconds'] === 'number' &&
    Array.isArray(r['differences']) &&
    typeof r['byKind'] === 'object' &&
    r['byKind'] !== null
  );
}

/** The campaigns of `game` with these settings that a soak file holds already (a resumed soak skips them). */
export function doneIn(lines: readonly SoakLine[], game: string, settings: string): Set<number> {
  return new Set(lines.filter((l) => l.game === game && l.settings === settings).map((l) => l.i));
}

/** A soak's figures for one game and settings: each campaign counted once (the first line of it). */
export interface SoakSum extends Figures<string> {
  game: string;
  settings: string;
  campaigns: number;
  /** The campaigns' indices as ranges ("0–40, 345–508"). */
  ranges: string;
  /** Each commit and how many campaigns ran on it. */
  commits: Record<string, number>;
  /** Lines of a campaign counted already (the same campaign in two files, or run twice), left out. */
  repeated: number;
}

/** Adds up soak lines per game and settings. */
export function sumSoak(lines: readonly SoakLine[]): SoakSum[] {
  const sums = new Map<string, SoakSum & { seen: Set<number> }>();
  for (const l of lines) {
    const key = JSON.stringify([l.game, l.settings]);
    let s = sums.get(key);
    if (!s) {
      s = {
        game: l.game,
        settings: l.settings,
        campaigns: 0,
        steps: 0,
        worlds: 0,
        byKind: {},
        comparisons: 0,
        differences: [],
        seconds: 0,
        ranges: '',
        commits: {},
        repeated: 0,
        seen: new Set(),
      };
      sums.set(key, s);
    }
    if (s.seen.has(l.i)) {
      s.repeated++;
      continue;
    }
    s.seen.add(l.i);
    s.campaigns++;
    addFigures(s, l);
    s.commits[l.commit] = (s.commits[l.commit] ?? 0) + 1;
  }
  return [...sums.values()].map(({ seen, ...s }) => ({ ...s, seconds: Math.round(s.seconds * 10) / 10, ranges: rangesOf([...seen]) }));
}

/** Sorted integers as ranges: [0, 1, 2, 5] → "0–2, 5". */
export function rangesOf(xs: readonly number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  const out: string[] = [];
  for (let k = 0; k < sorted.length;) {
    let j = k;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(j === k ? `${sorted[k]}` : `${sorted[k]}–${sorted[j]}`);
    k = j + 1;
  }
  return out.join(', ');
}

/** A sum in a few lines, as `formatStats` writes a run's figures, with the campaigns, settings and commits. */
export function formatSum(s: SoakSum): string {
  const kinds = Object.entries(s.byKind)
    .map(([k, t]) => `${k} ${t.worlds}/${t.steps}`)
    .join(', ');
  const commits = Object.entries(s.commits)
    .map(([c, n]) => `${c} (${n})`)
    .join(', ');
  return [
    `${s.game}${s.settings ? ` ${s.settings}` : ''}: ${s.campaigns} matches, ${s.steps} steps, ${s.worlds} worlds (${kinds || 'none'}: worlds/steps), ${s.comparisons} comparisons, ${s.differences.length} differences, ${s.seconds.toFixed(1)} s`,
    `  campaigns ${s.ranges || 'none'}${s.repeated ? ` (${s.repeated} repeated lines left out)` : ''}; on ${commits || 'no commit'}`,
    ...s.differences,
  ].join('\n');
}
