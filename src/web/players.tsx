/**
 * The match page's players (issue #14): who plays each side, by the name its seat plays
 * under — "Computer (plausible bot)" for a seat given to the computer. Your own side is the
 * header's "You: Allied" already: it is not said twice.
 */
import type { StateBody } from '../protocol';
import { sideName } from './links';

export function Players({ body }: { body: StateBody }) {
  const named = Object.entries(body.players).filter(([side, p]) => side !== body.you && p.name);
  if (!named.length) return null;
  return (
    <span class="players" data-testid="players">
      {named.map(([side, p], i) => (
        <span key={side} class={`seat ${side}`} data-testid={`player-${side}`}>
          {i > 0 ? ' · ' : ''}
          {sideName(side)}: {p.name}
        </span>
      ))}
    </span>
  );
}
