/**
 * A copy of the state for a step to change, written for its shape (structuredClone costs ~1 ms a
 * call here): what a step replaces rather than changes in place is shared, the rest copied.
 */
import type { AirState } from './air/state';
import type { BattleState } from './battle/state';
import { shareKnown, type LOCAL_KEYS, type Locals, type SsjState } from './state';
import { shareGroups } from './groups';
import { share } from './shared';
import { reviveTags } from './tag-table';
import { reviveUnits } from './unit-table';
import { shareUnits, startChanges } from './units';

const arr = <T>(xs: T[]) => xs.slice();

function copyBattle(b: BattleState): BattleState {
  return {
    ...b,
    queue: arr(b.queue),
    tf: { ...b.tf },
    row: { ...b.row },
    ...(b.pts ? { pts: arr(b.pts) } : {}),
    placed: arr(b.placed),
    fire: { allied: { ...b.fire.allied }, japanese: { ...b.fire.japanese } },
    torpedoes: b.torpedoes.map(([f, t]) => [f, t] as [string, string]),
    wild: arr(b.wild),
    decided: arr(b.decided),
    torpedoBattles: { ...b.torpedoBattles },
  };
}

function copyAir(a: AirState): AirState {
  return {
    ...a,
    strikes: { allied: a.strikes.allied.map((x) => ({ ...x })), japanese: a.strikes.japanese.map((x) => ({ ...x })) },
    closed: arr(a.closed),
    flying: a.flying ? { ...a.flying, units: arr(a.flying.units), ships: arr(a.flying.ships) } : null,
    flown: arr(a.flown),
    airborne: arr(a.airborne),
    ...(a.airborneArea ? { airborneArea: { ...a.airborneArea } } : {}),
  };
}

/** The phase-local fields of `s`, copied (only those its phase has). */
function copyLocals(s: SsjState): Partial<SsjState> {
  const out: Partial<Record<string, unknown>> = {};
  if (s.subAttack !== undefined) out.subAttack = s.subAttack ? { ...s.subAttack } : null;
  if (s.air !== undefined) out.air = s.air ? copyAir(s.air) : null;
  if (s.battle !== undefined) out.battle = s.battle ? copyBattle(s.battle) : null;
  if (s.afterMidnight !== undefined) out.afterMidnight = s.afterMidnight;
  if (s.torpedoBattles !== undefined) out.torpedoBattles = { ...s.torpedoBattles };
  if (s.dayLanded !== undefined) out.dayLanded = arr(s.dayLanded);
  if (s.groundDone !== undefined) out.groundDone = arr(s.groundDone);
  return out;
}

/** The optional fields of a state, read whatever its phase (for the copy below). */
type Optional = Partial<Pick<SsjState & Locals, (typeof LOCAL_KEYS)[number] | 'subsClosed'>>;

export function cloneState(s: SsjState): SsjState {
  const o = s as Optional;
  const copy = {
    ...s,
    // Every optional field is a property of every copy, undefined when it is unset, so a step that
    // sets one (a phase's entry: `go` in flow.ts) changes a property instead of adding one. Added to
    // an object of thirty, properties made V8 hold the state as a dictionary, slower to read and to
    // copy: the state of every turn's end, and of the screen coming down, was one. JSON, canonical
    // JSON and the verifier leave an undefined field out, as they left out an absent one.
    subAttack: o.subAttack,
    air: o.air,
    battle: o.battle,
    afterMidnight: o.afterMidnight,
    torpedoBattles: o.torpedoBattles,
    dayLanded: o.dayLanded,
    groundDone: o.groundDone,
    withdrawAfter: o.withdrawAfter,
    subsClosed: o.subsClosed,
    // Shared: a step copies a unit, and the record of them, when it first changes one (`own`).
    units: shareUnits(s),
    // Shared too: a step copies a group, and the record of them, when it first changes one (`ownGroup`).
    groups: shareGroups(s),
    // Shared too, until a step changes one (`change`, shared.ts): these records, and what each side knows (`learn` copies it).
    fogLiftedFor: share(s, 'fogLiftedFor'),
    revealed: share(s, 'revealed'),
    known: shareKnown(s),
    magic: share(s, 'magic'),
    early: share(s, 'early'),
    alliedPicks: share(s, 'alliedPicks'),
    detection: share(s, 'detection'),
    subsDone: share(s, 'subsDone'),
    airSupply: share(s, 'airSupply'),
    holder: share(s, 'holder'),
    volcano: share(s, 'volcano'),
    vp: share(s, 'vp'),
    vpLog: s.vpLog,
    // A state from before `engaged` was kept has none: an empty record then.
    engaged: s.engaged ? share(s, 'engaged') : [],
    airTurn: share(s, 'airTurn'),
  } as SsjState;
  startChanges(copy);
  return Object.assign(copy, copyLocals(s));
}

/** A state read back from JSON (a snapshot: its units a record by id) with its table of units; a state that has one comes back as it is. */
export function reviveState(s: SsjState): SsjState {
  const units = reviveUnits(s.units);
  const tags = reviveTags(s.tags);
  return units === s.units && tags === s.tags ? s : { ...s, units, tags };
}
