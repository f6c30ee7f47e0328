/**
 * VI.F.1.a, b, d and VII.B: what a strike does — a harbour turned face up, a raid on a
 * base's ground or air units (the Bombardment table's air row), an attack on a face-up
 * ship (the Anti-Ship table), anti-aircraft fire — and carrier air landing after it.
 */
import { namedLine } from '../naming';
import type { ApplyContext, LogEntry } from '../../../engine';
import { BASES, airUnitShotDown, antiShipResult, antiShipShift, bombardment } from '../data';
import type { BaseId, SeaAreaId, Side } from '../data/types';
import { destroyUnit, hitShip } from '../damage';
import { A_SIDE, learn, other, SIDE_NAME, type SsjState } from '../state';
import { SHIP_BY_ID, aboard, airUnit, baseName, isCarrier, unitName, own } from '../units';
import { activeAirfield, carrierOf, enemyAt, landings } from './legality';
import type { Strike } from './state';
import { change } from '../shared';

/** Turns a base's harbour face up for the attacker (VI.F.1.a "all the ships in the harbor are turned face-up", submarines too). */
export function harbourUp(s: SsjState, side: Side, base: BaseId): { ships: string[]; log: LogEntry[] } {
  const ships = enemyAt(s, side, base, 'ship').map((u) => u.id);
  for (const id of ships) {
    change(s, 'revealed')[id] = [...new Set([...(s.revealed[id] ?? []), side])];
    learn(s, id, side);
  }
  if (!ships.length) return { ships, log: [] };
  return {
    ships,
    log: [
      { to: 'public', text: `The harbour of ${baseName(base)} is turned face up for the ${SIDE_NAME[side]} player.` },
      { to: [side], text: `In the harbour of ${baseName(base)}: ${ships.map(unitName).join(', ')}.`, data: { units: ships } },
    ],
  };
}

/** Records a carrier raid on a base, for the defender's counterattack. */
export function noteRaid(s: SsjState, side: Side, unit: string, base: BaseId): void {
  const a = s.air!;
  if (a.stage !== 'carriers') return;
  const c = carrierOf(s, s.units.of(unit));
  if (c && c.place.at === 'group') change(s, 'airTurn').raids = [...s.airTurn.raids, { side, base, group: c.place.group }];
}

export function markStaged(s: SsjState, x: Strike): void {
  const u = s.units.of(x.unit);
  change(s, 'airTurn').staged.push(x.unit);
  if (u.place.at === 'base') change(s, 'airTurn').stagedFrom.push(u.place.base);
}

/** VII.B: is the attacker shot down by this roll? */
function shotDown(s: SsjState, unit: string, die: number, o: { opposed: boolean; base?: BaseId }): boolean {
  const a = s.air!;
  const b17 = airUnit(unit).type === 'B-17';
  const defender = other(s.units.of(unit).side);
  return airUnitShotDown(die, {
    b17,
    unopposedHighAltitude: b17 && !o.opposed,
    afternoonVsActiveAirfield: a.stage === 'afternoon-land' && !!o.base && activeAirfield(s, defender, o.base),
  });
}

const airType = (id: string) => airUnit(id).type;

/** A land raid: the Bombardment table's air row against ground or air units at the base (VI.F.1.a). */
export function raidLand(s: SsjState, side: Side, x: Strike, ctx: ApplyContext): LogEntry[] {
  const a = s.air!;
  const base = x.base!;
  a.flown.push(x.unit);
  noteRaid(s, side, x.unit, base);
  if (x.staged) markStaged(s, x);
  const log: LogEntry[] = [...harbourUp(s, side, base).log];
  const enemyAir = enemyAt(s, side, base, 'air');
  const die = ctx.dice.d6(`air raid (${side})`);
  const type = airType(x.unit);
  if (shotDown(s, x.unit, die, { opposed: enemyAir.length > 0, base })) {
    destroyUnit(s, s.units.of(x.unit), 'shot down');
    log.push({ to: 'public', text: `${A_SIDE[side]} ${type} raiding ${baseName(base)} rolled ${die}: shot down (VII.B).`, data: { roll: { why: 'air raid', die } } });
    return log;
  }
  const victims = enemyAt(s, side, base, x.target as 'ground' | 'air');
  const n = Math.min(victims.length, bombardment('air', x.target as 'ground' | 'air', die));
  const lost = victims.slice(0, n);
  for (const v of lost) destroyUnit(s, v, `air raid on ${baseName(base)}`);
  log.push({
    to: 'public',
    text: `${A_SIDE[side]} ${type} raids the ${x.target === 'ground' ? 'ground units' : 'airfield'} at ${baseName(base)}: rolled ${die}, ${n} ${SIDE_NAME[other(side)]} unit${n === 1 ? '' : 's'} eliminated.`,
    data: { roll: { why: 'air raid', die }, raid: { side, base, target: x.target } },
  });
  if (lost.length) log.push({ to: [other(side)], text: `Lost at ${baseName(base)}: ${lost.map((u) => unitName(u.id)).join(', ')}.`, data: { units: lost.map((u) => u.id) } });
  return log;
}

/** One air unit's attack on a face-up ship (VI.F.1.b), with VII.B anti-aircraft. */
export function aim(s: SsjState, side: Side, unit: string, ship: string, ctx: ApplyContext): LogEntry[] {
  const a = s.air!;
  const f = a.flying!;
  f.units = f.units.filter((x) => x !== unit);
  const t = s.units.of(ship);
  const area: SeaAreaId = f.group ? s.groups[f.group]!.area : (BASES[f.base!].seaArea ?? 'SP');
  // Opposed: enemy air aboard a carrier of the struck group, or at the struck base.
  const opposed = f.group
    ? s.groups[f.group]!.ships.some((id) => isCarrier(id) && aboard(s, id, 'air').some((x) => !a.airborne.includes(x.id)))
    : enemyAt(s, side, f.base!, 'air').length > 0;
  const die = ctx.dice.d6(`air attack (${side})`);
  const type = airType(unit);
  const tag = s.tags.of(ship)!;
  const log: LogEntry[] = [];
  if (shotDown(s, unit, die, { opposed, ...(f.base ? { base: f.base } : {}) })) {
    destroyUnit(s, s.units.of(unit), 'shot down');
    log.push(namedLine(s, (n) => `${A_SIDE[side]} ${type} attacking ${n.piece(ship)} rolled ${die}: shot down (VII.B).`, { roll: { why: 'air attack', die } }));
    return log;
  }
  const cls = SHIP_BY_ID.get(ship)!.cls;
  const result = cls === 'SS' ? 'miss' : antiShipResult(cls, die, antiShipShift({ anchored: !!f.base, targetHeavilyDamaged: t.damage === 'HD' }));
  const after = hitShip(s, t, result, area, `${side} air attack`, undefined, new Set(a.airborne));
  if (result === 'miss') {
    log.push({
      to: [side, other(side)],
      text: `${A_SIDE[side]} ${type} attacked ${unitName(ship)}: rolled ${die}, no effect.`,
      data: { units: [ship], roll: { why: 'air attack', die } },
    });
    log.push({ to: 'public', text: `${A_SIDE[side]} ${type} attacked piece ${tag}: rolled ${die}, no effect.` });
    return log;
  }
  // Damaged or sunk: turned face up for everyone.
  change(s, 'revealed')[ship] = ['allied', 'japanese'];
  learn(s, ship, 'public');
  log.push({
    to: 'public',
    text: `${A_SIDE[side]} ${type} attacked ${unitName(ship)} (piece ${tag}): rolled ${die} — ${after === 'sunk' ? 'sunk' : `${result}${after !== result ? ` (now ${after})` : ''}`}.`,
    data: { units: [ship], roll: { why: 'air attack', die }, result, after },
  });
  return log;
}

/** Lands one air unit (off the `airborne` list). */
export function landAt(s: SsjState, unit: string, to: { ship?: string; base?: BaseId }): LogEntry[] {
  const a = s.air!;
  const u = own(s, unit);
  const carrier = u.place.at === 'aboard' ? u.place.ship : null;
  a.airborne = a.airborne.filter((x) => x !== unit);
  if (to.ship) u.place = { at: 'aboard', ship: to.ship };
  else u.place = { at: 'base', base: to.base! };
  if (to.ship === carrier) return [];
  return [{ to: [u.side], text: `${unitName(unit)} lands ${to.base ? `at ${baseName(to.base)}` : `on ${unitName(to.ship!)}`}.`, data: { units: [unit] } }];
}

/**
 * Carrier air in the air lands, unit by unit (VI.F.1.b note, VII.A): where it has somewhere to land its owner
 * picks (the stage waits in step 'land'), even with one place only; with none it is lost. RULING: whether a unit
 * has a choice depends on where its side's face-down carriers are, and the other side sees whether it is kept
 * waiting: a prompt for one place too tells it nothing (the fog harness found it, fog-ssj-332).
 */
export function recoverAirborne(s: SsjState): LogEntry[] {
  const a = s.air!;
  const log: LogEntry[] = [];
  while (a.airborne.length) {
    const id = a.airborne[0]!;
    const u = s.units.of(id);
    if (u.place.at !== 'aboard') {
      a.airborne.shift();
      continue;
    }
    const l = landings(s, id);
    if (l.ships.length + l.bases.length > 0) return log;
    a.airborne.shift();
    destroyUnit(s, u, 'no carrier or airfield to land on');
    log.push({ to: [u.side], text: `${unitName(id)} has nowhere to land and is lost.`, data: { units: [id] } });
    log.push({ to: 'public', text: `A ${SIDE_NAME[u.side]} air unit with nowhere to land is lost.` });
  }
  a.step = 'allocate';
  return log;
}
