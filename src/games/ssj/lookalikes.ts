/**
 * What a viewer of Sky, Sea, and JUNGLE cannot tell apart (for the fog harness, docs/fog.md),
 * read from the rule text and RULINGS.md, not from view.ts:
 *
 * - VI.B, VI.C: while the Fog Of War screen stands between the viewer and the other side's
 *   map, that side's deployment: any two of its ships on the map (in its bases or at sea)
 *   in each other's places — a base's harbour, or a group in a box of a sea area, with the
 *   base each left — so long as each may be there (slow ships only in Day and Night boxes).
 * - VI.B "Ships are deployed FACE DOWN", VI.C "(albeit with ships face down)": with the
 *   screen removed, two face-down enemy ship pieces in the same kind of holding (both in
 *   task forces at sea, or both in harbours), neither of which the viewer has seen face up
 *   or learned in play (VI.D, VI.F turn ships face up; a damaged ship stays known): their
 *   identities swapped, each ship taking the other's piece (its place and its tag). Two
 *   pieces of one task force swapped this way are "the contents of" that task force. A
 *   submarine is a face-down piece like any other (air strikes, submarines and PT boats pick
 *   face-down pieces, VI.F.1.b, VI.D, VI.F.2.d), so it swaps with a surface ship too.
 * - Once a time of day's battles are fought, where both sides have groups in a sea area's boxes of
 *   that time, the battle fought or not has told which side's groups there hold surface ships
 *   (VI.F.2 "until there are ships from only one side left"): there a submarine swaps only with a
 *   submarine.
 * - What a piece carries stays with the piece: troops and air aboard come ashore from it where
 *   the rules land them (VI.F.1.g, VI.F.2.e, VI.H "troops aboard land there") in the viewer's
 *   sight. So two ships swap only when each can carry what the other's piece holds (VI.B note:
 *   a transport division 3 ground units, a cruiser or destroyer 1; a carrier its air).
 * - VI.A: the Allied ships chosen to arrive next turn are the Allies' own ("he must make his
 *   selections one turn ahead"): for the Japanese and the spectator, any other choice for the
 *   same slot, until the turn they arrive.
 *
 * Left out, as the rules tell the viewer about them: ships in a battle (every piece of the
 * task forces fighting it: which go onto the Battle Board shows which are submarines), a
 * strike or a submarine attack under way, ships that fought or bombarded this turn, damaged
 * ships, and ships hit by a blind submarine attack (their pieces are about to leave, VI.D).
 */
import { REFEREE, SPECTATOR, type Lookalike, type Viewer } from '../../engine';
import type { Side } from './data/types';
import { ownGroup } from './groups';
import { reinforcementChoices } from './phases/allied-reinforcements';
import type { Phase, SsjState, UnitState } from './state';
import { SHIP_BY_ID, aboard, cargoCounts, isCarrier, isSub, troopCapacity, own } from './units';
import { change } from './shared';

const SIDES: Side[] = ['allied', 'japanese'];

/** Has `viewer` seen ship `id` face up, or learned it in play (VI.D, VI.F)? */
function knownTo(s: SsjState, id: string, viewer: Viewer): boolean {
  const known = s.known[id] ?? [];
  if (known.includes('public')) return true;
  if (viewer === SPECTATOR) return (s.revealed[id]?.length ?? 0) === 2;
  return known.includes(viewer as Side) || !!s.revealed[id]?.includes(viewer as Side);
}

/** Is the other side's map behind the screen for `viewer` (VI.C: removed for the Allies by Magic, for both after the Allied deployment)? */
function screened(s: SsjState, viewer: Viewer): boolean {
  if (viewer === SPECTATOR) return s.fogLiftedFor.length < 2;
  return !s.fogLiftedFor.includes(viewer as Side);
}

/**
 * Ships the rules have told about in this turn's fighting, whose pieces are tied to what the viewer
 * saw; and every piece of a task force in the battle being fought: its surface ships go onto the
 * Battle Board and its submarines stay off it (RULINGS VI.F.2), in the viewer's sight.
 */
function inPlay(s: SsjState): Set<string> {
  // Every string in the battle, the strike and the submarine attack under way, keys too (the Battle Board's rows are keyed by ship).
  const named = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') named.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        named.add(k);
        walk(x);
      }
  };
  walk([s.battle ?? null, s.air ?? null, s.subAttack ?? null]);
  const out = new Set<string>(s.engaged);
  for (const id of named) if (s.units.get(id)?.kind === 'ship') out.add(id);
  for (const g of Object.values(s.battle?.tf ?? {})) for (const id of (g && s.groups[g]?.ships) || []) out.add(id);
  return out;
}

/** The phases after which a time of day's battles have been fought this turn (VI.F.1.c/f by day, VI.F.2 at night, and After Midnight's). */
const TOLD: Record<'day' | 'night', readonly Phase[]> = {
  day: [
    'day-combat',
    'air-afternoon',
    'day-end-combat',
    'day-only',
    'day-landings',
    'bombard-day',
    'night-combat',
    'after-midnight',
    'pt-boats',
    'combat',
    'bombard-night',
    'ground-combat',
    'supply',
    'return',
  ],
  night: ['night-combat', 'after-midnight', 'pt-boats', 'combat', 'bombard-night', 'ground-combat', 'supply', 'return'],
};
const BOXES_AT = { day: ['day', 'daynight'], night: ['daynight', 'night'] } as const;

/**
 * Whether the rules have told whether `u`'s group holds a surface ship: once a time of day's battles
 * are fought, "there are ships from only one side left" in a sea area's boxes of that time (VI.F.2,
 * VI.F.1.c/f: "only one side is left by day"), so where the other side has a group there too, the
 * battle fought or not fought has shown which side's groups hold surface ships. There a submarine
 * swaps only with a submarine.
 */
function surfaceTold(s: SsjState, u: UnitState): boolean {
  if (u.place.at !== 'group') return false;
  const g = s.groups[u.place.group]!;
  for (const time of ['day', 'night'] as const) {
    const boxes = BOXES_AT[time] as readonly string[];
    // The withdrawal steps of the day (VI.F.1) after the daylight battles by choice (VI.F.1.c) and later, as the phases they follow.
    const told = TOLD[time].includes(s.phase) || (time === 'day' && s.phase === 'withdrawal' && s.withdrawAfter !== undefined && TOLD.day.includes(s.withdrawAfter));
    if (!told || !boxes.includes(g.box)) continue;
    if (Object.values(s.groups).some((e) => e.side !== g.side && e.area === g.area && boxes.includes(e.box))) return true;
  }
  return false;
}

type Holding = 'group' | 'harbour';
const holding = (u: UnitState): Holding | null => (u.place.at === 'group' ? 'group' : u.place.at === 'base' ? 'harbour' : null);

/** May ship `id` stand where `other` stands (VI.B: slow ships only in a Day and Night box)? */
function mayStand(s: SsjState, id: string, other: UnitState): boolean {
  if (other.place.at !== 'group' || !SHIP_BY_ID.get(id)!.slow) return true;
  return s.groups[other.place.group]!.box === 'daynight';
}

/** Ships `a` and `b` swap pieces: place, the base each left, tag, their slots in their groups, and what each piece carries. */
function swap(x: SsjState, a: string, b: string): SsjState {
  const ua = own(x, a);
  const ub = own(x, b);
  [ua.place, ub.place] = [ub.place, ua.place];
  [ua.from, ub.from] = [ub.from, ua.from];
  x.tags = x.tags.swapped(a, b); // a new table: copies of the state share their tags
  // Only the groups that hold either are changed (and so copied, `ownGroup`).
  for (const id of Object.keys(x.groups)) {
    const ships = x.groups[id]!.ships;
    if (ships.includes(a) || ships.includes(b)) ownGroup(x, id).ships = ships.map((ship) => (ship === a ? b : ship === b ? a : ship));
  }
  const [ca, cb] = [aboard(x, a), aboard(x, b)];
  for (const c of ca) own(x, c.id).place = { at: 'aboard', ship: b };
  for (const c of cb) own(x, c.id).place = { at: 'aboard', ship: a };
  return x;
}

/** How many ground and air units ship `u` may carry now (VI.B note; a carrier's capacity). */
const room = (u: UnitState) => ({ ground: troopCapacity(u.id), air: isCarrier(u.id) ? (u.capacity ?? 0) : 0 });

type Cargo = { ground: Map<string, number>; air: Map<string, number> };

/** May each of `a` and `b` carry what the other's piece holds? */
function cargoFits(c: Cargo, a: UnitState, b: UnitState): boolean {
  const holds = (u: UnitState) => ({ ground: c.ground.get(u.id) ?? 0, air: c.air.get(u.id) ?? 0 });
  const [ha, hb, ra, rb] = [holds(a), holds(b), room(a), room(b)];
  return ha.ground <= rb.ground && ha.air <= rb.air && hb.ground <= ra.ground && hb.air <= ra.air;
}

function swaps(s: SsjState, owner: Side, viewer: Viewer, pick: (n: number) => number): Lookalike<SsjState>[] {
  const hidden = screened(s, viewer);
  const busy = inPlay(s);
  const ships = s.units
    .values()
    .filter((u) => u.side === owner && u.kind === 'ship' && holding(u) && !u.arriving && !u.damage && !u.leaving && !busy.has(u.id))
    .filter((u) => hidden || !knownTo(s, u.id, viewer))
    .sort((p, q) => (p.id < q.id ? -1 : 1));
  if (ships.length < 2) return [];
  const a = ships[pick(ships.length)]!;
  // Two pieces in one harbour are one place: swapping them changes nothing but their tags, which the referee does not see either.
  const samePlace = (b: UnitState) => a.place.at === 'base' && b.place.at === 'base' && a.place.base === b.place.base;
  const cargo: Cargo = { ground: cargoCounts(s, 'ground'), air: cargoCounts(s, 'air') };
  const partners = ships.filter(
    (b) =>
      b.id !== a.id &&
      !samePlace(b) &&
      (hidden || holding(b) === holding(a)) &&
      mayStand(s, a.id, b) &&
      mayStand(s, b.id, a) &&
      cargoFits(cargo, a, b) &&
      (isSub(a.id) === isSub(b.id) || (!surfaceTold(s, a) && !surfaceTold(s, b))),
  );
  if (partners.length === 0) return [];
  const b = partners[pick(partners.length)]!;
  const where = (u: UnitState) => (u.place.at === 'group' ? `group ${u.place.group}` : u.place.at === 'base' ? `${u.place.base} harbour` : u.place.at);
  return [
    {
      what: `${owner} ships ${a.id} (${where(a)}) and ${b.id} (${where(b)}) in each other's places${hidden ? ' behind the screen' : ', face down'}`,
      apply: (x) => swap(x, a.id, b.id),
      // Once either is seen face up or named in play (by the rules), the viewer may tell.
      revealedIn: (x) => [a.id, b.id].some((id) => knownTo(x, id, viewer) || !!x.units.of(id).damage),
    },
  ];
}

function otherPick(s: SsjState, pick: (n: number) => number): Lookalike<SsjState>[] {
  const out: Lookalike<SsjState>[] = [];
  for (const slot of ['cruiser', 'other'] as const) {
    const mine = s.alliedPicks[slot];
    if (!mine) continue;
    const others = reinforcementChoices(s).filter((a) => a.type === 'pick' && a.slot === slot) as { ship: string }[];
    if (others.length === 0) continue;
    const ship = others[pick(others.length)]!.ship;
    const turn = s.turn;
    out.push({
      what: `the Allied ${slot} pick for next turn ${ship} instead of ${mine}`,
      apply: (x) => {
        change(x, 'alliedPicks')[slot] = ship;
        return x;
      },
      revealedIn: (x) => x.turn !== turn,
    });
  }
  return out;
}

export function ssjLookalikes(s: SsjState, viewer: Viewer, pick: (n: number) => number): Lookalike<SsjState>[] {
  if (s.phase === 'over' || viewer === REFEREE) return [];
  const out: Lookalike<SsjState>[] = [];
  for (const owner of SIDES) {
    if (owner === viewer) continue;
    out.push(...swaps(s, owner, viewer, pick));
    if (owner === 'allied') out.push(...otherPick(s, pick));
  }
  return out;
}
