/**
 * 11.24.A Allied card #5 played as "Cryptographic Intercepts: Submarines Target Troop
 * Transports": a Reaction Event, during a Japanese offensive before combat (or at its
 * conclusion if no Battle Hex was declared). Pick a Sub Base not relocated this turn within
 * the SLOC Proximity Range of a Japanese HQ, roll a ten-sided die: 0 takes two Japanese
 * divisions out of China, 1–2 one, 3–9 nothing; never either of the last two. The card
 * must be in the Allied hand: the play is reported, and once the Japanese player (who sees
 * it played) confirms it the die is rolled and the card discarded until the next reshuffle.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import type { ActionOf } from './actions';
import { CARD5_LAST_DIVISIONS, CARD5_TABLE, type SubBaseId } from './data/tables';
import { canPlay, spendCard } from './cards';
import { hexDistance } from './hex';
import { CARD5_KEY, reportsMade } from './report-keys';
import { baseName, basesOnMap, type EotsState } from './state';

export type { Card5Record } from './state';

/** The Sub Bases the event may select now. */
export function card5Candidates(s: EotsState): SubBaseId[] {
  const range = s.scenario.slocRange;
  return basesOnMap(s)
    .filter(({ base }) => !s.record.relocated.includes(base))
    .filter(({ hex }) => s.hqs.some((q) => q.side === 'japanese' && q.hex !== null && hexDistance(q.hex, hex) <= range))
    .map((b) => b.base);
}

/** Whether the card may be played at this moment of the game. */
export function card5Window(s: EotsState): boolean {
  if (s.phase.kind !== 'offensive') return false;
  const off = s.phase.offensive;
  if (off.side !== 'japanese' || !canPlay(s, 'allied', 5)) return false;
  if (off.step === 'reaction') return off.battleHexes.length > 0;
  if (off.step === 'late-reaction') return off.battleHexes.length === 0;
  return false;
}

export function card5Choices(s: EotsState): (ActionOf<'play-card-5'> | ActionOf<'decline-card-5'>)[] {
  // A play reported once in this offensive (and withdrawn or referred) is not offered again.
  if (!card5Window(s) || reportsMade(s).includes(CARD5_KEY)) return [];
  const bases = card5Candidates(s);
  if (bases.length === 0) return [];
  return [...bases.map((base) => ({ type: 'play-card-5' as const, base })), { type: 'decline-card-5' as const }];
}

/** The table of 11.24.A and the last-two-divisions limit. */
export function card5Outcome(die: number, divisions: number): { reduction: number; removed: number } {
  const row = CARD5_TABLE.find((r) => die >= r.from && die <= r.to);
  if (!row) throw new RangeError(`a ten-sided die reads 0–9, got ${die}`);
  const removed = Math.min(row.divisions, Math.max(0, divisions - CARD5_LAST_DIVISIONS));
  return { reduction: row.divisions, removed };
}

export function playCard5(s: EotsState, a: ActionOf<'play-card-5'>, ctx: ApplyContext): LogEntry[] {
  const why = `card #5 Cryptographic Intercepts: ${baseName(a.base)}`;
  const die = ctx.dice.d10(why);
  const { reduction, removed } = card5Outcome(die, s.chinaDivisions);
  s.chinaDivisions -= removed;
  s.record.card5Played = true;
  spendCard(s, 'allied', 5);
  s.history.card5.push({ turn: s.turn, base: a.base, die, reduction, removed, divisionsAfter: s.chinaDivisions });
  const row = CARD5_TABLE.find((r) => die >= r.from && die <= r.to)!;
  const limit = removed < reduction ? ` — only ${removed}: neither of the last two divisions in China may be removed this way` : '';
  return [
    {
      to: 'public',
      text: `The Allied player plays card #5 as "Cryptographic Intercepts: Submarines Target Troop Transports" with ${baseName(a.base)} (11.24.A): die ${die}, ${row.text}${limit}. Japanese divisions in China: ${s.chinaDivisions}.`,
      data: { roll: { why, die, reduction, removed, divisionsAfter: s.chinaDivisions, base: a.base } },
    },
  ];
}
