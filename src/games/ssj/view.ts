/**
 * What each viewer sees. A side sees its own pieces face up; the other side's map is
 * screened while the Fog Of War screen is up for it, and face down once it is lifted:
 * then each enemy piece is a `tag` drawn anew each turn and its place, nothing more.
 * Spectators see what is public: face-down pieces once the screen is removed for both.
 */
import { REFEREE, SPECTATOR, type Viewer } from '../../engine';
import { TURNS, type Side } from './data/types';
import { shipUnit } from './units';
import type { Group, MagicRoll, Phase, Place, SsjState } from './state';

export type Visibility = 'full' | 'face-down' | 'screened';

export interface ShipFace {
  id: string;
  name: string;
  cls: string;
  nation: string;
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  airCapacity?: number;
  damage: null | 'D' | 'HD';
  place: Place;
}

export interface HiddenPiece {
  tag: string;
  place: { at: 'base'; base: string } | { at: 'group'; group: string } | { at: 'returning-to-truk' };
}

export interface GroupView {
  id: string;
  area: string;
  box: string;
  size: number;
  /** Ship ids, for a viewer who sees the group's ships face up. */
  ships?: string[];
  /** Piece tags, for a viewer who sees the group face down. */
  pieces?: string[];
}

export interface SideView {
  visibility: Visibility;
  ships: ShipFace[];
  hidden: HiddenPiece[];
  groups: GroupView[];
  /** Japanese only, and only to the Japanese: ship pieces that have left Rabaul this turn. */
  rabaulSorties?: number;
}

export interface SsjView {
  turn: number;
  turnName: string;
  phase: Phase;
  magic: { successes: number; rolls: MagicRoll[] };
  vp: Record<Side, number>;
  sides: Record<Side, SideView>;
}

export function visibilityOf(s: SsjState, owner: Side, viewer: Viewer): Visibility {
  if (viewer === REFEREE || viewer === owner) return 'full';
  if (viewer === SPECTATOR) return s.fogLiftedFor.length === 2 ? 'face-down' : 'screened';
  return s.fogLiftedFor.includes(viewer as Side) ? 'face-down' : 'screened';
}

function sideView(s: SsjState, side: Side, vis: Visibility): SideView {
  const mine = Object.values(s.ships).filter((sh) => sh.side === side);
  const groups = Object.values(s.groups).filter((g) => g.side === side);
  if (vis === 'screened') return { visibility: vis, ships: [], hidden: [], groups: [] };
  if (vis === 'face-down') {
    const hidden: HiddenPiece[] = [];
    for (const sh of mine) {
      const p = sh.place;
      if (p.at === 'base' || p.at === 'group' || p.at === 'returning-to-truk') hidden.push({ tag: s.tags[sh.id]!, place: p });
    }
    hidden.sort((a, b) => a.tag.localeCompare(b.tag));
    return {
      visibility: vis,
      ships: [],
      hidden,
      groups: groups
        .map((g: Group) => ({ id: g.id, area: g.area, box: g.box, size: g.ships.length, pieces: g.ships.map((id) => s.tags[id]!).sort() }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
  }
  const ships = mine
    .map((sh): ShipFace => {
      const u = shipUnit(sh.id);
      return {
        id: u.id,
        name: u.name,
        cls: u.cls,
        nation: u.nation,
        ...(u.torpedo ? { torpedo: u.torpedo } : {}),
        ...(u.slow ? { slow: true } : {}),
        ...(u.airCapacity ? { airCapacity: u.airCapacity } : {}),
        damage: sh.damage,
        place: sh.place,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    visibility: vis,
    ships,
    hidden: [],
    groups: groups
      .map((g) => ({ id: g.id, area: g.area, box: g.box, size: g.ships.length, ships: [...g.ships] }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    ...(side === 'japanese' ? { rabaulSorties: s.rabaulSorties } : {}),
  };
}

export function viewFor(s: SsjState, viewer: Viewer): SsjView {
  return {
    turn: s.turn,
    turnName: TURNS[s.turn]!,
    phase: s.phase,
    magic: { successes: s.magic.successes, rolls: s.magic.rolls.map((r) => ({ ...r, numbers: [...r.numbers] })) },
    vp: { ...s.vp },
    sides: {
      allied: sideView(s, 'allied', visibilityOf(s, 'allied', viewer)),
      japanese: sideView(s, 'japanese', visibilityOf(s, 'japanese', viewer)),
    },
  };
}
