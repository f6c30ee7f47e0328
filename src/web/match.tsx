/**
 * The match page (/m/:id#t=token): the token moves from the address bar into this tab's
 * storage, the state comes over HTTP once and then live over socket.io, and the page shows
 * the board, the decision in front of the player, and the log.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { SsjBoard, type Highlight, type Interaction, type Target } from './board/board';
import { Log } from './log';
import { sideName, MatchLinks } from './links';
import { GenericPrompt, MagicPrompt, PiecePrompt } from './prompt';
import type { HexGame } from './hexgames';
import { GAME_TITLES, HEX_GAMES, useHexGames, type HexGames } from './hexgames-lazy';
import { connectMatch, mergeState, type LinkStatus, type MatchLink } from './socket';
import { actorOf, TURNS } from './ssj/data';
import { isDeployment, pieceChoices } from './ssj/choices';
import { allFaces, isSsjView, unitsOf, type SsjView } from './ssj/types';
import { rememberedMatches, rememberMatch, setTabToken, tabToken } from './storage';
import type { Action, StateBody } from './types';
import type { Names } from './labels';

/** The seat token for match `id`: from the address fragment (then removed from it), this tab, or this browser. */
function resolveToken(id: string): { token: string | null; choices: Record<string, string> } {
  const m = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  if (m) {
    const token = decodeURIComponent(m[1]!);
    setTabToken(id, token);
    history.replaceState(history.state, '', location.pathname + location.search);
    return { token, choices: {} };
  }
  const t = tabToken(id);
  if (t) return { token: t, choices: {} };
  const known = rememberedMatches().find((x) => x.id === id);
  if (!known) return { token: null, choices: {} };
  const sides = Object.keys(known.tokens);
  if (sides.length === 1) return { token: known.tokens[sides[0]!]!, choices: {} };
  return { token: null, choices: known.tokens };
}

/** Whether a match has ended (a waiting match is still played: a seat holder may act before the other arrives). */
const isOver = (status: string) => status === 'finished' || status === 'abandoned';

const STATUS_TEXT: Record<LinkStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Not connected',
};

function waitingText(body: StateBody, view: SsjView | null, hex: { g: HexGame; m: HexGames } | null = null): string {
  const actor = view ? (view.actor !== undefined ? view.actor : actorOf(view.phase)) : hex ? hex.m.hexGameActor(hex.g) : null;
  const who = actor ? `the ${sideName(actor)} player` : 'the other player';
  return body.you === 'spectator' ? `Spectating — waiting for ${who}` : `Waiting for ${who}`;
}

export function MatchPage({ id }: { id: string }) {
  const [{ token, choices }, setSeat] = useState(() => resolveToken(id));
  const [body, setBody] = useState<StateBody | null>(null);
  const [status, setStatus] = useState<LinkStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [zoom, setZoom] = useState(1);
  const [hexSel, setHexSel] = useState<string | null>(null);
  const [notify, setNotify] = useState<NotificationPermission | 'unsupported'>(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  const link = useRef<MatchLink | null>(null);
  const held = useRef<StateBody | null>(null);

  const accept = (b: StateBody) => {
    const prev = held.current;
    const next = mergeState(prev, b);
    held.current = next;
    setBody(next);
    // Once the match is over every viewer's log is re-stamped: fetch it whole.
    if (prev && !isOver(prev.status) && isOver(next.status) && token) {
      api.state(id, token).then((full) => {
        held.current = full;
        setBody(full);
      }, () => undefined);
    }
  };

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.state(id, token).then(
      (b) => {
        if (!live) return;
        const known = rememberedMatches().find((x) => x.id === id);
        rememberMatch({
          id,
          game: b.game,
          createdAt: known?.createdAt ?? Date.now(),
          tokens: { [b.you]: token },
          ...(known?.mine || b.you === 'spectator' ? {} : { mine: b.you }),
        });
        accept(b);
        link.current = connectMatch(token, {
          state: (s) => live && s.id === id && accept(s),
          status: (st, detail) => {
            if (!live) return;
            setStatus(st);
            if (detail && st === 'refused') setError(detail);
          },
        });
      },
      (e: unknown) => {
        if (!live) return;
        setFatal(e instanceof ApiError ? e.message : 'The match could not be loaded.');
      },
    );
    return () => {
      live = false;
      link.current?.close();
      link.current = null;
    };
  }, [id, token]);

  const view = body && body.game === 'ssj' && isSsjView(body.view) ? body.view : null;
  const hx = useHexGames(body?.game);
  const hexGame = useMemo(() => (hx ? hx.hexGameOf(body) : null), [hx, body]);
  const hexTargetsNow = useMemo(() => (hx ? hx.hexGameTargets(hexGame, body?.prompt ?? null) : new Map<string, Action[]>()), [hx, hexGame, body?.prompt]);
  const hexCtx = hx && hexGame ? { g: hexGame, m: hx } : null;
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

  const side = body && (body.you === 'allied' || body.you === 'japanese') ? body.you : null;
  const names: Names = useMemo(() => {
    const faces = view ? allFaces(view) : [];
    return { ship: (sid: string) => faces.find((s) => s.id === sid)?.name };
  }, [view]);
  const deploy = useMemo(() => {
    if (!body?.prompt || !view || !side) return null;
    const enemySide = side === 'allied' ? 'japanese' : 'allied';
    const ev = view.sides[enemySide];
    const enemy = new Set([...ev.hidden.map((h) => h.tag), ...unitsOf(ev).map((u) => u.id), ...Object.values(ev.faces ?? {}).map((u) => u.id)]);
    const c = pieceChoices(body.prompt.actions, side, unitsOf(view.sides[side]), view.sides[side].groups, names, enemy);
    return c.selectable.size > 0 || c.direct.size > 0 ? c : null;
  }, [body, view, side, names]);

  useEffect(() => {
    if (selected && !deploy?.selectable.has(selected)) setSelected(null);
  }, [deploy, selected]);
  useEffect(() => {
    if (hexSel && !hexTargetsNow.has(hexSel)) setHexSel(null);
  }, [hexTargetsNow, hexSel]);

  const send = async (action: Action) => {
    if (!body || !token || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (link.current?.connected()) {
        const ack = await link.current.send(body.seq, action);
        if (!ack.ok) {
          setError(ack.error?.message ?? 'The server refused that.');
          if (ack.state) accept(ack.state);
        }
      } else {
        accept(await api.act(id, token, body.seq, action));
      }
      setSelected(null);
      setHexSel(null);
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        if (e.state) accept(e.state);
      } else setError('The action could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
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
                  <button
                    type="button"
                    onClick={() => {
                      setTabToken(id, choices[s]!);
                      setSeat({ token: choices[s]!, choices: {} });
                    }}
                  >
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
  if (fatal) {
    return (
      <div class="page narrow">
        <h1>Match {id}</h1>
        <p role="alert" class="alert">
          {fatal}
        </p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </div>
    );
  }
  if (!body) return <div class="page narrow">Loading the match…</div>;

  const interact: Interaction | undefined =
    deploy && side
      ? {
          selectable: deploy.selectable,
          selected,
          targets: new Map((selected ? (deploy.byPiece.get(selected) ?? []) : []).map((t) => [t.key, t])),
          direct: deploy.direct,
          pick: (sid) => setSelected((cur) => (cur === sid ? null : sid)),
          choose: (t: Target) => void send(t.action),
        }
      : undefined;
  const hexPlay =
    hexGame && body.prompt && hexTargetsNow.size > 0
      ? {
          targets: hexTargetsNow,
          selected: hexSel,
          pick: (key: string) => {
            const acts = hexTargetsNow.get(key) ?? [];
            if (acts.length === 1 && hexGame && hx?.hexGameDirect(hexGame, acts[0]!)) void send(acts[0]!);
            else setHexSel((cur) => (cur === key ? null : key));
          },
        }
      : undefined;
  const known = rememberedMatches().find((x) => x.id === id);
  const over = isOver(body.status);
  const bannerClass = over ? 'over' : yourMove ? 'your-move' : 'waiting';

  return (
    <div class="match-page">
      <header class="topbar">
        <a class="home" href="/">
          Ironbottom
        </a>
        <span class="title">
          {GAME_TITLES[body.game] ?? body.game} · match <code>{id}</code>
        </span>
        <span class={`seat ${body.you}`} data-testid="seat">
          {body.you === 'spectator' ? 'Spectator' : `You: ${sideName(body.you)}`}
        </span>
        <span class={`conn ${status}`} data-testid="conn" role="status">
          {STATUS_TEXT[status]}
        </span>
      </header>
      <div class={`banner ${bannerClass}`} role="status" data-testid="banner">
        {over ? `Game over — ${body.result?.text ?? body.status}` : yourMove ? 'Your move' : waitingText(body, view, hexCtx)}
      </div>
      {body.status === 'waiting' && (
        <p class="note" data-testid="waiting-seat">
          Not every seat has been taken yet: send the other player their link. You may already make your decisions.
        </p>
      )}
      <div class="alert" role="alert" data-testid="alert">
        {error && (
          <>
            <span>{error}</span>
            <button type="button" class="link" onClick={() => setError(null)} aria-label="Dismiss the error">
              ×
            </button>
          </>
        )}
      </div>
      <main class="match-grid">
        <section class="board-wrap" aria-label="Board">
          <div class="zoom" role="group" aria-label="Zoom">
            <button type="button" onClick={() => setZoom((z) => Math.max(1, z - 0.5))} aria-label="Zoom out" disabled={zoom <= 1}>
              −
            </button>
            <button type="button" onClick={() => setZoom(1)} aria-label="Fit the board to the width">
              Fit
            </button>
            <button type="button" onClick={() => setZoom((z) => Math.min(3, z + 0.5))} aria-label="Zoom in" disabled={zoom >= 3}>
              +
            </button>
          </div>
          <div class="board-scroll">
            {view ? (
              <SsjBoard view={view} you={body.you} interact={interact} highlight={highlight} zoom={zoom} />
            ) : hexCtx ? (
              <hexCtx.m.HexGameBoard g={hexCtx.g} play={hexPlay} highlight={highlight?.hexes ? new Set(highlight.hexes) : undefined} zoom={zoom} />
            ) : hx === null && HEX_GAMES.has(body.game) ? (
              <p class="hint">Loading the board…</p>
            ) : (
              <pre class="raw-view">{JSON.stringify(body.view, null, 2)}</pre>
            )}
          </div>
        </section>
        <aside class="side-panel">
          <section class="decision" aria-label="Decision">
            <h2>{yourMove ? 'Your decision' : over ? 'Result' : 'Decision'}</h2>
            {body.prompt ? (
              <>
                <p class="prompt-text" data-testid="prompt-text">
                  {body.prompt.text}
                </p>
                {hexCtx ? (
                  <hexCtx.m.HexGamePrompt
                    g={hexCtx.g}
                    prompt={body.prompt}
                    busy={busy}
                    send={send}
                    targets={hexTargetsNow}
                    selected={hexSel}
                    unselect={() => setHexSel(null)}
                  />
                ) : deploy && view && side ? (
                  <PiecePrompt
                    prompt={body.prompt}
                    busy={busy}
                    send={send}
                    names={names}
                    view={view}
                    side={side}
                    choices={deploy}
                    deployment={isDeployment(body.prompt.kind, body.prompt.actions)}
                    selected={selected}
                    select={setSelected}
                    choose={(t) => void send(t.action)}
                  />
                ) : body.prompt.actions.length > 0 && body.prompt.actions.every((a) => a.type === 'magic') ? (
                  <MagicPrompt prompt={body.prompt} busy={busy} send={send} names={names} />
                ) : (
                  <GenericPrompt prompt={body.prompt} busy={busy} send={send} names={names} />
                )}
              </>
            ) : (
              <p class="prompt-text">{over ? (body.result?.text ?? 'The match has ended.') : `Nothing to decide now. ${waitingText(body, view, hexCtx)}.`}</p>
            )}
            {over && body.seed && (
              <p class="hint">
                Seed (check it against the published hash {body.seedHash.slice(0, 12)}…): <code>{body.seed}</code>
              </p>
            )}
            {notify === 'default' && body.you !== 'spectator' && !over && (
              <button type="button" class="link" onClick={() => Notification.requestPermission().then(setNotify)}>
                Notify me when it is my move
              </button>
            )}
          </section>
          {hexCtx ? (
            <Log entries={body.log} onHighlight={setHighlight} dice={hexCtx.g.game === 'eots-subwar' ? 10 : 6} refs={hexCtx.m.hexRefs} />
          ) : (
            <Log entries={body.log} onHighlight={setHighlight} />
          )}
          {view?.vpLog && view.vpLog.length > 0 && (
            <details class="vp-log">
              <summary>
                Victory points: Allied {view.vp.allied}, Japanese {view.vp.japanese}
              </summary>
              <ul>
                {view.vpLog.map((e, i) => (
                  <li key={i}>
                    {TURNS[e.turn] ?? e.turn}: {sideName(e.side)} {e.points > 0 ? '+' : ''}
                    {e.points} — {e.why}
                  </li>
                ))}
              </ul>
            </details>
          )}
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
