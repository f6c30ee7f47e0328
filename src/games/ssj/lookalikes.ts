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
 *   pieces of one task force swapped this way are "the contents of" that task force.
 * - VI.A: the Allied ships chosen to arrive next turn are the Allies' own ("he must make his
 *   selections one turn ahead"): for the Japanese and the spectator, any other choice for the
 *   same slot, until the turn they arrive.
 *
 * Left out, as the rules tell the viewer about them: ships in a battle, a strike or a
 * submarine attack under way, ships that fought or bombarded this turn, damaged ships, and
 * ships hit by a blind submarine attack (their pieces are about to leave, VI.D).
 */
import { REFEREE, SPECTATOR, type Lookalike, type Viewer } from '../../engine';
import type { Side } from './data/types';
import { reinforcementChoices } from './phases/allied-reinforcements';
import type { SsjState, UnitState } from './state';
import { SHIP_BY_ID, isSub } from './units';

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

/** Ships the rules have told about in this turn's fighting, whose pieces are tied to what the viewer saw. */
function inPlay(s: SsjState): Set<string> {
  const text = JSON.stringify([s.battle ?? null, s.air ?? null, s.subAttack ?? null]);
  const out = new Set<string>(s.engaged);
  for (const u of Object.values(s.units)) if (u.kind === 'ship' && text.includes(`"${u.id}"`)) out.add(u.id);
  return out;
}

type Holding = 'group' | 'harbour';
const holding = (u: UnitState): Holding | null => (u.place.at === 'group' ? 'group' : u.place.at === 'base' ? 'harbour' : null);

/** May ship `id` stand where `other` stands (VI.B: slow ships only in a Day and Night box)? */
function mayStand(s: SsjState, id: string, other: UnitState): boolean {
  if (other.place.at !== 'group' || !SHIP_BY_ID.get(id)!.slow) return true;
  return s.groups[other.place.group]!.box === 'daynight';
}

/** Ships `a` and `b` swap pieces: place, the base each left, tag, and their slots in their groups. */
function swap(x: SsjState, a: string, b: string): SsjState {
  const ua = x.units[a]!;
  const ub = x.units[b]!;
  [ua.place, ub.place] = [ub.place, ua.place];
  [ua.from, ub.from] = [ub.from, ua.from];
  [x.tags[a], x.tags[b]] = [x.tags[b]!, x.tags[a]!];
  for (const g of Object.values(x.groups)) g.ships = g.ships.map((id) => (id === a ? b : id === b ? a : id));
  return x;
}

function swaps(s: SsjState, owner: Side, viewer: Viewer, pick: (n: number) => number): Lookalike<SsjState>[] {
  const hidden = screened(s, viewer);
  const busy = inPlay(s);
  const ships = Object.values(s.units)
    .filter((u) => u.side === owner && u.kind === 'ship' && holding(u) && !u.arriving && !u.damage && !u.leaving && !busy.has(u.id))
    .filter((u) => hidden || !knownTo(s, u.id, viewer))
    .sort((p, q) => (p.id < q.id ? -1 : 1));
  if (ships.length < 2) return [];
  const a = ships[pick(ships.length)]!;
  // Two pieces in one harbour are one place: swapping them changes nothing but their tags, which the referee does not see either.
  const samePlace = (b: UnitState) => a.place.at === 'base' && b.place.at === 'base' && a.place.base === b.place.base;
  // A submarine swaps only with a submarine: which face-down groups hold nothing but submarines
  // shows today in the air strike targets offered (docs/fog.md, "What it found": open).
  const partners = ships.filter(
    (b) => b.id !== a.id && !samePlace(b) && isSub(a.id) === isSub(b.id) && (hidden || holding(b) === holding(a)) && mayStand(s, a.id, b) && mayStand(s, b.id, a),
  );
  if (partners.length === 0) return [];
  const b = partners[pick(partners.length)]!;
  const where = (u: UnitState) => (u.place.at === 'group' ? `group ${u.place.group}` : u.place.at === 'base' ? `${u.place.base} harbour` : u.place.at);
  return [
    {
      what: `${owner} ships ${a.id} (${where(a)}) and ${b.id} (${where(b)}) in each other's places${hidden ? ' behind the screen' : ', face down'}`,
      apply: (x) => swap(x, a.id, b.id),
      // Once either is seen face up or named in play (by the rules), the viewer may tell.
      revealedIn: (x) => [a.id, b.id].some((id) => knownTo(x, id, viewer) || !!x.units[id]!.damage),
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
        x.alliedPicks[slot] = ship;
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
