/**
 * Actions in words. Each game gives its own words for every action it offers (its
 * `labels.ts` under src/web/games/<game>); `actionLabel` is the last resort for an action a
 * game does not name, and even then it prints readable words — never a field name, an id
 * in camelCase or kebab-case, JSON or `undefined`.
 */
import type { Action } from '../protocol';

/** An action in the game's words: the button's text, and where it helps a short explanation with the rule section. */
export interface ActionWords {
  text: string;
  /** E.g. "VI.F.2.c: a task force that has not fought may move to an adjacent sea area." */
  note?: string;
}

/** A game's words for the actions it offers (undefined: an action it does not know). */
export type Labeler = (a: Action) => ActionWords | string | undefined;

/** A game's names for the ids an action carries (the generic words use them). */
export interface Names {
  /** The name of a piece the viewer may identify, by id. */
  ship?(id: string): string | undefined;
  /** The name of a place (`base`, `to`, `from`, `area`, `box`…), by the field that holds it and its id. */
  place?(field: string, id: string): string | undefined;
}

/** "japanese-deployment" → "japanese deployment", "inSupply" → "in supply". */
export function readable(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** "japanese-deployment" → "Japanese deployment": an id (a prompt's kind, a phase) in words. */
export function idWords(id: string): string {
  const s = readable(id);
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** A label, whichever form the game gave it in. */
export function asWords(l: ActionWords | string): ActionWords {
  return typeof l === 'string' ? { text: l } : l;
}

const SHIPS = new Set(['ship', 'ships', 'unit', 'units', 'sub', 'carrier', 'target']);
const PLACES = new Set(['base', 'to', 'from', 'area', 'box', 'hex']);

function valueText(key: string, v: unknown, names: Names): string {
  if (Array.isArray(v)) return v.map((x) => valueText(key, x, names)).join(', ');
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => valueText(k, x, names))
      .filter(Boolean)
      .join(' ');
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const s = String(v);
  if (typeof v === 'string') {
    if (SHIPS.has(key)) {
      const n = names.ship?.(s);
      if (n) return n;
    }
    if (PLACES.has(key)) {
      const n = names.place?.(key, s);
      if (n) return n;
    }
    if (key === 'group' && s === 'new') return 'a new group';
    return readable(s);
  }
  return s;
}

/**
 * The last resort: the action's kind and its values in words ("Pick: cruiser,
 * NORTHAMPTON"). Games label every action they offer, so a player should never see this.
 */
export function actionLabel(a: Action, names: Names = {}): string {
  const head = idWords(String(a.type));
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => valueText(k, v, names))
    .filter(Boolean);
  return rest.length ? `${head}: ${rest.join(', ')}` : head;
}

/** The words for an action: the game's, or the last resort's. */
export function labelOf(a: Action, label: Labeler | undefined, names: Names = {}): ActionWords {
  const own = label?.(a);
  return own !== undefined ? asWords(own) : { text: actionLabel(a, names) };
}

/** Whether two actions are the same (for matching a choice against the legal list). */
export function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A side's name as a reader reads it ("allied" → "Allied"). */
export function sideName(side: string): string {
  return side ? side[0]!.toUpperCase() + side.slice(1) : '';
}

/**
 * A private log line's badge. Once a match is over (and in a replay) a reader may see the
 * other side's private lines too: those are not "only you", they say whose they were.
 * `you`: the reader's side, or `spectator` / a replay's eye.
 */
export function privateBadge(to: readonly string[], you: string | undefined): { text: string; title: string } {
  if (you !== undefined && to.includes(you)) return { text: 'private', title: 'Only you see this line' };
  const whose = to.map(sideName).join(' and ');
  return { text: `${whose} only`, title: `A private line: only ${whose} saw it during the match` };
}
