/**
 * The end of a match: the scenario's last turn over, a summary of what the variant decided —
 * the SWM track, the Strategic Warfare results and their effects, the Sub Bases lost and
 * replaced, the cards used, and any dispute left unresolved — as the result's
 * text and score. The variant names no winner of its own (RULINGS.md), so the result says so.
 */
import type { Result } from '../../engine';
import { SUB_BASE_IDS, VARIANT_CARDS, VARIANT_CARD_IDS } from './data/tables';
import { baseName, type EotsState } from './state';
import { signed } from './swm';
import { countOf } from './words';

const HOW = { hits: 'displaced by hits', ground: 'occupied by a Japanese ground unit', emergency: 'sent to the TRT by an emergency move' } as const;

/** The numbers the result's score and text are built from. */
export function tallies(s: EotsState) {
  const rolls = s.history.rolls;
  const successes = rolls.filter((r) => r.success);
  return {
    rolls: rolls.length,
    successes: successes.length,
    cardsDenied: s.history.hands.reduce((a, h) => a + h.reduction, 0),
    aspLost: s.scenario.startAsp - s.asp,
    swmSteps: s.swmSteps - s.scenario.startSwmSteps,
    divisionsRemoved: s.scenario.startChinaDivisions - s.chinaDivisions,
    subBasesLost: s.history.lost.length,
  };
}

/** The variant's effects over the match, in words. */
export function summary(s: EotsState): string {
  const t = tallies(s);
  const wins = s.history.rolls.filter((r) => r.success);
  const by = SUB_BASE_IDS.map((b) => [b, wins.filter((r) => r.base === b).length] as const)
    .filter(([, n]) => n > 0)
    .map(([b, n]) => `${baseName(b)} ${n}`)
    .join(', ');
  const track = [s.scenario.startSwm, ...s.swmTrack.map((c) => c.value)].map(signed).join(' → ');
  const lost = s.history.lost.map((l) => `${baseName(l.base)} ${HOW[l.how]} on Turn ${l.turn}`).join('; ');
  const arrived = s.history.arrivals
    .map((a) =>
      a.replaces
        ? `${baseName(a.base)} replaced ${baseName(a.replaces)} ${a.where === 'map' ? 'on the map' : 'on the TRT'} on Turn ${a.turn}`
        : `${baseName(a.base)} arrived on Turn ${a.turn}`,
    )
    .join('; ');
  const plays = VARIANT_CARD_IDS.map((c) => [c, s.history.plays.filter((p) => p.card === c).length] as const)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${VARIANT_CARDS[c].name} ×${n}`)
    .join(', ');
  const offensives = s.history.plays.filter((p) => p.card === 'offensive');
  const disputes = s.disputes.length ? ` Left unresolved, not applied: ${s.disputes.map((d) => d.text).join('; ')}.` : '';
  return (
    `SWM track ${track} (now ${signed(s.swm)}). ` +
    `Strategic Warfare: ${countOf(t.successes, 'success', 'successes')} in ${countOf(t.rolls, 'roll')}${by ? ` (${by})` : ''}; ${countOf(t.cardsDenied, 'Japanese card')} denied; ` +
    `Japanese ASP ${s.scenario.startAsp} → ${s.asp}; ${countOf(t.swmSteps, 'SWM step')} taken; ` +
    `card #5 removed ${countOf(t.divisionsRemoved, 'Japanese division')} from China (${s.chinaDivisions} left). ` +
    `Sub Bases lost: ${lost || 'none'}. Sub Bases arrived and replaced: ${arrived || 'none'}. ` +
    `Cards played for offensives: Japanese ${offensives.filter((p) => p.side === 'japanese').length}, Allied ${offensives.filter((p) => p.side === 'allied').length}${plays ? `; events ${plays}` : ''}.` +
    disputes
  );
}

/**
 * RULING: the variant has no victory conditions of its own, so there is no winner. The score
 * counts what it did to each side: for the Allies, Japanese cards denied + ASPs lost +
 * divisions removed from China; for the Japanese, Sub Bases sent to the Turn Record Track.
 */
export function result(s: EotsState): Result | null {
  if (s.phase.kind !== 'over') return null;
  const t = tallies(s);
  const score = { allied: t.cardsDenied + t.aspLost + t.divisionsRemoved, japanese: t.subBasesLost };
  return {
    winner: null,
    text:
      `No winner: the submarine warfare variant decides none; Empire of the Sun's own victory conditions decide the game. ` +
      `Score (what the variant did): Allied ${score.allied} (Japanese cards denied, ASPs lost and divisions removed), Japanese ${score.japanese} (Sub Bases sent to the Turn Record Track). ` +
      summary(s),
    score,
  };
}
