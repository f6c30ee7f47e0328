/**
 * A match as a page holds it: the state over HTTP once, then live over socket.io (each
 * body folded into the one held; the link applies the pushes' patches, and when it can
 * neither apply one nor get a full body over the socket, the state is fetched again), and the sending of actions — over the socket when it is
 * up, else over HTTP — with the server's refusals kept for the page to show.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Action, StateBody } from '../protocol';
import { api, ApiError } from './api';
import { connectMatch, mergeState, retryDelay, type LinkStatus, type MatchLink } from './socket';
import { rememberSeedHash, seatCommit, tendDice } from './fairness';
import { rememberedMatches, rememberMatch } from './storage';

/** Whether a match has ended (a waiting match is still played: a seat holder may act before the other arrives). */
export const isOver = (status: string) => status === 'finished' || status === 'abandoned';

export interface MatchHold {
  body: StateBody | null;
  status: LinkStatus;
  /** The last refusal or failure, for the page's alert. */
  error: string | null;
  dismiss(): void;
  /** The match could not be loaded at all. */
  fatal: string | null;
  busy: boolean;
  /** How many spectators are watching (connected spectator sockets). */
  watchers: number;
  /** Sends an action on the held seq; resolves once answered (true: accepted). */
  send(action: Action): Promise<boolean>;
  /** Takes back this seat's last decision (`body.canUndo`). */
  undo(): Promise<boolean>;
  /** The body held now (after the last accepted send, before the page has drawn it). */
  latest(): StateBody | null;
}

/** How many times a retryable refusal is sent again (doubling waits from 1 s to 15 s: about a minute in all). */
const SEND_RETRIES = 7;

export function useMatch(id: string, token: string | null): MatchHold {
  const [body, setBody] = useState<StateBody | null>(null);
  const [status, setStatus] = useState<LinkStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [watchers, setWatchers] = useState(0);
  const link = useRef<MatchLink | null>(null);
  const held = useRef<StateBody | null>(null);

  const accept = (b: StateBody) => {
    const prev = held.current;
    const next = mergeState(prev, b);
    held.current = next;
    setBody(next);
    // Once the match is over every viewer's log is re-stamped: fetch it whole.
    if (prev && !isOver(prev.status) && isOver(next.status) && token) {
      api.state(id, token).then(
        (full) => {
          held.current = full;
          setBody(full);
        },
        () => undefined,
      );
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
        rememberSeedHash(id, b.seedHash);
        // A seat with no commitment yet takes its seat with this browser's own dice value (docs/fairness.md).
        const mine = b.players[b.you];
        const committing = mine && !mine.commitment && !isOver(b.status) && b.dice?.sealed === false ? seatCommit(id, b.you) : Promise.resolve(undefined);
        void committing.then((commit) => {
          if (!live) return;
          link.current = connectMatch(
            token,
            {
              state: (s) => {
                if (!live || s.id !== id) return;
                accept(s);
                // Before the dice start: reveal this seat's value once every seat is in (docs/fairness.md).
                const now = held.current;
                if (now) void tendDice(now, { commit: (c) => api.commit(id, token, c), reveal: (v) => api.reveal(id, token, v) });
              },
              watchers: (n) => live && setWatchers(n),
              stale: () => {
                if (!live) return;
                api.state(id, token).then(
                  (full) => live && accept(full),
                  () => undefined,
                );
              },
              status: (st, detail) => {
                if (!live) return;
                setStatus(st);
                if (detail && st === 'refused') setError(detail);
              },
            },
            undefined,
            commit,
          );
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

  /**
   * An action, or (null) an undo of this seat's last decision: over the socket when it is up, else over HTTP. A refusal
   * the server marks retryable (its database not answering: 503 `db-unavailable`, which changed nothing) is sent again
   * on the same seq, the page saying "Reconnecting…" meanwhile, for up to about a minute (issue 39).
   */
  const request = async (action: Action | null): Promise<boolean> => {
    const b = held.current;
    if (!b || !token || busy) return false;
    setBusy(true);
    setError(null);
    let waited = false;
    const retried = async (attempt: number): Promise<boolean> => {
      if (attempt >= SEND_RETRIES) return false;
      waited = true;
      setStatus('reconnecting');
      await new Promise((r) => setTimeout(r, retryDelay(attempt + 1)));
      return true;
    };
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          if (link.current?.connected()) {
            const ack = await (action ? link.current.send(b.seq, action) : link.current.undo(b.seq));
            if (!ack.ok) {
              if ((ack.retryable || ack.error.code === 'db-unavailable') && (await retried(attempt))) continue;
              setError(ack.error.message);
              if (ack.state) accept(ack.state);
              return false;
            }
          } else {
            accept(await (action ? api.act(id, token, b.seq, action) : api.undo(id, token, b.seq)));
          }
          return true;
        } catch (e) {
          if (e instanceof ApiError && e.code === 'db-unavailable' && (await retried(attempt))) continue;
          throw e;
        }
      }
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        if (e.state) accept(e.state);
      } else setError(action ? 'The action could not be sent.' : 'The undo could not be sent.');
      return false;
    } finally {
      // The socket's own status again (it was up all along, or its events have said since).
      if (waited) setStatus(link.current?.connected() ? 'live' : 'reconnecting');
      setBusy(false);
    }
  };

  const send = (action: Action) => request(action);
  const undo = () => request(null);

  return { body, status, error, dismiss: () => setError(null), fatal, busy, send, undo, watchers, latest: () => held.current };
}
