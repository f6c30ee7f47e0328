/**
 * Standing orders in the match service (issue #41). A side's orders are kept in its seat
 * (`orders`), read and set with its seat token only, and never told to anyone else: setting
 * them pushes nothing, writes no row and moves no seq.
 *
 * After every change (play.ts), a side whose orders decide the prompt it now has gets that
 * step taken in a turn of its own in the match's lane, through `Play.act` — the path a
 * person's action takes (the same check, row, pushes, notices and undo) — with a log entry to
 * that side alone naming the rule. Each step schedules the next, so a run of routine decisions
 * goes through at once; where no order decides, the person is asked (and noticed, notices.ts).
 *
 * An undo holds the side's orders: what it took back is its own to decide again, and the orders
 * act again after its own next action. Bot seats play by their bot, not by orders.
 */
import { orderFor, bookOf, type OrderDecision, type Orders } from '../bots/orders';
import { DiceNotSealed, RuleError, type MatchState, type Timeline, type Viewer } from '../engine';
import { looksLikeBot } from './bot-marks';
import type { MatchContext } from './context';
import { badRequest, forbidden, unprocessable } from './errors';
import { isOver, type Live } from './live';
import type { LiveMatches } from './loading';
import type { NoticeSubject } from './notices';
import type { OrderHooks, Play } from './play';

/** The most steps orders take in a row without a person (a guard against a game whose prompts would loop). */
const MAX_RUN = 1000;
const DICE_NOT_SEALED = new DiceNotSealed().code;

export interface OrdersView {
  /** The side's orders now (empty: none). */
  orders: Orders;
  /** Quick play: the orders it may accept with one click. */
  defaults: Orders;
  /** Every kind of decision its game's orders cover, with the rules to choose from. */
  fields: { key: string; label: string; choices: { value: string; label: string }[] }[];
  /** The steps its orders took after `since` (its own seq), with the rule: "while you were away". */
  taken: { seq: number; text: string }[];
}

export interface StandingOrdersDeps {
  ctx: MatchContext;
  matches: Pick<LiveMatches, 'inLane' | 'load'>;
  play: Pick<Play, 'act'>;
}

export class StandingOrders implements OrderHooks {
  /**
   * Sides whose orders wait for their own next action (they took a step back), by match. A match
   * this process has not seen yet starts from its rows: a side whose last row is an undo is held
   * (the hold outlives a restart, as the undo does).
   */
  private holds = new Map<string, Set<string>>();
  /** Steps orders took in a row, by match (reset by a person's action). */
  private runs = new Map<string, number>();
  private pending = new Set<string>();
  private running = new Set<Promise<void>>();

  constructor(private deps: StandingOrdersDeps) {}

  /** The decision `side`'s orders take now in `live`, or null (none, held, a bot seat, the match over). */
  decisionOf(live: NoticeSubject, side: Viewer, state: MatchState = live.tl.state): OrderDecision | null {
    const seat = live.seats[side];
    if (!seat?.orders || isOver(live.status) || looksLikeBot(seat.name) || this.holdsOf(live).has(side)) return null;
    return orderFor(live.game, state, side, seat.orders);
  }

  schedule(live: Live): void {
    if (this.pending.has(live.id) || isOver(live.status)) return;
    if (!live.game.sides.some((s) => this.decisionOf(live, s))) return;
    if ((this.runs.get(live.id) ?? 0) >= MAX_RUN) {
      this.deps.ctx.logger.warn({ matchId: live.id }, 'standing orders took too many steps in a row: they wait for a person');
      return;
    }
    this.pending.add(live.id);
    setImmediate(() => {
      this.pending.delete(live.id);
      const p = this.step(live.id);
      this.running.add(p);
      void p.finally(() => this.running.delete(p));
    });
  }

  /** Resolves when no order step is due or running (tests, a shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0 || this.running.size > 0) {
      await Promise.all([...this.running]);
      await new Promise((r) => setImmediate(r));
    }
  }

  held(live: Live, side: Viewer): void {
    this.holdsOf(live, true).add(side);
  }

  /**
   * The sides held in `live`; on first sight, those whose last stored row is an undo. Kept only
   * once it holds a side (or `keep`): a match with none costs no entry, however many are seen.
   */
  private holdsOf(live: Pick<NoticeSubject, 'id' | 'game'> & { tl: Pick<Timeline, 'lastKind'> }, keep = false): Set<string> {
    const kept = this.holds.get(live.id);
    if (kept) return kept;
    const h = new Set(live.game.sides.filter((side) => live.tl.lastKind.get(side) === 'undo'));
    if (keep || h.size > 0) this.holds.set(live.id, h);
    return h;
  }

  byPerson(live: Live, side: Viewer): void {
    this.holdsOf(live).delete(side);
    this.runs.delete(live.id);
    this.schedule(live);
  }

  /** One step an order takes, in the match's lane (the next is scheduled by the change it makes). Never rejects. */
  private async step(matchId: string): Promise<void> {
    try {
      await this.deps.matches.inLane(matchId, async (live) => {
        for (const side of live.game.sides) {
          const d = this.decisionOf(live, side);
          if (!d) continue;
          this.runs.set(matchId, (this.runs.get(matchId) ?? 0) + 1);
          try {
            await this.deps.play.act(live, side, d.action, { rule: d.rule }, 'seq');
          } catch (err) {
            // The dice wait for a seat's reveal (a page that committed and closed before every seat was in,
            // src/matches/dice.ts): the order is not refused, it waits; the reveal's change schedules it again.
            if ((err as { code?: string }).code === DICE_NOT_SEALED) {
              this.deps.ctx.logger.debug({ matchId, side }, 'a standing order waits for the dice');
              return;
            }
            // An order the rules refuse: the person decides instead.
            this.held(live, side);
            this.deps.ctx.logger.warn(
              { matchId, side, err: err instanceof RuleError || (err as { status?: number }).status ? String((err as Error).message) : err },
              'a standing order could not act',
            );
          }
          return;
        }
      });
    } catch (err) {
      this.deps.ctx.logger.error({ err, matchId }, 'standing orders failed');
    }
  }

  /** `side`'s orders, the defaults and the fields of its game, and the steps they took after its seq `since`. */
  async view(matchId: string, side: Viewer, since = -1): Promise<OrdersView> {
    const live = await this.deps.matches.load(matchId);
    if (!live.game.sides.includes(side)) throw forbidden('Only a seat has standing orders: this is the spectator link.', 'spectator');
    const book = bookOf(live.game.id);
    // A game without an order book: no kinds to order (the page shows nothing).
    if (!book) return { orders: {}, defaults: {}, fields: [], taken: [] };
    const taken = live.tl
      .logFor(side, since)
      .filter((e) => e.data?.standingOrder === true)
      .map((e) => ({ seq: e.seq, text: e.text }));
    return {
      orders: { ...(live.seats[side]!.orders ?? {}) },
      defaults: book.defaults(side),
      fields: book.fields.filter((f) => !f.sides || f.sides.includes(side)).map((f) => ({ key: f.key, label: f.label, choices: f.choices.map((c) => ({ ...c })) })),
      taken,
    };
  }

  /** Replaces `side`'s orders (400 `invalid-orders` for a kind or rule its game has not); "ask" is kept as no order. */
  set(matchId: string, side: Viewer, input: unknown): Promise<OrdersView> {
    return this.deps.matches
      .inLane(matchId, async (live) => {
        const book = requireBook(live, side);
        if (isOver(live.status)) throw unprocessable(`The match is ${live.status}.`, 'not-active');
        const parsed = book.schema.safeParse(input);
        if (!parsed.success) throw badRequest(`Invalid orders: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'orders'}: ${i.message}`).join('; ')}`, 'invalid-orders');
        const orders = Object.fromEntries(Object.entries(parsed.data).filter(([k, v]) => v !== 'ask' && (book.fields.find((f) => f.key === k)?.sides ?? [side]).includes(side)));
        const value = Object.keys(orders).length ? orders : null;
        // The seat alone changes: no row, no push, no seq (the other side must not learn that orders changed).
        await this.deps.ctx.store.update(live.id, { seats: { [side]: { orders: value } } });
        live.seats = { ...live.seats, [side]: { ...live.seats[side]!, orders: value } };
        this.holdsOf(live).delete(side);
        this.deps.ctx.logger.info({ matchId, side, kinds: Object.keys(orders) }, 'standing orders set');
        this.schedule(live);
      })
      .then(() => this.view(matchId, side));
  }
}

function requireBook(live: Live, side: Viewer) {
  if (!live.game.sides.includes(side)) throw forbidden('Only a seat has standing orders: this is the spectator link.', 'spectator');
  const book = bookOf(live.game.id);
  if (!book) throw unprocessable(`${live.game.name} has no standing orders yet.`, 'no-orders');
  return book;
}
