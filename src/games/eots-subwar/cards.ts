/**
 * The Strategy Cards as far as the variant needs them. Hands are counts per side: each turn
 * a side draws its hand (the Japanese one fewer a successful Sub Base, 11.23) and every card
 * it plays — for an offensive, as an event, as a Reaction Event — takes one; a side with no
 * card left passes. The cards the variant reads are tracked one by one: an event card goes
 * to the discard pile once played and comes back only at a reshuffle (#80, #5), or stays out
 * of the game when its effect lasts (#37, #38: "if the Japanese have played" counts once).
 * Which cards are in a hand is not modelled — so a play is reported and the other player,
 * who sees the card played, confirms it (reports.ts) — and nothing here is secret.
 */
import type { LogEntry } from '../../engine';
import type { ActionOf, EotsAction } from './actions';
import { VARIANT_CARDS, VARIANT_CARD_IDS, SWM_CARD_37, SWM_CARD_38, SWM_CARD_80, type Side, type VariantCard } from './data/tables';
import { isReported } from './report-keys';
import { other, type EotsState } from './state';
import { moveSwm } from './swm';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });
const NAME: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };

/** May `side` play variant card `card` now (it is in the deck or a hand, not discarded or removed, and a card is in hand)? */
export function canPlay(s: EotsState, side: Side, card: VariantCard): boolean {
  return VARIANT_CARDS[card].side === side && s.cards[card] === 'deck' && s.hands[side] > 0;
}

/** A card leaves `side`'s hand; a variant card goes where its play sends it. */
export function spendCard(s: EotsState, side: Side, card: VariantCard | 'offensive'): void {
  s.hands[side] = Math.max(0, s.hands[side] - 1);
  if (card !== 'offensive') s.cards[card] = VARIANT_CARDS[card].afterPlay;
  s.history.plays.push({ turn: s.turn, side, card });
}

/** At the start of a turn of the track's reshuffles, every discarded card returns to its deck. */
export function reshuffle(s: EotsState): LogEntry[] {
  if (!s.scenario.reshuffleTurns.includes(s.turn)) return [];
  const back = VARIANT_CARD_IDS.filter((c) => s.cards[c] === 'discard');
  for (const c of back) s.cards[c] = 'deck';
  return [
    pub(`Turn ${s.turn}: the discards are shuffled back into the decks${back.length ? ` (${back.map((c) => `#${c}`).join(', ')} may be played again)` : ''}.`, { reshuffle: back }),
  ];
}

/**
 * The card plays open to `side` in the Offensives Phase. An event is a report: it takes
 * effect once the other player, who sees the card played, confirms it (reports.ts); one
 * withdrawn or referred is not offered again this turn.
 */
export function cardPlayChoices(s: EotsState, side: Side): EotsAction[] {
  const out: EotsAction[] = [];
  if (s.hands[side] > 0) {
    for (const q of s.hqs) if (q.side === side && q.hex !== null) out.push({ type: 'begin-offensive', hq: q.id });
    for (const card of [37, 38, 80] as const) if (canPlay(s, side, card) && !isReported(s, { kind: 'event', card })) out.push({ type: 'play-event', card });
  }
  out.push({ type: 'pass' });
  return out;
}

/** After a card play (or a pass): the other side plays next unless it has passed; both passed ends the phase. */
export function nextCardPlay(s: EotsState, played: Side): void {
  const o = other(played);
  s.ops.next = s.ops.passed.includes(o) ? played : o;
  s.phase = s.ops.passed.length === 2 ? { kind: 'political' } : { kind: 'operations' };
}

export function pass(s: EotsState, side: Side, why = ''): LogEntry[] {
  if (!s.ops.passed.includes(side)) s.ops.passed.push(side);
  nextCardPlay(s, side);
  return [pub(`The ${NAME[side]} player makes no more card plays this turn${why}.`)];
}

/** 11.22.B.4–6: an event the SWM counts moves the marker as it is played (once the other player has confirmed the play). */
export function playEvent(s: EotsState, side: Side, a: ActionOf<'play-event'>): LogEntry[] {
  spendCard(s, side, a.card);
  const log = [pub(`The ${NAME[side]} player plays event ${VARIANT_CARDS[a.card].name}.`, { event: a.card })];
  if (a.card === 37) {
    s.events.card37 = true;
    log.push(moveSwm(s, SWM_CARD_37, 'the Japanese played "First Convoy Escort Fleet" (11.22.B.4)'));
  } else if (a.card === 38) {
    s.events.card38 = true;
    log.push(moveSwm(s, SWM_CARD_38, 'the Japanese played "Grand Escort Command" (11.22.B.5)'));
  } else {
    s.events.card80++;
    log.push(moveSwm(s, SWM_CARD_80, 'the Allies played "New Submarine Doctrine" (11.22.B.6)'));
  }
  nextCardPlay(s, side);
  return log;
}

/** Each side's hand for the turn (the Strategy Card Draw). */
export function dealHands(s: EotsState, japanese: number): void {
  s.hands = { allied: s.scenario.alliedHand[s.turn - 1] ?? 0, japanese };
}
