/**
 * A copy of the state for a step to change, written for its shape (structuredClone costs ~1 ms a
 * call here): what a step replaces rather than changes in place is shared, the rest copied.
 */
import type { AirState } from './air/state';
import type { BattleState } from './battle/state';
import { shareKnown, type Locals, type SsjState, type TurnState } from './state';
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

/** The optional fields of a state, read whatever its phase (for the copy below). */
type Optional = Partial<Locals> & Pick<TurnState, 'subsClosed'>;

/** Every field a state may have: a copy must name each one (`cloneState`). */
type EveryField = keyof TurnState | keyof Locals | 'phase';

/**
 * A copy of `s` for a step to change: one object literal naming every field, in the order set-up
 * and the first copy gave them (so its JSON reads as before). A spread of the state (`{ ...s }`)
 * left V8's fast clone path, as the state carries its memo of prompts and views as a property that
 * is not enumerable (engine/memo.ts): its copies kept 4 fields in the object and 27 in a separate
 * property array, one more load for most reads of a state. The literal keeps all 31 in the object.
 * An optional field unset is a property holding undefined (see `go` in flow.ts): JSON, canonical
 * JSON and the verifier leave it out, as they left out an absent one.
 */
export function cloneState(s: SsjState): SsjState {
  const o = s as Optional;
  const { subAttack, air, battle, torpedoBattles } = o;
  const copy = {
    turn: s.turn,
    phase: s.phase,
    actor: s.actor,
    // Shared: a step copies a unit, and the record of them, when it first changes one (`own`).
    units: shareUnits(s),
    // Shared too: a step copies a group, and the record of them, when it first changes one (`ownGroup`).
    groups: shareGroups(s),
    tags: s.tags,
    // Shared too, until a step changes one (`change`, shared.ts): these records, and what each side knows (`learn` copies it).
    fogLiftedFor: share(s, 'fogLiftedFor'),
    revealed: share(s, 'revealed'),
    known: shareKnown(s),
    rabaulSorties: s.rabaulSorties,
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
    subsClosed: o.subsClosed,
    // The phase-local fields, copied (only those its phase has; the others undefined).
    subAttack: subAttack === undefined ? undefined : subAttack ? { ...subAttack } : null,
    air: air === undefined ? undefined : air ? copyAir(air) : null,
    battle: battle === undefined ? undefined : battle ? copyBattle(battle) : null,
    afterMidnight: o.afterMidnight,
    torpedoBattles: torpedoBattles === undefined ? undefined : { ...torpedoBattles },
    dayLanded: o.dayLanded === undefined ? undefined : arr(o.dayLanded),
    groundDone: o.groundDone === undefined ? undefined : arr(o.groundDone),
    withdrawAfter: o.withdrawAfter,
  } satisfies Record<EveryField, unknown>;
  startChanges(copy as SsjState);
  return copy as SsjState;
}

/** A state read back from JSON (a snapshot: its units a record by id) with its table of units; a state that has one comes back as it is. */
export function reviveState(s: SsjState): SsjState {
  const units = reviveUnits(s.units);
  const tags = reviveTags(s.tags);
  return units === s.units && tags === s.tags ? s : { ...s, units, tags };
}
