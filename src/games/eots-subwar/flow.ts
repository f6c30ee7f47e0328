/**
 * The flow of a match: the scenario's set-up, then each turn's Reinforcement Segment
 * (11.21.B), Strategic Warfare Segment (11.22) and Strategy Card Draw (11.23), the
 * Offensives Phase (offensive.ts) and the Political Phase, through the scenario's last turn.
 * Every decision is a prompt listing complete actions; steps with nothing to decide run on
 * their own (`advance`).
 */
import { canonicalJson, RuleError, type Applied, type ApplyContext, type LogEntry, type Prompt } from '../../engine';
import type { EotsAction } from './actions';
import { cardPlayChoices, pass, reshuffle } from './cards';
import { SIDES, SUB_BASE_IDS, type Side } from './data/tables';
import { applyEffect, drawCards, effectActions } from './effects';
import { proposalChoices } from './facts';
import { advanceOffensive, beginOffensive, finishOffensive, offensiveDecision } from './offensive';
import { answer, answerChoices, propose } from './reports';
import { summary } from './result';
import type { ScenarioData } from './scenario-schema';
import { emptyRecord, initialState, yearOf, baseName, type EotsState } from './state';
import { beginStrategicWarfare, endStrategicWarfare, rollable, rollSubmarineWarfare, submarineWarfareChoices } from './strategic-warfare';
import { subWarfareOdds } from './odds';
import { beginReinforcement, dropUnplaceable, emergenciesDue, emergencyChoices, emergencyMove, forceStuckEmergencies, placeSubBase, placementChoices, relocate } from './sub-bases';
import { currentSwm, signed, yearChange } from './swm';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });

export function setup(sc: ScenarioData): Applied<EotsState> {
  const s = initialState(sc);
  const where = SUB_BASE_IDS.map((id) => {
    const l = s.subBases[id];
    return `${baseName(id)} ${l.at === 'map' ? `in ${l.hex}` : l.at === 'pending' ? `arrives Turn ${l.turn}` : l.at === 'trt' ? 'on the Turn Record Track' : 'replaced'}`;
  }).join(', ');
  const log: LogEntry[] = [
    pub(
      `${sc.name}: Turn ${sc.turn} (${yearOf(s)}). Sub Bases: ${where}. SWM ${signed(currentSwm(s))}, Japanese ASP ${s.asp}, ` +
        `Japanese divisions in China ${s.chinaDivisions}, SLOC Proximity Range ${s.scenario.slocRange} hexes.`,
      { scenario: sc.id },
    ),
  ];
  if (sc.iaiEmergencyMove === 'at-start') {
    s.emergency.push(...emergenciesDue(s, true));
    if (s.emergency.length) log.push(pub('Wilkes may make an emergency move at the beginning of the 1942 start (11.21.E, 17.25).'));
  } else {
    s.emergency.push(...emergenciesDue(s, false));
  }
  advance(s, log);
  return { state: s, log };
}

function beginTurn(s: EotsState): LogEntry[] {
  s.record = emptyRecord();
  s.japaneseHand = null;
  s.hands = { allied: 0, japanese: 0 };
  s.ops = { next: 'japanese', passed: [] };
  return [pub(`Turn ${s.turn} (${yearOf(s)}) begins: Reinforcement Segment.`, { turn: s.turn, year: yearOf(s) }), ...reshuffle(s), ...beginReinforcement(s)];
}

function endTurn(s: EotsState): LogEntry[] {
  if (s.turn >= s.scenario.lastTurn) {
    s.phase = { kind: 'over' };
    return [pub(`The match ends after Turn ${s.turn}, the scenario's last. ${summary(s)}`)];
  }
  const from = yearOf(s);
  s.turn++;
  s.phase = { kind: 'turn-start' };
  const moved = yearChange(s, from, yearOf(s));
  return moved ? [moved] : [];
}

/** Runs every step that needs no decision, until one does (or the match is over). */
export function advance(s: EotsState, log: LogEntry[]): void {
  for (;;) {
    // A report waits for its answer before anything moves on.
    if (s.proposal) return;
    log.push(...forceStuckEmergencies(s));
    if (s.emergency.length > 0) return;
    const p = s.phase;
    switch (p.kind) {
      case 'turn-start':
        log.push(...beginTurn(s));
        continue;
      case 'reinforcement':
        log.push(...dropUnplaceable(s));
        if (p.toPlace.length > 0) return;
        log.push(...beginStrategicWarfare(s));
        continue;
      case 'strategic-warfare':
        if (p.effectFor !== null || rollable(s).length > 0) return;
        log.push(...endStrategicWarfare(s), ...drawCards(s), pub(`Turn ${s.turn}: Offensives Phase. The Japanese player plays first.`));
        s.phase = { kind: 'operations' };
        return;
      case 'offensive':
        log.push(...advanceOffensive(s));
        if (s.phase.kind === 'offensive') return;
        continue;
      case 'turn-end':
        log.push(...endTurn(s));
        continue;
      case 'operations':
        // A side with no card left in its hand has nothing to decide: it passes.
        if (s.hands[s.ops.next] === 0 && !s.ops.passed.includes(s.ops.next)) {
          log.push(...pass(s, s.ops.next, ': it has no card left'));
          continue;
        }
        return;
      case 'political':
      case 'over':
        return;
    }
  }
}

/** The decision open now: who makes it and its complete actions. */
export function decision(s: EotsState): { side: Side; kind: string; text: string; actions: EotsAction[] } | null {
  const ans = answerChoices(s);
  if (ans) {
    const p = s.proposal!;
    return p.status === 'proposed'
      ? {
          side: ans.side,
          kind: 'confirm-fact',
          text: 'The other player reports what happened in your game — a fact of the board, a Battle Hex, hits, an occupation or a card played (see the log): confirm it, or dispute it.',
          actions: ans.actions,
        }
      : {
          side: ans.side,
          kind: 'disputed-fact',
          text: 'Your report is disputed: withdraw it, or insist (it is then left unresolved: listed in the result, and not applied).',
          actions: ans.actions,
        };
  }
  if (s.emergency.length > 0) {
    const actions = s.emergency.flatMap((d) => emergencyChoices(s, d));
    const names = s.emergency.map((d) => `${baseName(d.base)}${d.optional ? ' (optional)' : ''}`).join(', ');
    return { side: 'allied', kind: 'emergency-move', text: `Emergency move (11.21.E) for ${names}: within 10 hexes under 11.21.C, or to the Turn Record Track.`, actions };
  }
  const p = s.phase;
  switch (p.kind) {
    case 'reinforcement':
      return { side: 'allied', kind: 'place-sub-base', text: `Reinforcement Segment: place ${p.toPlace.map(baseName).join(', ')} (11.21.C).`, actions: placementChoices(s) };
    case 'strategic-warfare':
      if (p.effectFor !== null) {
        return {
          side: 'allied',
          kind: 'sub-warfare-effect',
          text: `${baseName(p.effectFor)} succeeded: reduce the Japanese ASP by one, the SWM by one, or neither (11.23).`,
          actions: effectActions(s),
        };
      }
      return {
        side: 'allied',
        kind: 'submarine-warfare',
        text: `Strategic Warfare Segment: roll for a Sub Base (SWM ${signed(currentSwm(s))}). ${rollable(s)
          .map((b) => `${baseName(b)}: ${subWarfareOdds(s, b)}.`)
          .join(' ')}`,
        actions: submarineWarfareChoices(s),
      };
    case 'operations':
      return { side: s.ops.next, kind: 'card-play', text: 'Play a card for an offensive or an event, or pass for the rest of the turn.', actions: cardPlayChoices(s, s.ops.next) };
    case 'offensive':
      return offensiveDecision(s, p.offensive);
    case 'political':
      return {
        side: 'japanese',
        kind: 'political',
        text: 'Political Phase: report hexes gained through a National Surrender (the Allied player confirms each), then end the phase.',
        actions: [...proposalChoices(s, 'political'), { type: 'end-political' }],
      };
    default:
      return null;
  }
}

export function prompt(s: EotsState, side: string): Prompt<EotsAction> | null {
  const d = decision(s);
  if (!d || d.side !== side || d.actions.length === 0) return null;
  return { kind: d.kind, text: d.text, actions: d.actions };
}

export function apply(s: EotsState, side: string, a: EotsAction, ctx: ApplyContext): Applied<EotsState> {
  if (!(SIDES as readonly string[]).includes(side)) throw new RuleError(`"${side}" is not a side of this game`, 'not-a-side');
  const p = prompt(s, side);
  const wanted = canonicalJson(a);
  if (!p || !p.actions.some((x) => canonicalJson(x) === wanted)) throw new RuleError('That action is not one of your choices now.', 'illegal');
  const who = side as Side;
  const log: LogEntry[] = [];
  const off = s.phase.kind === 'offensive' ? s.phase.offensive : null;
  switch (a.type) {
    case 'emergency-move':
    case 'no-emergency-move':
      log.push(...emergencyMove(s, a));
      break;
    case 'place-sub-base':
      log.push(...placeSubBase(s, a));
      break;
    case 'submarine-warfare':
      log.push(...rollSubmarineWarfare(s, a.base, ctx));
      break;
    case 'sub-warfare-effect':
      log.push(...applyEffect(s, a));
      break;
    case 'begin-offensive':
      log.push(...beginOffensive(s, who, a));
      break;
    case 'play-event':
      log.push(...propose(s, who, { kind: 'event', card: a.card }));
      break;
    case 'pass':
      log.push(...pass(s, who));
      break;
    case 'relocate-sub-base':
      log.push(...relocate(s, off!, a));
      break;
    case 'propose':
      log.push(...propose(s, who, a.fact));
      break;
    case 'confirm':
    case 'dispute':
    case 'withdraw':
    case 'insist':
      log.push(...answer(s, who, a.type, ctx));
      break;
    case 'end-movement':
      off!.step = 'declaration';
      break;
    case 'declare-battle-hex':
      log.push(...propose(s, who, { kind: 'battle-hex', hex: a.hex }));
      break;
    case 'end-declaration':
      off!.step = 'reaction';
      break;
    case 'play-card-5':
      // Confirmed, the card is discarded and the offensive moves on past the reaction (advance).
      log.push(...propose(s, who, { kind: 'card-5', base: a.base }));
      break;
    case 'decline-card-5':
      log.push(pub('The Allied player does not play card #5.'));
      if (off!.step === 'late-reaction') log.push(...finishOffensive(s, off!));
      else off!.step = 'air-naval';
      break;
    case 'japanese-attack':
      log.push(...propose(s, who, { kind: 'sub-base-hits', base: a.base, hits: a.hits, critical: a.critical }));
      break;
    case 'end-air-naval-combat':
      off!.step = 'ground';
      break;
    case 'japanese-ground-unit':
      log.push(...propose(s, who, { kind: 'ground-unit', base: a.base }));
      break;
    case 'end-ground-combat':
      off!.step = 'conclusion';
      break;
    case 'end-offensive':
      off!.step = 'late-reaction';
      break;
    case 'end-political':
      s.emergency.push(...emergenciesDue(s, false));
      s.phase = { kind: 'turn-end' };
      log.push(pub(`Turn ${s.turn} ends.`));
      break;
  }
  advance(s, log);
  return { state: s, log, reveals: true };
}
