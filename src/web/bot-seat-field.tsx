/**
 * Play against the computer (issue #14): on the home page's form, each side is played by a
 * person or by the computer (one of the game's bots, `GameInfo.bots`, the best first). At
 * least one side stays a person's, so in a two-player game one choice says it all: which
 * side, if any, the computer plays, and with which bot. "You play" then takes a side a
 * person plays. (One select, labelled without a side's name, so that "Allied" and
 * "Japanese" still name the "You play" choices alone.)
 */
import { useId } from 'preact/hooks';
import type { GameInfo } from '../protocol';
import { sideName } from './links';

/** Side → bot kind, as the creation request takes it (`bots`). */
export type BotChoice = Record<string, string>;

/** The side the creator plays: the one chosen, else (random, or a side given to the computer) a side a person plays. */
export function humanSide(sides: readonly string[], chosen: string, bots: BotChoice): string {
  if (chosen !== 'random' && !bots[chosen]) return chosen;
  const people = sides.filter((s) => !bots[s]);
  return people[Math.floor(Math.random() * people.length)] ?? sides[0]!;
}

/** "You play" once the computer's seats change: the same side if a person still plays it, else the one side left to a person (either if several). */
export function seatBeside(sides: readonly string[], chosen: string, bots: BotChoice): string {
  if (chosen === 'random' || !bots[chosen]) return chosen;
  const people = sides.filter((s) => !bots[s]);
  return people.length === 1 ? people[0]! : 'random';
}

export function BotSeatField({ game, value, set }: { game: GameInfo; value: BotChoice; set(v: BotChoice): void }) {
  const id = useId();
  const kinds = game.bots ?? [];
  if (kinds.length === 0) return null;
  const current = Object.entries(value)[0];
  return (
    <div class="bot-seat">
      <label for={id}>Play against the computer</label>
      <select
        id={id}
        data-testid="bot-seat"
        value={current ? `${current[0]}:${current[1]}` : ''}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          const at = v.indexOf(':');
          set(at > 0 ? { [v.slice(0, at)]: v.slice(at + 1) } : {});
        }}
      >
        <option value="">No: every side is played by a person</option>
        {game.sides.flatMap((side) =>
          kinds.map((k) => (
            <option key={`${side}:${k}`} value={`${side}:${k}`}>
              {sideName(side)}: Computer ({k} bot)
            </option>
          )),
        )}
      </select>
    </div>
  );
}
