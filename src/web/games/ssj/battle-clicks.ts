/**
 * A battle decision's legal actions as clicks on the Battle Board (VI.F.1.c, VI.F.2): your
 * ships that cross the size perception line when clicked (battle-row), and the enemy pieces
 * a click aims at (a torpedo, a wild torpedo's blind target, the gunfire of the ship firing
 * now). Only what the prompt's actions hold is offered; every action stays a button too.
 */
import type { Action } from '../../../protocol';
import type { BattleActionType } from '../../../protocol/games/ssj';
import type { Target } from './choices';

/**
 * The action types of a surface battle's decisions. The web bundle may take only types from
 * the game (the layers lint), so the list is written here once more, but checked against the
 * game's own: a `Record` over the engine's `BattleAction['type']` fails to compile when a
 * type is missing or extra, and test/web/ssj-battle-clicks.test.ts compares the keys with
 * the battle phases' `takes` (the engine's `TAKES`, src/games/ssj/battle/phase.ts).
 */
export const BATTLE_ACTION_TYPES: Readonly<Record<BattleActionType, true>> = {
  'battle-engage': true,
  'battle-tf': true,
  'set-aside': true,
  'battle-row': true,
  'battle-pt': true,
  'battle-open': true,
  torpedo: true,
  'wild-target': true,
  fire: true,
  'fire-spread': true,
  'battle-continue': true,
  'battle-withdraw': true,
  done: true,
};
const BATTLE_TYPES: ReadonlySet<string> = new Set(Object.keys(BATTLE_ACTION_TYPES));

export interface BattleClicks {
  /** Your ships (by id) that a click moves across the size perception line. */
  row: ReadonlyMap<string, Target>;
  /** Enemy pieces (by tag) that a click aims at. */
  aim: ReadonlyMap<string, Target>;
  /** What a click on an enemy piece does: 'torpedo', 'wild-target' or 'fire' (null: nothing to aim). */
  aimKind: 'torpedo' | 'wild-target' | 'fire' | null;
  /** The ship whose gunfire is allocated now (the 'fire' actions all name it). */
  firing: string | null;
}

/** Whether a prompt is a battle decision (every action one of the battle's, at least one not a plain "done"). */
export function isBattlePrompt(actions: readonly Action[]): boolean {
  return actions.length > 0 && actions.every((a) => BATTLE_TYPES.has(String(a.type))) && actions.some((a) => a.type !== 'done');
}

export function battleClicks(actions: readonly Action[], words: (a: Action) => string): BattleClicks {
  const row = new Map<string, Target>();
  const aim = new Map<string, Target>();
  let aimKind: BattleClicks['aimKind'] = null;
  let firing: string | null = null;
  actions.forEach((a, i) => {
    const str = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : null);
    const t = (key: string): Target => ({ key, action: a, label: words(a) });
    switch (a.type) {
      case 'battle-row': {
        const ship = str('ship');
        if (ship && !row.has(ship)) row.set(ship, t(`row:${i}`));
        return;
      }
      case 'torpedo':
      case 'wild-target':
      case 'fire': {
        const piece = str('piece');
        if (!piece || aim.has(piece)) return;
        aim.set(piece, t(`aim:${i}`));
        aimKind = a.type;
        if (a.type === 'fire') firing = str('ship');
        return;
      }
    }
  });
  return { row, aim, aimKind, firing };
}
