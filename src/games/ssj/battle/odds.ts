/**
 * What a shot needs before it is chosen (issue 42 item 2): the Anti-Ship table's column and
 * rows for each enemy piece the side may name (VII.A: a natural 1 always misses; a heavily
 * damaged target is read one row higher, VI.F.1.c; Long Lance torpedoes one row higher,
 * VI.F.2.b.1). A face-down piece's class is not the side's to know: its odds are not given.
 */
import { antiShipResult, antiShipShift, type ShipClass } from '../data';
import type { Side } from '../data/types';
import { namerFor } from '../naming';
import { other, type SsjState } from '../state';
import { unitName } from '../units';
import { cls, surfaceShips } from './legality';

/** "3–4", "5", "2, 4–6": the faces of a die, as ranges. */
export function faces(dice: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < dice.length; i++) {
    let j = i;
    while (j + 1 < dice.length && dice[j + 1] === dice[j]! + 1) j++;
    out.push(i === j ? `${dice[i]}` : `${dice[i]}–${dice[j]}`);
    i = j;
  }
  return out.join(', ');
}

/** One d6 roll on the Anti-Ship table against `target` with `shift` rows: "D on 4, HD on 5–6 (a hit on 3 of 6)". */
export function antiShipOdds(target: ShipClass, shift: number): string {
  const by: Record<string, number[]> = {};
  for (let die = 1; die <= 6; die++) (by[antiShipResult(target, die, shift)] ??= []).push(die);
  const parts = (['D', 'HD', 'sunk'] as const).filter((r) => by[r]).map((r) => `${r} on ${faces(by[r]!)}`);
  const hits = 6 - (by['miss']?.length ?? 0);
  return hits === 0 ? 'no hit possible' : `${parts.join(', ')} (a hit on ${hits} of 6)`;
}

/** The odds of `side`'s gunfire (or torpedoes, `torpedo`) at each enemy piece of the battle it may name; null when it may name none. */
export function battleOdds(s: SsjState, side: Side, torpedo: boolean): string | null {
  const b = s.battle;
  if (!b) return null;
  const n = namerFor(s, side);
  const named = surfaceShips(s, b.tf[other(side)]).filter((id) => n.knows(id));
  if (named.length === 0) return null;
  const rows = named.map((id) => {
    const hd = s.units.of(id).damage === 'HD';
    const odds = antiShipOdds(cls(id), antiShipShift({ targetHeavilyDamaged: hd }));
    return `${unitName(id)} (${cls(id)}${hd ? ', HD: one row higher' : ''}): ${odds}`;
  });
  const what = torpedo ? 'Torpedoes' : 'Gunfire';
  return `${what} on the Anti-Ship table (VII.A; a 1 always misses${torpedo ? '; Long Lance torpedoes read one row higher' : ''}): ${rows.join('; ')}.`;
}
