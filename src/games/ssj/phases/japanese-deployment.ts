/**
 * VI.B: the Japanese deploy behind the Fog Of War screen (private steps, closed by "done";
 * see deployment.ts), under V's first-turn hold on Truk. Then Magic (from AugII) or the
 * Allied deployment.
 */
import type { DeploymentAction } from '../actions';
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

/** V: the deployment steps the first turn allows (nothing at Truk sails, moves to Rabaul, embarks or flies recon). */
function firstTurn(s: SsjState, choices: DeploymentAction[]): DeploymentAction[] {
  if (s.turn !== 0 || s.early?.success) return choices;
  // The units held, found once (a look-up of each step's unit cost a fifth of the first turn's prompts).
  const held = new Set<string>();
  for (const u of unitsOf(s, 'japanese')) if (heldAtTruk(s, u)) held.add(u.id);
  if (held.size === 0) return choices;
  return choices.filter((a) => {
    const id = a.type === 'deploy' || a.type === 'rebase' ? a.ship : a.type === 'load' || a.type === 'recon' ? a.unit : null;
    return !id || !held.has(id);
  });
}

export const japaneseDeployment = decision('japanese-deployment', ['deploy', 'rebase', 'load', 'recon', 'recall', 'done'], {
  text: (s, side) =>
    withForecast(`${turnName(s)} (VI.B): deploy your ships, submarines, recon air and troops face down behind the Fog Of War screen, then close your deployment.`, s, side),
  choices: (s, side) => firstTurn(s, deploymentChoices(s, side)),
  apply(s, side, a, ctx) {
    const out = applyDeployment(s, side, a, ctx);
    if (a.type !== 'done') return { log: out.log, private: true };
    return { log: out.log, next: { phase: s.turn >= FIRST_MAGIC_TURN ? 'magic' : 'allied-deployment', actor: 'allied' }, reveals: true };
  },
});
