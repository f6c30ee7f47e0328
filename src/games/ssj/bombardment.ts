/**
 * VI.F.1.h and VI.F.2.f: shore bombardment, and VI.F.2.d: PT boats.
 *
 * By day, ships in the Day Only and Day and Night boxes of the Slot or the Coral Sea that
 * did not fight a daylight battle, on the side left in daylight control of the area, may
 * each make one bombardment of enemy ground or air units at a base in the Slot or at Port
 * Moresby (Bombardment table); then they are withdrawn home at once. At night any ship in
 * the Day and Night or Night Only boxes that has neither fought nor bombarded may bombard
 * the same way. The Japanese bombard first. A bombarding ship is turned face up.
 *
 * PT boats (Allied, based in the Slot) each attack one Japanese ship in the Slot's night
 * boxes after the night battles, chosen blindly; a PT is sunk only by its own roll of 1.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { BASES, PT_LOSS_VP, PT_NIGHT_SELF_SUNK_ON, SEA_AREA_NAMES, antiShipResult, bombarderOf, bombardment } from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';
import type { SsjAction } from './actions';
import { destroyUnit, hitShip, leaveGroup } from './damage';
import { awardVp } from './reinforcements';
import { returnChoices } from './routes';
import { baseName } from './setup';
import { controls } from './supply';
import { learn, other, SIDE_NAME, type SsjState, type UnitState } from './state';
import { SHIP_BY_ID, aboard, isSub, unitName } from './units';

type BombardAction = Extract<SsjAction, { type: 'bombard' | 'done' }>;
type PtAction = Extract<SsjAction, { type: 'pt-attack' | 'done' }>;

/** RULING (VI.F.1.h): the bases that may be bombarded from each sea area — the Slot's, and Port Moresby from the Coral Sea. */
export const BOMBARD_TARGETS: Readonly<Record<SeaAreaId, readonly BaseId[]>> = {
  SL: ['guadalcanal', 'bougainville', 'rabaul'],
  CS: ['port-moresby'],
  SP: [],
};

const BOXES = { day: ['day', 'daynight'], night: ['daynight', 'night'] } as const;

/** Ships of `side` that may bombard now. */
function bombarders(s: SsjState, side: Side, time: 'day' | 'night'): { ship: string; area: SeaAreaId }[] {
  const used = new Set(s.engaged ?? []);
  const out: { ship: string; area: SeaAreaId }[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side !== side || !(BOXES[time] as readonly string[]).includes(g.box) || BOMBARD_TARGETS[g.area].length === 0) continue;
    if (time === 'day' && !controls(s, side, g.area, 'day')) continue;
    for (const id of g.ships) {
      if (used.has(id) || isSub(id) || !bombarderOf(SHIP_BY_ID.get(id)!.cls) || s.units[id]!.damage === 'HD') continue;
      out.push({ ship: id, area: g.area });
    }
  }
  return out;
}

function enemyAt(s: SsjState, side: Side, base: BaseId, kind: 'ground' | 'air'): UnitState[] {
  const out: UnitState[] = [];
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.side !== side && u.kind === kind && u.place.at === 'base' && u.place.base === base) out.push(u);
  }
  return out;
}

export function bombardChoices(s: SsjState, side: Side): BombardAction[] {
  const time = s.phase === 'bombard-day' ? 'day' : 'night';
  const out: BombardAction[] = [];
  for (const { ship, area } of bombarders(s, side, time)) {
    for (const base of BOMBARD_TARGETS[area]) {
      for (const target of ['ground', 'air'] as const) if (enemyAt(s, side, base, target).length) out.push({ type: 'bombard', ship, base, target });
    }
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyBombard(s: SsjState, side: Side, a: Extract<BombardAction, { type: 'bombard' }>, ctx: ApplyContext): LogEntry[] {
  const time = s.phase === 'bombard-day' ? 'day' : 'night';
  const u = s.units[a.ship]!;
  const area = s.groups[(u.place as { group: string }).group]!.area;
  s.engaged = [...(s.engaged ?? []), a.ship];
  s.revealed[a.ship] = ['allied', 'japanese'];
  learn(s, a.ship, 'public');
  const by = bombarderOf(SHIP_BY_ID.get(a.ship)!.cls)!;
  const die = ctx.dice.d6(`bombardment (${side})`);
  const victims = enemyAt(s, side, a.base, a.target);
  const n = Math.min(victims.length, bombardment(by, a.target, die));
  const lost = victims.slice(0, n);
  for (const v of lost) destroyUnit(s, v, `bombardment of ${baseName(a.base)}`);
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `${time === 'day' ? 'Daytime' : 'Night'} bombardment (VI.F.${time === 'day' ? '1.h' : '2.f'}): ${unitName(a.ship)} shells the ${a.target === 'ground' ? 'ground units' : 'airfield'} at ${baseName(a.base)} — rolled ${die}, ${n} ${SIDE_NAME[other(side)]} unit${n === 1 ? '' : 's'} eliminated.`,
      data: { units: [a.ship], roll: { why: 'bombardment', die } },
    },
  ];
  if (lost.length) log.push({ to: [other(side)], text: `Lost to the bombardment: ${lost.map((x) => unitName(x.id)).join(', ')}.`, data: { units: lost.map((x) => x.id) } });
  if (time === 'day') {
    // "After doing so, they are immediately withdrawn."
    const to = returnChoices(s, side, area)[0]!;
    leaveGroup(s, u);
    const base = to === 'returning-to-truk' ? 'truk' : to;
    for (const c of aboard(s, a.ship, 'ground')) c.place = { at: 'base', base };
    if (to === 'returning-to-truk') {
      u.place = { at: 'returning-to-truk' };
      u.readyTurn = s.turn + 2;
    } else u.place = { at: 'base', base: to };
    log.push({ to: 'public', text: `${unitName(a.ship)} withdraws from the ${SEA_AREA_NAMES[area]}.` });
  }
  return log;
}

/** Whether `side` has a bombardment to decide in the current bombardment phase. */
export function hasBombard(s: SsjState, side: Side): boolean {
  return bombardChoices(s, side).length > 0;
}

// ─────────────────────────────── PT boats ───────────────────────────────

/** Japanese ships in the Slot at night (the PT boats' targets). */
function ptTargets(s: SsjState): string[] {
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side === 'japanese' && g.area === 'SL' && (g.box === 'daynight' || g.box === 'night')) for (const id of g.ships) if (!isSub(id)) out.push(id);
  }
  return out;
}

function readyPts(s: SsjState): string[] {
  const out: string[] = [];
  const done = new Set(s.engaged ?? []);
  for (const k in s.units) {
    const u = s.units[k]!;
    if (u.kind === 'pt' && u.place.at === 'slot' && !done.has(u.id)) out.push(u.id);
  }
  return out;
}

export function ptChoices(s: SsjState): PtAction[] {
  const targets = ptTargets(s)
    .map((id) => s.tags[id]!)
    .sort();
  const pts = readyPts(s);
  if (!targets.length || !pts.length) return [];
  const out: PtAction[] = [];
  for (const unit of pts) for (const piece of targets) out.push({ type: 'pt-attack', unit, piece });
  out.push({ type: 'done' });
  return out;
}

export function applyPt(s: SsjState, a: Extract<PtAction, { type: 'pt-attack' }>, ctx: ApplyContext): LogEntry[] {
  s.engaged = [...(s.engaged ?? []), a.unit];
  const target = ptTargets(s).find((id) => s.tags[id] === a.piece)!;
  const die = ctx.dice.d6('PT boat attack (allied)');
  const log: LogEntry[] = [{ to: 'public', text: `A PT boat unit attacks piece ${a.piece} in the Slot: rolled ${die}.`, data: { roll: { why: 'PT attack', die } } }];
  if (die === PT_NIGHT_SELF_SUNK_ON) {
    const pt = s.units[a.unit]!;
    pt.place = { at: 'destroyed' };
    awardVp(s, 'japanese', PT_LOSS_VP, 'an Allied PT unit lost (its own 1)');
    log.push({ to: 'public', text: 'The PT boats are lost (a self-inflicted 1).' });
    return log;
  }
  const u = s.units[target]!;
  const result = antiShipResult(SHIP_BY_ID.get(target)!.cls, die);
  if (result === 'miss') {
    log.push({ to: 'public', text: `Piece ${a.piece}: no effect.` });
    return log;
  }
  const after = hitShip(s, u, result, 'SL', 'PT boat attack');
  s.revealed[target] = ['allied', 'japanese'];
  learn(s, target, 'public');
  log.push({ to: 'public', text: `Piece ${a.piece} is turned up: ${unitName(target)} — ${after === 'sunk' ? 'sunk' : `${result}${after !== result ? ` (now ${after})` : ''}`}.`, data: { units: [target] } });
  return log;
}
