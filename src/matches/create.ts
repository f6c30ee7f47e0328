/**
 * A new match: its seed and the commitment to it, the set-up, and a token for each seat,
 * the spectator link and the creator (shown once; only their hashes are stored).
 */
import { nanoid } from 'nanoid';
import { createMatchState, SPECTATOR, type GameModule } from '../engine';
import type { ClockConfig, NewMatch, NewSeat } from '../store/match-store';
import { checkBots, newBotSeat, type BotChoice } from './bot-marks';
import { BANK_MAX_MS } from './clock-policy';
import { gameOf, type MatchContext } from './context';
import { DICE_VERSION } from './dice';
import { badRequest, zodMessage } from './errors';
import type { MatchStatus } from './live';
import { hashToken, newSecret, newToken, sha256 } from './tokens';

export interface SeatLink {
  token: string;
  url: string;
}

export interface CreatedMatch {
  id: string;
  game: string;
  seedHash: string;
  status: MatchStatus;
  seats: Record<string, SeatLink>;
  spectator: SeatLink;
  /** The creator's token: re-issues seats, sets the deadline, abandons. Shown once. */
  creator: { token: string };
  /** The seats given to the computer, side → the name it plays under (no link: no one holds them). */
  bots?: Record<string, string>;
}

export interface CreateOptions {
  /** Listed in GET /api/matches?status=open, where anyone may take a free seat. */
  listed?: boolean;
  /** Each side's time for a decision, in minutes. */
  deadlineMinutes?: number | null;
  /** Time banks (clock-policy.ts): each side's total time, the increment per decision, and what running out does (default: flag). */
  clock?: ClockInput | null;
  /** Seats given to the computer, side → bot kind (bot-marks.ts; at least one seat stays a person's). */
  bots?: BotChoice;
}

/** Time banks as a creator gives them: the increment defaults to none, running out to a flag. */
export type ClockInput = Pick<ClockConfig, 'bankMs'> & Partial<Omit<ClockConfig, 'bankMs'>>;

/** The time banks to store, or 400: whole milliseconds, a bank of at least a minute that an int4 holds, an increment of at most a week. */
export function clockConfig(input: ClockInput | null | undefined): ClockConfig | null {
  if (!input) return null;
  const { bankMs, incrementMs = 0, onTimeout = 'flag' } = input;
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  if (!whole(bankMs, 60_000, BANK_MAX_MS)) throw badRequest(`A time bank is whole milliseconds from 60000 (one minute) to ${BANK_MAX_MS}.`, 'invalid-clock');
  if (!whole(incrementMs, 0, INCREMENT_MAX_MS)) throw badRequest(`An increment is whole milliseconds from 0 to ${INCREMENT_MAX_MS} (a week).`, 'invalid-clock');
  if (onTimeout !== 'flag' && onTimeout !== 'forfeit') throw badRequest('Running out of time either flags the side ("flag") or forfeits the match ("forfeit").', 'invalid-clock');
  return { bankMs, incrementMs, onTimeout };
}

/** The largest increment per decision: a week. */
export const INCREMENT_MAX_MS = 7 * 86_400_000;

/** Fresh tokens for every seat, the spectator link and the creator, and the links a creator is shown. */
export class Issued {
  readonly id = nanoid(12);
  readonly tokens: Record<string, string> = {};
  readonly creator = newToken();

  constructor(
    private ctx: Pick<MatchContext, 'link'>,
    readonly game: GameModule,
    /** Bot seats by side (bot-marks.ts): no token is issued for them. */
    readonly bots: Record<string, Partial<NewSeat> & { tokenHash: string }> = {},
  ) {
    for (const side of [...game.sides, SPECTATOR]) if (!bots[side]) this.tokens[side] = newToken();
  }

  /** The seats to store, each with its token's hash and anything `extra` gives it. */
  seats(extra: (side: string) => Partial<NewSeat> = () => ({})): NewSeat[] {
    const people = Object.entries(this.tokens).map(([side, token]) => ({ ...extra(side), side, tokenHash: hashToken(token) }));
    return [...people, ...Object.entries(this.bots).map(([side, seat]) => ({ ...seat, side }))];
  }

  created(status: MatchStatus, seedHash: string): CreatedMatch {
    const link = (token: string): SeatLink => ({ token, url: this.ctx.link(this.id, token) });
    return {
      id: this.id,
      game: this.game.id,
      seedHash,
      status,
      seats: Object.fromEntries(this.game.sides.filter((s) => this.tokens[s]).map((s) => [s, link(this.tokens[s]!)])),
      spectator: link(this.tokens[SPECTATOR]!),
      creator: { token: this.creator },
      ...(Object.keys(this.bots).length ? { bots: Object.fromEntries(Object.entries(this.bots).map(([s, b]) => [s, b.name ?? ''])) } : {}),
    };
  }
}

export class Creation {
  constructor(
    private ctx: MatchContext,
    /** Where seeds come from: 32 random bytes by default; tests may fix them. */
    private newSeed: () => string = newSecret,
    /** Told of each match once it is stored (the service keeps it in memory: its first use reads nothing). */
    private stored: (m: NewMatch) => void = () => undefined,
  ) {}

  /** Creates a match of `gameId`; `seat` may give a seat more (a rematch carries names and notices over). */
  async create(gameId: string, options: unknown, extra: CreateOptions = {}, seat?: (side: string) => Partial<NewSeat>): Promise<CreatedMatch> {
    const game = gameOf(this.ctx, gameId);
    const parsed = game.options.safeParse(options ?? {});
    if (!parsed.success) throw badRequest(`Invalid options for ${game.name}: ${zodMessage(parsed.error)}`, 'invalid-options');
    const clock = clockConfig(extra.clock);
    const bots = checkBots(game, extra.bots);
    const now = new Date(this.ctx.now());
    const issued = new Issued(this.ctx, game, Object.fromEntries(Object.entries(bots).map(([side, kind]) => [side, newBotSeat(kind, now)])));
    const seed = this.newSeed();
    const seedHash = sha256(seed);
    // The dice stay unsealed until the first die: every seat's own value goes into them (docs/fairness.md).
    const first = createMatchState(game, parsed.data, seed, { dice: 'unsealed' });
    const m: NewMatch = {
      id: issued.id,
      game: game.id,
      options: parsed.data,
      seed,
      seedHash,
      diceVersion: DICE_VERSION,
      status: 'waiting',
      setupLog: first.log,
      listed: extra.listed ?? false,
      creatorHash: hashToken(issued.creator),
      moveDeadlineMs: extra.deadlineMinutes ? Math.round(extra.deadlineMinutes * 60_000) : null,
      ...(clock ? { clock } : {}),
      seats: issued.seats(seat),
      snapshots: [{ seq: 0, state: first.state }],
    };
    await this.ctx.store.createMatch(m);
    try {
      this.stored(m);
    } catch (err) {
      // Only a cache: the match is rebuilt from the store on its first use instead.
      this.ctx.logger.warn({ err, matchId: issued.id }, 'new match not kept in memory');
    }
    this.ctx.logger.info(
      { matchId: issued.id, game: game.id, listed: extra.listed ?? false, ...(clock ? { clock } : {}), ...(Object.keys(bots).length ? { bots } : {}) },
      'match created',
    );
    return issued.created('waiting', seedHash);
  }
}
