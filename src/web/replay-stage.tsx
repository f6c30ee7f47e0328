/**
 * What both replays show (the player's, replay.tsx, and the admin's, admin.tsx): the step
 * buttons, and one step of a match drawn read-only — the game's own board with no prompt
 * laid out and nothing to click, beside the log up to that step.
 */
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { LogEntry, Stage } from '../protocol';
import type { LoadedGame } from './games/registry';
import type { Highlight } from './games/types';
import { Log } from './log';

const noop = () => undefined;

/**
 * The step buttons' arrows, drawn (issue 42: Debian's Chromium has no font with ⏮ and ⏭, which
 * showed as empty boxes): a triangle pointing `dir`, with a bar at its tip for start and latest.
 */
function StepIcon({ dir, bar }: { dir: 'back' | 'forward'; bar?: boolean }) {
  const tri = dir === 'forward' ? (bar ? '2,2 11,8 2,14' : '4,2 13,8 4,14') : bar ? '14,2 5,8 14,14' : '12,2 3,8 12,14';
  return (
    <svg class="step-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <polygon points={tri} fill="currentColor" />
      {bar && <rect x={dir === 'forward' ? 12 : 2} y="2" width="2.2" height="12" fill="currentColor" />}
    </svg>
  );
}

/** Start, back, forward and latest, around whatever sits between them (a slider, for the admin). */
export function StepButtons(p: {
  at: number;
  total: number;
  ready: boolean;
  go(n: number): void;
  children?: ComponentChildren;
  ids?: Partial<Record<'start' | 'back' | 'forward' | 'end', string>>;
}) {
  const { at, total, ready, go, ids = {} } = p;
  return (
    <>
      <button type="button" onClick={() => go(0)} disabled={!ready || at <= 0} aria-label="To the start" data-testid={ids.start}>
        <StepIcon dir="back" bar />
      </button>
      <button type="button" onClick={() => go(at - 1)} disabled={!ready || at <= 0} aria-label="Step back" data-testid={ids.back}>
        <StepIcon dir="back" />
      </button>
      {p.children}
      <button type="button" onClick={() => go(at + 1)} disabled={!ready || at >= total} aria-label="Step forward" data-testid={ids.forward}>
        <StepIcon dir="forward" />
      </button>
      <button type="button" onClick={() => go(total)} disabled={!ready || at >= total} aria-label="To the latest step" data-testid={ids.end}>
        <StepIcon dir="forward" bar />
      </button>
    </>
  );
}

/** One step of a match, read-only: the board (or, without the game's client, the raw view) and the log beside it. */
export function ReplayStage(p: {
  game: LoadedGame | null;
  loading?: boolean;
  view: unknown;
  eye: string;
  stage: Stage | null | undefined;
  log: LogEntry[];
  children?: ComponentChildren;
}) {
  const { game: g, eye } = p;
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const view = g && g.web.isView(p.view) ? p.view : null;
  // Looked at, not played: the board lays out no prompt.
  const plan = useMemo(() => (g && view !== null ? g.web.plan(view, g.data, eye, null) : null), [g, view, eye]);
  return (
    <div class="match-grid">
      <section class="board-wrap" aria-label="Board at this step">
        <div class="board-scroll" tabIndex={0} role="region" aria-label="Board (scrolls)">
          {g && view !== null ? (
            <g.web.Board
              view={view}
              data={g.data}
              you={eye}
              stage={p.stage ?? null}
              plan={plan}
              selected={null}
              select={noop}
              send={noop}
              busy={false}
              highlight={highlight}
              zoom={1}
              log={p.log}
            />
          ) : p.loading ? (
            <p class="hint">Loading the board…</p>
          ) : (
            <pre class="raw-view">{JSON.stringify(p.view, null, 2)}</pre>
          )}
        </div>
      </section>
      <aside class="side-panel">
        {p.children}
        <Log you={eye} entries={p.log} onHighlight={setHighlight} dice={g?.web.dice ?? 6} refs={g?.web.refs} />
      </aside>
    </div>
  );
}
