/**
 * The admin page (/admin): the admin token is asked once and kept in this browser; then the
 * matches, and a replay of any of them — a scrubber over its actions (seq 0…total), step
 * buttons, and whose eyes to see it with (referee, either side, spectator).
 */
import { useEffect, useState } from 'preact/hooks';
import type { AdminMatch, StateBody } from '../protocol';
import { api, ApiError } from './api';
import { useGame, type LoadedGame } from './games/registry';
import { sideName } from './links';
import { ReplayStage, StepButtons } from './replay-stage';
import { adminToken, setAdminToken } from './storage';

/** Whose eyes to see a replay with: the referee (everything), the spectators, or a side of the match's game. */
const perspectives = (sides: readonly string[]) => ['referee', ...sides, 'spectator'];
const PERSPECTIVE = /^[a-z][a-z0-9-]{0,39}$/;

function params(): URLSearchParams {
  return new URLSearchParams(location.search);
}

function setParams(p: Record<string, string | number | null>): void {
  const q = params();
  for (const [k, v] of Object.entries(p)) {
    if (v === null) q.delete(k);
    else q.set(k, String(v));
  }
  history.replaceState(history.state, '', `${location.pathname}${q.toString() ? `?${q}` : ''}`);
}

function TokenForm({ onToken }: { onToken(t: string): void }) {
  const [value, setValue] = useState('');
  return (
    <form
      class="card narrow"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onToken(value.trim());
      }}
    >
      <h2>Admin token</h2>
      <p>Enter the server's ADMIN_TOKEN once; this browser keeps it.</p>
      <label>
        Token
        <input type="password" autoComplete="off" value={value} onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)} data-testid="admin-token" />
      </label>
      <button type="submit" class="primary">
        Save
      </button>
    </form>
  );
}

function Replay({ token, id, onClose }: { token: string; id: string; onClose(): void }) {
  const [seq, setSeq] = useState(() => Number(params().get('seq') ?? 0) || 0);
  const [as, setAs] = useState(() => (PERSPECTIVE.test(params().get('as') ?? '') ? params().get('as')! : 'referee'));
  const [body, setBody] = useState<StateBody | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setParams({ match: id, seq, as });
    api.replay(token, id, seq, as).then(
      (b) => {
        if (!live) return;
        setBody(b);
        setError(null);
        if (typeof b.total === 'number') setTotal(b.total);
      },
      (e: unknown) => live && setError(e instanceof ApiError ? `${e.message} (${e.status})` : 'The replay could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [token, id, seq, as]);
  const max = total ?? seq;
  const loaded = useGame(body?.game);
  const g: LoadedGame | null = typeof loaded === 'object' && 'web' in loaded ? loaded : null;
  // The match's sides, from its body (before it comes, the one asked for in the address).
  const sides = body ? Object.keys(body.players) : as !== 'referee' && as !== 'spectator' ? [as] : [];
  return (
    <section class="replay" aria-label={`Replay of match ${id}`}>
      <div class="replay-bar">
        <button type="button" class="link" onClick={onClose}>
          ← All matches
        </button>
        <h2>
          Replay <code>{id}</code>
        </h2>
        <label>
          Seen by
          <select value={as} onChange={(e) => setAs((e.currentTarget as HTMLSelectElement).value)} data-testid="perspective">
            {perspectives(sides).map((p) => (
              <option key={p} value={p}>
                {p === 'referee' ? 'Referee (everything)' : sideName(p)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="scrubber" role="group" aria-label="Actions">
        <StepButtons at={seq} total={max} ready go={(n) => setSeq(Math.max(0, Math.min(max, n)))} ids={{ back: 'step-back', forward: 'step-forward' }}>
          <input
            type="range"
            min={0}
            max={max}
            value={seq}
            onInput={(e) => setSeq(Number((e.currentTarget as HTMLInputElement).value))}
            aria-label="Action number"
            data-testid="scrubber"
          />
        </StepButtons>
        <span data-testid="replay-pos">
          action {seq} of {total ?? '?'}
        </span>
      </div>
      <div role="alert" class="alert">
        {error}
      </div>
      {body && (
        <ReplayStage game={g} loading={loaded === 'loading'} view={body.view} eye={as} stage={body.stage} log={body.log}>
          {body.prompt && (
            <section class="decision">
              <h3>Prompt then</h3>
              <p>{body.prompt.text}</p>
            </section>
          )}
        </ReplayStage>
      )}
    </section>
  );
}

function MatchTable({ token, open, onBadToken }: { token: string; open(id: string): void; onBadToken(): void }) {
  const [list, setList] = useState<AdminMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.adminMatches(token).then(
      (r) => setList(r.matches),
      (e: unknown) => {
        setList([]);
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) onBadToken();
        setError(e instanceof ApiError ? `${e.message} (${e.status})` : 'The matches could not be loaded.');
      },
    );
  }, [token]);
  return (
    <section class="card" aria-label="Matches">
      <h2>Matches</h2>
      <div role="alert" class="alert">
        {error}
      </div>
      {list === null ? (
        <p>Loading…</p>
      ) : list.length === 0 ? (
        !error && <p>No matches yet.</p>
      ) : (
        <table class="matches" data-testid="admin-matches">
          <thead>
            <tr>
              <th>Match</th>
              <th>Game</th>
              <th>Status</th>
              <th>Actions</th>
              <th>Updated</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id}>
                <td>
                  <code>{m.id}</code>
                </td>
                <td>{m.game}</td>
                <td>{m.status}</td>
                <td>{m.seq}</td>
                <td>{new Date(m.lastActivity).toLocaleString()}</td>
                <td>
                  <button type="button" onClick={() => open(m.id)}>
                    Replay
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function AdminPage() {
  const [token, setToken] = useState(() => adminToken());
  const [match, setMatch] = useState<string | null>(() => params().get('match'));
  const [badToken, setBadToken] = useState(false);
  useEffect(() => {
    document.title = 'Admin — Ironbottom';
  }, []);
  return (
    <div class="page admin">
      <header class="topbar">
        <a class="home" href="/">
          Ironbottom
        </a>
        <span class="title">Admin</span>
        {token && (
          <button
            type="button"
            class="link"
            onClick={() => {
              setAdminToken('');
              setToken('');
            }}
          >
            Forget the admin token
          </button>
        )}
      </header>
      {badToken && (
        <p role="alert" class="alert">
          The server refused this admin token.
        </p>
      )}
      {!token ? (
        <TokenForm
          onToken={(t) => {
            setAdminToken(t);
            setToken(t);
            setBadToken(false);
          }}
        />
      ) : match ? (
        <Replay
          token={token}
          id={match}
          onClose={() => {
            setParams({ match: null, seq: null, as: null });
            setMatch(null);
          }}
        />
      ) : (
        <MatchTable token={token} open={setMatch} onBadToken={() => setBadToken(true)} />
      )}
    </div>
  );
}
