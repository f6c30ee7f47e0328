/**
 * VI.F.2.g.1: ground combat. First the advances over the Kokoda Trail (VI.G note: "units
 * may advance over the Kokoda Trail from one base to attack another"): a side with ground
 * units at one New Guinea base may send some of them over the trail against the other base
 * when the enemy holds it or has ground units there (the Japanese decide first). On each contested base (ground units of both sides there),
 * the Japanese player decides first whether to attack, then the Allied player (if the
 * base is still contested). The attacker risks some of his units; the Ground
 * Combat/Exchange table is read on the attacker:defender ratio rounded down to the
 * defender's advantage, every defender attacked; at least one attacker is always lost.
 * Control of the land follows (control.ts `updateControl`); then supply.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { BASES, ISLAND_BASES, KOKODA_TRAIL, groundCombat } from '../data';
import type { BaseId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { updateControl } from '../control';
import { destroyUnit } from '../damage';
import { decision, handTo } from '../flow';
import { SIDE_NAME, other, turnName, type SsjState } from '../state';
import { baseName, unitName, own } from '../units';
import { groundOdds } from '../odds';

type GroundAction = Extract<SsjAction, { type: 'ground-attack' | 'ground-pass' | 'ground-advance' }>;

/** Each side's ground units at each base, in counter-sheet order. */
function groundAt(s: SsjState): Map<BaseId, Record<Side, string[]>> {
  const m = new Map<BaseId, Record<Side, string[]>>();
  for (const u of s.units.live()) {
    if (u.kind !== 'ground' || u.place.at !== 'base') continue;
    let r = m.get(u.place.base);
    if (!r) m.set(u.place.base, (r = { allied: [], japanese: [] }));
    r[u.side].push(u.id);
  }
  return m;
}

/** A ground-combat decision: an advance over the Kokoda Trail from `base` to `to`, or an attack at a contested `base`. */
interface GroundDecision {
  base: BaseId;
  side: Side;
  mine: string[];
  theirs: string[];
  /** The other end of the Kokoda Trail, for an advance. */
  to?: BaseId;
}

/**
 * VI.G note: the next advance over the Kokoda Trail to decide — `side` has ground units at
 * one end and the other is the enemy's to attack ("from one base to attack another"): held
 * by the enemy, or with enemy ground units there. RULING: a base the enemy holds with air
 * units only (or none) may be attacked too; the advancing units then fight no ground combat
 * there and take it (VI.F.2.g.2.a, its air units destroyed, control.ts). The Japanese decide
 * first; one decision a side.
 */
function kokodaDecision(s: SsjState, at: Map<BaseId, Record<Side, string[]>>, done: string[]): GroundDecision | null {
  for (const side of ['japanese', 'allied'] as const) {
    for (const [from, to] of [KOKODA_TRAIL, [KOKODA_TRAIL[1], KOKODA_TRAIL[0]]] as const) {
      const mine = at.get(from)?.[side] ?? [];
      const theirs = at.get(to)?.[other(side)] ?? [];
      // One advance decision a side a turn (units that have advanced do not march back).
      if (mine.length === 0 || done.includes(`kokoda/${side}`)) continue;
      if (theirs.length > 0 || s.holder[to] === other(side)) return { base: from, side, mine, theirs, to };
    }
  }
  return null;
}

/** The next ground-combat decision: an advance over the Kokoda Trail, then each contested base and the side to decide (Japanese first). */
export function groundDecision(s: SsjState): GroundDecision | null {
  const at = groundAt(s);
  const done = s.groundDone ?? [];
  const kokoda = kokodaDecision(s, at, done);
  if (kokoda) return kokoda;
  for (const base of ISLAND_BASES) {
    const r = at.get(base);
    if (!r || r.allied.length === 0 || r.japanese.length === 0) continue;
    for (const side of ['japanese', 'allied'] as const) {
      if (!done.includes(`${base}/${side}`)) return { base, side, mine: r[side], theirs: r[other(side)] };
    }
  }
  return null;
}

export function groundChoices(s: SsjState, side: Side): GroundAction[] {
  const d = groundDecision(s);
  if (!d || d.side !== side) return [];
  const to = d.to;
  const out: GroundAction[] = to
    ? d.mine.map((_, i) => ({ type: 'ground-advance', from: d.base, to, units: i + 1 }))
    : d.mine.map((_, i) => ({ type: 'ground-attack', base: d.base, units: i + 1 }));
  // A pass names the decision's base: the base attacked, or the base an advance would start from.
  out.push({ type: 'ground-pass', base: d.base });
  return out;
}

/**
 * What a ground-combat log line is about, for the web client's ground combat panel: the turn, the deciding side,
 * the base (an advance: the base it starts from) and what was done — all of it in the line's own words too.
 */
export interface GroundNote {
  turn: number;
  side: Side;
  base: BaseId;
  /** 'attack', 'pass' (no attack, or no advance), 'advance' (over the Kokoda Trail), 'lost' (the reader's own losses). */
  kind: 'attack' | 'pass' | 'advance' | 'lost';
  /** An advance: the base attacked at the other end of the Kokoda Trail. */
  to?: BaseId;
  /** The attacker's units risked (an advance: the units that march). */
  risked?: number;
  /** The defenders attacked (every defender at the base). */
  defenders?: number;
}

const groundNote = (s: SsjState, side: Side, base: BaseId, kind: GroundNote['kind']): GroundNote => ({ turn: s.turn, side, base, kind });

export function applyGround(s: SsjState, side: Side, a: GroundAction, ctx: ApplyContext): LogEntry[] {
  const d = groundDecision(s)!;
  if (a.type === 'ground-advance' || (a.type === 'ground-pass' && d.to)) return applyAdvance(s, side, d, a.type === 'ground-advance' ? a.units : 0);
  s.groundDone = [...(s.groundDone ?? []), `${d.base}/${side}`];
  if (a.type === 'ground-pass') {
    return [
      {
        to: 'public',
        text: `Ground combat (VI.F.2.g): the ${SIDE_NAME[side]} player does not attack at ${baseName(a.base)}.`,
        data: { ground: groundNote(s, side, d.base, 'pass') },
      },
    ];
  }
  // RULING (VI.F.2.g.1): the risked units are the attacker's first in counter-sheet order; losses on both sides are taken in that order.
  const risked = d.mine.slice(0, a.units);
  const die = ctx.dice.d6(`ground combat (${side})`);
  const r = groundCombat(risked.length, d.theirs.length, die);
  const lostA = risked.slice(0, r.attackersLost);
  const lostD = d.theirs.slice(0, r.defendersLost);
  for (const id of lostA) destroyUnit(s, s.units.of(id), `ground combat at ${baseName(a.base)}`);
  for (const id of lostD) destroyUnit(s, s.units.of(id), `ground combat at ${baseName(a.base)}`);
  const enemy = other(side);
  return [
    {
      to: 'public',
      text: `Ground combat at ${baseName(a.base)}: the ${SIDE_NAME[side]} player risks ${risked.length} unit${risked.length === 1 ? '' : 's'} against ${d.theirs.length} (column ${r.column}) and rolls ${die}: ${r.attackersLost} attacker${r.attackersLost === 1 ? '' : 's'} and ${r.defendersLost} defender${r.defendersLost === 1 ? '' : 's'} lost.`,
      data: {
        roll: { why: 'ground combat', die, column: r.column, attackersLost: r.attackersLost, defendersLost: r.defendersLost },
        base: a.base,
        ground: { ...groundNote(s, side, d.base, 'attack'), risked: risked.length, defenders: d.theirs.length },
      },
    },
    ...(lostA.length
      ? [{ to: [side] as Side[], text: `Lost in the attack: ${lostA.map(unitName).join(', ')}.`, data: { units: lostA, ground: groundNote(s, side, d.base, 'lost') } }]
      : []),
    ...(lostD.length
      ? [{ to: [enemy] as Side[], text: `Lost in defence: ${lostD.map(unitName).join(', ')}.`, data: { units: lostD, ground: groundNote(s, side, d.base, 'lost') } }]
      : []),
  ];
}

/** VI.G note: `n` units (the first in counter-sheet order) advance over the Kokoda Trail from `d.base` to `d.to` (0: none). */
function applyAdvance(s: SsjState, side: Side, d: GroundDecision, n: number): LogEntry[] {
  s.groundDone = [...(s.groundDone ?? []), `kokoda/${side}`];
  const to = d.to!;
  if (n === 0)
    return [
      {
        to: 'public',
        text: `Kokoda Trail (VI.G): the ${SIDE_NAME[side]} player does not advance from ${baseName(d.base)}.`,
        data: { ground: { ...groundNote(s, side, d.base, 'pass'), to } },
      },
    ];
  const moving = d.mine.slice(0, n);
  for (const id of moving) own(s, id).place = { at: 'base', base: to };
  const note = { ...groundNote(s, side, d.base, 'advance'), to, risked: n };
  return [
    {
      to: 'public',
      text: `Kokoda Trail (VI.G): the ${SIDE_NAME[side]} player advances ${n} ground unit${n === 1 ? '' : 's'} from ${baseName(d.base)} to attack ${baseName(to)}.`,
      data: { ground: note },
    },
    { to: [side], text: `Over the Kokoda Trail: ${moving.map(unitName).join(', ')}.`, data: { units: moving, ground: note } },
  ];
}

export const groundCombatPhase = decision('ground-combat', ['ground-attack', 'ground-pass', 'ground-advance'], {
  text(s) {
    const d = groundDecision(s);
    if (d?.to)
      return `${turnName(s)} (VI.G): advance over the Kokoda Trail from ${BASES[d.base].name} to attack ${BASES[d.to].name} (${d.theirs.length} enemy ground unit(s) there)? With how many of your ${d.mine.length}?`;
    return d
      ? `${turnName(s)} (VI.F.2.g): ground combat at ${BASES[d.base].name} — your ${d.mine.length} unit(s) against ${d.theirs.length}. Attack (risking how many?) or not? ${groundOdds(d.mine.length, d.theirs.length)}`
      : '';
  },
  choices: (s, side) => groundChoices(s, side),
  arrive(s) {
    const d = groundDecision(s);
    s.actor = d ? d.side : null;
    if (d) return { log: [] };
    return { log: updateControl(s), next: { phase: 'supply', actor: null } };
  },
  apply: (s, side, a, ctx) => ({ log: applyGround(s, side, a, ctx), next: handTo(null), reveals: true }),
});
