/**
 * Time banks (issue #15) on the page: each side's time left, counting down on this
 * browser's own clock for the side whose bank runs (from the `leftMs` the body was made
 * with, so a browser whose clock is off still shows the server's time), out of time,
 * paused; the pause buttons; and the creation form's fields.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Clock, StateBody } from '../protocol';
import { api, ApiError } from './api';
import { sideName } from './links';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** "2 d 4 h", "3 h 05 min", "12:07" (under an hour: minutes and seconds). */
export function formatLeft(ms: number): string {
  const t = Math.max(0, ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (t >= DAY) return `${Math.floor(t / DAY)} d ${Math.floor((t % DAY) / HOUR)} h`;
  if (t >= HOUR) return `${Math.floor(t / HOUR)} h ${pad(Math.floor((t % HOUR) / MIN))} min`;
  const s = Math.ceil(t / 1000);
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** A setting in words: "7 d", "1 h 30 min", "5 min" (zero parts left out). */
export function formatSpan(ms: number): string {
  const parts: string[] = [];
  const d = Math.floor(ms / DAY);
  const h = Math.floor((ms % DAY) / HOUR);
  const m = Math.round((ms % HOUR) / MIN);
  if (d) parts.push(`${d} d`);
  if (h) parts.push(`${h} h`);
  if (m || parts.length === 0) parts.push(`${m} min`);
  return parts.join(' ');
}

/** Each side's time left now: a running bank counts down from when the body arrived. */
function useLeft(clock: Clock): Record<string, number> {
  const received = useMemo(() => Date.now(), [clock]);
  const [now, setNow] = useState(() => Date.now());
  const ticking = !clock.paused && Object.values(clock.sides).some((s) => s.runsOutAt);
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ticking, clock]);
  const gone = Math.max(0, now - received);
  return Object.fromEntries(Object.entries(clock.sides).map(([side, s]) => [side, s.runsOutAt ? Math.max(0, s.leftMs - gone) : s.leftMs]));
}

function pauseText(clock: Clock, you: string): string | null {
  if (clock.paused) return `Clocks paused${clock.pausedAt ? ` since ${new Date(clock.pausedAt).toLocaleString()}` : ''}.`;
  if (!clock.pauseProposedBy) return null;
  return clock.pauseProposedBy === you ? 'You proposed a pause; waiting for the other player to agree.' : `${sideName(clock.pauseProposedBy)} proposes a pause of the clocks.`;
}

/** The time banks of the match page, with the pause and resume buttons for a player. */
export function ClockPanel({ id, token, body }: { id: string; token: string; body: StateBody }) {
  const clock = body.clock!;
  const left = useLeft(clock);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const player = body.you !== 'spectator';
  const over = body.status === 'finished' || body.status === 'abandoned';
  const run = (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    call()
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : 'The server could not be reached.'))
      .finally(() => setBusy(false));
  };
  const note = pauseText(clock, body.you);
  const theirs = clock.pauseProposedBy !== null && clock.pauseProposedBy !== body.you;
  return (
    <section class="clock" aria-label="Time banks" data-testid="clock">
      <h2>Time banks</h2>
      <ul class="banks">
        {Object.entries(clock.sides).map(([side, s]) => (
          <li key={side} class={`${s.runsOutAt && !clock.paused ? 'running' : ''} ${clock.out.includes(side) ? 'out' : ''}`} data-testid={`bank-${side}`}>
            <span class="who">{side === body.you ? 'You' : sideName(side)}</span>{' '}
            <span class="left">{clock.out.includes(side) ? 'out of time' : formatLeft(left[side] ?? s.leftMs)}</span>
            {s.runsOutAt && !clock.paused && <span class="hint"> (running)</span>}
          </li>
        ))}
      </ul>
      <p class="hint">
        {formatSpan(clock.bankMs)} each{clock.incrementMs ? `, plus ${formatSpan(clock.incrementMs)} per decision` : ''}; out of time:{' '}
        {clock.onTimeout === 'forfeit' ? 'the match is lost' : 'flagged'}.
      </p>
      {note && (
        <p class="note" role="status" data-testid="clock-pause">
          {note}
        </p>
      )}
      {player && !over && (
        <div class="clock-buttons">
          {!clock.paused && clock.pauseProposedBy !== body.you && (
            <button type="button" disabled={busy} onClick={() => run(() => api.pause(id, token))}>
              {theirs ? 'Agree to pause' : 'Propose a pause'}
            </button>
          )}
          {(clock.paused || clock.pauseProposedBy) && (
            <button type="button" disabled={busy} onClick={() => run(() => api.resume(id, token))}>
              {clock.paused ? 'Resume the clocks' : theirs ? 'Decline' : 'Withdraw'}
            </button>
          )}
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The time banks a creator chooses (null: none). */
export interface ClockChoice {
  bankMs: number;
  incrementMs: number;
  onTimeout: 'flag' | 'forfeit';
}

const UNITS = { min: MIN, h: HOUR, d: DAY } as const;
type Unit = keyof typeof UNITS;

/** The creation form's time-bank fields: off, or a bank, an increment and what running out does. */
export function ClockFields({ value, set }: { value: ClockChoice | null; set(v: ClockChoice | null): void }) {
  const [bank, setBank] = useState({ n: 7, unit: 'd' as Unit });
  const [inc, setInc] = useState({ n: 12, unit: 'h' as Unit });
  const [onTimeout, setOnTimeout] = useState<'flag' | 'forfeit'>('flag');
  const update = (b = bank, i = inc, o = onTimeout, on = value !== null) =>
    set(on ? { bankMs: Math.round(b.n * UNITS[b.unit]), incrementMs: Math.round(i.n * UNITS[i.unit]), onTimeout: o } : null);
  const unit = (v: Unit, testId: string, change: (u: Unit) => void) => (
    <select value={v} aria-label="unit" data-testid={testId} onChange={(e) => change((e.currentTarget as HTMLSelectElement).value as Unit)}>
      <option value="min">minutes</option>
      <option value="h">hours</option>
      <option value="d">days</option>
    </select>
  );
  return (
    <fieldset class="clock-fields">
      <legend>Clock</legend>
      <label class="check">
        <input type="checkbox" checked={value !== null} onChange={(e) => update(bank, inc, onTimeout, (e.currentTarget as HTMLInputElement).checked)} data-testid="clock-on" />A
        time bank for each side (it runs only while that side has a decision)
      </label>
      {value !== null && (
        <>
          <label>
            Time bank
            <input
              type="number"
              min={1}
              value={bank.n}
              data-testid="clock-bank"
              onInput={(e) => {
                const b = { ...bank, n: Number((e.currentTarget as HTMLInputElement).value) };
                setBank(b);
                update(b);
              }}
            />
            {unit(bank.unit, 'clock-bank-unit', (u) => {
              const b = { ...bank, unit: u };
              setBank(b);
              update(b);
            })}
          </label>
          <label>
            Added after each decision
            <input
              type="number"
              min={0}
              value={inc.n}
              data-testid="clock-increment"
              onInput={(e) => {
                const i = { ...inc, n: Number((e.currentTarget as HTMLInputElement).value) };
                setInc(i);
                update(bank, i);
              }}
            />
            {unit(inc.unit, 'clock-increment-unit', (u) => {
              const i = { ...inc, unit: u };
              setInc(i);
              update(bank, i);
            })}
          </label>
          <label>
            When a side runs out
            <select
              value={onTimeout}
              data-testid="clock-timeout"
              onChange={(e) => {
                const o = (e.currentTarget as HTMLSelectElement).value as 'flag' | 'forfeit';
                setOnTimeout(o);
                update(bank, inc, o);
              }}
            >
              <option value="flag">flag it (the match goes on)</option>
              <option value="forfeit">it loses the match</option>
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
