/**
 * Facts of the board from the rest of Empire of the Sun that the variant reads but does not
 * decide: an offensive's activations, an HQ's move, control of a hex at an offensive's
 * conclusion (or through a National Surrender), Allied supply and unneutralized Japanese
 * ZoI. One side proposes them (the `propose` action), within what the rules allow; the
 * other confirms or disputes them as every report (reports.ts). Everything here is public.
 */
import { MAX_ACTIVATIONS, type Side } from './data/tables';
import type { Fact } from './fact';
import { hexDistance } from './hex';
import { isReported } from './report-keys';
import { hexOf, hqOf, type EotsState, type Offensive } from './state';
import { countOf } from './words';

export { Fact } from './fact';

const NAME: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };

export function describeFact(s: EotsState, f: Fact): string {
  switch (f.kind) {
    case 'activations':
      return `the card gives this offensive ${countOf(f.count, 'activation')}`;
    case 'hq-move': {
      const q = hqOf(s, f.hq);
      return `HQ ${q?.name ?? f.hq} moves from ${q?.hex ?? 'off the map'} to ${f.to}`;
    }
    case 'control':
      return `hex ${f.hex} is now ${NAME[f.side]}-controlled`;
    case 'supply':
      return `hex ${f.hex} is now ${f.inSupply ? 'in' : 'out of'} Allied supply`;
    case 'zoi':
      return `hex ${f.hex} is now ${f.unneutralized ? 'inside' : 'outside'} an unneutralized Japanese ZoI`;
  }
}

/** How far an HQ may move in one offensive (RECONSTRUCTED: its `movement`, else its activation range). */
export const hqMovement = (q: { movement?: number; activationRange: number }): number => q.movement ?? q.activationRange;

/** The facts the side of an offensive may propose at its movement step. */
function movementFacts(s: EotsState, off: Offensive): Fact[] {
  const out: Fact[] = [];
  if (off.side === 'allied' && off.activations === null) for (let n = 1; n <= MAX_ACTIVATIONS; n++) out.push({ kind: 'activations', count: n });
  const q = hqOf(s, off.hq);
  if (q && q.hex !== null && !off.hqMoved) {
    for (const h of s.hexes) if (h.hex !== q.hex && hexDistance(q.hex, h.hex) <= hqMovement(q)) out.push({ kind: 'hq-move', hq: q.id, to: h.hex });
  }
  return out;
}

/**
 * The facts the side of an offensive may propose at its conclusion. Control changes only where
 * the offensive could have concluded: a Battle Hex of this offensive, or a hex within its HQ's
 * activation range (RULING). Supply and ZoI may change anywhere the board's moves reach.
 */
function conclusionFacts(s: EotsState, off: Offensive): Fact[] {
  const out: Fact[] = [];
  const q = hqOf(s, off.hq);
  for (const h of s.hexes) {
    const reach = off.battleHexes.includes(h.hex) || (q?.hex != null && hexDistance(q.hex, h.hex) <= q.activationRange);
    if (reach && h.control !== off.side) out.push({ kind: 'control', hex: h.hex, side: off.side });
  }
  for (const h of s.hexes) out.push({ kind: 'supply', hex: h.hex, inSupply: !h.alliedSupply });
  for (const h of s.hexes) out.push({ kind: 'zoi', hex: h.hex, unneutralized: !h.japaneseZoi });
  return out;
}

/** Political Phase: the Japanese gain control of hexes through a National Surrender (11.21.E). */
function politicalFacts(s: EotsState): Fact[] {
  return s.hexes.filter((h) => h.control !== 'japanese').map((h) => ({ kind: 'control' as const, hex: h.hex, side: 'japanese' as const }));
}

/** The proposals open to the side deciding `where` now, leaving out those already made there. */
export function proposalChoices(s: EotsState, where: 'movement' | 'conclusion' | 'political', off?: Offensive): { type: 'propose'; fact: Fact }[] {
  const facts = where === 'movement' ? movementFacts(s, off!) : where === 'conclusion' ? conclusionFacts(s, off!) : politicalFacts(s);
  return facts.filter((f) => !isReported(s, f)).map((fact) => ({ type: 'propose' as const, fact }));
}

/** The fact takes effect (both players agree on it). */
export function applyFact(s: EotsState, f: Fact): void {
  switch (f.kind) {
    case 'activations':
      if (s.phase.kind === 'offensive') s.phase.offensive.activations = f.count;
      return;
    case 'hq-move': {
      hqOf(s, f.hq)!.hex = f.to;
      if (s.phase.kind === 'offensive') s.phase.offensive.hqMoved = true;
      return;
    }
    case 'control':
      hexOf(s, f.hex)!.control = f.side;
      return;
    case 'supply':
      hexOf(s, f.hex)!.alliedSupply = f.inSupply;
      return;
    case 'zoi':
      hexOf(s, f.hex)!.japaneseZoi = f.unneutralized;
      return;
  }
}
