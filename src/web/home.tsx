/** The home page: create a match, join an open one, and the matches this browser remembers. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CreatedMatch, GameInfo, OpenMatch } from '../protocol';
import { api, ApiError, seatUrl } from './api';
import { seatCommit } from './fairness';
import type { JsonSchema } from './json-schema';
import { MatchLinks, sideName } from './links';
import { ScenarioField } from './scenario-field';
import { ClockFields, type ClockChoice } from './clock';
import { BotSeatField, humanSide, seatBeside, type BotChoice } from './bot-seat-field';
import { forgetMatch, rememberedMatches, rememberMatch, type RememberedMatch } from './storage';

function OptionField({ name, schema, value, set }: { name: string; schema: JsonSchema; value: unknown; set(v: unknown): void }) {
  const label = schema.title ?? name;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) {
    return (
      <label>
        {label}
        <select value={String(value ?? schema.default ?? '')} onChange={(e) => set((e.currentTarget as HTMLSelectElement).value)}>
          {schema.enum.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (type === 'boolean') {
    return (
      <label class="check">
        <input type="checkbox" checked={Boolean(value ?? schema.default)} onChange={(e) => set((e.currentTarget as HTMLInputElement).checked)} />
        {label}
      </label>
    );
  }
  if (type === 'number' || type === 'integer') {
    return (
      <label>
        {label}
        <input
          type="number"
          step={type === 'integer' ? 1 : 'any'}
          min={schema.minimum}
          max={schema.maximum}
          value={String(value ?? schema.default ?? '')}
          onInput={(e) => set(Number((e.currentTarget as HTMLInputElement).value))}
        />
      </label>
    );
  }
  return (
    <label>
      {label}
      <input type="text" value={String(value ?? schema.default ?? '')} onInput={(e) => set((e.currentTarget as HTMLInputElement).value)} />
    </label>
  );
}

function CreateMatch({ games, onCreated }: { games: GameInfo[]; onCreated(m: CreatedMatch, mine: string): void }) {
  const [gameId, setGameId] = useState(games[0]?.id ?? '');
  const [side, setSide] = useState('random');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [listed, setListed] = useState(false);
  const [clock, setClock] = useState<ClockChoice | null>(null);
  const [bots, setBots] = useState<BotChoice>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const game = games.find((g) => g.id === gameId);
  const props = Object.entries((game?.options as JsonSchema | undefined)?.properties ?? {});
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!game) return;
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await api.create(game.id, options, { ...(listed ? { listed: true } : {}), ...(clock ? { clock } : {}), ...(Object.keys(bots).length ? { bots } : {}) });
      const mine = humanSide(game.sides, side, bots);
      onCreated(created, mine);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The match could not be created.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-label="Create a match">
      <h2>New match</h2>
      <label>
        Game
        <select
          value={gameId}
          onChange={(e) => {
            // Options belong to one game: a change of game starts from that game's defaults.
            setGameId((e.currentTarget as HTMLSelectElement).value);
            setOptions({});
            setInvalid(null);
            setSide('random');
            setBots({});
          }}
          data-testid="game"
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {props.length > 0 ? (
        <fieldset>
          <legend>Options</legend>
          {props.map(([name, schema]) =>
            // A game's scenario (a built-in one by name, or one pasted as JSON): its public data lists the built-in ones.
            name === 'scenario' && game ? (
              <ScenarioField
                key={`${game.id}:${name}`}
                game={game.id}
                schema={schema}
                set={({ value, invalid: bad }) => {
                  setInvalid(bad);
                  setOptions((o) => {
                    const next = { ...o };
                    if (value === undefined) delete next[name];
                    else next[name] = value;
                    return next;
                  });
                }}
              />
            ) : (
              <OptionField key={name} name={name} schema={schema} value={options[name]} set={(v) => setOptions({ ...options, [name]: v })} />
            ),
          )}
        </fieldset>
      ) : (
        <p class="hint">This game has no options.</p>
      )}
      <fieldset>
        <legend>You play</legend>
        {[...(game?.sides ?? []), 'random'].map((s) => (
          <label class="check" key={s}>
            <input type="radio" name="side" value={s} checked={side === s} disabled={!!bots[s]} onChange={() => setSide(s)} />
            {s === 'random' ? 'Either (random)' : sideName(s)}
          </label>
        ))}
      </fieldset>
      {game && (
        <BotSeatField
          game={game}
          value={bots}
          set={(b) => {
            setBots(b);
            // The side a person plays cannot be the computer's: "You play" moves to the side left to a person.
            setSide(seatBeside(game.sides, side, b));
            if (Object.keys(b).length) setListed(false);
          }}
        />
      )}
      {!Object.keys(bots).length && (
        <label class="check">
          <input type="checkbox" checked={listed} onChange={(e) => setListed((e.currentTarget as HTMLInputElement).checked)} />
          List it under open matches, so that anyone may take the free seat
        </label>
      )}
      <ClockFields value={clock} set={setClock} />
      <button type="submit" class="primary" disabled={busy || !game || !!invalid}>
        {busy ? 'Creating…' : 'Create the match'}
      </button>
      <div role="alert" class="alert">
        {error}
      </div>
    </form>
  );
}

function Created({ m, mine }: { m: CreatedMatch; mine: string }) {
  const tokens = { ...Object.fromEntries(Object.entries(m.seats).map(([s, l]) => [s, l.token])), spectator: m.spectator.token };
  const own = m.seats[mine];
  const computer = Object.keys(m.bots ?? {});
  const open = useRef<HTMLAnchorElement>(null);
  useEffect(() => open.current?.focus(), [m.id]);
  return (
    <section class="card created" aria-label="Your new match" data-testid="created">
      <h2>Match {m.id} is ready</h2>
      {computer.length ? (
        <p data-testid="vs-computer">
          Against the computer — {computer.map((s) => `${sideName(s)}: ${m.bots![s]}`).join('; ')}. It moves by itself, so there is no link to send; the spectator link lets anyone
          watch.
        </p>
      ) : (
        <p>
          Send the other seat's link to your opponent, and the spectator link to anyone who wants to watch. Anyone with a seat link plays that seat: share each with one person
          only.
        </p>
      )}
      <MatchLinks id={m.id} tokens={tokens} />
      {own && (
        <p>
          <a class="button primary" href={seatUrl(m.id, own.token)} data-testid="open-own-seat" ref={open}>
            Open your seat ({sideName(mine)})
          </a>
        </p>
      )}
    </section>
  );
}

function OpenMatches() {
  const [list, setList] = useState<OpenMatch[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.openMatches().then(
      (r) => setList(r),
      (e: unknown) => {
        setList([]);
        setNote(
          e instanceof ApiError && e.status === 404
            ? 'This server does not list open matches yet: ask your opponent for a seat link.'
            : 'The list of open matches could not be loaded.',
        );
      },
    );
  }, []);
  const join = async (m: OpenMatch, side: string) => {
    setBusy(true);
    try {
      const seat = await api.join(m.id, side, await seatCommit(m.id, side));
      rememberMatch({ id: m.id, game: m.game, createdAt: Date.now(), mine: seat.side, tokens: { [seat.side]: seat.token } });
      location.assign(seatUrl(m.id, seat.token));
    } catch (e) {
      setNote(e instanceof ApiError ? e.message : 'Could not join that match.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-label="Open matches">
      <h2>Open matches</h2>
      {list === null ? (
        <p>Loading…</p>
      ) : list.length === 0 ? (
        <p class="hint">{note ?? 'No match is waiting for a player.'}</p>
      ) : (
        <ul class="match-list">
          {list.map((m) => (
            <li key={m.id}>
              <div>
                <strong>{m.gameName}</strong> <code>{m.id}</code>
                {Object.entries(m.players).map(([s, n]) => (
                  <span key={s} class="hint">
                    {' '}
                    · {sideName(s)}: {n ?? 'a player'}
                  </span>
                ))}
              </div>
              {m.open.map((s) => (
                <button type="button" key={s} disabled={busy} onClick={() => join(m, s)}>
                  Join as {sideName(s)}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
      {list !== null && list.length > 0 && note && <p role="alert">{note}</p>}
    </section>
  );
}

function YourMatches({ games, version }: { games: GameInfo[]; version: number }) {
  const [list, setList] = useState<RememberedMatch[]>(() => rememberedMatches());
  useEffect(() => setList(rememberedMatches()), [version]);
  if (!list.length) return null;
  const gameName = (id: string) => games.find((g) => g.id === id)?.name ?? id;
  return (
    <section class="card" aria-label="Your matches">
      <h2>Your matches</h2>
      <ul class="match-list">
        {list.map((m) => (
          <li key={m.id} data-testid={`mine-${m.id}`}>
            <div>
              <strong>{gameName(m.game)}</strong> <code>{m.id}</code>
              {m.mine && <span class={`seat ${m.mine}`}> you: {sideName(m.mine)}</span>}
              <span class="hint"> · {new Date(m.createdAt).toLocaleString()}</span>
            </div>
            <div class="row">
              {Object.entries(m.tokens).map(([s, t]) => (
                <a key={s} class="button" href={seatUrl(m.id, t)}>
                  {s === 'spectator' ? 'Watch' : `Open ${sideName(s)}`}
                </a>
              ))}
              <button
                type="button"
                class="link"
                onClick={() => {
                  forgetMatch(m.id);
                  setList(rememberedMatches());
                }}
              >
                Forget
              </button>
            </div>
            <details>
              <summary>Links</summary>
              <MatchLinks id={m.id} tokens={m.tokens} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ m: CreatedMatch; mine: string } | null>(null);
  useEffect(() => {
    document.title = 'Ironbottom';
    api.games().then(setGames, (e: unknown) => setError(e instanceof ApiError ? e.message : 'The server cannot be reached.'));
  }, []);
  return (
    <div class="page">
      <header class="home-header">
        <h1>Ironbottom</h1>
        <p>Two-player hidden-information wargames, refereed by the server: each side sees only what the rules let it see.</p>
      </header>
      <div role="alert" class="alert">
        {error}
      </div>
      <div class="home-grid">
        {games && (
          <CreateMatch
            games={games}
            onCreated={(m, mine) => {
              rememberMatch({
                id: m.id,
                game: m.game,
                createdAt: Date.now(),
                mine,
                tokens: { ...Object.fromEntries(Object.entries(m.seats).map(([s, l]) => [s, l.token])), spectator: m.spectator.token },
                ...(m.creator ? { creator: m.creator.token } : {}),
              });
              setCreated({ m, mine });
            }}
          />
        )}
        {created && <Created m={created.m} mine={created.mine} />}
        <OpenMatches />
        {games && <YourMatches games={games} version={created ? 1 : 0} />}
      </div>
      <p class="hint">
        Every die comes from the server's seed and both players' own values, committed before any was known: <a href="/verify">verify a match file</a> in this browser.
      </p>
    </div>
  );
}
