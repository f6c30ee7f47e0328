/**
 * Empire of the Sun's submarine warfare variant for the fog harness. By the variant's text
 * nothing it tracks is secret (RULINGS, view.ts): Sub Bases are face-up, every roll and
 * choice is made in the open, the Japanese hand size is public. So every roll is declared
 * public and there are no look-alikes; the harness still checks every roll's declaration,
 * that no step is private, and every error reply.
 */
import { Rng, seedState } from '../../../../src/engine';
import type { Bot } from '../../../../src/bots';
import { eotsSubwar, type EotsState } from '../../../../src/games/eots-subwar';
import type { FogSpec } from '../harness';

const CLOSERS = new Set(['pass', 'end-movement', 'end-declaration', 'end-offensive', 'end-political', 'end-ground-combat', 'end-air-naval-combat']);
const STARTS = ['1944', '1943', '1942', '1941'];

/** Mostly closes what can be closed (a match reaches its end in a few hundred steps), otherwise any legal choice. */
export function closingBot(seed: string): Bot {
  const rng = new Rng(seedState(seed, 'bot'));
  return {
    name: 'closing',
    choose({ prompt }) {
      const closers = prompt.actions.filter((a) => CLOSERS.has(String((a as { type?: unknown }).type)));
      const list = closers.length > 0 && rng.int(0, 7) !== 0 ? closers : prompt.actions;
      return list[rng.int(0, list.length - 1)];
    },
  };
}

export const eotsSpec: FogSpec<EotsState> = {
  game: eotsSubwar,
  options: (seed) => ({ scenario: STARTS[Number(seed.split('-').at(-1)) % STARTS.length] }),
  bots: (seed) => ({ allied: closingBot(`${seed}/allied`), japanese: closingBot(`${seed}/japanese`) }),
  rolls: [{ rule: 'EotS 11.22.A: every Sub Base rolls in the open', why: /./, audience: () => 'public' }],
  maxSteps: 4000,
};
