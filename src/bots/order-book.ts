/**
 * Standing orders (issue #41): a side's answers to routine decisions, given in advance.
 * An order book is a game's list of order kinds, each a choice among a few rules. A rule
 * reads only what the deciding side is given — its view and its prompt, like a bot — so
 * its conditions can hold on nothing that side may not see. When a rule decides, it picks
 * one of the prompt's own actions, which then goes the way a person's action goes.
 */
import { z, type ZodType } from 'zod';
import type { Prompt } from '../engine';

/** One kind of routine decision a side may order, with its choices ("ask": no order, the person is asked). */
export interface OrderField {
  key: string;
  /** The decision, for people ("Engage in a daylight battle?"). */
  label: string;
  /** The sides that ever face it (absent: both). */
  sides?: readonly string[];
  choices: readonly { value: string; label: string }[];
}

/** An order decided: the action taken, and the rule that took it in words for people. */
export interface OrderDecision<A = unknown> {
  action: A;
  rule: string;
}

export type Orders = Record<string, string>;

export interface OrderBook<A = unknown> {
  /** What a side may set: each key one of its field's values. */
  schema: ZodType<Orders>;
  fields: readonly OrderField[];
  /** Quick play: the orders a side accepts with one click. */
  defaults(side: string): Orders;
  /** The rule's action for this prompt, or null when no order decides it (the person is asked). */
  decide(orders: Orders, side: string, view: unknown, prompt: Prompt<A>): OrderDecision<A> | null;
}

/** The label of a field's chosen value ("Withdrawal: withdraw ships damaged (D)"). */
export function ruleText(book: Pick<OrderBook, 'fields'>, key: string, value: string): string {
  const f = book.fields.find((x) => x.key === key);
  const c = f?.choices.find((x) => x.value === value);
  return `${f?.label ?? key} — ${c?.label ?? value}`;
}

/** The zod schema of a book's fields: each key optional, one of its values ("ask" included: the same as absent). */
export function schemaOf(fields: readonly OrderField[]): ZodType<Orders> {
  const shape: Record<string, z.ZodOptional<z.ZodEnum>> = {};
  for (const f of fields) shape[f.key] = z.enum(f.choices.map((c) => c.value) as [string, ...string[]]).optional();
  return z.strictObject(shape) as unknown as ZodType<Orders>;
}

/** The choice every field offers: no order, the person is asked. */
export const ASK = { value: 'ask', label: 'ask me' } as const;

/**
 * What a book's `decide` reads its orders with: `set(key)`, whether the side ordered that kind
 * (not "ask"), and `by(key, action)`, the decision of that order (null without an action).
 */
export function orderReader<A>(book: Pick<OrderBook, 'fields'>, o: Orders) {
  return {
    set: (key: string): boolean => o[key] !== undefined && o[key] !== 'ask',
    by: (key: string, action: A | undefined): OrderDecision<A> | null => (action ? { action, rule: ruleText(book, key, o[key]!) } : null),
  };
}
