/**
 * The order books by game (issue #41), and the one place an order is applied to a prompt:
 * `orderFor` gives the action a side's standing orders take for the decision it faces, from
 * that side's view and prompt only, or null when the person is needed. The match service
 * (src/matches/orders.ts) and the measurement (scripts/orders-report.ts) both call it, so
 * what is measured is what the server does.
 */
import { promptOf, viewOf, type GameModule, type MatchState } from '../engine';
import { eotsOrders } from '../games/eots-subwar/orders';
import { ewrOrders } from '../games/ewr/orders';
import { ssjOrders } from '../games/ssj/orders';
import type { OrderBook, OrderDecision, Orders } from './order-book';

export type { OrderBook, OrderDecision, OrderField, Orders } from './order-book';

const BOOKS: Record<string, OrderBook> = {
  ssj: ssjOrders as OrderBook,
  ewr: ewrOrders as OrderBook,
  'eots-subwar': eotsOrders as OrderBook,
};

/** The order book of `game`, or null for a game without standing orders. */
export function bookOf(game: string): OrderBook | null {
  return Object.hasOwn(BOOKS, game) ? BOOKS[game]! : null;
}

/**
 * What `side`'s standing orders decide now in `state`: the action (one of its prompt's own)
 * and the rule, or null (no prompt, no orders, or none that decides this one).
 */
export function orderFor(game: GameModule, state: MatchState, side: string, orders: Orders | null | undefined): OrderDecision | null {
  if (!orders || Object.keys(orders).length === 0) return null;
  const book = bookOf(game.id);
  if (!book) return null;
  const prompt = promptOf(game, state.game, side);
  if (!prompt) return null;
  const d = book.decide(orders, side, viewOf(game, state.game, side), prompt);
  // An order only ever picks one of the prompt's own actions.
  return d && prompt.actions.includes(d.action) ? d : null;
}

/** Whether `side` needs its person now: it has a decision, and its standing orders do not take it. */
export function needsPerson(game: GameModule, state: MatchState, side: string, orders: Orders | null | undefined): boolean {
  return promptOf(game, state.game, side) !== null && orderFor(game, state, side, orders) === null;
}

/** Every game's order book (the OpenAPI lists their orders). */
export function allBooks(): OrderBook[] {
  return Object.values(BOOKS);
}
