/** The seats' values that make a match's dice (docs/fairness.md), as the server and every verifier read them. */
import type { GameModule } from '../engine';

/** A seat as the dice read it (a live seat, a stored one, a match file's). */
export type Committed = { value?: string | null; committedBy?: string | null };

/** The values that make the dice: the seats that brought their own, in the game's order of sides. */
export function seatValues(game: GameModule, seats: Record<string, Committed | undefined>): [string, string][] {
  return game.sides.flatMap((s): [string, string][] => {
    const seat = seats[s];
    return seat?.committedBy === 'seat' && seat.value ? [[s, seat.value]] : [];
  });
}
