/**
 * The calendars (III.A.4): per turn, the Night Surface Battle table column, the Allied
 * calendar air units, and the turn-by-turn switches the rules hang on the calendar.
 * Japanese reinforcements are the `calendar` arrivals of the unit lists (all at Truk, VI.A);
 * `arrivalsOn` collects them.
 *
 * RULING (VI.A, VI.C): "AugII" starts both the Allied reinforcements and the Magic rolls.
 * The Allied player picks his AugII ships during AugI (one turn ahead) and receives ships,
 * calendar air and 4 ground units from AugII on; Magic is rolled on each of the 8 turns
 * AugII–DecI (never on AugI).
 * RULING (VI.F.2.a): night column A (Japanese optics and training supreme) for Aug–Sept;
 * B from OctI (SG radar on HELENA and BOISE at Cape Esperance, 11 Oct); C from NovII
 * (WASHINGTON's radar-directed gunnery, 14–15 Nov). Reconstructed.
 */

import { AIR_UNITS } from './air';
import { GROUND_UNITS, ALLIED_GROUND_PER_TURN } from './ground';
import { PT_UNITS } from './pt';
import { SHIPS } from './ships';
import type { NightColumn } from './tables-types';
import { TURNS, type AirUnit, type Arrival, type GroundUnit, type PtUnit, type ShipUnit, type TurnId } from './types';

export const TURN_DATES: Readonly<Record<TurnId, string>> = {
  AugI: '1–15 Aug 1942',
  AugII: '16–31 Aug 1942',
  SepI: '1–15 Sep 1942',
  SepII: '16–30 Sep 1942',
  OctI: '1–15 Oct 1942',
  OctII: '16–31 Oct 1942',
  NovI: '1–15 Nov 1942',
  NovII: '16–30 Nov 1942',
  DecI: '1–15 Dec 1942',
};

/** The Night Surface Battle Detection/Surprise column in use each turn (VI.F.2.a). */
export const NIGHT_COLUMN: Readonly<Record<TurnId, NightColumn>> = {
  AugI: 'A',
  AugII: 'A',
  SepI: 'A',
  SepII: 'A',
  OctI: 'B',
  OctII: 'B',
  NovI: 'B',
  NovII: 'C',
  DecI: 'C',
};

export const FIRST_TURN: TurnId = 'AugI';
export const LAST_TURN: TurnId = 'DecI';
/** VI.A: Allied reinforcements from the 2nd/AugII turn. */
export const FIRST_ALLIED_REINFORCEMENT_TURN: TurnId = 'AugII';
/** VI.C: Magic rolls "beginning with the AugII turn". */
export const FIRST_MAGIC_TURN: TurnId = 'AugII';
/** VI.A: each turn one destroyer division (in numerical order), one cruiser, one other ship. */
export const ALLIED_SHIPS_PER_TURN = { destroyer: 1, cruiser: 1, other: 1 } as const;

export function turnIndex(turn: TurnId): number {
  return TURNS.indexOf(turn);
}

export function nextTurn(turn: TurnId): TurnId | null {
  return TURNS[turnIndex(turn) + 1] ?? null;
}

export interface CalendarTurn {
  turn: TurnId;
  dates: string;
  nightColumn: NightColumn;
  /** Ids of the Allied air units arriving from the calendar this turn. */
  alliedAir: readonly string[];
  /** Allied ship reinforcements (VI.A) arrive this turn. */
  alliedShipReinforcements: boolean;
  /** Allied ground units received this turn (VI.A). */
  alliedGround: number;
  /** The Allied Magic roll is made this turn (VI.C). */
  magicRoll: boolean;
  /** The special first-turn rule (V): Japanese Truk forces stay unless early activation succeeds. */
  firstTurnRestriction: boolean;
}

const onTurn = (a: Arrival, turn: TurnId): boolean => a.kind === 'calendar' && a.turn === turn;

export const CALENDAR: readonly CalendarTurn[] = TURNS.map((turn) => {
  const reinforced = turnIndex(turn) >= turnIndex(FIRST_ALLIED_REINFORCEMENT_TURN);
  return {
    turn,
    dates: TURN_DATES[turn],
    nightColumn: NIGHT_COLUMN[turn],
    alliedAir: AIR_UNITS.filter((u) => u.side === 'allied' && onTurn(u.arrival, turn)).map((u) => u.id),
    alliedShipReinforcements: reinforced,
    alliedGround: reinforced ? ALLIED_GROUND_PER_TURN : 0,
    magicRoll: turnIndex(turn) >= turnIndex(FIRST_MAGIC_TURN),
    firstTurnRestriction: turn === FIRST_TURN,
  };
});

export function calendarTurn(turn: TurnId): CalendarTurn {
  const t = CALENDAR[turnIndex(turn)];
  if (!t) throw new RangeError(`no such turn ${turn}`);
  return t;
}

export interface Arrivals {
  ships: readonly ShipUnit[];
  air: readonly AirUnit[];
  ground: readonly GroundUnit[];
  pt: readonly PtUnit[];
}

/**
 * `f` made once per turn: the look-ups below depend on the turn and the data alone, and the start of each turn
 * (setup.ts) and each Allied reinforcement prompt ask for them, so each is a scan of the counter sheet made once.
 * What they give is frozen, so no caller changes what the next one is given.
 */
function perTurn<T extends object>(f: (turn: TurnId) => T): (turn: TurnId) => T {
  const made = new Map<TurnId, T>();
  return (turn) => {
    let t = made.get(turn);
    if (!t) made.set(turn, (t = Object.freeze(f(turn))));
    return t;
  };
}

/** Every unit (both sides) that arrives from the calendar on this turn. */
export const arrivalsOn = perTurn((turn): Arrivals => ({
  ships: Object.freeze(SHIPS.filter((u) => onTurn(u.arrival, turn))),
  air: Object.freeze(AIR_UNITS.filter((u) => onTurn(u.arrival, turn))),
  ground: Object.freeze(GROUND_UNITS.filter((u) => onTurn(u.arrival, turn))),
  pt: Object.freeze(PT_UNITS.filter((u) => onTurn(u.arrival, turn))),
}));

/** Allied pool ships (not DD divisions) that may be chosen to arrive on `turn` (`from` reached). */
export const alliedPoolShipsAvailable = perTurn((turn): readonly ShipUnit[] =>
  SHIPS.filter(
    (s) => s.side === 'allied' && s.arrival.kind === 'pool' && s.arrival.order === undefined && turnIndex(s.arrival.from ?? FIRST_ALLIED_REINFORCEMENT_TURN) <= turnIndex(turn),
  ),
);

const DESTROYER_ORDER: readonly ShipUnit[] = Object.freeze(
  SHIPS.filter((s) => s.side === 'allied' && s.arrival.kind === 'pool' && s.arrival.order !== undefined).sort(
    (a, b) => (a.arrival.kind === 'pool' ? (a.arrival.order ?? 0) : 0) - (b.arrival.kind === 'pool' ? (b.arrival.order ?? 0) : 0),
  ),
);

/** The Allied destroyer divisions of the pool in their numerical order (VI.A). */
export function alliedDestroyerOrder(): readonly ShipUnit[] {
  return DESTROYER_ORDER;
}

/** The Allied ground units of the pool due on `turn`: the next ALLIED_GROUND_PER_TURN in `order` (see ground.ts). */
export const alliedGroundDue = perTurn((turn): readonly GroundUnit[] => {
  const k = turnIndex(turn) - turnIndex(FIRST_ALLIED_REINFORCEMENT_TURN);
  if (k < 0) return [];
  const lo = k * ALLIED_GROUND_PER_TURN + 1;
  const hi = lo + ALLIED_GROUND_PER_TURN - 1;
  return GROUND_UNITS.filter((g) => g.arrival.kind === 'pool' && (g.arrival.order ?? 0) >= lo && (g.arrival.order ?? 0) <= hi);
});
