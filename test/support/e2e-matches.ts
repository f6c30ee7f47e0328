/** Matches made through the API for the page tests: created, and moved on to a decision worth looking at. */
import { createMatchState, step, type GameModule, type MatchState } from '../../src/engine';
import { GAMES } from '../../src/games';
import type { MatchService } from '../../src/matches/service';
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

/** What GET /api/matches/:id gives a seat (the parts the page tests read). */
export interface SeatBody {
  seq: number;
  view: any;
  prompt: { kind?: string; text: string; actions: { type: string; [k: string]: unknown }[] } | null;
  log: { seq: number; to: unknown; text: string; data?: Record<string, unknown> }[];
}

export async function seatBody(base: string, m: CreatedMatch, side: string): Promise<SeatBody> {
  const token = side === 'spectator' ? m.spectator.token : m.seats[side]!.token;
  return (await api(base, 'GET', `/api/matches/${m.id}`, undefined, token)).body as SeatBody;
}

/** A player that answers a seat's view and prompt with one of the prompt's actions (src/bots' Bot). */
export interface SeatBot {
  choose(turn: { side: string; view: unknown; prompt: { actions: unknown[] } & Record<string, unknown> }): unknown;
}

/**
 * Plays match `m` through the match service with `bots` (each sees only its own seat's body,
 * as a page would; not over HTTP, whose rate limit would only slow a long run) until `until`
 * holds for the seat with a decision (that seat and its body are returned), within `max` actions.
 */
export async function playUntil(
  service: MatchService,
  m: CreatedMatch,
  bots: Record<string, SeatBot>,
  until: (side: string, body: SeatBody) => boolean,
  max = 1000,
): Promise<{ side: string; body: SeatBody }> {
  for (let i = 0; i <= max; i++) {
    let mover: { side: string; body: SeatBody } | null = null;
    for (const side of Object.keys(m.seats)) {
      const body = (await service.state(m.id, side)) as unknown as SeatBody;
      if (body.prompt) {
        mover = { side, body };
        break;
      }
    }
    if (!mover) throw new Error(`no seat of ${m.id} has a decision`);
    if (until(mover.side, mover.body)) return mover;
    const { side, body } = mover;
    await service.submit(m.id, side, body.seq, bots[side]!.choose({ side, view: body.view, prompt: body.prompt! }));
  }
  throw new Error(`not reached in ${max} actions`);
}

/**
 * An SSJ match five actions in: no early activation, the Allied reinforcements closed, the
 * Japanese player's CHOKAI and AOBA each sent into a new group in the Slot's Night Only box,
 * and his deployment closed (the Allies deploying).
 */
export async function ssjTwoDeployed(base: string): Promise<CreatedMatch> {
  const m = await ssjDeploying(base);
  const jt = m.seats.japanese!.token;
  for (const ship of ['ijn-chokai', 'ijn-aoba']) {
    const a = (await seatBody(base, m, 'japanese')).prompt!.actions.find(
      (x) => x.type === 'deploy' && x.ship === ship && x.area === 'SL' && x.box === 'night' && x.group === 'new',
    );
    await play(base, m.id, jt, a);
  }
  await play(base, m.id, jt, { type: 'done' });
  return m;
}

/**
 * The first seed `<prefix><i>` (i < `tries`) under which `script` (actions by side, played
 * through the engine from the start of a match of `game` with `options`) leaves a game
 * state `ok` accepts: a fixed seed for a test that needs the dice to fall one way.
 */
export function seedWhere(game: string, options: unknown, prefix: string, script: readonly (readonly [string, unknown])[], ok: (state: any) => boolean, tries = 500): string {
  const module = GAMES.get(game) as GameModule<unknown>;
  for (let i = 0; i < tries; i++) {
    const seed = `${prefix}${i}`;
    let ms: MatchState<unknown> = createMatchState(module, options, seed).state;
    for (const [side, a] of script) ms = step(module, ms, side, a).state;
    if (ok(ms.game)) return seed;
  }
  throw new Error(`no seed ${prefix}0…${tries - 1} found`);
}

type PromptAction = SeatBody['prompt'] extends infer P ? (P extends { actions: (infer A)[] } ? A : never) : never;

/** SSJ at AugI's Japanese deployment: `n` ships from Rabaul each sail as a new group into the Slot's Day Only box; their ids. */
export async function ssjSailIntoSlotByDay(base: string, m: CreatedMatch, n: number): Promise<string[]> {
  const ships: string[] = [];
  for (let i = 0; i < n; i++) {
    const acts = (await seatBody(base, m, 'japanese')).prompt!.actions;
    const a = acts.find((x) => x.type === 'deploy' && x.area === 'SL' && x.box === 'day' && x.group === 'new' && !ships.includes(String(x.ship)))!;
    ships.push(String(a.ship));
    await play(base, m.id, m.seats.japanese!.token, a);
  }
  return ships;
}

/**
 * Closes every decision at once — its Done, no early activation, else its first choice — seat by seat in `order`, until
 * `found` picks something out of a seat's prompt (that seat and what it picked are returned), within `max` rounds.
 */
export async function closeUntil<T>(
  base: string,
  m: CreatedMatch,
  order: readonly string[],
  found: (side: string, actions: PromptAction[]) => T | undefined,
  max = 200,
): Promise<{ side: string; found: T }> {
  for (let i = 0; i < max; i++) {
    for (const side of order) {
      const prompt = (await seatBody(base, m, side)).prompt;
      if (!prompt) continue;
      const f = found(side, prompt.actions);
      if (f !== undefined) return { side, found: f };
      const next = prompt.actions.find((a) => a.type === 'done' || (a.type === 'early-activation' && a.roll === false)) ?? prompt.actions[0]!;
      await play(base, m.id, m.seats[side]!.token, next);
    }
  }
  throw new Error(`nothing found in ${max} rounds`);
}
