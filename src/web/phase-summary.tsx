/**
 * Each phase's outcome as a summary the player dismisses (issue 42 item 2: outcomes scrolled
 * by in the log while the panel already showed the next prompt). The page watches the stage
 * the server names; when it moves on, the log lines this viewer was given during the phase
 * that ended (the lines of the steps after the phase began, up to the step that ended it)
 * are gathered under the phase's name, and shown above the decision until the player closes
 * them. Phases that end while the summary is open join it, oldest first. The page reads only
 * what the body already holds (the stage and this viewer's own log): nothing new is asked of
 * the server, and nothing another viewer would not see is shown.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LogEntry, StateBody } from '../protocol';

export interface PhaseOutcome {
  /** The phase's name as the stage gave it ("AugI (VI.A): Allied reinforcements"). */
  name: string;
  lines: LogEntry[];
}

/** At most this many lines per phase are drawn; the rest are in the log. */
const SHOWN = 12;

/**
 * The phases that ended since the player last closed the summary. The first body the page
 * holds starts the watch (a page opened mid-match shows no summary of the past: the log has it).
 */
export function usePhaseSummary(body: StateBody | null): { outcomes: PhaseOutcome[]; close(): void } {
  const [outcomes, setOutcomes] = useState<PhaseOutcome[]>([]);
  /** The phase being watched: its id, its name, and the viewer's seq when it began. */
  const watched = useRef<{ phase: string; name: string; from: number } | null>(null);
  const stage = body?.stage ?? null;
  useEffect(() => {
    if (!body || !stage) return;
    const w = watched.current;
    if (!w || body.seq < w.from) {
      // The first body, or an undo that took the seq back before the phase began: the watch starts (again), with no summary.
      watched.current = { phase: stage.phase, name: stage.name, from: body.seq };
      return;
    }
    if (w.phase === stage.phase) {
      w.name = stage.name;
      return;
    }
    const ended = body.log.filter((e) => e.seq > w.from && e.seq <= body.seq);
    watched.current = { phase: stage.phase, name: stage.name, from: body.seq };
    if (ended.length > 0) setOutcomes((o) => [...o, { name: w.name, lines: ended }]);
  }, [body?.seq, stage?.phase, stage?.name]);
  return { outcomes, close: () => setOutcomes([]) };
}

export function PhaseSummary({ outcomes, close }: { outcomes: readonly PhaseOutcome[]; close(): void }) {
  if (outcomes.length === 0) return null;
  return (
    <section class="phase-summary" aria-label="What happened" data-testid="phase-summary">
      <h3>What happened</h3>
      {outcomes.map((o, i) => {
        const more = o.lines.length - SHOWN;
        return (
          <div key={i} class="phase-outcome">
            <h4>{o.name}</h4>
            {/* A list that may scroll: reachable by the keyboard (focusable, named), as axe's scrollable-region-focusable asks. */}
            <ul tabIndex={0} aria-label={`${o.name}: what happened`}>
              {o.lines.slice(-SHOWN).map((e, j) => (
                <li key={`${e.seq}:${j}`}>{e.text}</li>
              ))}
            </ul>
            {more > 0 && <p class="hint">and {more === 1 ? '1 earlier line' : `${more} earlier lines`} in the log</p>}
          </div>
        );
      })}
      <button type="button" class="close-summary" onClick={close} data-testid="phase-summary-close">
        Got it — close the summary
      </button>
    </section>
  );
}
