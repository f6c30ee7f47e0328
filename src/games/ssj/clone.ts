/**
 * A copy of the state for a step to change, written for its shape (structuredClone costs ~1 ms a
 * call here): what a step replaces rather than changes in place is shared, the rest copied.
 */
import type { AirState } from './air/state';
import type { BattleState } from './battle/state';
import { shareKnown, type SsjState } from './state';
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

export function cloneState(s: SsjState): SsjState {
  const copy: SsjState = {
    ...s,
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
  };
  startChanges(copy);
  return Object.assign(copy, copyLocals(s));
}

/** A state read back from JSON (a snapshot: its units a record by id) with its table of units; a state that has one comes back as it is. */
export function reviveState(s: SsjState): SsjState {
  const units = reviveUnits(s.units);
  const tags = reviveTags(s.tags);
  return units === s.units && tags === s.tags ? s : { ...s, units, tags };
}
