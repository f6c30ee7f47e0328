/**
 * 11.23 Effects of successful submarine warfare: the Japanese draw one card fewer for each
 * successful Sub Base (never below four), and after each success the Allied player may take
 * one Japanese ASP or one SWM step — at most one of each a turn, never the last ASP, never
 * below −5.
 */
import type { LogEntry } from '../../engine';
import type { ActionOf } from './actions';
import { dealHands } from './cards';
import { MIN_JAPANESE_HAND, SWM_FLOOR, SWM_STEP } from './data/tables';
import { baseName, type EotsState } from './state';
import { currentSwm, moveSwm } from './swm';
import { countOf } from './words';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });

export type EffectChoice = 'asp' | 'swm' | 'none';

/** The choices after a success; empty when neither an ASP nor an SWM step may be taken (no decision to make). */
export function effectChoices(s: EotsState): EffectChoice[] {
  const out: EffectChoice[] = [];
  if (!s.record.aspTaken && s.asp > 1) out.push('asp');
  if (!s.record.swmTaken && currentSwm(s) > SWM_FLOOR) out.push('swm');
  return out.length > 0 ? [...out, 'none'] : [];
}

export function effectActions(s: EotsState): ActionOf<'sub-warfare-effect'>[] {
  if (s.phase.kind !== 'strategic-warfare' || s.phase.effectFor === null) return [];
  const base = s.phase.effectFor;
  return effectChoices(s).map((choice) => ({ type: 'sub-warfare-effect' as const, base, choice }));
}

export function applyEffect(s: EotsState, a: ActionOf<'sub-warfare-effect'>): LogEntry[] {
  if (s.phase.kind !== 'strategic-warfare') return [];
  s.phase.effectFor = null;
  const roll = [...s.history.rolls].reverse().find((r) => r.turn === s.turn && r.base === a.base);
  if (roll) roll.effect = a.choice;
  if (a.choice === 'asp') {
    s.asp--;
    s.record.aspTaken = true;
    return [pub(`For ${baseName(a.base)}'s success the Allied player reduces the Japanese ASP level by one, to ${s.asp} (11.23).`, { effect: 'asp', asp: s.asp })];
  }
  if (a.choice === 'swm') {
    s.swmSteps++;
    s.record.swmTaken = true;
    return [
      pub(`For ${baseName(a.base)}'s success the Allied player reduces the SWM by one (11.23, 11.22.B.7).`, { effect: 'swm' }),
      moveSwm(s, SWM_STEP, `${baseName(a.base)}'s success spent on the SWM (11.22.B.7)`),
    ];
  }
  return [pub(`For ${baseName(a.base)}'s success the Allied player takes neither an ASP nor an SWM step (11.23).`, { effect: 'none' })];
}

/** The Japanese hand: one card fewer a successful Sub Base, never reduced below four (11.23, 11.4). */
export function handSize(base: number, successes: number): { size: number; reduction: number } {
  const reduction = Math.min(successes, Math.max(0, base - MIN_JAPANESE_HAND));
  return { size: base - reduction, reduction };
}

/** The Strategy Card Draw that follows the Strategic Warfare Segment. */
export function drawCards(s: EotsState): LogEntry[] {
  const base = s.scenario.japaneseHand[s.turn - 1]!;
  const successes = s.record.successes.length;
  const { size, reduction } = handSize(base, successes);
  s.japaneseHand = size;
  dealHands(s, size);
  s.history.hands.push({ turn: s.turn, base, successes, reduction, size });
  const why =
    successes === 0
      ? 'no Sub Base succeeded'
      : countOf(successes, 'successful Sub Base') + (reduction < successes ? `, but the hand is never reduced below ${MIN_JAPANESE_HAND}` : '');
  return [
    pub(`Strategy Card Draw: the Japanese hand is ${countOf(size, 'card')} (${base} on the track − ${reduction}: ${why}; 11.23); the Allied hand is ${s.hands.allied}.`, {
      hand: { base, successes, reduction, size },
      hands: { ...s.hands },
    }),
  ];
}
