/**
 * Board play for the hex-map games: the prompt's actions that name a hex become targets on
 * the map. Clicking (or Enter on) a target hex sends its action when there is one, or
 * selects the hex so that the decision panel lists the actions it offers.
 */
import type { Action } from '../../../protocol';

export interface HexPlay {
  /** Actions by hex key, for the hexes that are targets now. */
  targets: ReadonlyMap<string, Action[]>;
  /** A target hex picked when it offers several actions. */
  selected: string | null;
  pick(key: string): void;
}

/** Groups the actions that name a hex (by `hexOf`) under its key; the rest are left alone. */
export function hexTargets(actions: readonly Action[], hexOf: (a: Action) => string | null): Map<string, Action[]> {
  const out = new Map<string, Action[]>();
  for (const a of actions) {
    const k = hexOf(a);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(a);
    else out.set(k, [a]);
  }
  return out;
}

/** Keyboard and pointer handlers for an SVG element acting as a button. */
export function svgButton(label: string, run: () => void, pressed?: boolean): Record<string, unknown> {
  return {
    role: 'button',
    tabindex: 0,
    'aria-label': label,
    ...(pressed === undefined ? {} : { 'aria-pressed': pressed ? 'true' : 'false' }),
    onClick: (e: MouseEvent) => {
      e.stopPropagation();
      run();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        run();
      }
    },
  };
}
