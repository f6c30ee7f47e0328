/**
 * East Wind Rain for the fog harness: its rolls and reveals as the rule text and RULINGS.md
 * have them, its look-alikes (src/games/ewr/lookalikes.ts) and bots that seldom end early.
 */
import { Rng, seedState, type StampedLogEntry } from '../../../../src/engine';
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

/**
 * What the rules tell a side about the other TF: a sighting, a combat's or strike's
 * results (the public learns hits and rolls), the allocations' reveal, the step 1 pause
 * (RULINGS "Step 1 timing"), a TF moving into view, a retreat, the end.
 */
const REVEALS =
  /sight|hits|allocations are revealed|within two hexes|adjacent|enters|moves into|moves one hex|retreats|intercept|refuel|The static intercept ends|operations phase is over/i;

export const ewrSpec: FogSpec<EwrState> = {
  game: ewr,
  options: (seed) => ({ scenario: BUILTIN_SCENARIOS[Number(seed.split('-').at(-1)) % BUILTIN_SCENARIOS.length]!.id }),
  bots: (seed) => ({ allied: patientBot(`${seed}/allied`), japanese: patientBot(`${seed}/japanese`) }),
  // RULINGS "Rolls and losses": every roll is public, with its reason, die, modifiers and the number needed.
  rolls: [{ rule: 'EWR RULINGS, rolls and losses: every roll is public', why: /./, audience: () => 'public' }],
  reveals: (e: StampedLogEntry) => REVEALS.test(e.text),
  lookalikes: ewrLookalikes,
  told: ewrReveals,
  maxSteps: 600,
};
