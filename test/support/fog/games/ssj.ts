/**
 * Sky, Sea, and JUNGLE for the fog harness: who sees each roll, from the rule text and
 * RULINGS.md (VI.D, VI.E, VII.A and "dice, rows and results are public"), the log
 * entries through which the rules tell a side the outcome of a roll it did not see (VI.D:
 * the public entry naming the pieces hit by blind attacks that leave the Night Only boxes
 * when the submarine phase ends), and the look-alikes (src/games/ssj/lookalikes.ts).
 */
import type { StampedLogEntry, Viewer } from '../../../../src/engine';
import { ssj } from '../../../../src/games/ssj';
import { ssjLookalikes } from '../../../../src/games/ssj/lookalikes';
import { ssjOpaqueNames, ssjReveals } from '../../../../src/games/ssj/reveals';
import type { SsjState } from '../../../../src/games/ssj/state';
import { botsFor, type Pairing } from '../../../games/ssj/campaign';
import type { FogSpec, RollRule } from '../harness';

const other = (side: string) => (side === 'allied' ? 'japanese' : 'allied');
const sideIn = (why: string) => /\((allied|japanese)\)|(allied|japanese)/.exec(why)?.slice(1).find(Boolean) ?? 'public';

const ROLLS: RollRule[] = [
  // VI.E: each side's detection roll, with its modifiers, is its own; whether it detects is public.
  { rule: 'SSJ VI.E', why: /^detection (allied|japanese) /, audience: (r) => [sideIn(r.why)], reveal: (e) => e.to === 'public' && /detect/i.test(e.text) },
  // VII.A: damage is resolved by the owner, in secret; the other side learns only what the board then shows.
  {
    rule: 'SSJ VII.A',
    why: /^damage resolution \((allied|japanese)\)$/,
    audience: (r) => [sideIn(r.why)],
    reveal: (e) => e.to === 'public' && /sank|sunk|repair|returns/i.test(e.text),
  },
  // VI.D: an attack on a Night Only group is resolved in secret, its result known to the target's owner only; the
  // pieces hit leave when the phase ends, and what a damaged one carried comes ashore at its base (VI.H, VII.A).
  // (The harness found the landing, fog-ssj-110: it is the rules' own tell that a piece was damaged, not sunk.)
  {
    rule: 'SSJ VI.D',
    why: /^submarine attack \((allied|japanese)\)$/,
    audience: (_r, actor, before: SsjState) => {
      const g = before.subAttack ? before.groups[before.subAttack.group] : null;
      return g?.box === 'night' ? [other(actor)] : 'public';
    },
    reveal: (e) => e.to === 'public' && /submarine|ashore/i.test(e.text),
  },
  // Everything else: "dice, rows and results are public" (VI.F, VII.B, Magic, the volcano, reinforcements).
  { rule: 'SSJ VI.F/VII.B and the rest: rolled in the open', why: /./, audience: () => 'public' },
];

/**
 * Results the rules announce: battles, strikes, detections, returns; the end of a turn; and the ground units lost out of
 * supply (VI.G: a base's units are supplied through "a sea area under friendly control", and VI.F.2.g.2.b: control is
 * "having surface ships left" there, so the units removed — or not — tell whether a face-down group holds a surface ship or
 * only submarines: fog-ssj-8, step 137, SELFRIDGE and S-38 swapped, the Allied units at Buna and Port Moresby eliminated in
 * one world only).
 */
const REVEALS = /detect|attack|strike|sunk|sank|damaged|battle|hits|lands|returns|withdraw|turned face up|turn \d|surrender|control|out of supply/i;

const PAIRINGS: Pairing[] = ['plausible', 'mixed', 'random'];

export const ssjSpec: FogSpec<SsjState> = {
  game: ssj,
  options: () => ({}),
  bots: (seed) => botsFor(PAIRINGS[Number(seed.split('-').at(-1)) % 3]!, seed),
  rolls: ROLLS,
  reveals: (e: StampedLogEntry, _v: Viewer) => REVEALS.test(e.text),
  lookalikes: ssjLookalikes,
  told: ssjReveals,
  opaque: ssjOpaqueNames,
};
