/**
 * The web client's games: every folder of src/web/games with an index.tsx is one, named
 * by the game's id (the body's `game`), and found by Vite at build time — adding a game
 * to the client is adding its folder. Each is a chunk of its own, loaded with the game's
 * public data (GET /api/games/:game) the first time a page shows one of its matches.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import type { WebGame } from './types';

const MODULES = import.meta.glob<{ game: WebGame }>('./*/index.tsx');

export interface LoadedGame {
  id: string;
  /** The game's name, as the server gives it. */
  name: string;
  web: WebGame;
  data: unknown;
}

/** 'none': the client has no module for this game (its view is shown as it came). */
export type GameLoad = LoadedGame | 'loading' | 'none' | { failed: string };

const cache = new Map<string, Promise<LoadedGame>>();
let names: Promise<Map<string, string>> | null = null;

/** Every game's name, as the server gives them (GET /api/games, asked once). */
function gameNames(): Promise<Map<string, string>> {
  names ??= api.games().then(
    (list) => new Map(list.map((g) => [g.id, g.name])),
    (e: unknown) => {
      names = null;
      throw e;
    },
  );
  return names;
}

/** The games loaded so far: a page that shows one again draws it at once. */
const loaded = new Map<string, LoadedGame>();

/** Whether the client draws this game. */
export const knowsGame = (id: string) => `./${id}/index.tsx` in MODULES;

export function loadGame(id: string): Promise<LoadedGame> {
  let p = cache.get(id);
  if (!p) {
    const load = MODULES[`./${id}/index.tsx`];
    if (!load) return Promise.reject(new Error(`no client module for ${id}`));
    p = Promise.all([load(), gameNames()]).then(async ([m, titles]) => {
      const keys = m.game.dataKeys;
      const data = keys.length ? (await api.game(id, keys)).data : undefined;
      const g: LoadedGame = { id, name: titles.get(id) ?? id, web: m.game, data: m.game.readData(data) };
      loaded.set(id, g);
      return g;
    });
    // A failed load is tried again on the next page that needs it.
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}

/** The game of the match a page shows, once its module and data are in. */
export function useGame(id: string | undefined): GameLoad {
  const [state, setState] = useState<GameLoad>(() => (id && loaded.get(id)) || 'loading');
  useEffect(() => {
    if (!id) return;
    const known = loaded.get(id);
    if (known) {
      setState(known);
      return;
    }
    if (!knowsGame(id)) {
      setState('none');
      return;
    }
    let live = true;
    setState('loading');
    loadGame(id).then(
      (g) => live && setState(g),
      () => live && setState({ failed: 'The board could not be loaded. Reload the page to try again.' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
