/**
 * The hex-map games' client code (boards, honeycomb-grid) is a chunk of its own, loaded
 * only when a page shows one of those games: the home page and SSJ's pages stay as small
 * as they were.
 */
import { useEffect, useState } from 'preact/hooks';

export type HexGames = typeof import('./hexgames');

export const GAME_TITLES: Record<string, string> = {
  ssj: 'Sky, Sea, and JUNGLE',
  ewr: 'East Wind Rain: sighting and intercept',
  'eots-subwar': 'Empire of the Sun: submarine warfare',
};

export const HEX_GAMES: ReadonlySet<string> = new Set(['ewr', 'eots-subwar']);

let loaded: HexGames | null = null;
let loading: Promise<HexGames> | null = null;

/** The hex games' module once loaded (null before, and for any other game). */
export function useHexGames(game: string | undefined): HexGames | null {
  const [mod, setMod] = useState<HexGames | null>(loaded);
  useEffect(() => {
    if (!game || !HEX_GAMES.has(game) || mod) return;
    let live = true;
    loading ??= import('./hexgames').then((m) => (loaded = m));
    loading.then(
      (m) => live && setMod(m),
      () => {
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [game]);
  return game && HEX_GAMES.has(game) ? mod : null;
}
