/**
 * The state body's `stage` (src/protocol/state.ts): the game's name for the phase a view
 * stands at, and who the match waits for, in words. Made from the view the body carries,
 * never from the state, so it is exactly as secret as that view.
 */
import type { GameModule } from './types';

export interface Stage {
  phase: string;
  name: string;
  waitingFor: string[];
  waiting: string | null;
}

/** "the Allied player", "both players", "the Allied and Japanese players"; null for no one. */
export function waitingText(sides: readonly string[], allSides: readonly string[], names: Readonly<Record<string, string>>): string | null {
  if (sides.length === 0) return null;
  if (sides.length === 1) return `the ${names[sides[0]!] ?? sides[0]} player`;
  if (sides.length === 2 && allSides.length === 2 && allSides.every((s) => sides.includes(s))) return 'both players';
  const list = sides.map((s) => names[s] ?? s);
  return `the ${list.slice(0, -1).join(', ')} and ${list.at(-1)} players`;
}

/** Where the match stands as `view` shows it; null for a game without labels. */
export function stageOf(game: GameModule, view: unknown): Stage | null {
  const labels = game.labels;
  if (!labels) return null;
  const { phase, waitingFor } = labels.stage(view);
  return { phase, name: labels.phases[phase] ?? phase, waitingFor: [...waitingFor], waiting: waitingText(waitingFor, game.sides, labels.sides) };
}
