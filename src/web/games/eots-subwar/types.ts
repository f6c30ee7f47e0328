/**
 * Reading Empire of the Sun's view: its types are the game's own (src/protocol/games/eots.ts);
 * here, what the client adds to them.
 */
import type { EotsFact, EotsView } from '../../../protocol/games/eots';

export type * from '../../../protocol/games/eots';

export function isEotsView(v: unknown): v is EotsView {
  const x = v as EotsView | null;
  return !!x && typeof x === 'object' && typeof x.turn === 'number' && Array.isArray(x.hexes) && Array.isArray(x.subBases) && Array.isArray(x.hqs) && !!x.swm && !!x.hands;
}

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export const CARD_NAMES: Record<string, string> = {
  '5': '#5 Operation Matador / Cryptographic Intercepts',
  '37': '#37 First Convoy Escort Fleet',
  '38': '#38 Grand Escort Command',
  '80': '#80 New Submarine Doctrine',
};

/** A reported fact in words. */
export function factText(f: EotsFact, hqName: (id: string) => string = (id) => id): string {
  switch (f.kind) {
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
