/** HTTP calls to the server. Tokens go in the Authorization header only, never in a URL or a log. */
import type { Action, AdminMatchList, CreatedMatch, ErrorResponse, GameData, GameInfo, Joined, NotifySettings, OpenMatch, StateBody } from '../protocol';
import type { NotifyMode, PushKey, PushStatus } from '../protocol';
import type { HistoryBody } from '../protocol';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The current state, when the server sends it with the error (409). */
    readonly state?: StateBody,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const err = (parsed as Partial<ErrorResponse> | undefined) ?? {};
    throw new ApiError(
      res.status,
      err.error?.code ?? `http-${res.status}`,
      err.error?.message ?? `The server answered ${res.status} ${res.statusText}.`,
      err.state as StateBody | undefined,
    );
  }
  return parsed as T;
}

export const api = {
  games: () => call<GameInfo[]>('GET', '/api/games'),
  /** A game's public data, or only its parts named in `only` (by their keys). */
  game: (id: string, only?: readonly string[]) =>
    call<GameData>('GET', `/api/games/${encodeURIComponent(id)}${only?.length ? `?only=${only.map(encodeURIComponent).join(',')}` : ''}`),
  create: (
    game: string,
    options: Record<string, unknown>,
    extra: { listed?: boolean; clock?: { bankMs: number; incrementMs: number; onTimeout: 'flag' | 'forfeit' }; bots?: Record<string, string> } = {},
  ) => call<CreatedMatch>('POST', '/api/matches', { body: { game, options, ...extra } }),
  openMatches: () => call<OpenMatch[]>('GET', '/api/matches?status=open'),
  /** Takes a free seat with this browser's dice commitment (src/web/fairness.ts). */
  join: (id: string, side: string, commit: { commitment: string }) =>
    call<Joined>('POST', `/api/matches/${encodeURIComponent(id)}/join`, { body: { side, commitment: commit.commitment } }),
  /** Commits this seat's dice value (its hash) when the seat holds none. */
  commit: (id: string, token: string, commitment: string) => call<Joined>('POST', `/api/matches/${encodeURIComponent(id)}/claim`, { token, body: { commitment } }),
  /** Reveals this seat's dice value, once every seat is in (src/web/fairness.ts). */
  reveal: (id: string, token: string, value: string) => call<Joined>('POST', `/api/matches/${encodeURIComponent(id)}/reveal`, { token, body: { value } }),
  /** The match file, once the match is over (src/web/verify-file.tsx). */
  matchFile: (id: string, token: string) => call<unknown>('GET', `/api/matches/${encodeURIComponent(id)}/file`, { token }),
  notify: (id: string, token: string) => call<NotifySettings>('GET', `/api/matches/${encodeURIComponent(id)}/notify`, { token }),
  setNotify: (id: string, token: string, when: { webhook?: NotifyMode; email?: NotifyMode; push?: NotifyMode }) =>
    call<NotifySettings>('POST', `/api/matches/${encodeURIComponent(id)}/notify`, { token, body: when }),
  /** The seat's standing orders, with the steps they took after its seq `since` (src/web/orders-control.tsx). */
  orders: (id: string, token: string, since: number) => call<OrdersView>('GET', `/api/matches/${encodeURIComponent(id)}/orders?since=${since}`, { token }),
  setOrders: (id: string, token: string, orders: Record<string, string>) => call<OrdersView>('PUT', `/api/matches/${encodeURIComponent(id)}/orders`, { token, body: { orders } }),
  pushKey: () => call<PushKey>('GET', '/api/push/key'),
  /** A browser's `PushSubscription.toJSON()`, for this seat's notices. */
  pushSubscribe: (id: string, token: string, subscription: PushSubscriptionJSON) =>
    call<PushStatus>('POST', `/api/matches/${encodeURIComponent(id)}/push`, { token, body: subscription }),
  pushUnsubscribe: (id: string, token: string, endpoint: string) => call<PushStatus>('DELETE', `/api/matches/${encodeURIComponent(id)}/push`, { token, body: { endpoint } }),
  state: (id: string, token: string) => call<StateBody>('GET', `/api/matches/${encodeURIComponent(id)}`, { token }),
  /** Proposes a pause of the time banks, or agrees to the other player's (src/web/clock.tsx). */
  pause: (id: string, token: string) => call<StateBody>('POST', `/api/matches/${encodeURIComponent(id)}/pause`, { token, body: {} }),
  /** Resumes paused time banks, or withdraws or declines a proposed pause. */
  resume: (id: string, token: string) => call<StateBody>('POST', `/api/matches/${encodeURIComponent(id)}/resume`, { token, body: {} }),
  /** Takes back this seat's last decision (while nothing was learned since). */
  undo: (id: string, token: string, seq: number) => call<StateBody>('POST', `/api/matches/${encodeURIComponent(id)}/undo`, { token, body: { seq } }),
  act: (id: string, token: string, seq: number, action: Action) => call<StateBody>('POST', `/api/matches/${encodeURIComponent(id)}/actions`, { token, body: { seq, action } }),
  /** Your replay (src/web/replay.tsx): your view at your own step `at` (the latest when absent), with the log after your step `since`. */
  history: (id: string, token: string, at?: number, since?: number) =>
    call<HistoryBody>('GET', `/api/matches/${encodeURIComponent(id)}/history${at === undefined ? '' : `?at=${at}${since === undefined ? '' : `&since=${since}`}`}`, { token }),
  adminMatches: (adminToken: string) => call<AdminMatchList>('GET', '/api/admin/matches', { token: adminToken }),
  replay: (adminToken: string, id: string, seq: number, as: string) =>
    call<StateBody>('GET', `/api/admin/matches/${encodeURIComponent(id)}/replay?seq=${seq}&as=${encodeURIComponent(as)}`, { token: adminToken }),
};

/** A seat link on this origin (the server's own PUBLIC_URL may name another address). */
export function seatUrl(matchId: string, token: string): string {
  return `${location.origin}/m/${encodeURIComponent(matchId)}#t=${encodeURIComponent(token)}`;
}

/** A seat's standing orders as the API gives them (GET/PUT /api/matches/:id/orders), for the orders panel. */
export interface OrdersView {
  orders: Record<string, string>;
  defaults: Record<string, string>;
  fields: { key: string; label: string; choices: { value: string; label: string }[] }[];
  taken: { seq: number; text: string }[];
}
