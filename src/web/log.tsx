/**
 * The match log as the server filtered it for this viewer, newest last. Hovering (or
 * focusing) a line highlights the pieces it names on the board; dice rolls show the die
 * and what it decided.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Highlight } from './board/board';
import { Die } from './prompt';
import type { LogEntry } from './types';

interface Roll {
  why?: string;
  die?: number;
  numbers?: number[];
  success?: boolean;
}

function refsOf(e: LogEntry): Highlight | null {
  const d = e.data ?? {};
  // Pieces named by id (`units`, or `ships` in older logs) or by face-down tag (`pieces`).
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const ships = [...ids(d.units), ...ids(d.ships), ...ids(d.pieces)];
  const group = typeof d.group === 'string' ? d.group : undefined;
  return ships.length || group ? { ships, ...(group ? { group } : {}) } : null;
}

function RollBadge({ roll }: { roll: Roll }) {
  if (typeof roll.die !== 'number') return null;
  const said = roll.success === undefined ? '' : roll.success ? 'success' : 'failure';
  return (
    <span class={`roll ${said}`} data-testid="roll">
      <Die value={roll.die} size={18} />
      <span>
        {roll.why ? `${roll.why}: ` : ''}rolled {roll.die}
        {roll.numbers ? ` (named ${roll.numbers.join(', ')})` : ''}
        {said ? ` — ${said}` : ''}
      </span>
    </span>
  );
}

export function Log({ entries, onHighlight }: { entries: readonly LogEntry[]; onHighlight(h: Highlight | null): void }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  return (
    <section class="log" aria-label="Match log">
      <h2>Log</h2>
      <ol ref={list} data-testid="log" aria-live="polite">
        {entries.map((e, i) => {
          const refs = refsOf(e);
          const roll = e.data?.roll as Roll | undefined;
          const priv = e.to !== 'public';
          return (
            <li
              key={`${e.seq}:${i}`}
              class={`${priv ? 'private' : ''}${refs ? ' refers' : ''}`}
              tabIndex={refs ? 0 : undefined}
              onMouseEnter={refs ? () => onHighlight(refs) : undefined}
              onMouseLeave={refs ? () => onHighlight(null) : undefined}
              onFocus={refs ? () => onHighlight(refs) : undefined}
              onBlur={refs ? () => onHighlight(null) : undefined}
            >
              {priv && <span class="badge" title="Only you see this line">private</span>}
              <span class="text">{e.text}</span>
              {roll && <RollBadge roll={roll} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
