/**
 * What a roll needs and what a decision will do, said in its prompt before it is made (issue 42
 * item 2 and 3): a submarine's target (VI.D), an air unit's aim (VI.F.1.a/b, VII.B), a ground
 * attack's risk (VI.F.2.g.1) and the supply a deployment leaves its island bases (VI.G). Each
 * reads only what the deciding side may see: its own units, and enemy ships turned face up for it.
 */
import {
  B17_SUPPLY_UNITS,
  BASES,
  HOME_BASES,
  PT_LOSS_VP,
  PT_NIGHT_SELF_SUNK_ON,
  SHIPS,
  antiShipShift,
  bombarderOf,
  bombardment,
  groundCombat,
  groundColumn,
  halfRoundedUp,
  theSeaArea,
} from './data';
import type { Bombarder, BombardTarget } from './data/tables-types';
import type { BaseId, ShipClass, Side } from './data/types';
import { namerFor } from './naming';
import { antiShipOdds, faces } from './battle/odds';
import { SHIP_BY_ID, baseName, isCarrier, isSub, slotsOf, unitName, unitsOf } from './units';
import type { SsjState } from './state';

/** The Anti-Ship rows against each of `ships` ("CHOKAI (CA): D on 4–5, …"), each read `shift` rows higher (and one more when heavily damaged). */
function shipRows(s: SsjState, ships: readonly string[], anchored: boolean): string {
  return ships
    .map((id) => {
      const cls = SHIP_BY_ID.get(id)!.cls;
      const hd = s.units.of(id).damage === 'HD';
      const odds = antiShipOdds(cls, antiShipShift({ targetHeavilyDamaged: hd, anchored }));
      return `${unitName(id)} (${cls}${hd ? ', HD: one row higher' : ''}): ${odds}`;
    })
    .join('; ');
}

/** VI.D: the escorts' rule, in words, for a submarine of `side`; with the group seen, whether it applies. */
function escortRisk(side: Side, seen?: { destroyers: number; carriers: number }): string {
  if (!seen) {
    return side === 'japanese'
      ? 'a 1 sinks your submarine instead if the group holds a destroyer, a 2 too if it holds two destroyers, or a destroyer and a carrier'
      : 'a 1 sinks your submarine instead if the group holds a destroyer';
  }
  const onTwo = side === 'japanese' && (seen.destroyers >= 2 || (seen.destroyers >= 1 && seen.carriers >= 1));
  if (onTwo) return 'your submarine is sunk instead on a 1 or a 2 (VI.D: this group holds two destroyers, or a destroyer and a carrier)';
  if (seen.destroyers >= 1) return 'your submarine is sunk instead on a 1 (VI.D: this group holds a destroyer)';
  return 'no destroyer escorts this group: your submarine is not at risk';
}

/** VI.D, before a submarine picks its group: how the roll is read (the same words whatever the side has at sea). */
export function subRuleText(side: Side): string {
  return `The die is read on the Anti-Ship table against the target's class (VII.A: a 1 always misses; a heavily damaged target one row higher, VI.F.1.c); ${escortRisk(side)}.`;
}

/**
 * VI.D, before a submarine picks its target: a group turned face up for it gives each ship's rows and whether the escorts
 * can sink the submarine; a Night Only group is attacked blindly, so only the rule is said.
 */
export function subTargetOdds(s: SsjState, side: Side): string {
  const at = s.subAttack;
  if (!at || at.resolve) return '';
  const g = s.groups[at.group]!;
  if (g.box === 'night') return `The target is picked blindly. ${subRuleText(side)}`;
  const targets = g.ships.filter((id) => !isSub(id)).sort();
  const destroyers = g.ships.filter((id) => ['DD', 'DL'].includes(SHIP_BY_ID.get(id)!.cls)).length;
  const carriers = g.ships.filter(isCarrier).length;
  const risk = escortRisk(side, { destroyers, carriers });
  return `On the Anti-Ship table (VII.A; a 1 always misses): ${shipRows(s, targets, false)}. ${risk[0]!.toUpperCase()}${risk.slice(1)}.`;
}

/** VI.F.1.a/b, VII.B: before an air unit aims, the rows against each ship it may aim at, and what shoots it down. */
export function airAimOdds(s: SsjState, targets: readonly string[], anchored: boolean, afternoon: boolean): string {
  if (targets.length === 0) return '';
  const aa = afternoon
    ? 'VII.B: a 1 shoots your air unit down (a 2 too against a base with an active airfield; a B-17 unopposed at high altitude is spared the 1)'
    : 'VII.B: a 1 shoots your air unit down (a B-17 unopposed at high altitude is spared)';
  return `On the Anti-Ship table (VII.A; a 1 always misses${anchored ? '; ships anchored in harbour one row higher' : ''}): ${shipRows(s, targets, anchored)}. ${aa}.`;
}

/** One roll on the Bombardment table's `by` row against `target`: "1 eliminated on 4–5, 2 on 6", or "nothing on any die". */
export function bombardRow(by: Bombarder, target: BombardTarget): string {
  const by_n = new Map<number, number[]>();
  for (let die = 1; die <= 6; die++) {
    const n = bombardment(by, target, die);
    if (n > 0) by_n.set(n, [...(by_n.get(n) ?? []), die]);
  }
  const parts = [...by_n].map(([n, dice], i) => `${n}${i === 0 ? ` unit${n === 1 ? '' : 's'} eliminated` : ''} on ${faces(dice)}`);
  return parts.length ? parts.join(', ') : 'nothing on any die';
}

const BOMBARDER_WORDS: Readonly<Record<Exclude<Bombarder, 'air'>, string>> = { capital: 'capital ships', cruiser: 'cruisers', destroyer: 'destroyers' };

/**
 * VI.F.1.h, VI.F.2.f: before a ship is picked to shell a base, the Bombardment table's row each of `ships` (the side's
 * own, those that may bombard now) fires on, against ground units and against an airfield; at most the units there.
 */
export function bombardOdds(ships: readonly string[]): string {
  const rows = new Map<Exclude<Bombarder, 'air'>, string[]>();
  for (const id of [...new Set(ships)].sort()) {
    const by = bombarderOf(SHIP_BY_ID.get(id)!.cls);
    if (by && by !== 'air') rows.set(by, [...(rows.get(by) ?? []), unitName(id)]);
  }
  if (rows.size === 0) return '';
  const order = ['capital', 'cruiser', 'destroyer'] as const;
  const parts = order
    .filter((by) => rows.has(by))
    .map((by) => `${BOMBARDER_WORDS[by]} (${rows.get(by)!.join(', ')}): ground units ${bombardRow(by, 'ground')}; airfield ${bombardRow(by, 'air')}`);
  return `Bombardment table (a 1 always misses; never more than the units there): ${parts.join(' | ')}.`;
}

/** VI.F.1.a, VII.B: before air units are allocated, what a raid on a base's ground units or airfield needs, and what shoots the raider down. */
export function raidOdds(afternoon: boolean): string {
  const aa = afternoon
    ? 'a 1 shoots the raider down, a 2 too over an active airfield (VII.B; a B-17 unopposed at high altitude is spared the 1)'
    : 'a 1 shoots the raider down (VII.B; a B-17 unopposed at high altitude is spared)';
  return `A raid on land reads the Bombardment table's air row (VI.F.1.a): ground units ${bombardRow('air', 'ground')}; airfield ${bombardRow('air', 'air')}; ${aa}.`;
}

/** The Japanese classes the PT boats may meet, in a fixed order (the counter sheet's, not the Slot's): naming them tells nothing. */
const JAPANESE_COLUMNS: readonly ShipClass[] = [...new Set(SHIPS.filter((x) => x.side === 'japanese' && x.cls !== 'SS').map((x) => x.cls))].sort();

/**
 * VI.F.2.d, VII.A: before the PT boats pick a piece (blindly), what their die does: their own 1 sinks them, and any other
 * die is read on the Anti-Ship table against the piece's class — the rows of every Japanese class, and by name those of
 * the pieces turned face up for the Allied player. A submarine has no column and is missed.
 */
export function ptOdds(s: SsjState, pieces: readonly string[]): string {
  const n = namerFor(s, 'allied');
  const known = pieces
    .filter((id) => n.knows(id))
    .sort()
    .map((id) => {
      const cls = SHIP_BY_ID.get(id)!.cls;
      // Damage is face up for everyone (VII.A): a heavily damaged piece's rows are read one higher (VI.F.1.c).
      const hd = s.units.of(id).damage === 'HD';
      return `${unitName(id)} (piece ${s.tags.of(id)!}, ${cls}${hd ? ', HD: one row higher' : ''}): ${cls === 'SS' ? 'a submarine, missed' : antiShipOdds(cls, antiShipShift({ targetHeavilyDamaged: hd }))}`;
    });
  const byClass = JAPANESE_COLUMNS.map((cls) => `${cls} ${antiShipOdds(cls, 0)}`);
  return (
    `A ${PT_NIGHT_SELF_SUNK_ON} sinks your PT boat unit instead (VI.F.2.d; ${PT_LOSS_VP} VP to the Japanese). ` +
    `Any other die is read on the Anti-Ship table against the piece's class (VII.A; a heavily damaged ship one row higher, VI.F.1.c; a submarine is missed)${known.length ? `: face up for you, ${known.join('; ')}; ` : '; '}` +
    `by class, ${byClass.join('; ')}.`
  );
}

/** VI.F.2.g.1: what each die does when `attackers` are risked against `defenders` — "risk 3 (3:2): 1–2 lose 3, eliminate 1; …". */
export function groundRiskOdds(attackers: number, defenders: number): string {
  const by = new Map<string, number[]>();
  for (let die = 1; die <= 6; die++) {
    const r = groundCombat(attackers, defenders, die);
    const key = `lose ${r.attackersLost}, eliminate ${r.defendersLost}`;
    by.set(key, [...(by.get(key) ?? []), die]);
  }
  const rows = [...by].map(([what, dice]) => `${faces(dice)} ${what}`);
  return `risk ${attackers} (${groundColumn(attackers, defenders)}): ${rows.join('; ')}`;
}

/** VI.F.2.g.1: the Ground Combat/Exchange table's row for every number of units the side may risk. */
export function groundOdds(mine: number, theirs: number): string {
  const risks = Array.from({ length: mine }, (_, i) => groundRiskOdds(i + 1, theirs));
  return `Ground Combat/Exchange table (VI.F.2.g.1; ratios rounded down, at least 1 attacker lost): ${risks.join(' | ')}.`;
}

/**
 * VI.G, said at a deployment: a base off the home bases whose sea area holds no surface ship of the side's (day or
 * night) cannot be in supply this turn, so half its ground units (rounded up), less those B-17s fly supply for, will
 * be eliminated — "Port Moresby: none of your surface ships is in the Coral Sea: 2 of its 3 ground units will be
 * eliminated out of supply (VI.G)". Only the side's own units and groups are read.
 */
export function supplyForecast(s: SsjState, side: Side): string {
  const byBase = new Map<BaseId, number>();
  for (const g of unitsOf(s, side, 'ground')) if (g.place.at === 'base') byBase.set(g.place.base, (byBase.get(g.place.base) ?? 0) + 1);
  const out: string[] = [];
  if (byBase.size === 0) return '';
  // The sea areas holding a surface ship of the side's, found in one pass over the groups (not one per base).
  const held = new Set<string>();
  for (const id in s.groups) {
    const g = s.groups[id]!;
    if (g.side === side && !held.has(g.area) && g.ships.some((ship) => !isSub(ship))) held.add(g.area);
  }
  for (const [base, n] of [...byBase].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (HOME_BASES[side].includes(base)) continue;
    const area = BASES[base].seaArea;
    if (area !== null && held.has(area)) continue;
    let flown = 0;
    if (side === 'allied') for (const dest of Object.values(s.airSupply)) if (dest === base) flown += B17_SUPPLY_UNITS;
    const unsupplied = Math.max(0, n - flown);
    const lost = halfRoundedUp(unsupplied);
    const where = area === null ? 'it has no sea area to trace supply through' : `none of your surface ships is in ${theSeaArea(area)}`;
    const b17 = flown ? ` (B-17s keep ${Math.min(n, flown)} in supply)` : '';
    out.push(
      lost === 0
        ? `${baseName(base)}: ${where}, but B-17s keep all ${n} ground units in supply`
        : `${baseName(base)} is out of supply — ${where}: ${lost} of its ${n} ground unit${n === 1 ? '' : 's'} will be eliminated${b17} unless ships of yours hold ${area === null ? 'its sea' : theSeaArea(area)} then`,
    );
  }
  return out.length ? `Supply (VI.G): ${out.join('; ')}.` : '';
}

/**
 * A deployment prompt with what the rules make of the side's deployment so far (issue 42 item 3): its carriers sent to
 * the Slot, which may not launch strikes (VI.F.1.b), and its island bases left out of supply (VI.G, `supplyForecast`).
 * Only the side's own units and groups are read.
 */
export function withForecast(text: string, s: SsjState, side: Side): string {
  const slot: string[] = [];
  for (const at of slotsOf(side, 'ship')) {
    const u = s.units.at(at);
    if (u.place.at === 'group' && s.groups[u.place.group]?.area === 'SL' && isCarrier(u.id)) slot.push(unitName(u.id));
  }
  slot.sort();
  const notes = [slot.length ? `Carriers in the Slot may not launch strikes (VI.F.1.b): ${slot.join(', ')} will not strike this turn.` : '', supplyForecast(s, side)].filter(
    Boolean,
  );
  return notes.length ? `${text} ${notes.join(' ')}` : text;
}
