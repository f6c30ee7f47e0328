/**
 * The computer's seats (issue #14): after every committed change, a bot seat that owes a
 * decision makes it, after a short think delay, through the very path a person's action
 * takes (`submit`: the same validation, seq check, persistence, pushes and notices).
 *
 * - What a bot knows is what its seat is given: the state body the service makes for that
 *   side (its view and its prompt), never the state. It is woken by the body pushed to its
 *   side's audience, so a change it may not know of (the other side's private step) does
 *   not wake it, and reads its body afresh when its delay ends.
 * - The delay (`BOT_THINK_MS`) comes before its first step after a change it did not make;
 *   its own next steps follow at once, so the time its private steps take (a deployment
 *   behind the screen) is a step's work, not a delay a step.
 * - The bot's choices come from its own stream, seeded from the seat's secret (bot-marks.ts)
 *   and its own seq, so a decision made again after a restart is the same decision.
 * - Errors are logged with the match id and end that turn (the next change wakes it again);
 *   nothing is thrown. A server restarting finds the matches with a bot seat in `resume()`.
 */
import type { Logger } from 'pino';
import { makeBot } from '../bots/kinds';
import type { Prompt, Viewer } from '../engine';
import type { MatchStore } from '../store/match-store';
import { botSeatsOf, looksLikeBot, type BotSeat } from './bot-marks';
import { ApiError } from './errors';
import { isOver, type StateBody } from './live';
import type { Publisher, SeatRevoked } from './pushes';

export interface BotSeatDeps {
  store: Pick<MatchStore, 'readMatch' | 'listMatches'>;
  logger: Logger;
  onPublish(p: Publisher): void;
  onSeatRevoked(r: SeatRevoked): void;
  state(matchId: string, viewer: Viewer, afterSeq?: number): Promise<StateBody>;
  submit(matchId: string, side: Viewer, expectedSeq: number, action: unknown): Promise<StateBody>;
}

export interface BotSeatOptions {
  /** The think delay before a bot's first step after another's change (ms). */
  thinkMs: number;
  /** False while the server shuts down: no new turn starts. */
  running?: () => boolean;
  /** The most steps one turn takes before it yields (a guard; a turn resumes after a delay). */
  maxSteps?: number;
}

/** The default think delay (src/config.ts BOT_THINK_MS). */
export const DEFAULT_BOT_THINK_MS = 500;

export class BotSeats {
  /** Bot seats per match, as stored (an empty map: none); dropped when the match ends or a seat is re-issued. */
  private known = new Map<string, Promise<Map<string, BotSeat>>>();
  private timers = new Map<string, NodeJS.Timeout>();
  /** Turns in progress, and those woken meanwhile (they look again when the turn ends). */
  private busy = new Set<string>();
  private woken = new Set<string>();
  private stopped = false;
  private turns = new Set<Promise<void>>();

  constructor(
    private deps: BotSeatDeps,
    private opts: BotSeatOptions,
  ) {}

  /** Listens to the service's pushes and seat revocations. */
  attach(): this {
    this.deps.onPublish((matchId, audience, body) => this.onBody(matchId, audience, body));
    this.deps.onSeatRevoked((matchId) => this.known.delete(matchId));
    return this;
  }

  private get live(): boolean {
    return !this.stopped && (this.opts.running?.() ?? true);
  }

  /** A body pushed to `audience`: a bot seat with a decision gets a turn after the think delay. */
  onBody(matchId: string, audience: Viewer, body: StateBody): void {
    if (isOver(body.status)) return this.forget(matchId);
    if (!this.live || !body.prompt || !looksLikeBot(body.players[audience]?.name)) return;
    this.wake(matchId, audience, this.opts.thinkMs);
  }

  /** After a restart: every running match with a bot seat gets a turn (each looks at its own body first). */
  async resume(): Promise<number> {
    let n = 0;
    if (!this.live) return n;
    try {
      for (const status of ['active', 'waiting'] as const) {
        for (let offset = 0; ; offset += 200) {
          const page = await this.deps.store.listMatches({ status, order: 'updated', limit: 200, offset });
          for (const m of page) {
            for (const s of m.seats) {
              if (!looksLikeBot(s.name)) continue;
              this.wake(m.id, s.side, this.opts.thinkMs);
              n++;
            }
          }
          if (page.length < 200) break;
        }
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'bot seats could not be resumed');
    }
    return n;
  }

  /** Stops every turn not begun; resolves once the turns in progress have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.turns]);
  }

  /** Resolves when no turn is due or running (tests). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.turns.size > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private forget(matchId: string): void {
    this.known.delete(matchId);
    for (const [key, t] of this.timers) {
      if (key.startsWith(`${matchId}\n`)) {
        clearTimeout(t);
        this.timers.delete(key);
      }
    }
  }

  private wake(matchId: string, side: string, delayMs: number): void {
    const key = `${matchId}\n${side}`;
    if (this.busy.has(key)) {
      this.woken.add(key);
      return;
    }
    if (this.timers.has(key) || !this.live) return;
    const t = setTimeout(() => {
      this.timers.delete(key);
      const turn = this.turn(matchId, side, key);
      this.turns.add(turn);
      void turn.finally(() => this.turns.delete(turn));
    }, delayMs);
    t.unref?.();
    this.timers.set(key, t);
  }

  private seatsOf(matchId: string): Promise<Map<string, BotSeat>> {
    let p = this.known.get(matchId);
    if (!p) {
      p = this.deps.store.readMatch(matchId).then((m) => (m && !isOver(m.status) ? botSeatsOf(m.seats) : new Map<string, BotSeat>()));
      this.known.set(matchId, p);
      p.catch(() => this.known.delete(matchId));
    }
    return p;
  }

  /** One turn: the bot's steps while its body holds a prompt. Never rejects. */
  private async turn(matchId: string, side: string, key: string): Promise<void> {
    this.busy.add(key);
    let again = false;
    try {
      const seat = (await this.seatsOf(matchId)).get(side);
      if (!seat || !this.live) return;
      let body = await this.deps.state(matchId, side);
      const game = body.game;
      for (let steps = 0; this.live && body.prompt && !isOver(body.status); steps++) {
        if (steps >= (this.opts.maxSteps ?? 2000)) {
          again = true;
          break;
        }
        const bot = makeBot(game, seat.kind, `${seat.secret}:${side}:${body.seq}`);
        if (!bot) {
          this.deps.logger.warn({ matchId, side, kind: seat.kind }, 'bot seat of an unknown kind: it does not play');
          return;
        }
        const action = bot.choose({ side, view: body.view, prompt: body.prompt as Prompt });
        body = await this.deps.submit(matchId, side, body.seq, action);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        // 409: another change came first (its push wakes the bot again); 422 `dice-not-sealed`: the person has not revealed yet; 503: shutting down.
        this.deps.logger.debug({ matchId, side, code: err.code, status: err.status }, 'bot step refused');
        if (err.status === 409) again = true;
      } else {
        this.deps.logger.error({ err, matchId, side }, 'bot step failed');
      }
    } finally {
      this.busy.delete(key);
      if (this.woken.delete(key) || again) this.wake(matchId, side, this.opts.thinkMs);
    }
  }
}
