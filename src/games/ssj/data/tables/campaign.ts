/** The numbers of Magic (VI.C), the volcano (VI.I), the first turn (V) and aerial supply (VI.G). */
import type { Side } from '../types';
import { checkDie } from './dice';

/** VI.C: the Allied player names 3 of the 6 numbers (a 50% chance). */
export const MAGIC_NUMBERS_NAMED = 3;
/** VI.C: each turn of Magic above 4 in a game gives Japan 5 VP; each turn below 4 gives the Allies 5 VP. */
export const MAGIC_BASELINE_TURNS = 4;
export const MAGIC_VP_PER_TURN = 5;

export function magicSucceeds(named: readonly number[], die: number): boolean {
  checkDie(die);
  if (named.length !== MAGIC_NUMBERS_NAMED || new Set(named).size !== MAGIC_NUMBERS_NAMED) {
    throw new RangeError('name exactly 3 different numbers');
  }
  named.forEach(checkDie);
  return named.includes(die);
}

export function magicVictoryPoints(turnsWithMagic: number): Record<Side, number> {
  return {
    allied: Math.max(0, MAGIC_BASELINE_TURNS - turnsWithMagic) * MAGIC_VP_PER_TURN,
    japanese: Math.max(0, turnsWithMagic - MAGIC_BASELINE_TURNS) * MAGIC_VP_PER_TURN,
  };
}

/**
 * VI.I: the volcano erupts when the end-of-turn roll is a 6 on four consecutive turns.
 * RULING (VI.I): the text's "1/1296" is the chance of four 6s in a row, (1/6)^4; once three
 * 6s have been rolled, the next roll erupts on a 6 like any other.
 */
export const VOLCANO_SIXES_NEEDED = 4;
export const VOLCANO_CHANCE = (1 / 6) ** VOLCANO_SIXES_NEEDED;

/** The run of consecutive 6s after this end-of-turn roll. */
export function volcanoStreak(previous: number, die: number): number {
  checkDie(die);
  return die === 6 ? previous + 1 : 0;
}

export function volcanoErupts(streak: number): boolean {
  return streak >= VOLCANO_SIXES_NEEDED;
}

/**
 * V: the Japanese "early activation" of Truk on the first turn is a 50% roll; if it
 * succeeds the Allies get 5 VP.
 * RULING (V): the roll succeeds on 4, 5 or 6.
 */
export const EARLY_ACTIVATION_NUMBERS: readonly number[] = [4, 5, 6];
export const EARLY_ACTIVATION_ALLIED_VP = 5;

export function earlyActivation(die: number): boolean {
  checkDie(die);
  return EARLY_ACTIVATION_NUMBERS.includes(die);
}

/** VI.G: each B-17 flying supply keeps 3 ground units in supply. */
export const B17_SUPPLY_UNITS = 3;
