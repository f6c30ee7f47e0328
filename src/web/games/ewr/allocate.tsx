/**
 * XI.H.1.c: the secret allocation of air factors to CAP, escort and strike (the striker
 * first, the target after its countersight roll). Three steppers over the legal splits (the
 * prompt lists every one); only a split the server offered can be sent.
 */
import { useState } from 'preact/hooks';
import type { Action, Prompt } from '../../../protocol';

type Key = 'cap' | 'escort' | 'strike';
const KEYS: Key[] = ['cap', 'escort', 'strike'];
const NAMES: Record<Key, string> = { cap: 'CAP', escort: 'Escort', strike: 'Strike' };

const num = (a: Action, k: Key) => (typeof a[k] === 'number' ? (a[k] as number) : 0);

export function AllocationPrompt({ prompt, busy, send }: { prompt: Prompt; busy: boolean; send(a: Action): void }) {
  const legal = prompt.actions.filter((a) => a.type === 'allocate');
  const total = legal.length ? KEYS.reduce((n, k) => n + num(legal[0]!, k), 0) : 0;
  const [v, setV] = useState<Record<Key, number>>(() => {
    const first = legal.find((a) => num(a, 'strike') > 0) ?? legal[0];
    return { cap: first ? num(first, 'cap') : 0, escort: first ? num(first, 'escort') : 0, strike: first ? num(first, 'strike') : 0 };
  });
  const find = (x: Record<Key, number>) => legal.find((a) => KEYS.every((k) => num(a, k) === x[k]));
  const chosen = find(v);
  // Moving one factor between CAP and the chosen pool keeps the total.
  const shift = (k: Key, d: number): Record<Key, number> | null => {
    if (k === 'cap') return null;
    const next = { ...v, [k]: v[k] + d, cap: v.cap - d };
    return find(next) ? next : null;
  };
  return (
    <div class="allocate" data-testid="allocate">
      <p>
        {legal.length === 1
          ? `Your ${total} air factor${total === 1 ? ' has' : 's have'} one allocation open (see above); seal it to go on.`
          : `Split your ${total} air factor${total === 1 ? '' : 's'}. The other side does not see your split until both are in; CAP takes what escort and strike do not.`}
      </p>
      <div class="alloc-rows" role="group" aria-label="Air factor allocation">
        {KEYS.map((k) => (
          <div class="alloc-row" key={k}>
            <span class="alloc-name" id={`alloc-${k}`}>
              {NAMES[k]}
            </span>
            {k !== 'cap' && (
              <button type="button" aria-label={`One less to ${NAMES[k]}`} disabled={busy || !shift(k, -1)} onClick={() => setV(shift(k, -1) ?? v)}>
                −
              </button>
            )}
            <output class="alloc-value" aria-labelledby={`alloc-${k}`} data-testid={`alloc-${k}`}>
              {v[k]}
            </output>
            {k !== 'cap' && (
              <button type="button" aria-label={`One more to ${NAMES[k]}`} disabled={busy || !shift(k, 1)} onClick={() => setV(shift(k, 1) ?? v)}>
                +
              </button>
            )}
          </div>
        ))}
      </div>
      <button type="button" class="primary" disabled={busy || !chosen} onClick={() => chosen && send(chosen)}>
        Seal the allocation
      </button>
      {!chosen && <p class="hint">That split is not allowed (a striker sends at least one strike factor).</p>}
    </div>
  );
}
