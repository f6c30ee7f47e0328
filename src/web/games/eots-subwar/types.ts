/**
 * Reading Empire of the Sun's view: its types are the game's own (src/protocol/games/eots.ts);
 * here, what the client adds to them.
 */
import type { EotsReport, EotsView, SubBaseView } from '../../../protocol/games/eots';

export type * from '../../../protocol/games/eots';

export function isEotsView(v: unknown): v is EotsView {
  const x = v as EotsView | null;
  return !!x && typeof x === 'object' && typeof x.turn === 'number' && Array.isArray(x.hexes) && Array.isArray(x.subBases) && Array.isArray(x.hqs) && !!x.swm && !!x.hands;
}

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A Sub Base counter's printed values in words (11.21.D). */
export function printedWords(p: SubBaseView['printed']): string {
  return `printed ${p.airNavalFactors} (no Air-Naval Combat factors), ${p.displaceHits} hits displace it, ${p.sides === 1 ? 'single-sided' : `${p.sides} sides`} (11.21.D)`;
}

export const CARD_NAMES: Record<string, string> = {
  '5': '#5 Operation Matador / Cryptographic Intercepts',
  '37': '#37 First Convoy Escort Fleet',
  '38': '#38 Grand Escort Command',
  '80': '#80 New Submarine Doctrine',
};

/** A report in words: a fact of the board, or a play of the game (a Battle Hex, hits, an occupation, a card played). */
export function factText(f: EotsReport, hqName: (id: string) => string = (id) => id, baseName: (id: string) => string = (id) => id): string {
  switch (f.kind) {
    case 'battle-hex':
      return `hex ${f.hex} is declared a Battle Hex`;
    case 'sub-base-hits':
      return `${f.hits} hit${f.hits === 1 ? '' : 's'} on ${baseName(f.base)}${f.critical ? ' as a Critical Hit target' : ''}`;
    case 'ground-unit':
      return `a Japanese ground unit occupies ${baseName(f.base)}'s hex`;
    case 'event':
      return `card ${CARD_NAMES[String(f.card)] ?? `#${f.card}`} is played as an event`;
    case 'card-5':
      return `card #5 is played as Cryptographic Intercepts with ${baseName(f.base)}`;
    case 'activations':
      return `the card gives ${f.count} activation${f.count === 1 ? '' : 's'}`;
    case 'hq-move':
      return `${hqName(f.hq)} moves to hex ${f.to}`;
    case 'control':
      return `hex ${f.hex} becomes ${f.side === 'allied' ? 'Allied' : 'Japanese'}-controlled`;
    case 'supply':
      return `hex ${f.hex} ${f.inSupply ? 'comes into' : 'goes out of'} Allied supply`;
    case 'zoi':
      return `hex ${f.hex} ${f.unneutralized ? 'comes inside' : 'goes out of'} an unneutralized Japanese ZoI`;
  }
}
