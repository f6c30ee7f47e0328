/** Matches made through the API for the page tests: created, and moved on to a decision worth looking at. */
import { api } from './server';

export interface CreatedMatch {
  id: string;
  seats: Record<string, { token: string }>;
  spectator: { token: string };
}

export async function createMatch(base: string, game: string, options: object = {}): Promise<CreatedMatch> {
  const r = await api(base, 'POST', '/api/matches', { game, options });
  if (r.status !== 201) throw new Error(`creating a ${game} match: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as CreatedMatch;
}

/** Plays one action for a seat at the current seq. */
export async function play(base: string, id: string, token: string, action: unknown): Promise<void> {
  const s = (await api(base, 'GET', `/api/matches/${id}`, undefined, token)).body as { seq: number };
  const r = await api(base, 'POST', `/api/matches/${id}/actions`, { seq: s.seq, action }, token);
  if (r.status !== 200) throw new Error(`${JSON.stringify(action)}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** The seat whose decision is open. */
export async function seatToMove(base: string, m: CreatedMatch): Promise<string> {
  for (const [side, seat] of Object.entries(m.seats)) {
    const s = (await api(base, 'GET', `/api/matches/${m.id}`, undefined, seat.token)).body as { prompt: unknown };
    if (s.prompt) return side;
  }
  throw new Error(`no seat of ${m.id} has a decision`);
}

/**
 * An SSJ match in the middle of AugI: no early activation, the Allied reinforcements
 * closed, the Japanese player deploying (his ships at their bases selectable on the board).
 */
export async function ssjDeploying(base: string): Promise<CreatedMatch> {
  const m = await createMatch(base, 'ssj');
  await play(base, m.id, m.seats.japanese!.token, { type: 'early-activation', roll: false });
  await play(base, m.id, m.seats.allied!.token, { type: 'done' });
  return m;
}

export const matchPath = (m: CreatedMatch, side: string) => `/m/${m.id}#t=${side === 'spectator' ? m.spectator.token : m.seats[side]!.token}`;
