/** Sky, Sea, and JUNGLE as a game module (see src/engine/types.ts for the contract). */
import { RuleError, type Applied, type ApplyContext, type GameModule, type Prompt, type Result, type Viewer } from '../../engine';
import { BASES, SHIPS } from './data';
import { BOXES, SEA_AREAS, TURNS, type Side } from './data/types';
import { SsjAction, SsjOptions } from './actions';
import { applyDeployment, deploymentChoices } from './deployment';
import { magicChoices, rollMagic } from './magic';
import type { SsjState } from './state';
import { afterAlliedDeployment, afterJapaneseDeployment, endTurn, setupState, victory } from './turn';
import { viewFor } from './view';

const SIDES = ['allied', 'japanese'] as const;

function prompt(s: SsjState, side: string): Prompt<SsjAction> | null {
  switch (s.phase) {
    case 'japanese-deployment':
      return side === 'japanese'
        ? { kind: 'deploy', text: `${TURNS[s.turn]}: deploy your ships face down behind the Fog Of War screen (VI.B), then close your deployment.`, actions: deploymentChoices(s, 'japanese') }
        : null;
    case 'magic':
      return side === 'allied'
        ? { kind: 'magic', text: `${TURNS[s.turn]}: name three numbers for the Magic roll (VI.C).`, actions: magicChoices() }
        : null;
    case 'allied-deployment':
      return side === 'allied'
        ? {
            kind: 'deploy',
            text: s.fogLiftedFor.includes('allied')
              ? `${TURNS[s.turn]}: Magic has lifted the screen — deploy your ships, then close your deployment.`
              : `${TURNS[s.turn]}: deploy your ships with the Fog Of War screen still up, then close your deployment.`,
            actions: deploymentChoices(s, 'allied'),
          }
        : null;
    case 'turn-end':
      return side === 'japanese'
        ? { kind: 'end-turn', text: `${TURNS[s.turn]}: both deployments are revealed face down. End the turn.`, actions: [{ type: 'end-turn' }] }
        : null;
    case 'over':
      return null;
  }
}

function apply(s: SsjState, side: string, action: SsjAction, ctx: ApplyContext): Applied<SsjState> {
  const who = side as Side;
  switch (action.type) {
    case 'deploy':
    case 'rebase':
    case 'recall':
    case 'done': {
      const out = applyDeployment(s, who, action, ctx);
      const log = [...out.log];
      if (action.type === 'done') {
        if (who === 'japanese') afterJapaneseDeployment(s);
        else log.push(...afterAlliedDeployment(s));
      }
      return { state: s, log, private: out.private, reveals: action.type === 'done' };
    }
    case 'magic': {
      const log = rollMagic(s, action, ctx);
      s.phase = 'allied-deployment';
      return { state: s, log, reveals: true };
    }
    case 'end-turn':
      return { state: s, log: endTurn(s, ctx), reveals: true };
    default:
      throw new RuleError('Unknown action.');
  }
}

export const ssj: GameModule<SsjState, SsjAction, SsjOptions> = {
  id: 'ssj',
  name: 'Sky, Sea, and JUNGLE',
  sides: SIDES,
  action: SsjAction,
  options: SsjOptions,
  setup: (_options, ctx) => setupState(ctx),
  prompt,
  apply,
  view: (s: SsjState, viewer: Viewer) => viewFor(s, viewer),
  result: (s: SsjState): Result | null => (s.phase === 'over' ? victory(s.vp) : null),
  publicData: () => ({ turns: TURNS, seaAreas: SEA_AREAS, boxes: BOXES, bases: BASES, ships: SHIPS }),
};
