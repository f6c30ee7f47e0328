/**
 * What each viewer sees. RULING (hidden information): nothing the variant tracks is secret —
 * Sub Bases are face-up counters, every roll and choice is made in the open, the hand SIZES
 * are public, the variant's cards are followed only once played (discard piles are open)
 * and which cards a hand holds is not modelled — so every viewer ('allied', 'japanese',
 * 'spectator', 'referee') gets the same picture, built here from the state field by field
 * (never the state object itself), and every log entry is public.
 */
import type { Viewer } from '../../engine';
import { DISPLACE_HITS, ORDER_OF_BATTLE } from './data/tables';
import { decision } from './flow';
import { card5Candidates } from './card5';
import { card5Odds, subWarfareOdds } from './odds';
import { eligibility, sloc } from './strategic-warfare';
import { halfRangeHqs } from './sub-bases';
import { yearOf, type EotsState } from './state';
import { currentSwm } from './swm';

export function viewFor(s: EotsState, viewer: Viewer) {
  const d = decision(s);
  const p = s.phase;
  return {
    viewer,
    scenario: { id: s.scenario.id, name: s.scenario.name, startTurn: s.scenario.startTurn, lastTurn: s.scenario.lastTurn, slocRange: s.scenario.slocRange },
    turn: s.turn,
    year: yearOf(s),
    phase: {
      kind: p.kind,
      ...(p.kind === 'reinforcement' ? { toPlace: [...p.toPlace] } : {}),
      ...(p.kind === 'strategic-warfare' ? { rolled: [...p.rolled], effectFor: p.effectFor } : {}),
      ...(p.kind === 'offensive'
        ? {
            offensive: {
              side: p.offensive.side,
              hq: p.offensive.hq,
              activations: p.offensive.activations,
              used: p.offensive.used,
              hqMoved: p.offensive.hqMoved,
              proposed: [...p.offensive.proposed],
              step: p.offensive.step,
              battleHexes: [...p.offensive.battleHexes],
              relocated: [...p.offensive.relocated],
              hits: { ...p.offensive.hits },
            },
          }
        : {}),
    },
    waitingFor: d && d.actions.length > 0 ? { side: d.side, kind: d.kind, text: d.text } : null,
    emergency: s.emergency.map((e) => ({ ...e })),
    subBases: ORDER_OF_BATTLE.map((u) => {
      const l = s.subBases[u.id];
      const onMap = l.at === 'map';
      return {
        id: u.id,
        name: u.name,
        location: { ...l },
        /** The counter's printed values (11.21.D): "*", no Air-Naval Combat factors; 15 hits displace it; single-sided. */
        printed: { airNavalFactors: '*' as const, displaceHits: DISPLACE_HITS, sides: 1 },
        ...(onMap ? { eligibility: eligibility(s, u.id).reasons, halfRangeHqs: halfRangeHqs(s, l.hex), sloc: sloc(s, l.hex), odds: subWarfareOdds(s, u.id) } : {}),
      };
    }),
    swm: { value: currentSwm(s), start: s.scenario.startSwm, track: s.swmTrack.map((c) => ({ ...c })) },
    japanese: { asp: s.asp, hand: s.japaneseHand, handOnTrack: s.scenario.japaneseHand[s.turn - 1], chinaDivisions: s.chinaDivisions },
    /** Cards left in each hand this turn. */
    hands: { ...s.hands },
    /** Where each of the variant's cards is: in the deck or a hand, discarded until a reshuffle, or out of the game. */
    cards: { ...s.cards },
    reshuffleTurns: [...s.scenario.reshuffleTurns],
    events: { ...s.events },
    proposal: s.proposal ? structuredClone(s.proposal) : null,
    disputes: s.disputes.map((d) => structuredClone(d)),
    thisTurn: {
      successes: [...s.record.successes],
      aspTaken: s.record.aspTaken,
      swmTaken: s.record.swmTaken,
      relocated: [...s.record.relocated],
      card5Played: s.record.card5Played,
      card5Candidates: card5Candidates(s),
      /** Card #5's table with the divisions in China now (11.24.A). */
      card5Odds: card5Odds(s.chinaDivisions),
      onMapAtReinforcement: [...s.record.onMapAtReinforcement],
    },
    offensives: { next: s.ops.next, passed: [...s.ops.passed] },
    hexes: s.hexes.map((h) => ({ ...h })),
    hqs: s.hqs.map((q) => ({ ...q })),
    history: {
      rolls: s.history.rolls.map((r) => ({ ...r })),
      hands: s.history.hands.map((h) => ({ ...h })),
      card5: s.history.card5.map((c) => ({ ...c })),
      plays: s.history.plays.map((c) => ({ ...c })),
      lost: s.history.lost.map((c) => ({ ...c })),
      arrivals: s.history.arrivals.map((c) => ({ ...c })),
    },
  };
}

export type EotsView = ReturnType<typeof viewFor>;
