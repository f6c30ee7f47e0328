/**
 * A prompt's legal actions as clicks on the board. An action that moves one of your
 * pieces (deploy, rebase, return, transfer, recall, a submarine's attack…) makes that
 * piece selectable, and its destination — a sea-area box, a group, a base — a target;
 * an action that names a piece to act on (a submarine's target) makes that piece a
 * button. Only what the legal actions hold is ever offered; everything else stays a
 * plain button.
 */
import type { Action } from '../../../protocol';
import type { GroupView, Side, UnitFace } from '../../../protocol/games/ssj';
import { labelOf, type Labeler, type Names } from '../../labels';
import { areaName, baseName, boxName, type SsjData } from './data';

/** One place a picked piece may go, or one piece to act on: its action and its words (the board's Target). */
export interface Target {
  key: string;
  action: Action;
  label: string;
}

export interface PieceChoices {
  /** Your pieces with at least one step. */
  selectable: Set<string>;
  /** The steps of each of your pieces. */
  byPiece: Map<string, Target[]>;
  /** Pieces (ids or face-down tags) to click to act on them at once. */
  direct: Map<string, Target>;
  done: Action | null;
  /** Legal actions with no place on the board: offered as buttons. */
  other: Action[];
}

/** Whether a prompt is a deployment (for its rule notes). */
export function isDeployment(kind: string | undefined, actions: readonly Action[]): boolean {
  return kind === 'deploy' || /deployment$/.test(kind ?? '') || actions.some((a) => a.type === 'deploy');
}

/** Units drawn on the board (not aboard a ship, in the pool, sunk or destroyed). */
const onBoard = (u: UnitFace) => !['aboard', 'pool', 'sunk', 'destroyed'].includes(u.place.at);

export function pieceChoices(
  data: SsjData,
  actions: readonly Action[],
  side: Side,
  mine: readonly UnitFace[],
  groups: readonly GroupView[],
  names: Names,
  /** The game's words for every action (labels.ts). */
  label: Labeler,
  /** Enemy pieces on the board: face-down tags and ids seen face up. */
  enemy: ReadonlySet<string> = new Set(),
): PieceChoices {
  const name = (id: string) => names.ship?.(id) ?? 'a unit';
  const words = (a: Action) => labelOf(a, label, names).text;
  const groupNo = (id: string) => {
    const g = groups.find((x) => x.id === id);
    if (!g) return id;
    const same = groups.filter((x) => x.area === g.area && x.box === g.box).sort((a, b) => a.id.localeCompare(b.id));
    return String(same.findIndex((x) => x.id === id) + 1);
  };
  // An Allied reinforcement waiting to enter (VI.A) is not on the board yet, but its place steps are picked like a piece's.
  const drawn = new Set(mine.filter((u) => onBoard(u) || u.arriving).map((u) => u.id));
  const byPiece = new Map<string, Target[]>();
  const direct = new Map<string, Target>();
  const other: Action[] = [];
  let done: Action | null = null;
  const add = (id: string, t: Target) => byPiece.set(id, [...(byPiece.get(id) ?? []), t]);
  actions.forEach((a, i) => {
    const str = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : null);
    const piece = str('ship') ?? str('unit') ?? str('sub');
    if (a.type === 'done') {
      done = a;
      return;
    }
    if (piece && drawn.has(piece)) {
      const who = name(piece);
      switch (a.type) {
        case 'deploy': {
          const area = String(a.area);
          const box = String(a.box);
          const group = String(a.group);
          const where = `${areaName(data, area)}, ${boxName(data, box)}`;
          add(
            piece,
            group === 'new'
              ? { key: `new:${side}:${area}:${box}`, action: a, label: `Send ${who} to ${where}: new group` }
              : { key: `group:${group}`, action: a, label: `Send ${who} to ${where}: join group ${groupNo(group)}` },
          );
          return;
        }
        case 'place':
        case 'rebase':
        case 'return':
        case 'transfer': {
          const to = str('base') ?? str('to');
          if (to) {
            const verb = a.type === 'return' ? 'Return' : a.type === 'place' ? 'Place' : 'Move';
            const at = to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(data, to);
            add(piece, { key: `base:${side}:${to}`, action: a, label: a.type === 'place' ? `${verb} ${who} at ${at}` : `${verb} ${who} to ${at}` });
            return;
          }
          break;
        }
        case 'recall':
          add(piece, { key: `btn:${i}`, action: a, label: `Take ${who} back` });
          return;
        case 'sub-attack': {
          const g = str('group');
          if (g) {
            add(piece, { key: `group:${g}`, action: a, label: words(a) });
            return;
          }
          break;
        }
      }
      add(piece, { key: `btn:${i}`, action: a, label: words(a) });
      return;
    }
    // An action on one enemy piece (a submarine's target): click the piece.
    const on = str('piece') ?? (str('ship') && enemy.has(str('ship')!) ? str('ship') : null);
    if (on && enemy.has(on) && !direct.has(on)) {
      direct.set(on, { key: `piece:${on}`, action: a, label: words(a) });
      return;
    }
    other.push(a);
  });
  return { selectable: new Set(byPiece.keys()), byPiece, direct, done, other };
}
