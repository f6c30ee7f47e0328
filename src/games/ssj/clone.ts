/** A deep copy of the state, written for its shape (structuredClone costs ~1 ms a call here). */
import type { AirState } from './air/state';
import type { BattleState } from './battle/state';
import type { SsjState, UnitState } from './state';

// A unit's place, the arrays of `revealed` and `known`, and the tags (drawn anew, as a new object,
// each turn) are only ever replaced, never changed in place (the state's code assigns new ones),
// so a copy shares them.
const copyUnit = (u: UnitState): UnitState => ({ ...u });

function mapValues<T>(r: Record<string, T>, f: (v: T) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in r) out[k] = f(r[k]!);
  return out;
}

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
    units: mapValues(s.units, copyUnit),
    groups: mapValues(s.groups, (g) => ({ ...g, ships: arr(g.ships) })),
    fogLiftedFor: arr(s.fogLiftedFor),
    revealed: { ...s.revealed },
    known: { ...s.known },
    magic: { successes: s.magic.successes, rolls: s.magic.rolls.map((r) => ({ ...r, numbers: arr(r.numbers) })) },
    early: s.early ? { ...s.early } : null,
    alliedPicks: { ...s.alliedPicks },
    detection: { allied: { ...s.detection.allied }, japanese: { ...s.detection.japanese } },
    subsDone: arr(s.subsDone),
    airSupply: { ...s.airSupply },
    holder: { ...s.holder },
    volcano: { ...s.volcano, rolls: arr(s.volcano.rolls) },
    vp: { ...s.vp },
    vpLog: s.vpLog.map((e) => ({ ...e })),
    engaged: arr(s.engaged ?? []),
    airTurn: { staged: arr(s.airTurn.staged), stagedFrom: arr(s.airTurn.stagedFrom), raids: s.airTurn.raids.map((r) => ({ ...r })) },
  };
  return Object.assign(copy, copyLocals(s));
}
