/**
 * npm run orders:report -- [campaigns=50]
 *
 * What standing orders save (issue #41): N seeded Sky, Sea, and JUNGLE campaigns (`orders-<i>`)
 * between plausible bots, each played twice through the engine — once with no orders (every
 * decision is the player's), once with both sides' quick-play orders accepted (a decision their
 * orders take is applied by `orderFor`, the service's own function; the rest are the bot's,
 * standing in for the person). Counted per campaign and per turn:
 *
 * - decisions: every action;
 * - by orders: the decisions the orders took;
 * - hand-offs needing a person: a decision a person makes when the last decision a person made
 *   was the other side's (the match waits for the other person to come back);
 * - notices: "your move" as the match service sends them (src/matches/notices.ts): to a side that,
 *   after a change it did not make itself, needs its person and did not before.
 */
import type { Bot } from '../src/bots';
import { createMatchState, promptOf, step, type MatchState } from '../src/engine';
import { ssj } from '../src/games/ssj';
import { plausibleBot } from '../src/games/ssj/bot';
import { bookOf, needsPerson, orderFor, type Orders } from '../src/bots/orders';

const count = Number(process.argv[2] ?? 50);
const book = bookOf('ssj')!;

interface Tally {
  decisions: number;
  byOrders: number;
  handoffs: number;
  notices: number;
  turns: number;
}

function campaign(seed: string, withOrders: boolean): Tally {
  const bots: Record<string, Bot> = { allied: plausibleBot(`${seed}/allied`) as Bot, japanese: plausibleBot(`${seed}/japanese`) as Bot };
  const orders: Record<string, Orders | null> = Object.fromEntries(ssj.sides.map((s) => [s, withOrders ? book.defaults(s) : null]));
  let state: MatchState = createMatchState(ssj, {}, seed).state;
  const t: Tally = { decisions: 0, byOrders: 0, handoffs: 0, notices: 0, turns: 0 };
  let lastPerson: string | null = null;
  const needs = (st: MatchState) => Object.fromEntries(ssj.sides.map((s) => [s, needsPerson(ssj, st, s, orders[s])]));
  let before = needs(state);
  // The match's first "your move" notices (the set-up gives a side a decision).
  for (const s of ssj.sides) if (before[s]) t.notices++;
  while (!ssj.result(state.game as never)) {
    const side = ssj.sides.find((s) => promptOf(ssj, state.game, s))!;
    const prompt = promptOf(ssj, state.game, side)!;
    const order = orderFor(ssj, state, side, orders[side]);
    let action: unknown;
    if (order) {
      action = order.action;
      t.byOrders++;
    } else {
      action = bots[side]!.choose({ side, view: ssj.view(state.game as never, side), prompt });
      if (lastPerson !== side) t.handoffs++;
      lastPerson = side;
    }
    state = step(ssj, state, side, action, prompt).state;
    t.decisions++;
    const now = needs(state);
    const actor = order ? null : side;
    for (const s of ssj.sides) if (s !== actor && now[s] && !before[s]) t.notices++;
    before = now;
  }
  t.turns = (state.game as { turn: number }).turn + 1;
  return t;
}

const sum = (xs: Tally[], k: keyof Tally) => xs.reduce((n, x) => n + x[k], 0);
const t0 = Date.now();
const runs = { none: [] as Tally[], orders: [] as Tally[] };
for (let i = 0; i < count; i++) {
  runs.none.push(campaign(`orders-${i}`, false));
  runs.orders.push(campaign(`orders-${i}`, true));
}
console.log(`${count} plausible-bot SSJ campaigns, each without and with quick-play orders, in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log('                 decisions  by orders  hand-offs needing a person  notices   (per campaign; per turn)');
for (const [name, xs] of Object.entries(runs)) {
  const turns = sum(xs, 'turns');
  const cell = (k: keyof Tally) => `${(sum(xs, k) / xs.length).toFixed(1)}; ${(sum(xs, k) / turns).toFixed(2)}`.padEnd(18);
  console.log(`${name.padEnd(16)} ${cell('decisions')} ${cell('byOrders')} ${cell('handoffs')}          ${cell('notices')}`);
}
const ratio = (k: keyof Tally) => (sum(runs.orders, k) / sum(runs.orders, 'turns') / (sum(runs.none, k) / sum(runs.none, 'turns'))).toFixed(2);
console.log(`with orders / without, per turn: hand-offs ${ratio('handoffs')}, notices ${ratio('notices')}`);
