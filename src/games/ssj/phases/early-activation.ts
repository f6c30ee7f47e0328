/**
 * V, the special first turn: at the start of AugI the Japanese player may roll for the
 * early activation of his Truk forces (a success lets them move on the first turn, and the
 * Allies get 5 VP). Then the Allied reinforcements.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { EARLY_ACTIVATION_ALLIED_VP, earlyActivation as succeeds } from '../data';
import type { SsjAction } from '../actions';
import { decision } from '../flow';
import type { SsjState } from '../state';
import { awardVp } from '../victory';

type Early = Extract<SsjAction, { type: 'early-activation' }>;

export function earlyChoices(): Early[] {
  return [
    { type: 'early-activation', roll: true },
    { type: 'early-activation', roll: false },
  ];
}

/** V: the Japanese player may roll for early activation of his Truk forces (success: Allies +5 VP). */
export function applyEarly(s: SsjState, a: Early, ctx: ApplyContext): LogEntry[] {
  if (!a.roll) {
    s.early = { rolled: false, success: false };
    return [{ to: 'public', text: 'The Japanese player does not roll for early activation: his air and ground units at Truk stay there until the end of AugI.' }];
  }
  const die = ctx.dice.d6('early activation');
  const success = succeeds(die);
  s.early = { rolled: true, success };
  if (success) awardVp(s, 'allied', EARLY_ACTIVATION_ALLIED_VP, 'Japanese early activation (V)');
  return [
    {
      to: 'public',
      text: success
        ? `Early activation: the Japanese player rolled ${die} — his Truk forces may move on the first turn; the Allies get ${EARLY_ACTIVATION_ALLIED_VP} VP.`
        : `Early activation: the Japanese player rolled ${die} — no early activation.`,
      data: { roll: { why: 'early activation', die, success } },
    },
  ];
}

export const earlyActivation = decision('early-activation', ['early-activation'], {
  text: () => 'AugI (V): roll for the early activation of your Truk forces? On a success they may move on the first turn, and the Allies get 5 VP.',
  choices: () => earlyChoices(),
  apply: (s, _side, a, ctx) => ({ log: applyEarly(s, a, ctx), next: { phase: 'allied-reinforcements', actor: 'allied' }, reveals: true }),
});
