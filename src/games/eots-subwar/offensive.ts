/**
 * An offensive, as far as the variant reaches into it: movement (the facts of activations
 * and the HQ's move, proposed and confirmed; an Allied one may relocate Sub Bases with two
 * confirmed activations each, 11.21.C), Battle Hex declaration, the Allied reaction (card #5,
 * 11.24.A), Air-Naval Combat (Japanese hits on Sub Bases, 11.21.D), ground combat (a
 * Japanese ground unit in a Sub Base's hex, 11.21.D), and its conclusion (the facts of
 * control, supply and ZoI), after which Sub Bases in Japanese hexes make emergency moves
 * (11.21.E). Every Battle Hex, hit, occupation and card play is reported and takes effect
 * once the other player confirms it (reports.ts). The card plays around offensives are in cards.ts.
 */
import type { LogEntry } from '../../engine';
import type { ActionOf, EotsAction } from './actions';
import type { Side } from './data/tables';
import { card5Choices } from './card5';
import { card5Odds } from './odds';
import { nextCardPlay, spendCard } from './cards';
import { proposalChoices } from './facts';
import { hexDistance } from './hex';
import { isReported } from './report-keys';
import { attackChoices, basesInBattleHexes, emergenciesDue, groundChoices, relocationChoices } from './sub-bases';
import { hqOf, type EotsState, type Offensive } from './state';
import { countOf } from './words';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });

export function beginOffensive(s: EotsState, side: Side, a: ActionOf<'begin-offensive'>): LogEntry[] {
  const iai = side === 'japanese' && s.scenario.iaiEmergencyMove === 'after-first-japanese-offensive' && s.turn === s.scenario.startTurn && s.record.japaneseOffensives === 0;
  if (side === 'japanese') s.record.japaneseOffensives++;
  spendCard(s, side, 'offensive');
  const off: Offensive = {
    side,
    hq: a.hq,
    activations: null,
    hqMoved: false,
    proposed: [],
    used: 0,
    step: 'movement',
    battleHexes: [],
    relocated: [],
    hits: {},
    iai,
  };
  s.phase = { kind: 'offensive', offensive: off };
  const who = side === 'allied' ? 'Allied' : 'Japanese';
  return [
    pub(`The ${who} player plays a card for an offensive with HQ ${s.hqs.find((q) => q.id === a.hq)?.name ?? a.hq}${iai ? ' (the IAI Offensive)' : ''}.`, { side, hq: a.hq }),
  ];
}

/**
 * The Battle Hexes the side of an offensive may report (RULING, ours): a hex of the extract
 * within the activation range of the offensive's HQ where it stands — the reach the
 * offensive's other facts have (control at its conclusion) — not yet declared nor reported
 * in this offensive.
 */
export function battleHexChoices(s: EotsState, off: Offensive): ActionOf<'declare-battle-hex'>[] {
  const q = hqOf(s, off.hq);
  if (!q || q.hex === null) return [];
  const from = q.hex;
  return s.hexes
    .filter((h) => hexDistance(from, h.hex) <= q.activationRange && !off.battleHexes.includes(h.hex) && !isReported(s, { kind: 'battle-hex', hex: h.hex }))
    .map((h) => ({ type: 'declare-battle-hex' as const, hex: h.hex }));
}

/** Who decides the offensive's current step, and what. Null when the step needs no decision. */
export function offensiveDecision(s: EotsState, off: Offensive): { side: Side; actions: EotsAction[]; kind: string; text: string } | null {
  switch (off.step) {
    case 'movement': {
      const actions: EotsAction[] = [...relocationChoices(s, off), ...proposalChoices(s, 'movement', off), { type: 'end-movement' }];
      const acts =
        off.side !== 'allied'
          ? ''
          : off.activations === null
            ? ' Report the activations the card gives (a Sub Base relocation takes two, 11.21.C).'
            : ` ${countOf(off.activations - off.used, 'activation')} left.`;
      return { side: off.side, actions, kind: 'offensive-movement', text: `Movement: report the HQ's move, relocate Sub Bases, then end the movement.${acts}` };
    }
    case 'declaration': {
      const actions: EotsAction[] = [...battleHexChoices(s, off), { type: 'end-declaration' }];
      return {
        side: off.side,
        actions,
        kind: 'declare-battle-hexes',
        text: "Report the Battle Hexes you declare, within your HQ's activation range (a Sub Base alone makes one, 11.21.D; the other player confirms each), then close the declaration.",
      };
    }
    case 'reaction':
    case 'late-reaction': {
      const actions = card5Choices(s);
      if (actions.length === 0) return null;
      return {
        side: 'allied',
        actions,
        kind: 'card-5',
        text: `You may play card #5 as "Cryptographic Intercepts: Submarines Target Troop Transports" (11.24.A); the Japanese player, who sees it played, confirms it. ${card5Odds(s.chinaDivisions)}`,
      };
    }
    case 'air-naval': {
      if (basesInBattleHexes(s, off).length === 0) return null;
      return {
        side: 'japanese',
        actions: [...attackChoices(s, off), { type: 'end-air-naval-combat' }],
        kind: 'attack-sub-bases',
        text: 'Air-Naval Combat: report hits applied to a Sub Base in a Battle Hex (15 displace it; other air and naval units first unless it is a Critical Hit target, 11.21.D; the Allied player confirms), or end the combat.',
      };
    }
    case 'ground': {
      const g = groundChoices(s, off);
      if (g.length === 0) return null;
      return {
        side: 'japanese',
        actions: [...g, { type: 'end-ground-combat' }],
        kind: 'ground-combat',
        text: 'Ground combat: report a Japanese ground unit occupying a Sub Base hex at its end (11.21.D; the Allied player confirms), or end the ground combat.',
      };
    }
    case 'conclusion':
      return {
        side: off.side,
        actions: [...proposalChoices(s, 'conclusion', off), { type: 'end-offensive' }],
        kind: 'conclusion',
        text: 'Conclusion of the offensive: report hexes gained, supply and ZoI changes (the other player confirms each), then end the offensive.',
      };
  }
}

/**
 * Moves the offensive past the steps with nothing to decide. At its very end, the Sub Bases
 * in Japanese-controlled hexes become due for emergency moves and the next card play begins.
 */
export function advanceOffensive(s: EotsState): LogEntry[] {
  const log: LogEntry[] = [];
  while (s.phase.kind === 'offensive') {
    const off = s.phase.offensive;
    if (offensiveDecision(s, off) !== null) return log;
    if (off.step === 'reaction') off.step = off.battleHexes.length > 0 ? 'air-naval' : 'conclusion';
    else if (off.step === 'air-naval') off.step = 'ground';
    else if (off.step === 'ground') off.step = 'conclusion';
    else if (off.step === 'late-reaction') log.push(...finishOffensive(s, off));
    else return log;
  }
  return log;
}

/** The end of an offensive: emergency moves due (11.21.E), then the next card play. */
export function finishOffensive(s: EotsState, off: Offensive): LogEntry[] {
  const due = emergenciesDue(s, off.iai);
  s.emergency.push(...due);
  nextCardPlay(s, off.side);
  const forced = due.filter((d) => !d.optional).map((d) => d.base);
  return [pub(`The offensive ends.${forced.length ? ` Emergency move due (11.21.E): ${forced.join(', ')}.` : ''}`, { emergency: due })];
}
