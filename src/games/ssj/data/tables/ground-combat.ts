/** The Ground Combat/Exchange table (VI.F.2.g.1). */
import type { Exchange, GroundColumn, GroundCombatResult } from '../tables-types';
import { checkDie } from './dice';

/** The columns, weakest first, with their attacker:defender ratios. */
export const GROUND_COLUMNS: readonly GroundColumn[] = ['1:3', '1:2', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '6:1'];
const COLUMN_RATIO: Readonly<Record<GroundColumn, readonly [number, number]>> = {
  '1:3': [1, 3],
  '1:2': [1, 2],
  '1:1': [1, 1],
  '3:2': [3, 2],
  '2:1': [2, 1],
  '3:1': [3, 1],
  '4:1': [4, 1],
  '5:1': [5, 1],
  '6:1': [6, 1],
};

/**
 * The Ground Combat/Exchange table (VI.F.2.g.1): for each column and die 1–6, the exchange
 * ratio [attackers lost, defenders eliminated]. The defenders "fully covered" by the
 * attacker's losses at that ratio are eliminated (see `groundCombat`).
 *
 * Fixed points honoured (the Henderson Field example, 3 attackers against 2 defenders,
 * 3:2): a 6 eliminates both defenders for 1 attacker; 4–5 both for 2 attackers; a 3 loses
 * all 3 attackers and both defenders; 1–2 loses all 3 attackers and 1 defender. Ratios are
 * rounded down (5:3 → 3:2, 5:2 → 2:1); at least one attacker is always lost; an attacker who
 * cannot cover one defender loses every risked unit for nothing. Reconstructed: every other
 * column (monotone: better odds and better rolls never cost more per defender).
 */
export const GROUND_COMBAT_TABLE: Readonly<Record<GroundColumn, readonly Exchange[]>> = {
  //        die:  1       2       3       4       5       6
  '1:3': [
    [4, 1],
    [4, 1],
    [4, 1],
    [3, 1],
    [2, 1],
    [3, 2],
  ],
  '1:2': [
    [4, 1],
    [4, 1],
    [3, 1],
    [2, 1],
    [3, 2],
    [1, 1],
  ],
  '1:1': [
    [3, 1],
    [3, 1],
    [2, 1],
    [3, 2],
    [1, 1],
    [1, 1],
  ],
  '3:2': [
    [3, 1],
    [3, 1],
    [3, 2],
    [1, 1],
    [1, 1],
    [1, 2],
  ],
  '2:1': [
    [3, 1],
    [3, 2],
    [1, 1],
    [1, 1],
    [1, 2],
    [1, 2],
  ],
  '3:1': [
    [3, 2],
    [1, 1],
    [1, 1],
    [1, 2],
    [1, 2],
    [1, 3],
  ],
  '4:1': [
    [1, 1],
    [1, 1],
    [1, 2],
    [1, 2],
    [1, 3],
    [1, 3],
  ],
  '5:1': [
    [1, 1],
    [1, 2],
    [1, 2],
    [1, 3],
    [1, 3],
    [1, 4],
  ],
  '6:1': [
    [1, 2],
    [1, 2],
    [1, 3],
    [1, 3],
    [1, 4],
    [1, 6],
  ],
};

/**
 * The column for a ratio, rounded down to the defender's advantage (VI.F.2.g.1).
 * RULING (VI.F.2.g.1): odds below 1:3 are read on 1:3 and odds above 6:1 on 6:1 (the
 * "closest" columns).
 */
export function groundColumn(attackers: number, defenders: number): GroundColumn {
  let col: GroundColumn = '1:3';
  for (const c of GROUND_COLUMNS) {
    const [a, d] = COLUMN_RATIO[c];
    if (attackers * d >= defenders * a) col = c;
  }
  return col;
}

/**
 * Resolves a ground attack of `attackers` risked units on all `defenders` (VI.F.2.g.1).
 * RULING (VI.F.2.g.1): "fully covered" — with exchange [a, d], k defenders cost
 * ceil(k·a/d) attackers; the most defenders the risked attackers can pay for are
 * eliminated, at that cost (never less than 1 attacker). If not even one can be paid for,
 * all risked attackers are lost and no defender.
 */
export function groundCombat(attackers: number, defenders: number, die: number): GroundCombatResult {
  checkDie(die);
  if (!Number.isInteger(attackers) || attackers < 1) throw new RangeError('at least one attacker must be risked');
  if (!Number.isInteger(defenders) || defenders < 1) throw new RangeError('there must be a defender');
  const column = groundColumn(attackers, defenders);
  const exchange = GROUND_COMBAT_TABLE[column][die - 1] ?? [1, 1];
  const [a, d] = exchange;
  let k = defenders;
  while (k > 0 && Math.ceil((k * a) / d) > attackers) k--;
  if (k === 0) return { column, exchange, attackersLost: attackers, defendersLost: 0 };
  return { column, exchange, attackersLost: Math.max(1, Math.ceil((k * a) / d)), defendersLost: k };
}
