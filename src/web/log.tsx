/**
 * The match log as the server filtered it for this viewer, newest last. Hovering (or
 * focusing) a line highlights the pieces it names on the board; dice rolls show the die
 * and what it decided.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { LogEntry } from '../protocol';
import type { Highlight } from './games/types';
import { privateBadge } from './labels';
import { Die } from './prompt';

interface Roll {
  why?: string;
  die?: number;
  sides?: number;
  numbers?: number[];
  success?: boolean;
}

function RollBadge({ roll, sides }: { roll: Roll; sides: number }) {
  if (typeof roll.die !== 'number') return null;
  const said = roll.success === undefined ? '' : roll.success ? 'success' : 'failure';
  return (
    <span class={`roll ${said}`} data-testid="roll">
      {(roll.sides ?? sides) === 6 ? (
        <Die value={roll.die} size={18} />
      ) : (
        <span class="die-n" aria-hidden="true">
          d{roll.sides ?? sides}
        </span>
      )}
      <span>
        {roll.why ? `${roll.why}: ` : ''}rolled {roll.die}
        {roll.numbers ? ` (named ${roll.numbers.join(', ')})` : ''}
        {said ? ` — ${said}` : ''}
      </span>
    </span>
  );
}

/**
 * `dice`: the game's die when a roll does not say (Empire of the Sun rolls a ten-sided die).
 * `refs`: the game's reading of what a line names on its board (pieces, groups, hexes).
 * `you`: the reader's side (or `spectator`), to say whose a private line is.
 */
export function Log({
  entries,
  onHighlight,
  dice = 6,
  refs: refsFor = () => null,
  you,
}: {
  entries: readonly LogEntry[];
  you?: string;
  onHighlight(h: Highlight | null): void;
  dice?: number;
  refs?: (e: LogEntry) => Highlight | null;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  return (
    <section class="log" aria-label="Match log">
      <h2>Log</h2>
      {/* Focusable: the list scrolls, and a keyboard must reach it even when no line of it is a button. */}
      <ol ref={list} data-testid="log" aria-live="polite" tabIndex={0}>
        {entries.map((e, i) => {
          const refs = refsFor(e);
          const roll = e.data?.roll as Roll | undefined;
          const badge = e.to === 'public' ? null : privateBadge(e.to, you);
          return (
            <li
              key={`${e.seq}:${i}`}
              class={`${badge ? 'private' : ''}${refs ? ' refers' : ''}`}
              tabIndex={refs ? 0 : undefined}
              onMouseEnter={refs ? () => onHighlight(refs) : undefined}
              onMouseLeave={refs ? () => onHighlight(null) : undefined}
              onFocus={refs ? () => onHighlight(refs) : undefined}
              onBlur={refs ? () => onHighlight(null) : undefined}
            >
              {badge && (
                <span class="badge" title={badge.title}>
                  {badge.text}
                </span>
              )}
              <span class="text">{e.text}</span>
              {roll && <RollBadge roll={roll} sides={dice} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
