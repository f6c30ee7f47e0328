/** VI.F.1.c/f, VI.F.2: the state of a surface battle (plain JSON, part of the combat phases' slice). */
import type { SeaAreaId, Side } from '../data/types';

export type Row = 'above' | 'below';
export type BattleStep = 'engage' | 'pursuit' | 'pt-day' | 'choose-tf' | 'place' | 'surprise' | 'torpedo' | 'wild' | 'after-torpedo' | 'fire' | 'continue';
/** Who fires in a 'fire' step: the surpriser first, then the surprised side, then both at once. */
export type FireOrder = 'first' | 'second' | 'both';

export type BattleMode = 'day' | 'night';

export interface BattleState {
  mode: BattleMode;
  area: SeaAreaId;
  /** Sea areas still to be fought over in this stage, after `area`. */
  queue: SeaAreaId[];
  /** The task force (group id) each side has in the battle. */
  tf: Record<Side, string | null>;
  /** Every ship on the Battle Board: its row. */
  row: Record<string, Row>;
  /** Sides that have closed their placement. */
  placed: Side[];
  /** The night surprise result of this battle (null until rolled). */
  surprise: Side | 'none' | null;
  step: BattleStep;
  order: FireOrder;
  round: number;
  /** This round's gunfire allocations: firing ship → target ship. */
  fire: Record<Side, Record<string, string>>;
  /** The surprise torpedo allocations: [firing ship, target ship]. */
  torpedoes: [string, string][];
  /** Wild torpedoes waiting for the other player's blind choice of target: the firing ships. */
  wild: string[];
  /** Sides that have said "continue" after this round. */
  decided: Side[];
  /** Surprise torpedo battles each task force has fought this turn (VI.F.2.b.1). */
  torpedoBattles: Record<string, number>;
  /**
   * VI.F.1.c: the battles of this stage are fought only where both sides choose to engage (or the
   * pursued side will not abandon its slow and HD ships); false or absent: they must be fought (VI.F.1.f, VI.F.2).
   */
  voluntary?: boolean;
  /** VI.F.1.c: each side's choice, in the sea area under way, to engage (true) or not (false); the Japanese decide first. */
  engage?: Partial<Record<Side, boolean>>;
  /** VI.F.1.c: the Allied PT units that have joined this daylight battle in the Slot (instead of hiding). */
  pts?: string[];
  /**
   * Pairs of task forces ("japanese|allied") that met in this stage with no ship able to fire
   * on either side, and that both chose to stay: they do not meet again this stage (RULING).
   */
  standoffs?: string[];
  /**
   * RULING (VI.F.1.f, VI.F.2, VI.F.2.g.2.b): in a battle that must be fought, neither task force could fire and neither
   * withdrew — no battle can leave "only one side's ships", so both must withdraw, the Japanese first, each where VI.H allows.
   */
  forced?: boolean;
  /**
   * VI.F.2.c, the night battles after After Midnight: the task forces that had fought a surface battle this turn when they
   * began. Two of them do not meet again (RULING): those battles are the arrivals'.
   */
  foughtBefore?: string[];
  /**
   * The pieces sunk by fire (gunfire, torpedoes, PT boats) in the battle under way — every such sinking is announced to
   * everyone, the ship named (VI.F.2.b note: a ship sunk is turned face up for everyone). Not the ships scuttled (named to
   * their owner alone) nor those sunk later by a damage roll (secret). Emptied when the next battle's task forces meet.
   */
  sunk?: string[];
}
