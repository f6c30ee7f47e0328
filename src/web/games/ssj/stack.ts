/**
 * Stacks moved together (issue 42 item 5: a deployment took one piece at a time, two clicks
 * each). A piece picked "with its stack" is the board key `stack:ID`: the pieces of yours of
 * its kind in the same place that may still move go where it goes, each by the same step —
 * read, one after the other, from the prompt the step before left (a new group made by the
 * first piece is joined by the others). A piece that may not go there (a slow ship and a Day
 * Only box) stays. Every step is one of the prompt's own legal actions, sent as the player
 * would send it: nothing the server does not offer is ever sent.
 */
import type { Action, Prompt } from '../../../protocol';
import type { GroupView, Side, SsjView } from '../../../protocol/games/ssj';
import type { PieceChoices } from './choices';
import { isSsjView } from './view';

const PREFIX = 'stack:';

/** The piece a board key picks, and whether its stack goes with it. */
export function picked(key: string | null): { piece: string | null; stack: boolean } {
  if (!key) return { piece: null, stack: false };
  return key.startsWith(PREFIX) ? { piece: key.slice(PREFIX.length), stack: true } : { piece: key, stack: false };
}

export const stackKey = (piece: string) => PREFIX + piece;

/** Whether a piece's steps have been made this prompt (it may be taken back). */
const placed = (c: PieceChoices, id: string) => !!c.byPiece.get(id)?.some((t) => t.action.type === 'recall');

/** The other pieces of `piece`'s stack: yours, of its kind, in its place, with a step still to make. */
export function stackMates(view: SsjView, side: Side, c: PieceChoices, piece: string): string[] {
  const units = view.sides[side].units;
  const u = units.find((x) => x.id === piece);
  if (!u) return [];
  const where = JSON.stringify(u.place);
  return units.filter((x) => x.id !== piece && x.kind === u.kind && JSON.stringify(x.place) === where && c.selectable.has(x.id) && !placed(c, x.id)).map((x) => x.id);
}

/** The field naming the piece an action moves. */
function pieceField(a: Action): 'ship' | 'unit' | null {
  return typeof a.ship === 'string' ? 'ship' : typeof a.unit === 'string' ? 'unit' : null;
}

/**
 * The step among `actions` that sends `piece` where `chosen` sent `first`: the same action
 * with the piece changed (a new group: the group `first` is in now), or null if there is none.
 */
export function sameStep(chosen: Action, first: string, piece: string, actions: readonly Action[], groups: readonly GroupView[]): Action | null {
  const field = pieceField(chosen);
  if (!field) return null;
  const want: Record<string, unknown> = { ...chosen, [field]: piece };
  if (chosen.type === 'deploy' && chosen.group === 'new') {
    const g = groups.find((x) => x.ships?.includes(first));
    if (!g) return null;
    want.group = g.id;
  }
  const keys = Object.keys(want);
  return actions.find((a) => Object.keys(a).length === keys.length && keys.every((k) => a[k] === want[k])) ?? null;
}

/** Whether a step may carry a stack (taking a piece back does not). */
export const carriesStack = (a: Action) => a.type !== 'recall' && pieceField(a) !== null;

/** The chain's next step after each one: the next mate that may go where the first went. */
export function stackChain(side: Side, first: string, mates: readonly string[], chosen: Action): (prompt: Prompt | null, view: unknown) => Action | null {
  const rest = [...mates];
  return (prompt, view) => {
    if (!prompt || !isSsjView(view)) return null;
    while (rest.length > 0) {
      const a = sameStep(chosen, first, rest.shift()!, prompt.actions, view.sides[side].groups);
      if (a) return a;
    }
    return null;
  };
}

/**
 * What choosing a target does under the board key `key`: the one step, or (a piece picked with
 * its stack) the step and then each mate's, through `sendChain`.
 */
export function chooser(
  view: SsjView,
  side: Side,
  c: PieceChoices,
  key: string | null,
  send: (a: Action) => void,
  sendChain?: (first: Action, next: (prompt: Prompt | null, view: unknown) => Action | null) => void,
): (t: { action: Action }) => void {
  const { piece, stack } = picked(key);
  return (t) => {
    const mates = stack && piece && sendChain && carriesStack(t.action) ? stackMates(view, side, c, piece) : [];
    if (piece && sendChain && mates.length > 0) sendChain(t.action, stackChain(side, piece, mates, t.action));
    else send(t.action);
  };
}
