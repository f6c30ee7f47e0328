/**
 * Reports: what one player says happened in the players' own game, which the variant acts
 * on only once the other player, who saw it happen at the table, confirms it. Facts of the
 * board (facts.ts) and the plays the variant reads — a Battle Hex declared, hits applied to
 * a Sub Base, a Japanese ground unit in its hex (11.21.D), a card played as an event
 * (11.22.B.4–6, 11.24.A) — go the same way: proposed, then confirmed (applied) or disputed.
 * A disputed report is withdrawn, or the reporter insists: then it is left unresolved —
 * logged and listed in the view and the result for the players to settle — and NOT applied — nothing changes the game
 * without both players' word. Each report is made at most once where it is made
 * (report-keys.ts), so a dispute cannot go round for ever. Everything here is public.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { playCard5 } from './card5';
import { playEvent } from './cards';
import { VARIANT_CARDS, type Side } from './data/tables';
import type { Report } from './fact';
import { applyFact, describeFact } from './facts';
import { reportKey, reportsMade } from './report-keys';
import { baseName, hexOfBase, other, type EotsState } from './state';
import { japaneseAttack, japaneseGroundUnit } from './sub-bases';
import { countOf } from './words';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });
const NAME: Record<Side, string> = { allied: 'Allied', japanese: 'Japanese' };

export function describeReport(s: EotsState, r: Report): string {
  switch (r.kind) {
    case 'battle-hex':
      return `hex ${r.hex} is declared a Battle Hex of this offensive`;
    case 'sub-base-hits':
      return `${countOf(r.hits, 'hit')} ${r.hits === 1 ? 'is' : 'are'} applied to ${baseName(r.base)} in ${hexOfBase(s, r.base) ?? 'its hex'} ${r.critical ? 'as the target of a Critical Hit' : 'after every other Allied air and naval unit in the combat was reduced'}`;
    case 'ground-unit':
      return `a Japanese ground unit occupies ${baseName(r.base)}'s hex ${hexOfBase(s, r.base) ?? ''} at the end of ground combat`.trimEnd();
    case 'event':
      return `the ${NAME[VARIANT_CARDS[r.card].side]} player plays card ${VARIANT_CARDS[r.card].name} as an event`;
    case 'card-5':
      return `the Allied player plays card #5 as "Cryptographic Intercepts: Submarines Target Troop Transports" with ${baseName(r.base)}`;
    default:
      return describeFact(s, r);
  }
}

export function propose(s: EotsState, by: Side, r: Report): LogEntry[] {
  reportsMade(s).push(reportKey(s, r));
  s.proposal = { by, fact: r, status: 'proposed' };
  return [pub(`The ${NAME[by]} player reports: ${describeReport(s, r)}. The ${NAME[other(by)]} player confirms or disputes it.`, { proposal: { by, fact: r } })];
}

/** Who answers the open proposal, and how. */
export function answerChoices(s: EotsState): { side: Side; actions: ({ type: 'confirm' } | { type: 'dispute' } | { type: 'withdraw' } | { type: 'insist' })[] } | null {
  const p = s.proposal;
  if (!p) return null;
  return p.status === 'proposed' ? { side: other(p.by), actions: [{ type: 'confirm' }, { type: 'dispute' }] } : { side: p.by, actions: [{ type: 'withdraw' }, { type: 'insist' }] };
}

/** The report takes effect (both players agree on it): what it changes, and the log of its effects. */
function applyReport(s: EotsState, by: Side, r: Report, ctx: ApplyContext): LogEntry[] {
  const off = s.phase.kind === 'offensive' ? s.phase.offensive : null;
  switch (r.kind) {
    case 'battle-hex':
      off!.battleHexes.push(r.hex);
      return [pub(`Battle Hex declared: ${r.hex}.`, { hex: r.hex })];
    case 'sub-base-hits':
      return japaneseAttack(s, off!, { type: 'japanese-attack', base: r.base, hits: r.hits, critical: r.critical });
    case 'ground-unit':
      return japaneseGroundUnit(s, { type: 'japanese-ground-unit', base: r.base });
    case 'event':
      return playEvent(s, by, { type: 'play-event', card: r.card });
    case 'card-5':
      return playCard5(s, { type: 'play-card-5', base: r.base }, ctx);
    default:
      applyFact(s, r);
      return [];
  }
}

export function answer(s: EotsState, side: Side, how: 'confirm' | 'dispute' | 'withdraw' | 'insist', ctx: ApplyContext): LogEntry[] {
  const p = s.proposal!;
  const what = describeReport(s, p.fact);
  switch (how) {
    case 'confirm':
      s.proposal = null;
      return [pub(`The ${NAME[side]} player confirms: ${what}.`, { confirmed: p.fact }), ...applyReport(s, p.by, p.fact, ctx)];
    case 'dispute':
      p.status = 'disputed';
      return [
        pub(`The ${NAME[side]} player disputes: ${what}. The ${NAME[p.by]} player withdraws it or insists (then it is left unresolved and not applied).`, { disputed: p.fact }),
      ];
    case 'withdraw':
      s.proposal = null;
      return [pub(`The ${NAME[side]} player withdraws the disputed report: ${what}. Nothing changes.`, { withdrawn: p.fact })];
    case 'insist': {
      s.proposal = null;
      const text = `Turn ${s.turn}: the ${NAME[p.by]} player reports that ${what}; the ${NAME[other(p.by)]} player disputes it`;
      s.disputes.push({ turn: s.turn, by: p.by, fact: p.fact, text });
      return [pub(`${text}. Unresolved: it is listed in the result and is not applied.`, { referred: p.fact })];
    }
  }
}
