/**
 * VI.F.2.g.1: ground combat. On each contested base (ground units of both sides there),
 * the Japanese player decides first whether to attack, then the Allied player (if the
 * base is still contested). The attacker risks some of his units; the Ground
 * Combat/Exchange table is read on the attacker:defender ratio rounded down to the
 * defender's advantage, every defender attacked; at least one attacker is always lost.
 * Control of the land follows (control.ts `updateControl`); then supply.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { BASES, BASE_IDS, groundCombat } from '../data';
import type { BaseId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { updateControl } from '../control';
import { destroyUnit } from '../damage';
import { decision, handTo } from '../flow';
import { SIDE_NAME, other, turnName, type SsjState } from '../state';
import { baseName, unitName } from '../units';

type GroundAction = Extract<SsjAction, { type: 'ground-attack' | 'ground-pass' }>;

/** Each side's ground units at each base, in counter-sheet order. */
function groundAt(s: SsjState): Map<BaseId, Record<Side, string[]>> {
  const m = new Map<BaseId, Record<Side, string[]>>();
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.kind !== 'ground' || u.place.at !== 'base') continue;
    let r = m.get(u.place.base);
    if (!r) m.set(u.place.base, (r = { allied: [], japanese: [] }));
    r[u.side].push(u.id);
  }
  return m;
}

/** The next ground-combat decision: a contested base and the side to decide (Japanese first). */
export function groundDecision(s: SsjState): { base: BaseId; side: Side; mine: string[]; theirs: string[] } | null {
  const at = groundAt(s);
  const done = s.groundDone ?? [];
  for (const base of BASE_IDS) {
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
  const out: GroundAction[] = d.mine.map((_, i) => ({ type: 'ground-attack', base: d.base, units: i + 1 }));
  out.push({ type: 'ground-pass', base: d.base });
  return out;
}

export function applyGround(s: SsjState, side: Side, a: GroundAction, ctx: ApplyContext): LogEntry[] {
  const d = groundDecision(s)!;
  s.groundDone = [...(s.groundDone ?? []), `${a.base}/${side}`];
  if (a.type === 'ground-pass') {
    return [{ to: 'public', text: `Ground combat (VI.F.2.g): the ${SIDE_NAME[side]} player does not attack at ${baseName(a.base)}.` }];
  }
  // RULING (VI.F.2.g.1): the risked units are the attacker's first in counter-sheet order; losses on both sides are taken in that order.
  const risked = d.mine.slice(0, a.units);
  const die = ctx.dice.d6(`ground combat (${side})`);
  const r = groundCombat(risked.length, d.theirs.length, die);
  const lostA = risked.slice(0, r.attackersLost);
  const lostD = d.theirs.slice(0, r.defendersLost);
  for (const id of lostA) destroyUnit(s, s.units[id]!, `ground combat at ${baseName(a.base)}`);
  for (const id of lostD) destroyUnit(s, s.units[id]!, `ground combat at ${baseName(a.base)}`);
  const enemy = other(side);
  return [
    {
      to: 'public',
      text: `Ground combat at ${baseName(a.base)}: the ${SIDE_NAME[side]} player risks ${risked.length} unit${risked.length === 1 ? '' : 's'} against ${d.theirs.length} (column ${r.column}) and rolls ${die}: ${r.attackersLost} attacker${r.attackersLost === 1 ? '' : 's'} and ${r.defendersLost} defender${r.defendersLost === 1 ? '' : 's'} lost.`,
      data: { roll: { why: 'ground combat', die, column: r.column, attackersLost: r.attackersLost, defendersLost: r.defendersLost }, base: a.base },
    },
    ...(lostA.length ? [{ to: [side] as Side[], text: `Lost in the attack: ${lostA.map(unitName).join(', ')}.`, data: { units: lostA } }] : []),
    ...(lostD.length ? [{ to: [enemy] as Side[], text: `Lost in defence: ${lostD.map(unitName).join(', ')}.`, data: { units: lostD } }] : []),
  ];
}

export const groundCombatPhase = decision('ground-combat', ['ground-attack', 'ground-pass'], {
  text(s) {
    const d = groundDecision(s);
    return d ? `${turnName(s)} (VI.F.2.g): ground combat at ${BASES[d.base].name} — your ${d.mine.length} unit(s) against ${d.theirs.length}. Attack (risking how many?) or not?` : '';
  },
  choices: (s, side) => groundChoices(s, side),
  arrive(s) {
    const d = groundDecision(s);
    s.actor = d ? d.side : null;
    if (d) return { log: [] };
    return { log: updateControl(s), next: { phase: 'supply', actor: 'allied' } };
  },
  apply: (s, side, a, ctx) => ({ log: applyGround(s, side, a, ctx), next: handTo(null), reveals: true }),
});
