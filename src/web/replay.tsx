/**
 * A player's replay (issue #14), on the match page: step back through the match as you saw
 * it — your own view at each of your steps (GET /api/matches/:id/history) — and, once the
 * match is over, through the whole match with everything revealed. It opens over the page
 * as a dialog, so no live choice can be made while it shows; the game's own board draws
 * each step read-only (no prompt is laid out). Keys: ← and → step, Home and End go to the
 * start and the latest step, Escape goes back to the live match.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { HistoryBody, LogEntry } from '../protocol';
import { api, ApiError } from './api';
import type { LoadedGame } from './games/registry';
import { ReplayStage, StepButtons } from './replay-stage';

/** The words over a step: your view while the match runs, everything once it is over. */
export function stepText(h: Pick<HistoryBody, 'at' | 'total' | 'revealed'>): string {
  return h.revealed ? `Step ${h.at} of ${h.total}, everything revealed` : `Your view at step ${h.at} of ${h.total}`;
}

/** The button that opens the replay, and the replay while open. */
export function ReplayControl({ id, token, game }: { id: string; token: string; game: LoadedGame | null }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button type="button" ref={opener} class="replay-open" onClick={() => setOpen(true)} data-testid="replay-open" aria-haspopup="dialog">
        Replay
      </button>
      {open && <PlayerReplay id={id} token={token} game={game} onClose={close} />}
    </>
  );
}

function PlayerReplay({ id, token, game: g, onClose }: { id: string; token: string; game: LoadedGame | null; onClose(): void }) {
  const [step, setStep] = useState<HistoryBody | null>(null);
  const [at, setAt] = useState<number | null>(null);
  // The log up to the latest step, read once when the replay opens: each step shows its part of it.
  const [log, setLog] = useState<LogEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
    let live = true;
    api.history(id, token).then(
      (h) => {
        if (!live) return;
        setLog(h.log);
        setStep(h);
        setAt(h.at);
      },
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : 'The replay could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [id, token]);

  useEffect(() => {
    if (at === null || step?.at === at) return;
    let live = true;
    api.history(id, token, at, at).then(
      (h) => {
        if (!live) return;
        setStep(h);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : 'The step could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [at]);

  const total = step?.total ?? 0;
  const go = (n: number) => setAt(Math.max(0, Math.min(total, n)));
  const shownLog = useMemo(() => (step ? log.filter((e) => e.seq <= step.at) : []), [log, step]);
  const cur = at ?? 0;

  // The keys work wherever the focus is while the replay is open (a button it disables drops the focus to the page).
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const to = e.key === 'ArrowLeft' ? cur - 1 : e.key === 'ArrowRight' ? cur + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? total : null;
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (to !== null && step) {
      e.preventDefault();
      go(to);
    }
  };
  useEffect(() => {
    const listen = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, []);

  return (
    <div
      class="player-replay"
      role="dialog"
      aria-modal="true"
      aria-label="Replay of the match"
      tabIndex={-1}
      ref={dialog}
      data-testid="replay-dialog"
      style={{ position: 'fixed', inset: 0, zIndex: 50, overflow: 'auto', background: 'var(--paper, #fff)', padding: '0.75rem' }}
    >
      <div class="scrubber" role="group" aria-label="Replay steps (← and → keys step)">
        <StepButtons at={cur} total={total} ready={!!step} go={go} ids={{ start: 'replay-start', back: 'replay-back', forward: 'replay-forward', end: 'replay-end' }} />
        <span data-testid="replay-step" role="status" aria-live="polite">
          {step ? stepText({ at: step.at, total, revealed: step.revealed }) : 'Loading the replay…'}
        </span>
        <button type="button" class="primary" onClick={onClose} data-testid="replay-live">
          Back to live
        </button>
      </div>
      <div role="alert" class="alert">
        {error}
      </div>
      {step && (
        <ReplayStage game={g} view={step.view} eye={step.eye} stage={step.stage} log={shownLog}>
          {step.stage && (
            <p class="stage" data-testid="replay-stage">
              {step.stage.name}
            </p>
          )}
          {step.result && <p class="prompt-text">{step.result.text}</p>}
        </ReplayStage>
      )}
    </div>
  );
}
