/**
 * Copy-on-write of the state's small records, as `learn`/`shareKnown` (state.ts) do for `known`:
 * copies of the state (clone.ts) share them until a step changes one, which it does through
 * `change` (the types make them read only everywhere else). Most steps change none of them, and
 * copying them all on every step was about a fourteenth of the engine's time. A view may hold them
 * as they are (view.ts): no step changes them once the state is made.
 *
 * Frozen means shared: when a state is cloned, `share` freezes each record (and what it holds that
 * could be changed in place); `change` copies a frozen record, once a step, and hands out the copy,
 * which the step may change in place until the state is cloned in turn. So no step changes a record
 * another state (or a view made of one) holds.
 */
import type { BaseId, Side } from './data/types';
import type { Raid } from './air/state';
import type { MagicRoll, SsjState } from './state';

/** The records as a step changes them (through `change`). */
export interface SharedRecords {
  revealed: Record<string, readonly Side[]>;
  detection: Record<Side, Record<string, boolean>>;
  airSupply: Record<string, BaseId>;
  holder: Record<BaseId, Side>;
  volcano: { streak: number; erupted: boolean; rolls: readonly number[] };
  vp: Record<Side, number>;
  airTurn: { staged: string[]; stagedFrom: string[]; raids: readonly Readonly<Raid>[] };
  magic: { successes: number; rolls: readonly MagicRoll[] };
  early: { rolled: boolean; success: boolean } | null;
  alliedPicks: { cruiser: string | null; other: string | null };
  fogLiftedFor: Side[];
  subsDone: string[];
  engaged: string[];
}
export type Shared = keyof SharedRecords;

/** Each record's copy for a step to change: deep enough that nothing the copy lets a step change in place is shared. */
const COPY: { [K in Shared]: (r: SsjState[K]) => SharedRecords[K] } = {
  revealed: (r) => ({ ...r }),
  detection: (d) => ({ allied: { ...d.allied }, japanese: { ...d.japanese } }),
  airSupply: (r) => ({ ...r }),
  holder: (r) => ({ ...r }),
  volcano: (v) => ({ ...v }),
  vp: (r) => ({ ...r }),
  airTurn: (t) => ({ staged: t.staged.slice(), stagedFrom: t.stagedFrom.slice(), raids: t.raids }),
  magic: (m) => ({ ...m }),
  early: (e) => (e ? { ...e } : null),
  alliedPicks: (p) => ({ ...p }),
  fogLiftedFor: (a) => a.slice(),
  subsDone: (a) => a.slice(),
  engaged: (a) => a.slice(),
};

/** What each record holds that could be changed in place, frozen with it. */
const FREEZE_INSIDE: Partial<{ [K in Shared]: (r: SsjState[K]) => void }> = {
  revealed: (r) => {
    for (const id in r) Object.freeze(r[id]);
  },
  detection: (d) => {
    Object.freeze(d.allied);
    Object.freeze(d.japanese);
  },
  volcano: (v) => Object.freeze(v.rolls),
  magic: (m) => {
    for (const r of m.rolls) Object.freeze(Object.freeze(r).numbers);
    Object.freeze(m.rolls);
  },
  airTurn: (t) => {
    Object.freeze(t.staged);
    Object.freeze(t.stagedFrom);
    for (const r of t.raids) Object.freeze(r);
    Object.freeze(t.raids);
  },
};

/** The record `key` of `s`, for a copy of `s` to share: frozen, so that a later `change` copies it. */
export function share<K extends Shared>(s: SsjState, key: K): SsjState[K] {
  const r = s[key];
  if (!Object.isFrozen(r)) {
    (FREEZE_INSIDE[key] as ((r: SsjState[K]) => void) | undefined)?.(r);
    Object.freeze(r);
  }
  return r;
}

/** The record `key` of `s`, to change: copied first (and put in `s`) if it is shared. A reference to the record taken before is stale after. */
export function change<K extends Shared>(s: SsjState, key: K): SharedRecords[K] {
  const r = s[key];
  if (!Object.isFrozen(r)) return r as SharedRecords[K];
  const copy = (COPY[key] as (r: SsjState[K]) => SharedRecords[K])(r);
  (s as Record<K, unknown>)[key] = copy;
  return copy;
}
