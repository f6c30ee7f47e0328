/**
 * Matches against the computer, played through the engine (issue #42 item 6): the person's
 * side by a random player that plays on (`randomPerson`, src/bots), the computer's by a
 * game's `plausible` bot, the computer's side alternating match by match; and the same
 * scenarios between two plausible bots, whose median length is the yardstick. Shared by
 * test/games/vs-computer.test.ts (a bounded run) and scripts/bots-report.ts (100 a scenario).
 *
 * A match's length is its count of actions. Who "wins": East Wind Rain's result names a
 * winner (or a draw); Empire of the Sun's variant names none (its RULINGS), so the side with
 * the higher variant score (what the variant did to the other side) is counted the winner,
 * equal scores a draw.
 */
import { randomPerson, type Bot } from '../../src/bots';
import { makeBot } from '../../src/bots/kinds';
import { playMatch } from '../../src/bots/play';
import type { GameModule, MatchState, Result } from '../../src/engine';
import { eotsSubwar } from '../../src/games/eots-subwar';
import { disputable } from '../../src/games/eots-subwar/bot';
import type { Report } from '../../src/games/eots-subwar/fact';
import { BUILT_IN_IDS } from '../../src/games/eots-subwar/scenario';
import type { EotsState } from '../../src/games/eots-subwar/state';
import type { EotsView } from '../../src/games/eots-subwar/view';
import { ewr } from '../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import type { EwrState } from '../../src/games/ewr/state';

/**
 * By game: its module, its built-in scenarios, and the actions that stop short — end the match,
 * or the side's part of it, or turn down a fight, while it could go on — which the random person
 * leaves aside while it has others, listed from the one that stops most (`randomPerson`): East
 * Wind Rain's TFA closing the operations phase, withdrawing from an initiative (a retreat: its
 * next initiative goes on refuelling, X.N.3.g) or ending it while it may still move, and either
 * side declining an intercept or a strike, passing up a sighting or retreating after the strikes
 * (the keepsGoing bot of test/server/fairness.test.ts stops the same way); with its moves spent
 * it ends the initiative rather than withdraw. Empire of the Sun's player passing for the rest of
 * the turn's card plays while it still holds a card to play (its match ends only when the last
 * turn is over, by no one's choice).
 */
export const DUEL_GAMES = {
  ewr: {
    module: ewr as GameModule,
    scenarios: BUILTIN_SCENARIOS.map((s) => s.id),
    ends: ['end-operations', 'withdraw', 'end-initiative', 'decide/retreat', 'decide/decline', 'decide/pass'],
    /** Game time: the initiatives TFA performed. */
    time: (g: unknown) => (g as EwrState).history.length,
    timeUnit: 'initiatives',
  },
  'eots-subwar': {
    module: eotsSubwar as GameModule,
    scenarios: [...BUILT_IN_IDS],
    ends: ['pass'],
    /** Game time: the turns played (the match always runs to the scenario's last). */
    time: (g: unknown) => (g as EotsState).turn - (g as EotsState).scenario.startTurn + 1,
    timeUnit: 'turns',
  },
} as const;

/**
 * The person's side: a random player that plays on (`randomPerson`). In Empire of the Sun it
 * also answers the computer's reports as the board says, by the rule the computer answers by
 * (`disputable`, the game's RULINGS): a report is a statement about the board, which a person
 * at the table reads, not a move to pick at random (a random "dispute" of a true report, then
 * withdrawn, unplays the computer's every event and offensive). Its own reports, and what it
 * does with one disputed, stay random.
 */
export function person(game: DuelGame, seed: string): Bot {
  const random = randomPerson(seed, DUEL_GAMES[game].ends);
  if (game !== 'eots-subwar') return random;
  return {
    name: `${random.name}, answers reports as the board says`,
    choose(turn) {
      if (turn.prompt.kind !== 'confirm-fact') return random.choose(turn);
      const v = turn.view as EotsView;
      const r = v.proposal?.fact as Report | undefined;
      const want = r && disputable(v, r) ? 'dispute' : 'confirm';
      return turn.prompt.actions.find((a) => (a as { type?: string }).type === want) ?? random.choose(turn);
    },
  };
}
export type DuelGame = keyof typeof DUEL_GAMES;

export interface Duel {
  scenario: string;
  seed: string;
  /** The side the computer (plausible) played; null between two plausible bots. */
  computer: string | null;
  actions: number;
  /** Its length in game time (the game's `time`: EWR initiatives, EotS turns). */
  time: number;
  /** The actions the computer's side took (0: the person's side ended the match before the computer decided anything). */
  computerActions: number;
  /** The computer's first action (undefined when it took none). */
  computerFirst: unknown;
  /** The winning side, or null for a draw. */
  winner: string | null;
  result: Result;
}

/** The side a result counts as winning (see the file's comment), or null for a draw. */
export function winnerOf(result: Result): string | null {
  if (result.winner) return result.winner;
  const score = (result.score ?? {}) as Record<string, number>;
  const [a, b] = Object.entries(score);
  if (!a || !b || a[1] === b[1]) return null;
  return a[1] > b[1] ? a[0] : b[0];
}

function plausible(game: DuelGame, seed: string): Bot {
  const bot = makeBot(game, 'plausible', seed);
  if (!bot) throw new Error(`${game} has no plausible bot`);
  return bot;
}

/** Called after every action of a duel with the state before it, the side, its action, and the computer's side. */
export type DuelStep = (before: MatchState, side: string, action: unknown, computer: string | null) => void;

function duel(game: DuelGame, scenario: string, seed: string, computer: string | null, onStep?: DuelStep): Duel {
  const g = DUEL_GAMES[game].module;
  const bots: Record<string, Bot> = Object.fromEntries(
    g.sides.map((side) => [side, computer === null || side === computer ? plausible(game, `${seed}/${side}`) : person(game, `${seed}/${side}`)]),
  );
  const played = playMatch(g, seed, bots, {
    options: { scenario },
    maxActions: 20_000,
    ...(onStep ? { onStep: (before: MatchState, side: string, action: unknown) => onStep(before, side, action, computer) } : {}),
  });
  const result = g.result(played.state.game)!;
  const mine = played.actions.filter((a) => computer === null || a.side === computer);
  return {
    scenario,
    seed,
    computer,
    actions: played.actions.length,
    time: DUEL_GAMES[game].time(played.state.game),
    computerActions: mine.length,
    computerFirst: mine[0]?.action,
    winner: winnerOf(result),
    result,
  };
}

/** Match `i` against the computer: the computer plays the first side in even matches, the second in odd ones. */
export function vsComputerMatch(game: DuelGame, scenario: string, i: number, onStep?: DuelStep): Duel {
  return duel(game, scenario, `vs-${game}-${scenario}-${i}`, DUEL_GAMES[game].module.sides[i % 2]!, onStep);
}

/** `count` matches of `scenario` against the computer (vsComputerMatch 0 … count − 1). */
export function vsComputer(game: DuelGame, scenario: string, count: number): Duel[] {
  return Array.from({ length: count }, (_, i) => vsComputerMatch(game, scenario, i));
}

/** `count` matches of `scenario` between two plausible bots. */
export function plausiblePair(game: DuelGame, scenario: string, count: number): Duel[] {
  return Array.from({ length: count }, (_, i) => duel(game, scenario, `pair-${game}-${scenario}-${i}`, null));
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface Figures {
  scenario: string;
  matches: number;
  /** The median length of the plausible pairs' matches. */
  pairMedian: number;
  /** Matches against the random bot at least that long. */
  longEnough: number;
  /** The median length of the plausible pairs' matches in game time, and the matches against the random bot at least that long in it. */
  pairTime: number;
  longEnoughTime: number;
  computerWins: number;
  draws: number;
  /** Matches the person's side ended before the computer's first decision. */
  endedBeforeComputer: number;
  /** Lengths of the matches against the random bot. */
  lengths: { min: number; median: number; max: number };
  /** By the side the computer played: matches, and its wins. */
  bySide: Record<string, { matches: number; wins: number; longEnough: number; longEnoughTime: number }>;
}

export function figures(scenario: string, vs: Duel[], pairs: Duel[]): Figures {
  const pairMedian = median(pairs.map((d) => d.actions));
  const pairTime = median(pairs.map((d) => d.time));
  const bySide: Figures['bySide'] = {};
  for (const d of vs) {
    const b = (bySide[d.computer!] ??= { matches: 0, wins: 0, longEnough: 0, longEnoughTime: 0 });
    b.matches++;
    if (d.winner === d.computer) b.wins++;
    if (d.actions >= pairMedian) b.longEnough++;
    if (d.time >= pairTime) b.longEnoughTime++;
  }
  const lengths = vs.map((d) => d.actions);
  return {
    scenario,
    matches: vs.length,
    pairMedian,
    longEnough: vs.filter((d) => d.actions >= pairMedian).length,
    pairTime,
    longEnoughTime: vs.filter((d) => d.time >= pairTime).length,
    computerWins: vs.filter((d) => d.winner === d.computer).length,
    draws: vs.filter((d) => d.winner === null).length,
    endedBeforeComputer: vs.filter((d) => d.computerActions === 0).length,
    lengths: { min: Math.min(...lengths), median: median(lengths), max: Math.max(...lengths) },
    bySide,
  };
}
