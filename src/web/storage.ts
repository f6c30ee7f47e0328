/**
 * What the browser remembers: "your matches" (with their seat tokens) in localStorage, and
 * the seat a tab has open in sessionStorage, so two tabs of one browser can hold the two
 * seats of one match.
 */

export interface RememberedMatch {
  id: string;
  game: string;
  createdAt: number;
  /** The side this browser plays (or last opened), if known. */
  mine?: string;
  /** Seat tokens by side ('spectator' included), as far as this browser knows them. */
  tokens: Record<string, string>;
  /** The creator's token, for managing the match (where the server gives one). */
  creator?: string;
}

const MATCHES = 'ib.matches';
const ADMIN = 'ib.admin';
const tabKey = (id: string) => `ib.seat.${id}`;

function read<T>(store: Storage, key: string, fallback: T): T {
  try {
    const raw = store.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(store: Storage, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: nothing to remember then */
  }
}

export function rememberedMatches(): RememberedMatch[] {
  const list = read<RememberedMatch[]>(localStorage, MATCHES, []);
  return Array.isArray(list) ? list.filter((m) => m && typeof m.id === 'string' && m.tokens) : [];
}

export function rememberMatch(entry: RememberedMatch): void {
  const list = rememberedMatches();
  const old = list.find((m) => m.id === entry.id);
  const merged: RememberedMatch = old ? { ...old, ...entry, tokens: { ...old.tokens, ...entry.tokens }, mine: entry.mine ?? old.mine } : entry;
  write(localStorage, MATCHES, [merged, ...list.filter((m) => m.id !== entry.id)].slice(0, 50));
}

export function forgetMatch(id: string): void {
  write(
    localStorage,
    MATCHES,
    rememberedMatches().filter((m) => m.id !== id),
  );
  try {
    sessionStorage.removeItem(tabKey(id));
  } catch {
    /* ignore */
  }
}

/** The token this tab uses for match `id`. */
export function tabToken(id: string): string | null {
  return read<string | null>(sessionStorage, tabKey(id), null);
}

export function setTabToken(id: string, token: string): void {
  write(sessionStorage, tabKey(id), token);
}

export function adminToken(): string {
  return read<string>(localStorage, ADMIN, '');
}

export function setAdminToken(token: string): void {
  if (token) write(localStorage, ADMIN, token);
  else localStorage.removeItem(ADMIN);
}
