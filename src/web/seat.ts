/**
 * Which seat of a match this tab opens: the token in the address fragment (#t=…, then
 * removed from the address bar and kept in this tab), the one this tab already holds, or
 * the one this browser remembers (a choice, when it holds several seats of the match).
 */
import { rememberedMatches, setTabToken, tabToken } from './storage';

export interface SeatChoice {
  token: string | null;
  /** Several seats this browser holds for the match, by side, when it cannot tell which. */
  choices: Record<string, string>;
}

export function resolveToken(id: string): SeatChoice {
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
