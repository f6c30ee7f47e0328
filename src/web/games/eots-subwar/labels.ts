/** Empire of the Sun submarine-warfare actions in words, and the hex each board action names. */
import type { Action } from '../../../protocol';
import { idWords, type ActionWords } from '../../labels';
import { CARD_NAMES, factText, type EotsFact, type EotsView } from './types';

/** Every action of the variant in words, with the rule section where it helps (undefined: not an action of this game). */
export function eotsLabeler(view: EotsView | null): (a: Action) => ActionWords | string | undefined {
  const base = (id: unknown) => view?.subBases.find((b) => b.id === id)?.name ?? `Sub Base ${idWords(String(id))}`;
  const hq = (id: unknown) => view?.hqs.find((q) => q.id === id)?.name ?? `HQ ${idWords(String(id))}`;
  return (a) => {
    switch (a.type) {
      case 'place-sub-base':
        return { text: `Place ${base(a.base)} in hex ${String(a.hex)}`, note: '11.21.B, C' };
      case 'submarine-warfare':
        return { text: `Roll for ${base(a.base)}`, note: view?.subBases.find((b) => b.id === a.base)?.odds ?? '11.22.A' };
      case 'sub-warfare-effect':
        return a.choice === 'asp' ? 'Reduce the Japanese ASP by one' : a.choice === 'swm' ? 'Reduce the SWM by one' : 'Take neither';
      case 'begin-offensive':
        return `Play a card for an offensive by ${hq(a.hq)}`;
      case 'play-event':
        return { text: `Play event ${CARD_NAMES[String(a.card)] ?? `#${String(a.card)}`}`, note: '11.22.B: the SWM counts it, once the other player confirms the play' };
      case 'pass':
        return 'Pass: no more card plays this turn';
      case 'relocate-sub-base':
        return { text: `Relocate ${base(a.base)} to hex ${String(a.to)} (two activations)`, note: '11.21.C' };
      case 'propose':
        return `Report: ${factText(a.fact as EotsFact, hq)}`;
      case 'confirm':
        return 'Confirm the report';
      case 'dispute':
        return 'Dispute the report';
      case 'withdraw':
        return 'Withdraw the disputed report';
      case 'insist':
        return { text: 'Insist on the report', note: 'It is left unresolved (listed in the result) and not applied' };
      case 'end-movement':
        return 'End the movement';
      case 'declare-battle-hex':
        return { text: `Declare hex ${String(a.hex)} a Battle Hex`, note: '11.21.D: a Sub Base alone makes one; the other player confirms it' };
      case 'end-declaration':
        return 'Close the declaration';
      case 'play-card-5':
        return {
          text: `Play card #5 for ${base(a.base)}`,
          note: `11.24.A: Cryptographic Intercepts; the Japanese player confirms the play. ${view?.thisTurn.card5Odds ?? ''}`.trim(),
        };
      case 'decline-card-5':
        return 'Do not play card #5';
      case 'japanese-attack':
        return {
          text: `Report ${String(a.hits)} hit${a.hits === 1 ? '' : 's'} on ${base(a.base)}${a.critical ? ' (critical hit target)' : ''}`,
          note: '11.21.D: 15 hits displace it; the Allied player confirms',
        };
      case 'end-air-naval-combat':
        return 'End the Air-Naval Combat';
      case 'japanese-ground-unit':
        return { text: `Report a Japanese ground unit occupying ${base(a.base)}'s hex`, note: '11.21.D; the Allied player confirms' };
      case 'end-ground-combat':
        return 'End the ground combat';
      case 'end-offensive':
        return 'End the offensive';
      case 'emergency-move':
        return { text: a.to === 'trt' ? `${base(a.base)} to the Turn Record Track` : `Emergency move: ${base(a.base)} to hex ${String(a.to)}`, note: '11.21.E' };
      case 'no-emergency-move':
        return { text: `${base(a.base)} stays put`, note: '11.21.E' };
      case 'end-political':
        return 'End the Political Phase';
      default:
        return undefined;
    }
  };
}

/** The hex an action names (the map's click targets): Sub Base moves, Battle Hexes, reports of HQ moves, control, supply and ZoI. */
export function eotsActionHex(a: Action, view?: { subBases: { id: string; location: { at: string; hex?: string } }[] } | null): string | null {
  let v: unknown = null;
  switch (a.type) {
    case 'place-sub-base':
    case 'declare-battle-hex':
      v = a.hex;
      break;
    case 'relocate-sub-base':
    case 'emergency-move':
      v = a.to;
      break;
    case 'propose': {
      const f = a.fact as EotsFact;
      v = f.kind === 'hq-move' ? f.to : f.kind === 'activations' ? null : f.hex;
      break;
    }
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
