/** Readable words for actions the client has no special drawing for. */
import type { Action } from '../protocol';

/** A game's names for the ids an action carries. */
export interface Names {
  /** The name of a piece the viewer may identify, by id. */
  ship?(id: string): string | undefined;
  /** The name of a place (`base`, `to`, `from`, `area`, `box`…), by the field that holds it and its id. */
  place?(field: string, id: string): string | undefined;
}

const words = (s: string) => s.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function valueText(key: string, v: unknown, names: Names): string {
  if (Array.isArray(v)) return v.map((x) => valueText(key, x, names)).join(', ');
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  switch (key) {
    case 'ship':
    case 'ships':
    case 'unit':
    case 'sub':
    case 'carrier':
    case 'target':
      return names.ship?.(s) ?? s;
    case 'piece':
      return `face-down piece ${s}`;
    case 'base':
    case 'to':
    case 'from':
    case 'area':
    case 'box':
      return names.place?.(key, s) ?? s;
    case 'group':
      return s === 'new' ? 'a new group' : `group ${s}`;
    default:
      return typeof v === 'boolean' ? (v ? 'yes' : 'no') : s;
  }
}

/** "Deploy: ship HIEI, area The Slot, box Night Only, group a new group". */
export function actionLabel(a: Action, names: Names = {}): string {
  const head = capital(words(a.type));
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${words(k)} ${valueText(k, v, names)}`);
  return rest.length ? `${head}: ${rest.join(', ')}` : head;
}

/** Whether two actions are the same (for matching a choice against the legal list). */
export function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
