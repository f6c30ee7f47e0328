/**
 * What each viewer sees. A side sees its own units face up. The other side's map is
 * screened while the Fog Of War screen is up for it; once lifted, each enemy piece is a
 * `tag` drawn anew each turn and where it lies (a group, a base's harbour, airfield or
 * land, a recon box, the Slot), nothing more — cargo aboard ships is not shown at all.
 * A ship turned face up for the viewer (VI.D, VI.F) shows its face too. Spectators see what
 * is public: face-down pieces once the screen is removed for both, and the faces of ships
 * turned up for everyone (a daylight battle, damage in battle, a bombardment).
 */
import { REFEREE, SPECTATOR, type Viewer } from '../../engine';
import { TURNS, type BaseId, type SeaAreaId, type Side } from './data/types';
import { sealGroups } from './groups';
import { idsOf, unitData } from './units';
import { part } from './view-parts';
import type { Damage, Group, MagicRoll, Phase, Place, SsjState, UnitKind, UnitState, VpEntry } from './state';
import { scoreFor } from './victory';
import { battleView } from './battle/view';
import { airView } from './air/view';
import { groundDecision } from './phases/ground-combat';

const AIR_PHASES: Phase[] = ['air-morning', 'carrier-strikes', 'counterattack', 'air-afternoon'];

/** VI.F.2.g, VI.G: the ground-combat decision open — its base and side, and for an advance over the Kokoda Trail the base it would attack. */
function groundBase(s: SsjState): { base: BaseId; side: Side; to?: BaseId } | null {
  const d = groundDecision(s);
  return d ? { base: d.base, side: d.side, ...(d.to ? { to: d.to } : {}) } : null;
}

export type Visibility = 'full' | 'face-down' | 'screened';

export interface UnitFace {
  id: string;
  kind: UnitKind;
  name: string;
  cls?: string;
  nation?: string;
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  airCapacity?: number;
  /** Carriers: the air units they can hold now. */
  capacity?: number;
  /** Air units: B-17, Betty, MAR, JAAF, NAV, IJN. */
  type?: string;
  damage: Damage;
  place: Place;
  arriving?: boolean;
}

export type HiddenPlace =
  | { at: 'base'; base: BaseId; box: 'harbour' | 'airfield' | 'land' }
  | { at: 'group'; group: string }
  | { at: 'recon'; area: SeaAreaId }
  | { at: 'slot' }
  | { at: 'returning-to-truk' };

export interface HiddenPiece {
  tag: string;
  place: HiddenPlace;
}

export interface GroupView {
  id: string;
  area: string;
  box: string;
  size: number;
  /** Unit ids, for a viewer who sees the group's ships face up. */
  ships?: string[];
  /** Piece tags, for a viewer who sees the group face down. */
  pieces?: string[];
}

export interface SideView {
  visibility: Visibility;
  units: UnitFace[];
  hidden: HiddenPiece[];
  /** Face-down pieces turned face up for this viewer (VI.D), by tag. */
  faces: Record<string, UnitFace>;
  groups: GroupView[];
  /** Japanese only, and only to the Japanese: ship pieces that have left Rabaul this turn. */
  rabaulSorties?: number;
  /** Allied only, and only to the Allies: the ships chosen to arrive next turn. */
  picks?: { cruiser: string | null; other: string | null };
}

export interface SsjView {
  turn: number;
  turnName: string;
  phase: Phase;
  /** Whose decision it is. */
  actor: Side | null;
  magic: { successes: number; rolls: readonly MagicRoll[] };
  early: SsjState['early'];
  vp: Record<Side, number>;
  vpLog: VpEntry[];
  detection: SsjState['detection'];
  holder: SsjState['holder'];
  volcano: { streak: number; erupted: boolean; rolls: readonly number[] };
  /** A submarine attack waiting for its target: the group is public; the sub only to its owner. */
  subAttack: { group: string; sub?: string } | null;
  sides: Record<Side, SideView>;
  /** VI.F: the Battle Board of the battle being fought (enemy pieces by tag; own allocations only to their owner). */
  battle: ReturnType<typeof battleView>;
  /** VI.F.1.a, b, d: the air strike stage (own allocations only; the ships of a flight only to its attacker, through `faces`). */
  air: ReturnType<typeof airView>;
  /**
   * VI.F.2.g: the contested base whose ground combat is being decided and the side deciding; VI.G: for an advance
   * over the Kokoda Trail, `base` is where the units stand and `to` the base they would attack.
   */
  groundCombat: { base: BaseId; side: Side; to?: BaseId } | null;
}

export function visibilityOf(s: SsjState, owner: Side, viewer: Viewer): Visibility {
  if (viewer === REFEREE || viewer === owner) return 'full';
  if (viewer === SPECTATOR) return s.fogLiftedFor.length === 2 ? 'face-down' : 'screened';
  return s.fogLiftedFor.includes(viewer as Side) ? 'face-down' : 'screened';
}

type StaticFace = Omit<UnitFace, 'damage' | 'place' | 'arriving' | 'capacity'>;
const STATIC_FACES = new Map<string, StaticFace>();

/** The printed face of a counter (cached: it never changes). */
function staticFace(id: string): StaticFace {
  let f = STATIC_FACES.get(id);
  if (!f) {
    const { kind, data } = unitData(id);
    const d = data as unknown as Record<string, unknown>;
    f = {
      id,
      kind,
      name: data.name,
      ...(d.cls ? { cls: d.cls as string } : {}),
      ...(d.nation ? { nation: d.nation as string } : {}),
      ...(d.torpedo ? { torpedo: d.torpedo as 'T' | 'T*' } : {}),
      ...(d.slow ? { slow: true } : {}),
      ...(d.airCapacity ? { airCapacity: d.airCapacity as number } : {}),
      ...(kind === 'air' ? { type: d.type as string } : {}),
    };
    STATIC_FACES.set(id, f);
  }
  return f;
}

/**
 * Faces already made, by unit object: a unit in a state that may be shared is frozen, and a change
 * copies it (`own` in units.ts), so its face is made once and shared by every view that shows it
 * (views are never changed once made).
 */
const FACES = new WeakMap<UnitState, UnitFace>();

export function face(u: UnitState): UnitFace {
  const made = FACES.get(u);
  if (made) return made;
  const f = staticFace(u.id);
  // Field by field, in the order of the face's type (no spread of a temporary object per field).
  const out = { ...f } as UnitFace;
  if (f.airCapacity) out.capacity = u.capacity ?? 0;
  out.damage = u.damage;
  out.place = u.place;
  if (u.arriving) out.arriving = true;
  if (Object.isFrozen(u)) FACES.set(u, out);
  return out;
}

/** Face-down places already made, by the place object and the kind of unit (as `FACES`). */
const HIDDEN = new WeakMap<Place, Partial<Record<UnitKind, HiddenPlace | null>>>();

function hiddenPlace(u: UnitState): HiddenPlace | null {
  let made = HIDDEN.get(u.place);
  if (!made) HIDDEN.set(u.place, (made = {}));
  if (made[u.kind] === undefined) made[u.kind] = makeHiddenPlace(u);
  return made[u.kind]!;
}

function makeHiddenPlace(u: UnitState): HiddenPlace | null {
  const p = u.place;
  switch (p.at) {
    case 'base':
      return { at: 'base', base: p.base, box: u.kind === 'ship' ? 'harbour' : u.kind === 'air' ? 'airfield' : 'land' };
    case 'group':
      return { at: 'group', group: p.group };
    case 'recon':
      return { at: 'recon', area: p.area };
    case 'slot':
      return { at: 'slot' };
    case 'returning-to-truk':
      return { at: 'returning-to-truk' };
    default:
      // Aboard (cargo), in repair, in the pool, sunk or destroyed: not on the other side's map.
      return null;
  }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Face-down pieces already made, by their place (as `FACES`) and tag: shared by the views that show them. */
const PIECES = new WeakMap<HiddenPlace, Map<string, HiddenPiece>>();
function pieceOf(tag: string, place: HiddenPlace): HiddenPiece {
  let made = PIECES.get(place);
  if (!made) PIECES.set(place, (made = new Map()));
  let p = made.get(tag);
  if (!p) made.set(tag, (p = { tag, place }));
  return p;
}

/** A unit's face-down piece, or null for a unit not on the other side's map. */
function hiddenPiece(s: SsjState, u: UnitState): HiddenPiece | null {
  const place = hiddenPlace(u);
  return place ? pieceOf(s.tags[u.id]!, place) : null;
}

const present = (pieces: readonly (HiddenPiece | null)[]): HiddenPiece[] => pieces.filter((p): p is HiddenPiece => p !== null);

/** Each side's units' ids in the order of their tags, made once per tags object (replaced, never changed, each turn) and side. */
const BY_TAG = new WeakMap<Record<string, string>, Partial<Record<Side, string[]>>>();
function byTag(s: SsjState, side: Side): string[] {
  let made = BY_TAG.get(s.tags);
  if (!made) BY_TAG.set(s.tags, (made = {}));
  return (made[side] ??= sortByTag(s.tags, idsOf(side)));
}

/**
 * `ids` in the order of their tags: each tag read once (not once per comparison), then sorted as
 * strings. A unit without a tag (none is, once the first turn has begun) comes first, and ties
 * (only untagged units) go by id.
 */
function sortByTag(tags: Record<string, string>, ids: readonly string[]): string[] {
  const keyed = ids.map((id) => ({ id, tag: tags[id] }));
  keyed.sort(({ id: a, tag: x }, { id: b, tag: y }) => (x === y ? (a < b ? -1 : 1) : x === undefined ? -1 : y === undefined ? 1 : x < y ? -1 : 1));
  return keyed.map((k) => k.id);
}

/**
 * The groups' part of a side's view, shared with the last one made while no group of the side
 * changed: a group in a state that may be shared is frozen, and a change copies it (`ownGroup` in
 * groups.ts), so the very same group objects are the same groups. Kept per turn or match, as `PARTS`.
 */
interface GroupsPart {
  /** The record of groups it was made from (shared by later states until a step changes a group). */
  record: SsjState['groups'];
  /** The side's groups it was made from, in the record's order. */
  groups: readonly Group[];
  made: GroupView[];
}
const GROUPS = new WeakMap<object, Map<string, GroupsPart>>();
function groupViews(s: SsjState, side: Side, faceUp: boolean): GroupView[] {
  // Face up, a group shows its ships' ids, not their tags: kept for the match, as the units' part (PARTS in view-parts.ts).
  const owner = faceUp ? s.units.line : s.tags;
  let memo = GROUPS.get(owner);
  if (!memo) GROUPS.set(owner, (memo = new Map()));
  const key = `${side}|${faceUp}`;
  const was = memo.get(key);
  if (was && was.record === s.groups) return was.made;
  // What a part is made from stays as it is: a later change copies the groups, and the record of them.
  sealGroups(s);
  const groups: Group[] = [];
  for (const id in s.groups) {
    const g = s.groups[id]!;
    if (g.side === side) groups.push(g);
  }
  if (was && was.groups.length === groups.length && was.groups.every((g, i) => g === groups[i])) {
    was.record = s.groups;
    return was.made;
  }
  const made = faceUp
    ? groups.map((g) => ({ id: g.id, area: g.area, box: g.box, size: g.ships.length, ships: [...g.ships] })).sort(byId)
    : groups.map((g) => ({ id: g.id, area: g.area, box: g.box, size: g.ships.length, pieces: g.ships.map((id) => s.tags[id]!).sort() })).sort(byId);
  memo.set(key, { record: s.groups, groups, made });
  return made;
}

const SCREENED: SideView = Object.freeze({ visibility: 'screened', units: [], hidden: [], faces: {}, groups: [] }) as SideView;

function sideView(s: SsjState, side: Side, vis: Visibility, viewer: Viewer): SideView {
  if (vis === 'screened') return SCREENED;
  if (vis === 'face-down') {
    // In the order of the tags (which say nothing).
    const hidden = part(s.tags, s, `${side}|hidden`, byTag(s, side), (u) => hiddenPiece(s, u), present);
    // Faces turned up: few, so found from the record of them, in the order of their tags.
    const up: UnitState[] = [];
    for (const id in s.revealed) {
      const u = s.units.get(id);
      if (!u || u.side !== side || !hiddenPlace(u)) continue;
      const to = s.revealed[id];
      if (viewer !== SPECTATOR ? to?.includes(viewer as Side) : to?.length === 2 && s.known[id]?.includes('public')) up.push(u);
    }
    const faces: Record<string, UnitFace> = {};
    for (const u of up.sort((a, b) => (s.tags[a.id]! < s.tags[b.id]! ? -1 : 1))) faces[s.tags[u.id]!] = face(u);
    return { visibility: vis, units: [], hidden, faces, groups: groupViews(s, side, false) };
  }
  return {
    visibility: vis,
    // In the counter sheet's order (own pieces: the order says nothing the owner does not know). Made
    // of the units alone, so kept for the match, not the turn: a new turn makes again only what changed.
    units: part(s.units.line, s, `${side}|faces`, idsOf(side), face, (faces) => faces as UnitFace[]),
    hidden: [],
    faces: {},
    groups: groupViews(s, side, true),
    ...(side === 'japanese' ? { rabaulSorties: s.rabaulSorties } : {}),
    ...(side === 'allied' ? { picks: { cruiser: s.alliedPicks.cruiser, other: s.alliedPicks.other } } : {}),
  };
}

/** The VP record a viewer may read, made once per record (replaced, never changed in place) and kind of reader. */
const VP_LOGS = new WeakMap<readonly VpEntry[], Map<string, VpEntry[]>>();
function vpLogFor(s: SsjState, viewer: Viewer): VpEntry[] {
  const over = s.phase === 'over';
  const key = `${over}|${viewer}`;
  let made = VP_LOGS.get(s.vpLog);
  if (!made) VP_LOGS.set(s.vpLog, (made = new Map()));
  let log = made.get(key);
  if (!log) {
    const knows = (e: VpEntry) => !e.hiddenFrom || over || viewer === REFEREE || (viewer !== SPECTATOR && viewer !== e.hiddenFrom);
    log = s.vpLog.filter(knows).map((e) => ({ turn: e.turn, side: e.side, points: e.points, why: e.why }));
    made.set(key, log);
  }
  return log;
}

export function viewFor(s: SsjState, viewer: Viewer): SsjView {
  return {
    turn: s.turn,
    turnName: TURNS[s.turn]!,
    phase: s.phase,
    actor: s.actor,
    // Field by field, not the state's records whole: a field a later change adds to a record reaches no view unless listed here.
    magic: { successes: s.magic.successes, rolls: s.magic.rolls },
    early: s.early,
    vp: scoreFor(s, viewer),
    vpLog: vpLogFor(s, viewer),
    detection: s.detection,
    holder: s.holder,
    volcano: { streak: s.volcano.streak, erupted: s.volcano.erupted, rolls: s.volcano.rolls },
    subAttack: s.subAttack ? { group: s.subAttack.group, ...(viewer === REFEREE || s.units.get(s.subAttack.sub)?.side === viewer ? { sub: s.subAttack.sub } : {}) } : null,
    battle: s.phase === 'night-combat' || s.phase === 'day-combat' || s.phase === 'day-end-combat' ? battleView(s, viewer) : null,
    groundCombat: s.phase === 'ground-combat' ? groundBase(s) : null,
    air: AIR_PHASES.includes(s.phase) ? airView(s, viewer) : null,
    sides: {
      allied: sideView(s, 'allied', visibilityOf(s, 'allied', viewer), viewer),
      japanese: sideView(s, 'japanese', visibilityOf(s, 'japanese', viewer), viewer),
    },
  };
}
