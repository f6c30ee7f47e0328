/** The prompt texts of a battle's decisions (VI.F.1.c/f, VI.F.2). */
import { SEA_AREA_NAMES } from '../data';
import { turnName, type SsjState } from '../state';
import type { Side } from '../data/types';
import { battleOdds } from './odds';

const STEP_TEXT: Record<string, string> = {
  engage:
    'do you engage in a daylight surface battle here? A battle is fought if both sides engage; a side that does not engage stays in the sea area (it is not withdrawing), but if the other side engages it must then fight or abandon its slow and heavily damaged ships',
  pursuit: 'the other side engages and you do not: fight, or abandon (scuttle) your slow and heavily damaged ships here while the rest of your ships evade and stay',
  'pt-day': 'your PT boats in the Slot may join this daylight battle (VI.F.1.c) — each gunfire roll at them sinks them on a 4–6 — or hide: pick the units that attack, then close',
  'choose-tf': 'choose the task force that fights first',
  place:
    'place your ships face down on the Battle Board, above or below the night-time size perception line (cruisers and transports either side; at least one unit each side if possible), then close',
  surprise: 'you have surprise: open with torpedoes, with gunfire, or withdraw',
  torpedo: 'aim your surprise torpedoes (spread over the enemy pieces as much as possible)',
  wild: 'a torpedo has turned: choose blindly the piece of the firing task force it runs at',
  'after-torpedo': 'after your torpedo attack: fight on with gunfire, or withdraw',
  fire: "allocate your ships' gunfire, one ship at a time, or spread the rest",
  continue: 'the round is over: fight on, or withdraw',
};

/** The battle's decision for `side`, with the odds of its shots at the pieces it may name when it aims (VII.A). */
export function battleText(s: SsjState, side?: Side): string {
  const b = s.battle;
  if (!b) return '';
  const what = b.mode === 'night' ? '(VI.F.2) night battle' : b.voluntary ? '(VI.F.1.c) daylight surface battle by choice' : '(VI.F.1.f) mandatory daylight surface battle';
  const step =
    b.mode === 'day' && b.step === 'continue' && b.round === 0
      ? 'the task forces are face up: fight, or withdraw (slow and heavily damaged ships are scuttled)'
      : b.mode === 'day' && b.step === 'fire'
        ? "allocate your ships' gunfire, one ship at a time (not at a higher class while one of its own or a lower class is not fired on), or spread the rest"
        : STEP_TEXT[b.step];
  const odds = side && (b.step === 'fire' || b.step === 'torpedo') ? battleOdds(s, side, b.step === 'torpedo') : null;
  return `${turnName(s)} ${what} in ${SEA_AREA_NAMES[b.area]}${b.round ? `, round ${b.round}` : ''}: ${step}.${odds ? ` ${odds}` : ''}`;
}
