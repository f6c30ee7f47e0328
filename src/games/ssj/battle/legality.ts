/**
 * VI.F.1.c/f, VI.F.2: who may fight, fire and be fired on in a surface battle, and the
 * legal choices of each battle step. Enemy pieces are always named by their tag in
 * actions; internal allocations keep ids.
 */
import { FIRE_RANK, SURPRISE_TORPEDO_BATTLES } from '../data';
import type { SeaAreaId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { returnChoices } from '../routes';
import { other, type SsjState, type UnitState } from '../state';
import { SHIP_BY_ID, isCarrier, isSub, isTransport } from '../units';
import type { BattleMode, BattleState, Row } from './state';

/** The actions of a battle's decisions. */
export type BattleAction = Extract<
  SsjAction,
  {
    type:
      | 'battle-engage'
      | 'set-aside'
      | 'battle-pt'
      | 'battle-tf'
      | 'battle-row'
      | 'battle-open'
      | 'torpedo'
      | 'wild-target'
      | 'fire'
      | 'fire-spread'
      | 'battle-continue'
      | 'battle-withdraw'
      | 'done';
  }
>;

export const BOXES_OF: Record<BattleMode, string[]> = { night: ['daynight', 'night'], day: ['day', 'daynight'] };
const FIXED_BELOW = new Set(['DD', 'DL']);
const FIXED_ABOVE = new Set(['SBB', 'BB', 'B', 'BC', 'CV', 'CVL', 'CVE']);
export const cls = (id: string) => SHIP_BY_ID.get(id)!.cls;

/** The ships of a group that fight surface battles (submarines do not: RULING). */
export function surfaceShips(s: SsjState, group: string | null): string[] {
  const g = group ? s.groups[group] : undefined;
  return g ? g.ships.filter((id) => !isSub(id)) : [];
}

/**
 * Task forces of `side` eligible for a battle in `area`: by day in the Day Only and Day and Night boxes (VI.F.1.c), at
 * night in the Day and Night and Night Only boxes (VI.F.2) — not one that has withdrawn at that time of day, whose slow
 * and HD ships are left under the protection of another (VI.F.2 note): it has left the battle (RULING, battle/rescue.ts).
 */
export function taskForces(s: SsjState, side: Side, area: SeaAreaId, mode: BattleMode): string[] {
  const boxes = BOXES_OF[mode];
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side === side && g.area === area && boxes.includes(g.box) && !g.withdrawn && g.ships.some((id) => !isSub(id))) out.push(g.id);
  }
  return out.sort();
}

/**
 * How many task forces `side` has in `area` at that time of day, whatever they hold (face-down
 * groups: the other side sees them all). VI.F.2.b "each player chooses which task force to fight
 * with first, if he has more than one in the sea area": asked when this is more than one, even
 * if only one of them has surface ships, so that whether he is asked tells nothing of their contents. A task force
 * that has withdrawn (public) is not counted.
 */
export function groupsThere(s: SsjState, side: Side, area: SeaAreaId, mode: BattleMode): number {
  const boxes = BOXES_OF[mode];
  let n = 0;
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side === side && g.area === area && boxes.includes(g.box) && !g.withdrawn) n++;
  }
  return n;
}

export const nightTaskForces = (s: SsjState, side: Side, area: SeaAreaId) => taskForces(s, side, area, 'night');

export const isPt = (s: SsjState, id: string) => s.units.of(id).kind === 'pt';
/** RULING (VI.F.1.c): for the order of fire a PT unit ranks with the destroyers. */
const rankOf = (s: SsjState, id: string) => (isPt(s, id) ? FIRE_RANK.DD : FIRE_RANK[cls(id)]);
/** The PT units still afloat in the daylight battle (VI.F.1.c). */
export const livePts = (s: SsjState, b: BattleState) => (b.mode === 'day' ? (b.pts ?? []).filter((id) => s.units.of(id).place.at === 'slot') : []);
/** Allied PT units in the Slot that may still join the daylight battle there (one PT attack a turn: RULING). */
export function readyDayPts(s: SsjState, b: BattleState): string[] {
  if (b.mode !== 'day' || b.area !== 'SL') return [];
  const done = new Set([...(s.engaged ?? []), ...(b.pts ?? [])]);
  return s.units
    .live()
    .filter((u) => u.kind === 'pt' && u.side === 'allied' && u.place.at === 'slot' && !done.has(u.id))
    .map((u) => u.id)
    .sort();
}

/** VI.F.1.c.1: by day carriers and transports are held back, out of the battle, until their escorts are gone. */
export const heldBack = (id: string) => isCarrier(id) || isTransport(id);

/** The enemy ships `side` may fire at: by day not the held-back ships while any other ship of their task force is left. */
export function targetsOf(s: SsjState, b: BattleState, side: Side): string[] {
  const ships = surfaceShips(s, b.tf[other(side)]);
  if (b.mode === 'night') return ships;
  const escorts = ships.filter((id) => !heldBack(id));
  // VI.F.1.c: PT units that joined the battle may be fired on (they do not shield the held-back ships).
  return [...(escorts.length ? escorts : ships), ...(side === 'japanese' ? livePts(s, b) : [])];
}

/**
 * The targets one ship may be allocated (VI.F.1.c.3): at night any; by day none of a higher
 * class than its own unless every target of its own or a lower class is already being fired on.
 */
export function allowedTargets(s: SsjState, b: BattleState, side: Side, ship: string): string[] {
  const all = targetsOf(s, b, side);
  if (b.mode === 'night') return all;
  const rank = rankOf(s, ship);
  const fired = new Set(Object.values(b.fire[side]));
  const lower = all.filter((t) => rankOf(s, t) <= rank);
  if (lower.every((t) => fired.has(t))) return all;
  return lower;
}

/** A ship that may fire its guns: not HD, not a carrier, transport or submarine (VI.F.1.c, VII.A). */
export function canFire(u: UnitState): boolean {
  return u.damage !== 'HD' && !isCarrier(u.id) && !isTransport(u.id) && !isSub(u.id);
}

/** A ship that may fire a surprise torpedo: a T or T* ship with no damage (VII.A). */
export function canTorpedo(u: UnitState): boolean {
  return !!SHIP_BY_ID.get(u.id)!.torpedo && u.damage === null;
}

export const firers = (s: SsjState, side: Side, b: BattleState) => [
  ...surfaceShips(s, b.tf[side]).filter((id) => canFire(s.units.of(id))),
  ...(side === 'allied' ? livePts(s, b) : []),
];

/** Whose decision it is in the battle now (null: nothing to decide). */
export function battleActor(s: SsjState): Side | null {
  const b = s.battle;
  if (!b) return null;
  switch (b.step) {
    case 'engage':
      return b.engage?.japanese === undefined ? 'japanese' : 'allied';
    case 'pursuit':
      return pursued(b);
    case 'pt-day':
      return 'allied';
    case 'choose-tf':
      return b.tf.japanese === null ? 'japanese' : 'allied';
    case 'place':
      return b.placed.includes('japanese') ? 'allied' : 'japanese';
    case 'surprise':
    case 'torpedo':
    case 'after-torpedo':
      return b.surprise as Side;
    case 'wild':
      return other(b.surprise as Side);
    case 'fire':
      return fireSides(s, b).find((side) => firers(s, side, b).some((id) => !(id in b.fire[side]))) ?? null;
    case 'continue':
      if (b.forced) return b.tf.japanese ? 'japanese' : 'allied';
      return b.decided.includes('japanese') ? 'allied' : 'japanese';
  }
}

/** The sides that fire in the current 'fire' step. */
export function fireSides(s: SsjState, b: BattleState): Side[] {
  if (b.order === 'first') return [b.surprise as Side];
  if (b.order === 'second') return [other(b.surprise as Side)];
  void s;
  return ['japanese', 'allied'];
}

export const tagOf = (s: SsjState, id: string) => s.tags.of(id)!;
export const byTag = (s: SsjState, ids: string[], piece: string) => ids.find((id) => s.tags.of(id) === piece);

/** Default placement: DD/DL below, capital ships and carriers above, cruisers above, transports below; then at least one each side if possible. */
export function defaultRows(ships: string[]): Record<string, Row> {
  const row: Record<string, Row> = {};
  for (const id of ships) row[id] = FIXED_BELOW.has(cls(id)) || isTransport(id) ? 'below' : 'above';
  const flex = ships.filter(flexible);
  const count = (r: Row) => ships.filter((id) => row[id] === r).length;
  if (ships.length >= 2) {
    if (count('below') === 0 && flex.length) row[flex[flex.length - 1]!] = 'below';
    if (count('above') === 0 && flex.length) row[flex[0]!] = 'above';
  }
  return row;
}

export const canSetAside = (s: SsjState, id: string) => s.units.of(id).damage === 'D' && !SHIP_BY_ID.get(id)!.slow;

export const flexible = (id: string) => !FIXED_BELOW.has(cls(id)) && !FIXED_ABOVE.has(cls(id));

/** VI.F.2.b note: is this placement legal ("at least one unit each side of the line ... if at all possible")? */
export function placementLegal(ships: string[], row: Record<string, Row>): boolean {
  const above = ships.filter((id) => row[id] === 'above').length;
  const below = ships.length - above;
  if (above > 0 && below > 0) return true;
  const flex = ships.filter(flexible).length;
  const fA = ships.filter((id) => FIXED_ABOVE.has(cls(id))).length;
  const fB = ships.filter((id) => FIXED_BELOW.has(cls(id))).length;
  const possible = ships.length >= 2 && (fA > 0 || flex > 0) && (fB > 0 || flex > 0);
  return !possible;
}

export function battleChoices(s: SsjState, side: Side): BattleAction[] {
  const b = s.battle!;
  const enemy = other(side);
  const alive = (sd: Side) => surfaceShips(s, b.tf[sd]);
  // Withdrawing ships go "to base (or to the back-to-Truk holding box)" as their owner chooses.
  const homes = returnChoices(s, side, b.area);
  const withdrawals: BattleAction[] = homes.map((to) => ({ type: 'battle-withdraw', to }));
  switch (b.step) {
    case 'engage':
    case 'pursuit':
      // RULING (VI.F.1.c): engage or not; pursued, fight or abandon the slow and HD ships. The same two choices whatever the task forces hold.
      return [
        { type: 'battle-engage', engage: true },
        { type: 'battle-engage', engage: false },
      ];
    case 'pt-day':
      // VI.F.1.c: each PT unit in the Slot may join the battle; the rest hide (close).
      return side === 'allied' ? [...readyDayPts(s, b).map((unit) => ({ type: 'battle-pt' as const, unit })), { type: 'done' }] : [];
    case 'choose-tf':
      return tfChoices(s, b, side).map((group) => ({ type: 'battle-tf', group }));
    case 'place': {
      const mine = alive(side);
      const out: BattleAction[] = mine.filter(flexible).map((ship) => ({ type: 'battle-row', ship, row: b.row[ship] === 'above' ? 'below' : 'above' }));
      // VI.F.2.a: a damaged (D, not slow) ship may be set aside — withdrawn — so that its task force keeps its chance of surprise.
      if (mine.length > 1) for (const ship of mine.filter((id) => canSetAside(s, id))) for (const to of homes) out.push({ type: 'set-aside', ship, to });
      if (placementLegal(mine, b.row)) out.push({ type: 'done' });
      return out;
    }
    case 'surprise': {
      const out: BattleAction[] = [];
      const tf = b.tf[side]!;
      if ((b.torpedoBattles[tf] ?? 0) < SURPRISE_TORPEDO_BATTLES[side] && alive(side).some((id) => canTorpedo(s.units.of(id))))
        out.push({ type: 'battle-open', first: 'torpedoes' });
      // Gunfire first is open even to a side with no gun to fire (the surprised side then fires): a side is never forced out.
      out.push({ type: 'battle-open', first: 'gunfire' });
      out.push(...withdrawals);
      return out;
    }
    case 'torpedo': {
      // Spread as much as possible: only the pieces with the fewest torpedoes so far.
      const targets = alive(enemy);
      const n = new Map(targets.map((t) => [t, 0]));
      for (const [, t] of b.torpedoes) if (n.has(t)) n.set(t, n.get(t)! + 1);
      const least = Math.min(...n.values());
      return targets
        .filter((t) => n.get(t) === least)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'torpedo', piece }));
    }
    case 'wild':
      return alive(enemy)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'wild-target', piece }));
    case 'after-torpedo':
      return [{ type: 'battle-continue' }, ...withdrawals];
    case 'fire': {
      const ship = firers(s, side, b).find((id) => !(id in b.fire[side]));
      if (!ship) return [];
      const out: BattleAction[] = allowedTargets(s, b, side, ship)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'fire', ship, piece }));
      out.push({ type: 'fire-spread' });
      return out;
    }
    case 'continue':
      // RULING (VI.F.1.f, VI.F.2): neither could fire and neither withdrew — each must now withdraw (battle/state.ts `forced`).
      if (b.forced) return withdrawals;
      return [{ type: 'battle-continue' }, ...withdrawals];
  }
}

const pair = (japanese: string, allied: string) => `${japanese}|${allied}`;

/** What decides which task forces may still meet in a stage. */
type Meeting = Pick<BattleState, 'mode' | 'standoffs' | 'foughtBefore'>;

/** The task forces that have fought a surface battle this turn (their ships are engaged: public, every battle's task forces are named). */
export function foughtTaskForces(s: SsjState): string[] {
  const engaged = new Set(s.engaged ?? []);
  return Object.keys(s.groups)
    .filter((k) => surfaceShips(s, k).some((id) => engaged.has(id)))
    .sort();
}

/**
 * Whether two task forces may meet in this stage: not a pair that stood off in it (RULING: neither could fire, both stayed);
 * and RULING (VI.F.2.c "'Day Only' task forces may now sail into an adjacent sea area's 'Night Only' box, to engage enemy
 * task forces still there"): in the night battles after After Midnight two task forces that had both fought before them do
 * not meet again — the night battles before midnight went on until every such pair there had fought it out or stood off;
 * those battles are the arrivals' (which have fought nothing when they sail).
 */
function mayMeet(b: Meeting, japanese: string, allied: string): boolean {
  if ((b.standoffs ?? []).includes(pair(japanese, allied))) return false;
  return !(b.foughtBefore?.includes(japanese) && b.foughtBefore.includes(allied));
}

/** Task forces of `side` that may still meet an enemy one in this stage. */
export function tfChoices(s: SsjState, b: BattleState, side: Side): string[] {
  const enemies = b.tf[other(side)] ? [b.tf[other(side)]!] : taskForces(s, other(side), b.area, b.mode);
  return taskForces(s, side, b.area, b.mode).filter((tf) => enemies.some((e) => (side === 'japanese' ? mayMeet(b, tf, e) : mayMeet(b, e, tf))));
}

/** Records that the two task forces in the battle met with neither able to fire and both stayed. */
export function recordStandoff(b: BattleState): void {
  b.standoffs = [...(b.standoffs ?? []), pair(b.tf.japanese!, b.tf.allied!)];
}

/** Neither task force in the battle has a ship (or PT unit) able to fire. */
export const noneCanFire = (s: SsjState, b: BattleState) => firers(s, 'japanese', b).length === 0 && firers(s, 'allied', b).length === 0;

/** Both sides have task forces in `area` at that time of day that may still meet. */
export function contested(s: SsjState, area: SeaAreaId, b: Meeting): boolean {
  const al = taskForces(s, 'allied', area, b.mode);
  return taskForces(s, 'japanese', area, b.mode).some((j) => al.some((a) => mayMeet(b, j, a)));
}

/**
 * VI.F.1.c: both sides have a group in `area` at that time of day, whatever it holds (the other side
 * sees every face-down group): where the daylight battle is offered, so that the question tells nothing.
 */
export const bothThere = (s: SsjState, area: SeaAreaId, mode: BattleMode) => groupsThere(s, 'japanese', area, mode) > 0 && groupsThere(s, 'allied', area, mode) > 0;

/** VI.F.1.c: the side that would not engage while the other did (the "pursued" side), or null. */
export function pursued(b: BattleState): Side | null {
  const e = b.engage ?? {};
  if (e.japanese === true && e.allied === false) return 'allied';
  if (e.japanese === false && e.allied === true) return 'japanese';
  return null;
}

export const damagedTF = (s: SsjState, group: string | null) => surfaceShips(s, group).some((id) => s.units.of(id).damage !== null);
