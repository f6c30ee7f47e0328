/** The Bombardment table (VI.F.1.a, VI.F.1.h, VI.F.2.f). */
import type { ShipClass } from '../types';
import type { Bombarder, BombardTarget } from '../tables-types';
import { checkDie } from './dice';

/**
 * The Bombardment table (VI.F.1.a, VI.F.1.h, VI.F.2.f): units eliminated by one bombarding
 * ship unit or air unit, by die 1–6, against ground units or against air units on a base.
 *
 * Fixed points honoured: only that it exists, is used by ships and by air units attacking
 * land targets, and that an air unit's 1 is an anti-aircraft loss (VII.B) — so 1 never
 * eliminates anything. Reconstructed: all values (capital ships hit hardest, as the
 * KONGO/HARUNA bombardment of 13–14 Oct showed).
 */
export const BOMBARDMENT_TABLE: Readonly<Record<Bombarder, Readonly<Record<BombardTarget, readonly number[]>>>> = {
  capital: { ground: [0, 0, 0, 1, 1, 1], air: [0, 0, 0, 1, 1, 2] },
  cruiser: { ground: [0, 0, 0, 0, 1, 1], air: [0, 0, 0, 0, 1, 1] },
  destroyer: { ground: [0, 0, 0, 0, 0, 1], air: [0, 0, 0, 0, 0, 1] },
  air: { ground: [0, 0, 0, 0, 0, 1], air: [0, 0, 0, 0, 1, 1] },
};

/** Which Bombardment row a ship class fires on; carriers, transports and submarines do not bombard. */
export function bombarderOf(cls: ShipClass): Bombarder | null {
  switch (cls) {
    case 'SBB':
    case 'BB':
    case 'B':
    case 'BC':
      return 'capital';
    case 'CA':
    case 'CL':
    case 'CLAA':
      return 'cruiser';
    case 'DL':
    case 'DD':
      return 'destroyer';
    default:
      return null;
  }
}

export function bombardment(by: Bombarder, target: BombardTarget, die: number): number {
  checkDie(die);
  return BOMBARDMENT_TABLE[by][target][die - 1] ?? 0;
}
