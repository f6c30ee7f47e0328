/**
 * East Wind Rain for the fog harness: its rolls and reveals as the rule text and RULINGS.md
 * have them, its look-alikes (src/games/ewr/lookalikes.ts) and bots that seldom end early.
 */
import { Rng, seedState } from '../../../../src/engine';
import type { Bot } from '../../../../src/bots';
import { ewr } from '../../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../../src/games/ewr/data/scenarios';
import { ewrLookalikes } from '../../../../src/games/ewr/lookalikes';
import { ewrReveals } from '../../../../src/games/ewr/reveals';
import type { EwrState } from '../../../../src/games/ewr/state';
import type { FogSpec } from '../harness';

const ENDERS = new Set(['end-operations', 'end-initiative', 'withdraw']);

/** Picks among the legal choices, leaving the ones that end the phase for one time in twelve. */
export function patientBot(seed: string): Bot {
  const rng = new Rng(seedState(seed, 'bot'));
  return {
    name: 'patient',
    choose({ prompt }) {
      const acts = prompt.actions.filter((a) => !ENDERS.has(String((a as { type?: unknown }).type)));
      const list = acts.length && rng.int(0, 11) > 0 ? acts : prompt.actions;
      return list[rng.int(0, list.length - 1)];
    },
  };
}

export const ewrSpec: FogSpec<EwrState> = {
  game: ewr,
  options: (seed) => ({ scenario: BUILTIN_SCENARIOS[Number(seed.split('-').at(-1)) % BUILTIN_SCENARIOS.length]!.id }),
  bots: (seed) => ({ allied: patientBot(`${seed}/allied`), japanese: patientBot(`${seed}/japanese`) }),
  // RULINGS "Rolls and losses": every roll is public, with its reason, die, modifiers and the number needed.
  rolls: [{ rule: 'EWR RULINGS, rolls and losses: every roll is public', why: /./, audience: () => 'public' }],
  lookalikes: ewrLookalikes,
  told: ewrReveals,
  maxSteps: 600,
};
