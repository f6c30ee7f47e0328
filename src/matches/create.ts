/**
 * A new match: its seed and the commitment to it, the set-up, and a token for each seat,
 * the spectator link and the creator (shown once; only their hashes are stored).
 */
import { nanoid } from 'nanoid';
import { createMatchState, SPECTATOR, type GameModule } from '../engine';
import type { NewMatch, NewSeat } from '../store/match-store';
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
}

export interface CreateOptions {
  /** Listed in GET /api/matches?status=open, where anyone may take a free seat. */
  listed?: boolean;
  /** Each side's time for a decision, in minutes. */
  deadlineMinutes?: number | null;
}

/** Fresh tokens for every seat, the spectator link and the creator, and the links a creator is shown. */
export class Issued {
  readonly id = nanoid(12);
  readonly tokens: Record<string, string> = {};
  readonly creator = newToken();

  constructor(
    private ctx: Pick<MatchContext, 'link'>,
    readonly game: GameModule,
  ) {
    for (const side of [...game.sides, SPECTATOR]) this.tokens[side] = newToken();
  }

  /** The seats to store, each with its token's hash and anything `extra` gives it. */
  seats(extra: (side: string) => Partial<NewSeat> = () => ({})): NewSeat[] {
    return Object.entries(this.tokens).map(([side, token]) => ({ ...extra(side), side, tokenHash: hashToken(token) }));
  }

  created(status: MatchStatus, seedHash: string): CreatedMatch {
    const link = (token: string): SeatLink => ({ token, url: this.ctx.link(this.id, token) });
    return {
      id: this.id,
      game: this.game.id,
      seedHash,
      status,
      seats: Object.fromEntries(this.game.sides.map((s) => [s, link(this.tokens[s]!)])),
      spectator: link(this.tokens[SPECTATOR]!),
      creator: { token: this.creator },
    };
  }
}

export class Creation {
  constructor(
    private ctx: MatchContext,
    /** Where seeds come from: 32 random bytes by default; tests may fix them. */
    private newSeed: () => string = newSecret,
  ) {}

  /** Creates a match of `gameId`; `seat` may give a seat more (a rematch carries names and notices over). */
  async create(gameId: string, options: unknown, extra: CreateOptions = {}, seat?: (side: string) => Partial<NewSeat>): Promise<CreatedMatch> {
    const game = gameOf(this.ctx, gameId);
    const parsed = game.options.safeParse(options ?? {});
    if (!parsed.success) throw badRequest(`Invalid options for ${game.name}: ${zodMessage(parsed.error)}`, 'invalid-options');
    const issued = new Issued(this.ctx, game);
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
      seats: issued.seats(seat),
      snapshots: [{ seq: 0, state: first.state }],
    };
    await this.ctx.store.createMatch(m);
    this.ctx.logger.info({ matchId: issued.id, game: game.id, listed: extra.listed ?? false }, 'match created');
    return issued.created('waiting', seedHash);
  }
}
