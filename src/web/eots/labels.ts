/** Empire of the Sun submarine-warfare actions in words, and the hex each board action names. */
import type { Action } from '../types';
import type { EotsView } from './types';

const EVENTS: Record<string, string> = {
  '37': '#37 First Convoy Escort Fleet',
  '38': '#38 Grand Escort Command',
  '80': '#80 New Submarine Doctrine',
};

export function eotsLabeler(view: EotsView | null): (a: Action) => string | undefined {
  const base = (id: unknown) => view?.subBases.find((b) => b.id === id)?.name ?? String(id);
  const hq = (id: unknown) => view?.hqs.find((q) => q.id === id)?.name ?? String(id);
  return (a) => {
    switch (a.type) {
      case 'place-sub-base':
        return `Place ${base(a.base)} in hex ${String(a.hex)}`;
      case 'submarine-warfare':
        return `Roll for ${base(a.base)}`;
      case 'sub-warfare-effect':
        return a.choice === 'asp' ? 'Reduce the Japanese ASP by one' : a.choice === 'swm' ? 'Reduce the SWM by one' : 'Take neither';
      case 'begin-offensive':
        return `Offensive by ${hq(a.hq)}${typeof a.activations === 'number' ? ` with ${a.activations} activation${a.activations === 1 ? '' : 's'}` : ''}`;
      case 'play-event':
        return `Play event ${EVENTS[String(a.card)] ?? `#${String(a.card)}`}`;
      case 'pass':
        return 'Pass: no more card plays this turn';
      case 'relocate-sub-base':
        return `Relocate ${base(a.base)} to hex ${String(a.to)} (two activations)`;
      case 'move-hq':
        return `Move ${hq(a.hq)} to hex ${String(a.to)}`;
      case 'end-movement':
        return 'End the movement';
      case 'declare-battle-hex':
        return `Declare a Battle Hex: ${String(a.hex)}`;
      case 'end-declaration':
        return 'Close the declaration';
      case 'play-card-5':
        return `Play card #5 for ${base(a.base)}`;
      case 'decline-card-5':
        return 'Do not play card #5';
      case 'japanese-attack':
        return `${String(a.hits)} hit${a.hits === 1 ? '' : 's'} on ${base(a.base)}${a.critical ? ' (critical hit target)' : ''}`;
      case 'end-air-naval-combat':
        return 'End the Air-Naval Combat';
      case 'japanese-ground-unit':
        return `A Japanese ground unit occupies ${base(a.base)}'s hex`;
      case 'end-ground-combat':
        return 'End the ground combat';
      case 'hex-control':
        return `Hex ${String(a.hex)} becomes ${a.side === 'allied' ? 'Allied' : 'Japanese'}-controlled`;
      case 'hex-supply':
        return `Hex ${String(a.hex)} ${a.inSupply ? 'comes into' : 'goes out of'} Allied supply`;
      case 'hex-zoi':
        return `Hex ${String(a.hex)} ${a.unneutralized ? 'comes inside' : 'goes out of'} an unneutralized Japanese ZoI`;
      case 'end-offensive':
        return 'End the offensive';
      case 'emergency-move':
        return a.to === 'trt' ? `${base(a.base)} to the Turn Record Track` : `Emergency move: ${base(a.base)} to hex ${String(a.to)}`;
      case 'no-emergency-move':
        return `${base(a.base)} stays put`;
      case 'end-political':
        return 'End the Political Phase';
      default:
        return undefined;
    }
  };
}

/** The hex an action names (the map's click targets): Sub Base moves, HQ moves, Battle Hexes, map reports. */
export function eotsActionHex(a: Action, view?: { subBases: { id: string; location: { at: string; hex?: string } }[] } | null): string | null {
  let v: unknown = null;
  switch (a.type) {
    case 'place-sub-base':
    case 'declare-battle-hex':
    case 'hex-control':
    case 'hex-supply':
    case 'hex-zoi':
      v = a.hex;
      break;
    case 'relocate-sub-base':
    case 'emergency-move':
    case 'move-hq':
      v = a.to;
      break;
    case 'japanese-attack':
    case 'japanese-ground-unit':
    case 'play-card-5':
      v = view?.subBases.find((b) => b.id === a.base)?.location.hex ?? null;
      break;
  }
  return typeof v === 'string' && /^\d{4}$/.test(v) ? v : null;
}

/** Actions a click on their hex sends at once (when the hex offers no other): a Sub Base's placement or move. */
export function eotsDirect(a: Action): boolean {
  return a.type === 'place-sub-base' || a.type === 'relocate-sub-base' || a.type === 'emergency-move';
}
