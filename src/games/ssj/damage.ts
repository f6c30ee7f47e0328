/**
 * VII.A: damage to ships and what it does to their cargo, and the damage resolution roll
 * after each phase (D: out for the roll + 1 turns; HD: out for twice the roll, but sunk
 * on a 6 — in secret — or on a 5 in a sea area with an active enemy land air base that
 * still has an air unit at the end of the turn). An HD ship at sea stays there until it
 * leaves (scuttled, withdrawn at midnight, or home at the end of the turn): RULINGS VII.A.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { AIR_LOSS_VP, BASES, theSeaArea, GROUND_LOSS_VP, TRANSPORT_TROOP_LOSS, accumulateDamage, carrierCapacityAfter, damageRoll } from './data';
import type { AntiShipResult } from './data/tables-types';
import type { BaseId, SeaAreaId, Side } from './data/types';
import { ownGroup, removeGroup } from './groups';
import { returnChoices } from './routes';
import { awardVp } from './victory';
import { other, SIDE_NAME, type SsjState, type UnitState } from './state';
import { SHIP_BY_ID as SHIPS_BY_ID, aboard, airBaseOf, airUnit, baseName, isCarrier, isTransport, own, unitName, unitsWhere } from './units';

/** Takes a ship out of its group (a group left empty is gone). */
export function leaveGroup(s: SsjState, u: UnitState): void {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  if (u.place.at !== 'group') return;
  const g = s.groups[u.place.group];
  if (!g) return;
  const ships = g.ships.filter((x) => x !== u.id);
  if (ships.length === 0) removeGroup(s, g.id);
  else ownGroup(s, g.id).ships = ships;
}

/**
 * A unit is lost: its opponent scores it if it is a replaceable unit (IV, VI.A). `secretTo`
 * is the one side allowed to know it (a loss in a secret roll): the points are then kept
 * hidden until the end of the game.
 */
export function destroyUnit(s: SsjState, u: UnitState, why: string, secretTo?: Side): void {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  leaveGroup(s, u);
  const w = own(s, u.id);
  w.place = u.kind === 'ship' ? { at: 'sunk' } : { at: 'destroyed' };
  w.damage = null;
  delete w.damageDie;
  delete w.damagedIn;
  delete w.fiveIn;
  const points = u.kind === 'ground' ? GROUND_LOSS_VP : u.kind === 'air' ? AIR_LOSS_VP[airUnit(u.id).type] : 0;
  if (points === 0) return;
  // The record names no unit: which of the other side's units was lost is not for its opponent to read.
  const what = `${u.side === 'allied' ? 'an' : 'a'} ${SIDE_NAME[u.side]} ${u.kind === 'air' ? 'air' : 'ground'} unit lost (${why})`;
  if (secretTo) s.vpLog = [...s.vpLog, { turn: s.turn, side: other(u.side), points, why: what, hiddenFrom: other(secretTo) }];
  else awardVp(s, other(u.side), points, what);
}

/**
 * Applies an Anti-Ship result to a ship: cumulative damage, troops lost by a transport
 * (D 1, HD 2, sunk all), a carrier's air aboard and capacity (D −1, HD all). Returns the
 * ship's damage after it.
 */
export function hitShip(
  s: SsjState,
  u: UnitState,
  result: AntiShipResult,
  area: SeaAreaId,
  why: string,
  secretTo?: Side,
  airborne?: ReadonlySet<string>,
): 'none' | 'D' | 'HD' | 'sunk' {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  if (result === 'miss') return u.damage ?? 'none';
  const after = accumulateDamage(u.damage ?? 'none', result);
  if (isTransport(u.id)) {
    const troops = aboard(s, u.id, 'ground').sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const t of troops.slice(0, TRANSPORT_TROOP_LOSS[result])) destroyUnit(s, t, why, secretTo);
  }
  if (isCarrier(u.id)) {
    const cap = u.capacity ?? 0;
    own(s, u.id).capacity = carrierCapacityAfter(cap, result === 'sunk' ? 'sunk' : after === 'HD' ? 'HD' : 'D');
    // Air units launched on a strike are not aboard to be lost ("if that is on it, unflown").
    const air = aboard(s, u.id, 'air')
      .filter((a) => !airborne?.has(a.id))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const lose = after === 'D' ? 1 : air.length;
    for (const a of air.slice(0, lose)) destroyUnit(s, a, why, secretTo);
  }
  if (after === 'sunk') {
    for (const c of aboard(s, u.id)) if (!airborne?.has(c.id)) destroyUnit(s, c, why, secretTo);
    destroyUnit(s, u, why, secretTo);
    return 'sunk';
  }
  const w = own(s, u.id);
  // A slow D ship at sea whose die was rolled, now heavily damaged: its damage is resolved anew after this phase (VII.A).
  if (after !== u.damage) delete w.damageDie;
  w.damage = after as 'D' | 'HD';
  w.damagedIn = area;
  return after;
}

/**
 * An active land air base of `side`'s enemy attached to `area`, with an air unit at it (VII.A) — air aboard a
 * carrier in its harbour counts as the base's (VI.F.1.b, `airBaseOf`).
 */
function enemyLandAir(s: SsjState, side: Side, area: SeaAreaId): boolean {
  const enemy = other(side);
  return Object.values(BASES).some(
    (b) => b.seaArea === area && b.airfield && s.holder[b.id] === enemy && s.units.values().some((u) => u.kind === 'air' && u.side === enemy && airBaseOf(s, u) === b.id),
  );
}

/** The bases VI.H lets a ship of `side` in `area` go home to now, as places of repair (the Returning to Truk box leads to Truk). */
export function repairPlaces(s: SsjState, side: Side, area: SeaAreaId): BaseId[] {
  return [...new Set(returnChoices(s, side, area).map((p) => (p === 'returning-to-truk' ? 'truk' : p)))];
}

/**
 * Where a damaged ship is repaired: its base; a ship sent to the Returning to Truk box at Truk (VI.H: that box leads to
 * Truk). A ship knocked out at sea goes where VI.H lets a ship return from its sea area (VI.H "From the Slot or Coral Sea,
 * Japanese ships may only return to Rabaul"; "ships in the South Pacific may not return to Australia"): where its owner
 * chose (`repairAt`, asked before the damage resolution whenever there is more than one such place: repair.ts), else the
 * one place there is (RULINGS VI.D/VI.H).
 */
function repairBase(s: SsjState, u: UnitState): BaseId {
  if (u.place.at === 'base') return u.place.base;
  if (u.place.at === 'returning-to-truk') return 'truk';
  const area = u.place.at === 'group' ? (s.groups[u.place.group]?.area ?? u.damagedIn) : u.damagedIn;
  if (!area) return u.from ?? (u.side === 'japanese' ? 'rabaul' : 'espiritu-santo');
  const legal = repairPlaces(s, u.side, area);
  if (u.repairAt && legal.includes(u.repairAt)) return u.repairAt;
  return u.from && legal.includes(u.from) ? u.from : legal[0]!;
}

/**
 * A damaged ship whose die is rolled leaves for the repair yards, or sinks (in secret) on an HD's 6. An HD
 * ship that rolled a 5 is marked with the sea area it was in: the end of the turn decides (`endOfTurnDamage`).
 */
function knockOut(s: SsjState, u: UnitState, die: number): void {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  const damage = u.damage as 'D' | 'HD';
  const r = damageRoll(damage, die, false);
  const area = u.damagedIn;
  const w = own(s, u.id);
  delete w.damageDie;
  delete w.damagedIn;
  const base = repairBase(s, w);
  delete w.repairAt;
  if (r.sunk) {
    destroyUnit(s, w, 'sank after damage', u.side);
    return;
  }
  leaveGroup(s, w);
  w.place = { at: 'repair', until: s.turn + r.turnsOut + 1, base };
  w.damage = null;
  if (damage === 'HD' && die === 5 && area) w.fiveIn = area;
}

/**
 * RULING (VII.A, VI.F.1.b): an HD or slow damaged ship still at sea, whose die was rolled after the phase it was
 * damaged in, leaves the sea area (home at midnight or at the end of the turn, `home.ts`): the roll takes effect now.
 */
export function leaveSeaDamaged(s: SsjState, u: UnitState): void {
  u = s.units.of(u.id); // the unit as it is now (an earlier change this step may have copied it)
  if (u.damage !== null && u.damageDie !== undefined) knockOut(s, u, u.damageDie);
}

/**
 * VII.A "HD-ed and Slow ships cannot be 'withdrawn' from a sea area (except at 'midnight')": a damaged ship at sea that is
 * heavily damaged, or slow, stays there after its die is rolled (VI.F.2.a: a damaged ship is "considered withdrawn, unless
 * it is HD-ed or Slow"; VI.F.2.e: the troops still aboard transports land "pro-rated down in the case of any damage").
 * Ships a submarine damaged are sent home before (VI.D note: "immediately returned to base").
 */
export const staysAtSea = (u: UnitState) => (u.damage === 'HD' || (u.damage === 'D' && !!SHIPS_BY_ID.get(u.id)?.slow)) && u.place.at === 'group';

/**
 * VII.A "An HD-ed ship is sunk on a roll of 5, as well, if it is in a sea area having an attached active land
 * air base which still has at least 1 surviving air unit at the end of the turn": made at the end of the turn,
 * in secret (the owner alone is told), for every HD ship that rolled a 5 this turn.
 */
export function endOfTurnDamage(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  // Only the ships that rolled a 5 (few), in id order: sorting all 284 units for them was most of this step's time.
  for (const u of unitsWhere(s, 'ship', (x) => x.fiveIn !== undefined).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (!u.fiveIn) continue;
    const area = u.fiveIn;
    delete own(s, u.id).fiveIn;
    if (u.place.at !== 'repair' || !enemyLandAir(s, u.side, area)) continue;
    destroyUnit(s, u, 'sank after damage', u.side);
    log.push({
      to: [u.side],
      text: `Damage resolution (secret): ${unitName(u.id)} (HD, rolled 5) sinks: an enemy land air base attached to ${theSeaArea(area)} still has an air unit at the end of the turn.`,
      data: { units: [u.id] },
    });
  }
  return log;
}

/**
 * The damage resolution after a phase: a die for each damaged ship, rolled by its owner
 * in secret (logged to him alone). A D ship, and an HD ship in harbour or sent home, leaves
 * for the repair yards or sinks; an HD ship at sea keeps its die and stays (RULINGS VII.A).
 *
 * `sunkInSecret`: ships sunk by a blind submarine attack (VI.D), whose pieces left the board
 * with the damaged ones. RULING (VI.D, VII.A): each rolls its owner's secret die all the same
 * (it changes nothing), so that the number of secret dice — and with it every later die of
 * the match — is the same whether a blind hit damaged or sank its target.
 */
export function resolveDamage(s: SsjState, ctx: ApplyContext, sunkInSecret: readonly string[] = []): LogEntry[] {
  const log: LogEntry[] = [];
  // The ships alone are read (damage, and a secret sinking, are a ship's), not all 284 units: this runs after every phase.
  const damaged = unitsWhere(s, 'ship', (u) => ((u.damage === 'D' || u.damage === 'HD') && u.damageDie === undefined) || sunkInSecret.includes(u.id)).sort((a, b) =>
    a.id < b.id ? -1 : 1,
  );
  // RULING (VII.A "sinks (secretly)"): what a damaged ship carries goes ashore at its base before the
  // secret roll, so that no unit landing or lost there tells the other side how the roll fell. It comes
  // ashore in everyone's sight (VI.H "troops aboard land there"): after a blind submarine attack that is
  // what tells the attacker a piece that left was damaged, not sunk. One public entry a side and base.
  // An HD or slow ship staying at sea keeps its cargo until it leaves.
  const ashore = new Map<string, number>();
  for (const u of damaged) {
    if (u.place.at === 'sunk' || staysAtSea(u)) continue;
    const base = repairBase(s, u);
    for (const c of aboard(s, u.id)) {
      if (c.kind !== 'ground' && c.kind !== 'air') continue;
      own(s, c.id).place = { at: 'base', base };
      ashore.set(`${u.side}|${base}`, (ashore.get(`${u.side}|${base}`) ?? 0) + 1);
    }
  }
  for (const [key, n] of ashore) {
    const [side, base] = key.split('|') as [Side, BaseId];
    log.push({ to: 'public', text: `${n} ${SIDE_NAME[side]} unit${n === 1 ? ' comes' : 's come'} ashore at ${baseName(base)} from damaged ships (VII.A).` });
  }
  for (const u of damaged) {
    if (u.place.at === 'sunk') {
      const die = ctx.dice.d6(`damage resolution (${u.side})`, [u.side]);
      log.push({
        to: [u.side],
        text: `Damage resolution (secret): ${unitName(u.id)} was sunk by a submarine; its die (${die}) is rolled all the same and changes nothing.`,
        data: { units: [u.id], roll: { why: 'damage', die } },
      });
      continue;
    }
    // VII.A: the owner rolls in secret (an HD ship "always sinks (secretly) on a 6").
    const die = ctx.dice.d6(`damage resolution (${u.side})`, [u.side]);
    const name = unitName(u.id);
    const damage = u.damage as 'D' | 'HD';
    const data = { units: [u.id], roll: { why: 'damage', die } };
    if (staysAtSea(u)) {
      own(s, u.id).damageDie = die;
      const fate =
        damage === 'D'
          ? `out of the game for ${damageRoll('D', die, false).turnsOut} turns once it leaves the sea area`
          : die === 6
            ? 'it will sink when it leaves the sea area'
            : `out of the game for ${2 * die} turns once it leaves the sea area${die === 5 ? ', or sunk if an enemy land air base attached to the sea area still has an air unit at the end of the turn' : ''}`;
      log.push({
        to: [u.side],
        text: `Damage resolution (secret): ${name} (${damage}${damage === 'D' ? ', slow' : ''}) rolled ${die} — it stays in its sea area (it may not be withdrawn); ${fate}.`,
        data,
      });
      continue;
    }
    knockOut(s, u, die);
    const where = s.units.of(u.id).place;
    if (where.at === 'sunk') log.push({ to: [u.side], text: `Damage resolution (secret): ${name} (${damage}) rolled ${die} and sinks.`, data });
    else
      log.push({
        to: [u.side],
        text: `Damage resolution: ${name} (${damage}) rolled ${die} — out of the game for ${damageRoll(damage, die, false).turnsOut} turns${s.units.of(u.id).fiveIn ? ', unless an enemy land air base attached to the sea area still has an air unit at the end of the turn (then it sinks)' : ''}.`,
        data,
      });
  }
  return log;
}
