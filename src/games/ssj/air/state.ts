/** VI.F.1.a, b, d: the state of an air strike stage (plain JSON, part of the air phases' slice) and what a turn's strikes leave for its later stages. */
import type { BaseId, SeaAreaId, Side } from '../data/types';

export type AirStage = 'morning-land' | 'carriers' | 'counter' | 'afternoon-land';

/** One allocated strike: at a group at sea, or at a base's ground, air or harbour. */
export interface Strike {
  unit: string;
  group?: string;
  base?: BaseId;
  target?: 'ground' | 'air' | 'harbour';
  /** A staged B-17 (VI.F.1.a): its one attack of the turn. */
  staged?: boolean;
}

/** A base struck by carrier air, and the raiding carrier's group (for the counterattack, VI.F.1.b). */
export interface Raid {
  side: Side;
  base: BaseId;
  group: string;
}

/**
 * A strike flown at a group or a harbour as its public log entry tells it (the entry's typed `flight` datum; VI.F.1.b:
 * the pre-allocated strikes fly in the open, each turning its target up): who struck, where — a group by its sea area
 * only (the entry says "a group in …"), a harbour by its base, or nowhere, its target gone — and how many units flew.
 * Read by the fog harness's declared reveals (reveals.ts).
 */
export interface Flight {
  side: Side;
  area?: SeaAreaId;
  base?: BaseId;
  gone?: true;
  units: number;
}

export interface AirState {
  stage: AirStage;
  /** The side allocating or resolving now. */
  side: Side;
  /** 'land': carrier air in the air (`airborne`, first in line first) waits for its owner to pick where it lands. */
  step: 'allocate' | 'aim' | 'land';
  /** Allocated strikes not yet flown, by side. */
  strikes: Record<Side, Strike[]>;
  /** Sides that have closed their allocation in this stage. */
  closed: Side[];
  /** The strike being flown at a group or harbour: its units still to aim, and the ships turned up. */
  flying: { side: Side; group?: string; base?: BaseId; units: string[]; ships: string[] } | null;
  /** Units that have struck this stage (one strike a stage). */
  flown: string[];
  /** Carrier air in the air this stage: it survives its carrier's loss and lands afterwards (VI.F.1.b note). */
  airborne: string[];
  /** Carrier strikes: both sides have closed and the strikes are in the air. */
  launched?: boolean;
  /** The sea area each airborne unit's carrier was in when it launched (where it may land). */
  airborneArea?: Record<string, SeaAreaId>;
}

/** What a turn's air strikes leave for its later stages (reset when the morning stage begins). */
export interface AirTurn {
  /** Staged B-17s this turn (no other attack), and the staging bases used. */
  staged: string[];
  stagedFrom: string[];
  /** Bases struck by carrier air this turn, and the raiding carriers' groups (for the counterattack, VI.F.1.b). */
  raids: Raid[];
}
