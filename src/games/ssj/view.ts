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
import { idsInTagOrder, type TagTable } from './tag-table';
import { UNIT_IDS } from './unit-table';
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
  /** Air aboard a carrier at sea sent on recon this turn (VI.E): the sea area. */
  recon?: SeaAreaId;
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
  /** Allied only, and only to the Allies: the B-17s flying aerial supply this turn, each with the base it supplies (VI.G). */
  airSupply?: Record<string, BaseId>;
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

type StaticFace = Omit<UnitFace, 'damage' | 'place' | 'arriving' | 'capacity' | 'recon'>;
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
 * A unit's face as its owner sees it. Not kept by unit object: the own side's faces are kept per
 * unit slot by the view's parts (`part` in view-parts.ts makes a face again only for a unit a step
 * copied), and the few faces turned up are small. A `WeakMap` of faces by unit took an entry for
 * every unit a step copied: its insertions (about 1 µs each, with the collector's work on them) were
 * a fifth of the end of a turn's step and views, where the moved units are copied to reset `from`.
 */
export function face(u: UnitState): UnitFace {
  const f = staticFace(u.id);
  // Field by field, in the order of the face's type (no spread of a temporary object per field).
  const out = { ...f } as UnitFace;
  if (f.airCapacity) out.capacity = u.capacity ?? 0;
  out.damage = u.damage;
  out.place = u.place;
  if (u.arriving) out.arriving = true;
  if (u.recon !== undefined) out.recon = u.recon;
  return out;
}

/**
 * A unit's face turned up for the other side (VI.D, VI.F): the counter, its damage and where it is — not what its owner
 * alone decided for it: an air unit's recon this turn (VI.E, chosen at the deployment behind the screen).
 */
function enemyFace(u: UnitState): UnitFace {
  const out = face(u);
  delete out.recon;
  return out;
}

/**
 * Face-down places: what the other side sees of where a unit is. Each is one object, shared by every
 * view (views are never changed once made), so that a unit that moves nowhere keeps the very same
 * piece: a place at a base by kind of unit and base, a recon box by sea area, the Slot and the
 * Returning to Truk box once each (ids alone, so all matches share them); a group's by its id,
 * within the turn (`TurnPieces`).
 */
const BOX_OF: Record<UnitKind, 'harbour' | 'airfield' | 'land'> = { ship: 'harbour', air: 'airfield', ground: 'land', pt: 'land' };
/** By box, then base: no key string made (and hashed) for each unit at a base, 140 of them a side when the screen comes down. */
const AT_BASE: Record<'harbour' | 'airfield' | 'land', Map<BaseId, HiddenPlace>> = { harbour: new Map(), airfield: new Map(), land: new Map() };
const IN_RECON = new Map<SeaAreaId, HiddenPlace>();
const IN_SLOT: HiddenPlace = Object.freeze({ at: 'slot' });
const RETURNING: HiddenPlace = Object.freeze({ at: 'returning-to-truk' });

/** Whether a unit's place is on the other side's map: not aboard (cargo), in repair, in the pool, sunk or destroyed. */
const onMap = (p: Place): boolean => p.at === 'base' || p.at === 'group' || p.at === 'recon' || p.at === 'slot' || p.at === 'returning-to-truk';

function hiddenPlace(u: UnitState, groups: Map<string, HiddenPlace>): HiddenPlace | null {
  const p = u.place;
  switch (p.at) {
    case 'base': {
      const box = BOX_OF[u.kind];
      const atBase = AT_BASE[box];
      let made = atBase.get(p.base);
      if (!made) atBase.set(p.base, (made = Object.freeze({ at: 'base', base: p.base, box })));
      return made;
    }
    case 'group': {
      let made = groups.get(p.group);
      if (!made) groups.set(p.group, (made = Object.freeze({ at: 'group', group: p.group })));
      return made;
    }
    case 'recon': {
      let made = IN_RECON.get(p.area);
      if (!made) IN_RECON.set(p.area, (made = Object.freeze({ at: 'recon', area: p.area })));
      return made;
    }
    case 'slot':
      return IN_SLOT;
    case 'returning-to-truk':
      return RETURNING;
    default:
      return null;
  }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The face-down pieces of a turn (its tags object), by unit slot: the place object each was made
 * from and the piece, so that a unit whose place is the same object, or an equal place, keeps its
 * piece (an array look-up, where two keyed maps a unit were a third of a face-down part's cost); and
 * the places of the turn's groups.
 */
interface TurnPieces {
  from: (Place | undefined)[];
  piece: (HiddenPiece | null)[];
  groups: Map<string, HiddenPlace>;
}
const TURN_PIECES = new WeakMap<TagTable, TurnPieces>();
function turnPieces(s: SsjState): TurnPieces {
  let made = TURN_PIECES.get(s.tags);
  if (!made)
    TURN_PIECES.set(
      s.tags,
      (made = { from: new Array<Place | undefined>(UNIT_IDS.length).fill(undefined), piece: new Array<HiddenPiece | null>(UNIT_IDS.length).fill(null), groups: new Map() }),
    );
  return made;
}

/** A unit's face-down piece, or null for a unit not on the other side's map. */
function hiddenPiece(s: SsjState, u: UnitState, i: number, memo: TurnPieces): HiddenPiece | null {
  if (memo.from[i] === u.place) return memo.piece[i]!;
  const place = hiddenPlace(u, memo.groups);
  const was = memo.piece[i];
  const piece = !place ? null : was?.place === place ? was : { tag: s.tags.at(i)!, place };
  memo.from[i] = u.place;
  memo.piece[i] = piece;
  return piece;
}

const present = (pieces: readonly (HiddenPiece | null)[]): HiddenPiece[] => pieces.filter((p): p is HiddenPiece => p !== null);

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
/** The keys of the parts and group parts of a side's view, made once (not a string built for each view). */
const FACE_UP_KEY: Record<Side, string> = { allied: 'allied|true', japanese: 'japanese|true' };
const FACE_DOWN_KEY: Record<Side, string> = { allied: 'allied|false', japanese: 'japanese|false' };
const HIDDEN_KEY: Record<Side, string> = { allied: 'allied|hidden', japanese: 'japanese|hidden' };
const FACES_KEY: Record<Side, string> = { allied: 'allied|faces', japanese: 'japanese|faces' };
function groupViews(s: SsjState, side: Side, faceUp: boolean): GroupView[] {
  // Face up, a group shows its ships' ids, not their tags: kept for the match, as the units' part (PARTS in view-parts.ts).
  const owner = faceUp ? s.units.line : s.tags;
  let memo = GROUPS.get(owner);
  if (!memo) GROUPS.set(owner, (memo = new Map()));
  const key = faceUp ? FACE_UP_KEY[side] : FACE_DOWN_KEY[side];
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
    : groups.map((g) => ({ id: g.id, area: g.area, box: g.box, size: g.ships.length, pieces: g.ships.map((id) => s.tags.of(id)!).sort() })).sort(byId);
  memo.set(key, { record: s.groups, groups, made });
  return made;
}

const SCREENED: SideView = Object.freeze({ visibility: 'screened', units: [], hidden: [], faces: {}, groups: [] }) as SideView;

function sideView(s: SsjState, side: Side, vis: Visibility, viewer: Viewer): SideView {
  if (vis === 'screened') return SCREENED;
  if (vis === 'face-down') {
    // In the order of the tags (which say nothing).
    const memo = turnPieces(s);
    const hidden = part(s.tags, s, HIDDEN_KEY[side], idsInTagOrder(s.tags, side), (u, slot) => hiddenPiece(s, u, slot, memo), present);
    // Faces turned up: few, so found from the record of them, in the order of their tags.
    const up: UnitState[] = [];
    for (const id in s.revealed) {
      const u = s.units.get(id);
      if (!u || u.side !== side || !onMap(u.place)) continue;
      const to = s.revealed[id];
      if (viewer !== SPECTATOR ? to?.includes(viewer as Side) : to?.length === 2 && s.known[id]?.includes('public')) up.push(u);
    }
    const faces: Record<string, UnitFace> = {};
    for (const u of up.sort((a, b) => (s.tags.of(a.id)! < s.tags.of(b.id)! ? -1 : 1))) faces[s.tags.of(u.id)!] = enemyFace(u);
    return { visibility: vis, units: [], hidden, faces, groups: groupViews(s, side, false) };
  }
  return {
    visibility: vis,
    // In the counter sheet's order (own pieces: the order says nothing the owner does not know). Made
    // of the units alone, so kept for the match, not the turn: a new turn makes again only what changed.
    units: part(s.units.line, s, FACES_KEY[side], idsOf(side), face, (faces) => faces as UnitFace[]),
    hidden: [],
    faces: {},
    groups: groupViews(s, side, true),
    ...(side === 'japanese' ? { rabaulSorties: s.rabaulSorties } : {}),
    ...(side === 'allied' ? { picks: { cruiser: s.alliedPicks.cruiser, other: s.alliedPicks.other }, airSupply: { ...s.airSupply } } : {}),
  };
}

/** The VP record a viewer may read, made once per record (replaced, never changed in place) and kind of reader. */
const VP_LOGS = new WeakMap<readonly VpEntry[], Map<string, VpEntry[]>>();
/** The same, once the game is over (every entry is read then): a map of its own, so the key is the viewer alone, no string made per view. */
const VP_LOGS_OVER = new WeakMap<readonly VpEntry[], Map<string, VpEntry[]>>();
function vpLogFor(s: SsjState, viewer: Viewer): VpEntry[] {
  const over = s.phase === 'over';
  const logs = over ? VP_LOGS_OVER : VP_LOGS;
  let made = logs.get(s.vpLog);
  if (!made) logs.set(s.vpLog, (made = new Map()));
  let log = made.get(viewer);
  if (!log) {
    const knows = (e: VpEntry) => !e.hiddenFrom || over || viewer === REFEREE || (viewer !== SPECTATOR && viewer !== e.hiddenFrom);
    // An entry with no `hiddenFrom` is already the view's entry (its four fields, in that order): shared
    // as it is (the record's entries are never changed, only added to), not copied for every viewer.
    log = s.vpLog.filter(knows).map((e) => (e.hiddenFrom === undefined ? e : { turn: e.turn, side: e.side, points: e.points, why: e.why }));
    made.set(viewer, log);
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
