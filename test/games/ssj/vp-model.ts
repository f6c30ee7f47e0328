/**
 * An independent model of a campaign's victory points (IV), built only from what happens
 * to the units and the bases, never from the engine's own record of points (`vp`, `vpLog`):
 * - a replaceable unit (air, ground, PT) lost scores for the other side ("You must record
 *   losses of the replaceable (ground and air) units"; VI.A brings them back "after having
 *   recorded their point loss");
 * - each objective scores for whoever holds it at the end of each turn ("turn-by-turn
 *   occupation of point-awarding geographical objectives");
 * - V: 5 to the Allies when the Japanese early activation succeeds;
 * - VI.C NOTE: 5 to the Japanese for each Magic turn above 4, 5 to the Allies for each below 4.
 * The values per unit and per objective are data (data/tables/victory.ts, data/bases.ts); the
 * arithmetic and the moments of scoring are the model's own.
 */
import { AIR_LOSS_VP, AIR_UNITS, BASES, GROUND_LOSS_VP, PT_LOSS_VP } from '../../../src/games/ssj/data';
import type { Side } from '../../../src/games/ssj/data/types';
import type { SsjState, UnitState } from '../../../src/games/ssj/state';
import type { LogEntry, MatchState } from '../../../src/engine';

const other = (s: Side): Side => (s === 'allied' ? 'japanese' : 'allied');

function lossValue(u: UnitState): number {
  if (u.kind === 'ground') return GROUND_LOSS_VP;
  if (u.kind === 'pt') return PT_LOSS_VP;
  if (u.kind === 'air') return AIR_LOSS_VP[airTypeOf(u.id)];
  return 0;
}

// The air type from the counter sheet (data), looked up once.
const AIR_TYPE = new Map(AIR_UNITS.map((a) => [a.id, a.type]));
function airTypeOf(id: string) {
  const t = AIR_TYPE.get(id);
  if (!t) throw new Error(`no air unit ${id} on the counter sheet`);
  return t;
}

/** The ids the "arrived and ready" records of one step name (VI.A returns come through them). */
function arrivedIn(log: readonly LogEntry[]): Set<string> {
  const out = new Set<string>();
  for (const e of log) {
    const units = (e.data as { units?: unknown } | undefined)?.units;
    if (/^Arrived and ready/.test(e.text) && Array.isArray(units)) for (const id of units) out.add(String(id));
  }
  return out;
}

export class VpModel {
  readonly score: Record<Side, number> = { allied: 0, japanese: 0 };
  readonly lines: string[] = [];

  private add(side: Side, points: number, why: string): void {
    if (points === 0) return;
    this.score[side] += points;
    this.lines.push(`${side} +${points}: ${why}`);
  }

  /** One action's before and after (its log: every entry, all audiences). */
  step(before: MatchState<SsjState>, after: MatchState<SsjState>, log: readonly LogEntry[]): void {
    const b = before.game;
    const a = after.game;
    const arrived = arrivedIn(log);
    for (const was of b.units.live()) {
      const id = was.id;
      if (was.kind === 'ship') continue;
      const now = a.units.of(id);
      if (was.place.at === 'destroyed' || was.place.at === 'pool') continue;
      // Lost in this step and still lost, or lost and already back (VI.A, when the step crossed into a new turn):
      // Japanese returns arrive at Truk in the "arrived" record; Allied ones wait in the pool to be placed.
      const lost = now.place.at === 'destroyed' || (now.place.at === 'pool' && now.arriving === true) || (a.turn !== b.turn && arrived.has(id));
      if (lost) this.add(other(was.side), lossValue(was), `${id} lost (turn ${b.turn})`);
    }
    if (!b.early?.success && a.early?.success) this.add('allied', 5, 'Japanese early activation (V)');
    // The end of a turn: whoever holds each objective then (the holder cannot change between the end and the next decision).
    if (a.turn !== b.turn || (a.phase === 'over' && b.phase !== 'over')) {
      for (const base of Object.values(BASES)) if (base.vpPerTurn > 0) this.add(a.holder[base.id], base.vpPerTurn, `${base.id} held at the end of turn ${b.turn}`);
    }
    if (a.phase === 'over' && b.phase !== 'over') {
      const n = a.magic.successes;
      this.add('japanese', 5 * Math.max(0, n - 4), `Magic on ${n} turns`);
      this.add('allied', 5 * Math.max(0, 4 - n), `Magic on ${n} turns`);
    }
  }
}

/** IV, read anew: more points wins; a draw under 110%; strategic at 2:1 or more. */
export function levelOf(score: Record<Side, number>): { winner: Side | null; level: 'draw' | 'marginal' | 'strategic' } {
  const hi = Math.max(score.allied, score.japanese);
  const lo = Math.min(score.allied, score.japanese);
  if (hi === lo || hi < 1.1 * lo) return { winner: null, level: 'draw' };
  return { winner: score.allied > score.japanese ? 'allied' : 'japanese', level: hi >= 2 * lo ? 'strategic' : 'marginal' };
}
