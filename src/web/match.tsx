/**
 * The match page (/m/:id#t=token): the token moves from the address bar into this tab's
 * storage (seat.ts), the state comes over HTTP once and then live over socket.io
 * (use-match.ts), and the page shows the board, the decision in front of the player, and
 * the log. It knows no game by name: the game's own module (src/web/games/<game>) draws
 * the board and the decision; the server's stage says where the match stands.
 */
import { NotifyControl, Watching } from './notify-control';
import { OrdersControl } from './orders-control';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Action, Prompt, StateBody } from '../protocol';
import { useGame, type LoadedGame } from './games/registry';
import type { Highlight } from './games/types';
import { ClockPanel } from './clock';
import { Log } from './log';
import { sideName, MatchLinks } from './links';
import { GenericPrompt } from './prompt';
import { resolveToken } from './seat';
import type { LinkStatus } from './socket';
import { rememberedMatches, setTabToken } from './storage';
import { isOver, useMatch } from './use-match';
import { DiceVerified } from './verify-file';
import { ReplayControl } from './replay';
import { Players } from './players';
import { showDecision, showOnBoard, useBringIntoView } from './into-view';
import { PhaseSummary, usePhaseSummary } from './phase-summary';

const STATUS_TEXT: Record<LinkStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Not connected',
};

function waitingText(body: StateBody): string {
  const who = body.stage?.waiting ?? 'the other player';
  return body.you === 'spectator' ? `Spectating — waiting for ${who}` : `Waiting for ${who}`;
}

/** No token for this match in this tab: the seats this browser holds, or what to do. */
function NoSeat({ id, choices, open }: { id: string; choices: Record<string, string>; open(token: string): void }) {
  const sides = Object.keys(choices);
  return (
    <div class="page narrow">
      <h1>Match {id}</h1>
      {sides.length ? (
        <>
          <p>This browser holds several seats of this match. Open it as:</p>
          <ul class="choices">
            {sides.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => open(choices[s]!)}>
                  {sideName(s)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="alert">This page needs the seat or spectator link you were given (it ends in #t=…).</p>
      )}
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}

function Fatal({ id, message }: { id: string; message: string }) {
  return (
    <div class="page narrow">
      <h1>Match {id}</h1>
      <p role="alert" class="alert">
        {message}
      </p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}

/** The zoom buttons over the board. */
function Zoom({ zoom, set }: { zoom: number; set(z: number): void }) {
  return (
    <div class="zoom" role="group" aria-label="Zoom">
      <button type="button" onClick={() => set(Math.max(1, zoom - 0.5))} aria-label="Zoom out" disabled={zoom <= 1}>
        −
      </button>
      <button type="button" onClick={() => set(1)} aria-label="Fit the board to the width">
        Fit
      </button>
      <button type="button" onClick={() => set(Math.min(3, zoom + 0.5))} aria-label="Zoom in" disabled={zoom >= 3}>
        +
      </button>
    </div>
  );
}

/** "Your move" in the tab's title, and a notification when the tab is hidden (if the player allowed them). */
function useMoveAlerts(id: string, body: StateBody | null, notify: NotificationPermission | 'unsupported') {
  const yourMove = !!body?.prompt;
  useEffect(() => {
    if (!body) return;
    document.title = yourMove ? '● Your move — Ironbottom' : isOver(body.status) ? 'Game over — Ironbottom' : 'Waiting — Ironbottom';
  }, [yourMove, body?.status]);
  const promptKey = body?.prompt ? `${body.seq}:${body.prompt.kind}` : '';
  useEffect(() => {
    if (!yourMove || notify !== 'granted' || !document.hidden) return;
    try {
      new Notification('Ironbottom: your move', { body: body?.prompt?.text ?? '', tag: `ib-${id}` });
    } catch {
      /* some browsers only notify from a service worker */
    }
  }, [promptKey]);
}

export function MatchPage({ id }: { id: string }) {
  const [{ token, choices }, setSeat] = useState(() => resolveToken(id));
  const m = useMatch(id, token);
  const { body } = m;
  const loaded = useGame(body?.game);
  const g: LoadedGame | null = typeof loaded === 'object' && 'web' in loaded ? loaded : null;
  const [selected, setSelected] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [zoom, setZoom] = useState(1);
  /** A stack's steps being sent: the page is busy until the last. */
  const [chaining, setChaining] = useState(false);
  const [notify, setNotify] = useState<NotificationPermission | 'unsupported'>(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));
  useMoveAlerts(id, body, notify);
  const summary = usePhaseSummary(body);
  // A new decision (not each step of the same one): the board and the panel brought into view.
  useBringIntoView(body?.prompt ? `${body.stage?.name ?? ''}|${body.prompt.kind ?? body.prompt.text}` : '');

  const view = g && body && g.web.isView(body.view) ? body.view : null;
  const plan = useMemo(() => (g && body && view !== null ? g.web.plan(view, g.data, body.you, body.prompt) : null), [g, body, view]);
  useEffect(() => {
    if (selected && !(g && plan !== null && g.web.selectable(plan, selected))) setSelected(null);
  }, [g, plan, selected]);

  if (!token) {
    return (
      <NoSeat
        id={id}
        choices={choices}
        open={(t) => {
          setTabToken(id, t);
          setSeat({ token: t, choices: {} });
        }}
      />
    );
  }
  if (m.fatal) return <Fatal id={id} message={m.fatal} />;
  if (!body) return <div class="page narrow">Loading the match…</div>;

  const send = (a: Action) => void m.send(a).then(() => setSelected(null));
  const sendAll = (actions: readonly Action[]) =>
    void (async () => {
      for (const a of actions) if (!(await m.send(a))) break;
      setSelected(null);
    })();
  const undoLast = () => void m.undo().then(() => setSelected(null));
  const sendChain = (first: Action, next: (prompt: Prompt | null, view: unknown) => Action | null) =>
    void (async () => {
      setChaining(true);
      try {
        // At most as many steps as the first prompt had actions: `next` cannot run on.
        let left = body.prompt?.actions.length ?? 0;
        for (let a: Action | null = first; a && left > 0; left--) {
          if (!(await m.send(a))) break;
          const now = m.latest();
          a = now ? next(now.prompt, now.view) : null;
        }
      } finally {
        setChaining(false);
        setSelected(null);
      }
    })();
  const shown =
    g && view !== null
      ? {
          view,
          data: g.data,
          you: body.you,
          stage: body.stage,
          plan,
          selected,
          select: setSelected,
          send,
          sendAll,
          sendChain,
          busy: m.busy || chaining,
          undo: body.canUndo && !isOver(body.status) ? undoLast : undefined,
        }
      : null;
  const known = rememberedMatches().find((x) => x.id === id);
  const over = isOver(body.status);
  const yourMove = !!body.prompt;
  const bannerClass = over ? 'over' : yourMove ? 'your-move' : 'waiting';

  return (
    <div class="match-page">
      <header class="topbar">
        <a class="home" href="/">
          Ironbottom
        </a>
        <span class="title">
          {g?.name ?? body.game} · match <code>{id}</code>
        </span>
        <span class={`seat ${body.you}`} data-testid="seat">
          {body.you === 'spectator' ? 'Spectator' : `You: ${sideName(body.you)}`}
        </span>
        <Players body={body} />
        <span class={`conn ${m.status}`} data-testid="conn" role="status">
          {STATUS_TEXT[m.status]}
        </span>
      </header>
      <div class={`banner ${bannerClass}`} role="status" data-testid="banner">
        {over ? (
          `Game over — ${body.result?.text ?? body.status}`
        ) : yourMove ? (
          <button type="button" class="banner-go" onClick={showDecision} title="Go to the decision">
            Your move
          </button>
        ) : (
          waitingText(body)
        )}
      </div>
      <div class="stage-row">
        {body.stage && !over && (
          <p class="stage" data-testid="stage">
            {body.stage.name}
          </p>
        )}
        <ReplayControl id={id} token={token} game={g} />
      </div>
      {body.status === 'waiting' && (
        <p class="note" data-testid="waiting-seat">
          Not every seat has been taken yet: send the other player their link. You may already make your decisions.
        </p>
      )}
      <div class="alert" role="alert" data-testid="alert">
        {m.error && (
          <>
            <span>{m.error}</span>
            <button type="button" class="link" onClick={m.dismiss} aria-label="Dismiss the error">
              ×
            </button>
          </>
        )}
      </div>
      <main class="match-grid">
        <section class="board-wrap" aria-label="Board">
          <Zoom zoom={zoom} set={setZoom} />
          <div class="board-scroll" tabIndex={0} role="region" aria-label="Board (scrolls)">
            {g && shown ? (
              <g.web.Board {...shown} highlight={highlight} zoom={zoom} log={body.log} />
            ) : loaded === 'loading' ? (
              <p class="hint">Loading the board…</p>
            ) : (
              <>
                {typeof loaded === 'object' && 'failed' in loaded && <p class="hint">{loaded.failed}</p>}
                <pre class="raw-view">{JSON.stringify(body.view, null, 2)}</pre>
              </>
            )}
          </div>
        </section>
        <aside class="side-panel">
          <PhaseSummary outcomes={summary.outcomes} close={summary.close} />
          <section class="decision" aria-label="Decision" tabIndex={-1}>
            <h2>{yourMove ? 'Your decision' : over ? 'Result' : 'Decision'}</h2>
            {yourMove && (
              <button type="button" class="link on-board" onClick={showOnBoard} data-testid="see-on-board">
                See it on the board ↓
              </button>
            )}
            {body.prompt ? (
              <>
                <p class="prompt-text" data-testid="prompt-text">
                  {body.prompt.text}
                </p>
                {g && shown ? (
                  <g.web.Decision {...shown} prompt={body.prompt} />
                ) : loaded === 'loading' ? (
                  <p class="hint">Loading the choices…</p>
                ) : (
                  <GenericPrompt prompt={body.prompt} busy={m.busy} send={send} names={{}} />
                )}
              </>
            ) : (
              <p class="prompt-text">{over ? (body.result?.text ?? 'The match has ended.') : `Nothing to decide now. ${waitingText(body)}.`}</p>
            )}
            {body.canUndo && !over && (
              <button type="button" class="undo" disabled={m.busy || chaining} onClick={undoLast} data-testid="undo">
                Undo my last decision
              </button>
            )}
            {/* A space between the buttons, so that the page's text reads them as two words apart. */}{' '}
            {over && body.seed && (
              <p class="hint">
                Seed (check it against the published hash {body.seedHash.slice(0, 12)}…): <code>{body.seed}</code>
              </p>
            )}
            {over && body.seed && <DiceVerified body={body} token={token} />}
            {notify === 'default' && body.you !== 'spectator' && !over && (
              <button type="button" class="link" onClick={() => void Notification.requestPermission().then(setNotify)}>
                Notify me when it is my move
              </button>
            )}
          </section>
          {body.clock && token && <ClockPanel id={id} token={token} body={body} />}
          <Watching count={m.watchers} />
          {body.you !== 'spectator' && token && <NotifyControl id={id} token={token} />}
          {body.you !== 'spectator' && token && <OrdersControl id={id} token={token} side={body.you} seq={body.seq} over={over} />}
          <Log you={body.you} entries={body.log} onHighlight={setHighlight} dice={g?.web.dice ?? 6} refs={g?.web.refs} />
          {g?.web.Aside && view !== null && <g.web.Aside view={view} data={g.data} />}
          {known && Object.keys(known.tokens).some((s) => s !== body.you) && (
            <details class="share">
              <summary>Links for this match</summary>
              <MatchLinks id={id} tokens={known.tokens} except={body.you} />
            </details>
          )}
        </aside>
      </main>
    </div>
  );
}
