/**
 * VI.C: from the AugII turn, once the Japanese have deployed, the Allied player names
 * three numbers and rolls a die; on one of them Magic works and the Fog Of War screen
 * is lifted for him (the Japanese groups seen face down) before he deploys.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { magicSucceeds } from '../data';
import type { MagicAction } from '../actions';
import { decision } from '../flow';
import { turnName, type SsjState } from '../state';
import { TURNS } from '../data/types';
import { change } from '../shared';

export { magicVictoryPoints as magicVp } from '../data';

/** Magic is rolled from the AugII turn on (VI.C). */
export const FIRST_MAGIC_TURN = 1;

/** The 20 ways to name three different numbers of a die, in ascending order. */
export function magicChoices(): MagicAction[] {
  const out: MagicAction[] = [];
  for (let a = 1; a <= 4; a++) for (let b = a + 1; b <= 5; b++) for (let c = b + 1; c <= 6; c++) out.push({ type: 'magic', numbers: [a, b, c] });
  return out;
}

export function rollMagic(s: SsjState, a: MagicAction, ctx: ApplyContext): LogEntry[] {
  const die = ctx.dice.d6('Magic');
  const success = magicSucceeds(a.numbers, die);
  change(s, 'magic').rolls = [...s.magic.rolls, { turn: s.turn, numbers: [...a.numbers], die, success }];
  if (success) {
    change(s, 'magic').successes++;
    change(s, 'fogLiftedFor').push('allied');
  }
  const named = a.numbers.join(', ');
  return [
    {
      to: 'public',
      text: success
        ? `${TURNS[s.turn]}: Magic works — the Allied player named ${named} and rolled ${die}. The Fog Of War screen is lifted for him before he deploys.`
        : `${TURNS[s.turn]}: Magic fails — the Allied player named ${named} and rolled ${die}. He deploys with the screen up.`,
      data: { roll: { why: 'Magic', die, numbers: [...a.numbers], success } },
    },
  ];
}

export const magic = decision('magic', ['magic'], {
  text: (s) => `${turnName(s)} (VI.C): name three numbers for the Magic roll.`,
  choices: () => magicChoices(),
  apply: (s, _side, a, ctx) => ({ log: rollMagic(s, a, ctx), next: { phase: 'allied-deployment', actor: 'allied' }, reveals: true }),
});
