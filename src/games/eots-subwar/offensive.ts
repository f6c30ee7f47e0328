/**
 * The Offensives Phase as far as the variant reaches into it. The players alternate card
 * plays (the Japanese first, RULING) until both pass; a card is an offensive or one of the
 * events the SWM counts. An offensive runs: movement (an Allied one may relocate Sub Bases,
 * two activations each, 11.21.C), Battle Hex declaration, the Allied reaction (card #5,
 * 11.24.A), Air-Naval Combat (Japanese hits on Sub Bases, 11.21.D), ground combat (a
 * Japanese ground unit in a Sub Base's hex, 11.21.D), and its conclusion (hexes changing
 * hands, supply and ZoI), after which Sub Bases in Japanese hexes make emergency moves (11.21.E).
 */
import type { LogEntry } from '../../engine';
import type { ActionOf, EotsAction } from './actions';
import type { Side } from './data/tables';
import { card5Choices } from './card5';
import { attackChoices, basesInBattleHexes, emergenciesDue, groundChoices, relocationChoices } from './sub-bases';
import { other, type EotsState, type Offensive } from './state';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });
const MAX_ACTIVATIONS = 10;

// ───────────────────────────── card plays ─────────────────────────────

export function cardPlayChoices(s: EotsState, side: Side): EotsAction[] {
  const out: EotsAction[] = [];
  for (const q of s.hqs) {
    if (q.side !== side || q.hex === null) continue;
    if (side === 'japanese') out.push({ type: 'begin-offensive', hq: q.id });
    else for (let n = 1; n <= MAX_ACTIVATIONS; n++) out.push({ type: 'begin-offensive', hq: q.id, activations: n });
  }
  if (side === 'japanese') {
    if (!s.events.card37) out.push({ type: 'play-event', card: 37 });
    if (!s.events.card38) out.push({ type: 'play-event', card: 38 });
  } else {
    out.push({ type: 'play-event', card: 80 });
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

export function pass(s: EotsState, side: Side): LogEntry[] {
  if (!s.ops.passed.includes(side)) s.ops.passed.push(side);
  nextCardPlay(s, side);
  return [pub(`The ${side === 'allied' ? 'Allied' : 'Japanese'} player makes no more card plays this turn.`)];
}

const EVENT_NAMES: Record<37 | 38 | 80, string> = {
  37: '#37 First Convoy Escort Fleet',
  38: '#38 Grand Escort Command',
  80: '#80 New Submarine Doctrine',
};

export function playEvent(s: EotsState, side: Side, a: ActionOf<'play-event'>): LogEntry[] {
  if (a.card === 37) s.events.card37 = true;
  else if (a.card === 38) s.events.card38 = true;
  else s.events.card80++;
  nextCardPlay(s, side);
  const effect = a.card === 80 ? '−2' : '+2';
  return [pub(`The ${side === 'allied' ? 'Allied' : 'Japanese'} player plays event ${EVENT_NAMES[a.card]}: SWM ${effect} (11.22.B).`, { event: a.card })];
}

export function beginOffensive(s: EotsState, side: Side, a: ActionOf<'begin-offensive'>): LogEntry[] {
  const iai =
    side === 'japanese' &&
    s.scenario.iaiEmergencyMove === 'after-first-japanese-offensive' &&
    s.turn === s.scenario.startTurn &&
    s.record.japaneseOffensives === 0;
  if (side === 'japanese') s.record.japaneseOffensives++;
  const off: Offensive = {
    side,
    hq: a.hq,
    activations: side === 'allied' ? (a.activations ?? null) : null,
    used: 0,
    step: 'movement',
    battleHexes: [],
    relocated: [],
    hits: {},
    iai,
  };
  s.phase = { kind: 'offensive', offensive: off };
  const who = side === 'allied' ? 'Allied' : 'Japanese';
  const acts = off.activations !== null ? ` with ${off.activations} activation(s)` : '';
  return [pub(`The ${who} player begins an offensive with HQ ${a.hq}${acts}${iai ? ' (the IAI Offensive)' : ''}.`, { side, hq: a.hq, activations: off.activations })];
}

// ───────────────────────────── the steps of an offensive ─────────────────────────────

/** Who decides the offensive's current step, and what. Null when the step needs no decision. */
export function offensiveDecision(s: EotsState, off: Offensive): { side: Side; actions: EotsAction[]; kind: string; text: string } | null {
  switch (off.step) {
    case 'movement': {
      const actions: EotsAction[] = [...relocationChoices(s, off)];
      for (const q of s.hqs) {
        if (q.side !== off.side) continue;
        for (const h of s.hexes) if (h.hex !== q.hex) actions.push({ type: 'move-hq', hq: q.id, to: h.hex });
      }
      actions.push({ type: 'end-movement' });
      const left = off.activations !== null ? ` (${off.activations - off.used} activation(s) left; a Sub Base takes two, 11.21.C)` : '';
      return { side: off.side, actions, kind: 'offensive-movement', text: `Move: relocate Sub Bases or move HQs${left}, then end the movement.` };
    }
    case 'declaration': {
      const actions: EotsAction[] = s.hexes.filter((h) => !off.battleHexes.includes(h.hex)).map((h) => ({ type: 'declare-battle-hex' as const, hex: h.hex }));
      actions.push({ type: 'end-declaration' });
      return { side: off.side, actions, kind: 'declare-battle-hexes', text: 'Declare Battle Hexes (a Sub Base alone makes one, 11.21.D), then close the declaration.' };
    }
    case 'reaction':
    case 'late-reaction': {
      const actions = card5Choices(s);
      if (actions.length === 0) return null;
      return { side: 'allied', actions, kind: 'card-5', text: 'You may play card #5 as "Cryptographic Intercepts: Submarines Target Troop Transports" (11.24.A).' };
    }
    case 'air-naval': {
      if (basesInBattleHexes(s, off).length === 0) return null;
      return {
        side: 'japanese',
        actions: [...attackChoices(s, off), { type: 'end-air-naval-combat' }],
        kind: 'attack-sub-bases',
        text: 'Air-Naval Combat: apply hits to a Sub Base in a Battle Hex (15 displace it; other air and naval units first unless it is a Critical Hit target, 11.21.D), or end the combat.',
      };
    }
    case 'ground': {
      const g = groundChoices(s, off);
      if (g.length === 0) return null;
      return { side: 'japanese', actions: [...g, { type: 'end-ground-combat' }], kind: 'ground-combat', text: 'Ground combat: does a Japanese ground unit occupy a Sub Base hex at its end (11.21.D)?' };
    }
    case 'conclusion':
      return { side: off.side, actions: [...mapReports(s, off.side, true), { type: 'end-offensive' }], kind: 'conclusion', text: 'Conclusion of the offensive: report hexes gained, supply and ZoI changes, then end the offensive.' };
  }
}

/** Hexes changing hands (to `side`), and — at an offensive's conclusion — supply and ZoI changes. */
export function mapReports(s: EotsState, side: Side, supplyAndZoi: boolean): EotsAction[] {
  const out: EotsAction[] = [];
  for (const h of s.hexes) if (h.control !== side) out.push({ type: 'hex-control', hex: h.hex, side });
  if (supplyAndZoi) {
    for (const h of s.hexes) out.push({ type: 'hex-supply', hex: h.hex, inSupply: !h.alliedSupply });
    for (const h of s.hexes) out.push({ type: 'hex-zoi', hex: h.hex, unneutralized: !h.japaneseZoi });
  }
  return out;
}

export function applyMapReport(s: EotsState, a: ActionOf<'hex-control'> | ActionOf<'hex-supply'> | ActionOf<'hex-zoi'>): LogEntry[] {
  const h = s.hexes.find((x) => x.hex === a.hex)!;
  if (a.type === 'hex-control') {
    h.control = a.side;
    return [pub(`Hex ${a.hex} is now ${a.side === 'allied' ? 'Allied' : 'Japanese'}-controlled.`, { hex: a.hex, control: a.side })];
  }
  if (a.type === 'hex-supply') {
    h.alliedSupply = a.inSupply;
    return [pub(`Hex ${a.hex} is now ${a.inSupply ? 'in' : 'out of'} Allied supply.`, { hex: a.hex, alliedSupply: a.inSupply })];
  }
  h.japaneseZoi = a.unneutralized;
  return [pub(`Hex ${a.hex} is now ${a.unneutralized ? 'inside' : 'outside'} an unneutralized Japanese ZoI.`, { hex: a.hex, japaneseZoi: a.unneutralized })];
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
