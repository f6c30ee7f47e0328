/**
 * VI.B: the Japanese deploy behind the Fog Of War screen (private steps, closed by "done";
 * see deployment.ts), under V's first-turn hold on Truk. Then Magic (from AugII) or the
 * Allied deployment.
 */
import { applyDeployment, deploymentChoices } from '../deployment';
import { withForecast } from '../odds';
import { decision } from '../flow';
import { turnName, type SsjState, type UnitState } from '../state';
import { unitsOf } from '../units';
import { FIRST_MAGIC_TURN } from './magic';

/**
 * V: "Only Japanese air and ground units may move from Truk at the end of the first turn of
 * the game, UNLESS: the Japanese player gets a 50% die roll for "early activation" of his
 * Truk forces, enabling them to move on the first turn as well." Without it, nothing at Truk
 * — ships, submarines, air or ground units — moves during the first turn.
 */
export function heldAtTruk(s: SsjState, u: UnitState): boolean {
  return s.turn === 0 && u.side === 'japanese' && u.place.at === 'base' && u.place.base === 'truk' && !s.early?.success;
}

/**
 * V: the units the first turn holds (nothing at Truk sails, moves to Rabaul, embarks or flies recon), found once;
 * undefined when none is held. deploymentChoices leaves their steps out (a filter of the steps made cost a fifth of the
 * first turn's prompts, a look-up of each step's unit a fifth before that).
 */
function heldOnFirstTurn(s: SsjState): ReadonlySet<string> | undefined {
  if (s.turn !== 0 || s.early?.success) return undefined;
  const held = new Set<string>();
  for (const u of unitsOf(s, 'japanese')) if (heldAtTruk(s, u)) held.add(u.id);
  return held.size === 0 ? undefined : held;
}

export const japaneseDeployment = decision('japanese-deployment', ['deploy', 'rebase', 'load', 'recon', 'recall', 'done'], {
  text: (s, side) =>
    withForecast(`${turnName(s)} (VI.B): deploy your ships, submarines, recon air and troops face down behind the Fog Of War screen, then close your deployment.`, s, side),
  choices: (s, side) => deploymentChoices(s, side, heldOnFirstTurn(s)),
  apply(s, side, a, ctx) {
    const out = applyDeployment(s, side, a, ctx);
    if (a.type !== 'done') return { log: out.log, private: true };
    return { log: out.log, next: { phase: s.turn >= FIRST_MAGIC_TURN ? 'magic' : 'allied-deployment', actor: 'allied' }, reveals: true };
  },
});
