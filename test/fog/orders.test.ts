/**
 * Standing orders are secret inputs (issue #41): a side's orders are its own decisions taken in
 * advance, so the other side (and a spectator) must see exactly what it would had the person
 * chosen the same at the same point, and nothing of the orders themselves. The worlds, through
 * the real match service (the fog harness's `World`), one match of each game from the same seed:
 *
 * - "person": the ordering side has no orders and submits, itself, whatever its quick-play
 *   orders would have chosen (the script is made here, from that side's view and prompt only);
 * - "orders": the side accepted the quick-play orders before the first step, and only the
 *   decisions they do not take are submitted;
 * - (SSJ) "alike orders": orders with other rules that take the same decisions in the window.
 *
 * At each hand-off to the other side its transcript (pushes, patches, events, notices, GET with
 * the log since) and the spectator's are taken; the oracle is the byte equality of the worlds'
 * transcripts, not the code under test. The ordering side sees its orders' log entries; that
 * they differ there proves the worlds are not simply the same.
 */
import { jsonEqual, promptOf, SPECTATOR, type GameModule, type MatchState, type Viewer } from '../../src/engine';
import type { Bot } from '../../src/bots';
import { eotsSubwar } from '../../src/games/eots-subwar';
import { plausibleBot as eotsBot } from '../../src/games/eots-subwar/bot';
import { ewr } from '../../src/games/ewr';
import { plausibleBot as ewrBot } from '../../src/games/ewr/bot';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import { bookOf, orderFor, type Orders } from '../../src/bots/orders';
import { Archive } from '../../src/matches/archive';
import { firstDifference } from '../support/fog/diff';
import { World, type Clock } from '../support/fog/world';

jest.setTimeout(240_000);

/** One game's worlds: the side that gives orders, the other side, and when the window ends. */
interface Case {
  game: GameModule;
  seed: string;
  bot: (seed: string) => Bot;
  side: string;
  other: string;
  /** The window ends before the step after which this holds. */
  end: (state: MatchState, steps: number) => boolean;
}

const SSJ: Case = {
  game: ssj as GameModule,
  seed: 'fog-standing-orders',
  bot: (s) => plausibleBot(s) as Bot,
  side: 'japanese',
  other: 'allied',
  end: (st) => (st.game as { turn: number }).turn >= 2,
};
const viewersOf = (c: Case): Viewer[] => [c.other, SPECTATOR, c.side];
const defaultsOf = (c: Case) => bookOf(c.game.id)!.defaults(c.side);

interface Scripted {
  side: string;
  action: unknown;
  byOrder: boolean;
  /** The kind of the decision. */
  kind: string;
  /** A checkpoint is taken before this step (a hand-off to the Allies). */
  check: boolean;
}

async function record(c: Case, world: World, since: Record<string, number>, out: Record<string, unknown[]>, clock: Clock): Promise<void> {
  for (const v of viewersOf(c)) {
    const r = await world.record(v, since[v]!, undefined, false);
    since[v] = r.body.seq;
    out[v]!.push(JSON.parse(JSON.stringify(r).split(world.id).join('match')));
  }
  world.mark();
  clock.t += 60_000;
}

/** The "person" world: plays the window, the ordering side answering as its quick-play orders would where they decide. */
async function personWorld(c: Case): Promise<{ script: Scripted[]; transcripts: Record<string, unknown[]>; alike: Orders[]; world: World }> {
  const { game, seed, side: orderer } = c;
  const defaults = defaultsOf(c);
  // Other orders (one rule changed) that take the very same decisions as the quick-play ones in the window.
  let alike: Orders[] = bookOf(game.id)!
    .fields.filter((f) => !f.sides || f.sides.includes(orderer))
    .flatMap((f) => f.choices.filter((x) => x.value !== defaults[f.key]).map((x) => ({ ...defaults, [f.key]: x.value })));
  const clock = { t: Date.UTC(2026, 11, 1) };
  const world = await World.create(game, {}, seed, clock);
  const bots = Object.fromEntries(game.sides.map((s) => [s, c.bot(`${seed}/${s}`)]));
  const script: Scripted[] = [];
  const transcripts: Record<string, unknown[]> = Object.fromEntries(viewersOf(c).map((v) => [v, []]));
  const since: Record<string, number> = {};
  for (const v of viewersOf(c)) since[v] = await world.seqOf(v);
  world.mark();
  let last = '';
  for (;;) {
    const state = await world.state();
    if (game.result(state.game as never) || c.end(state, script.length)) break;
    const order = orderFor(game, state, orderer, defaults);
    if (promptOf(game, state.game, orderer)) {
      alike = alike.filter((o) => {
        const other = orderFor(game, state, orderer, o);
        return order === null ? other === null : other !== null && jsonEqual(other.action, order.action);
      });
    }
    const side = order ? orderer : game.sides.find((s) => promptOf(game, state.game, s))!;
    const check = side === c.other && last !== c.other;
    if (check) await record(c, world, since, transcripts, clock);
    let action: unknown;
    if (order) action = order.action;
    else {
      const body = await world.svc.state(world.id, side);
      action = bots[side]!.choose({ side, view: body.view, prompt: body.prompt as never });
    }
    const out = await world.act(side, action);
    if (!out.ok) throw new Error(`${side} ${JSON.stringify(action)} refused: ${out.error.message}`);
    script.push({ side, action, byOrder: order !== null, check, kind: promptOf(game, state.game, side)!.kind ?? '' });
    last = side;
  }
  await record(c, world, since, transcripts, clock);
  return { script, transcripts, alike, world };
}

/** A world where the Japanese orders are `orders` (set before the first step) and only the script's person steps are submitted. */
async function ordersWorld(c: Case, script: Scripted[], orders: Orders, skipOrderSteps: boolean): Promise<{ transcripts: Record<string, unknown[]>; world: World }> {
  const clock = { t: Date.UTC(2026, 11, 1) };
  const world = await World.create(c.game, {}, c.seed, clock);
  const transcripts: Record<string, unknown[]> = Object.fromEntries(viewersOf(c).map((v) => [v, []]));
  const since: Record<string, number> = {};
  for (const v of viewersOf(c)) since[v] = await world.seqOf(v);
  // Marked before the orders are set: setting them must send nothing, and the steps they take at once are recorded like the person's.
  world.mark();
  await world.svc.orders.set(world.id, c.side, orders);
  await world.svc.orders.idle();
  for (const st of script) {
    if (st.check) await record(c, world, since, transcripts, clock);
    if (st.byOrder && skipOrderSteps) continue;
    const out = await world.act(st.side, st.action);
    if (!out.ok) throw new Error(`${st.side} ${JSON.stringify(st.action)} refused: ${out.error.message}`);
    await world.svc.orders.idle();
  }
  await record(c, world, since, transcripts, clock);
  return { transcripts, world };
}

const differ = (a: unknown, b: unknown) => {
  const d = firstDifference(a, b);
  return d && `${d.path}: ${JSON.stringify(d.a)?.slice(0, 300)} / ${JSON.stringify(d.b)?.slice(0, 300)}`;
};

/** The quick-play world against the person world: the other side and the spectator read the same bytes at every hand-off. */
async function sameBytes(c: Case, person: Awaited<ReturnType<typeof personWorld>>): Promise<void> {
  const { transcripts, world } = await ordersWorld(c, person.script, defaultsOf(c), true);
  for (const v of [c.other, SPECTATOR]) expect(differ(person.transcripts[v], transcripts[v])).toBeNull();
  // The same rows were stored: the orders' steps are the person's steps, plus an entry to the ordering side alone.
  const log = (await world.svc.state(world.id, c.side)).log.filter((e) => e.data?.standingOrder === true);
  expect(log.length).toBe(person.script.filter((s) => s.byOrder).length);
  expect(log.every((e) => Array.isArray(e.to) && e.to.length === 1 && e.to[0] === c.side)).toBe(true);
  expect(differ(person.transcripts[c.side], transcripts[c.side])).not.toBeNull();
  // Over, the match file the other side and the spectator download is the same too: everything the game hid, none of the orders.
  if ((await world.live()).status === 'finished') {
    const fileOf = async (w: World, v: Viewer) =>
      JSON.parse(
        JSON.stringify(await new Archive(w.svc).matchFile(w.id, v))
          .split(w.id)
          .join('match'),
      ) as unknown;
    for (const v of [c.other, SPECTATOR]) expect(differ(await fileOf(person.world, v), await fileOf(world, v))).toBeNull();
    expect(differ(await fileOf(person.world, c.side), await fileOf(world, c.side))).not.toBeNull();
  }
}

describe('Standing orders (issue #41): the other side sees a step an order took as it sees the same step chosen by a person', () => {
  let person: Awaited<ReturnType<typeof personWorld>>;
  beforeAll(async () => {
    person = await personWorld(SSJ);
  });

  it('the script plays routine Japanese decisions by the orders, and the rest by the person', () => {
    expect(person.script.filter((s) => s.byOrder).length).toBeGreaterThan(10);
    expect(person.script.filter((s) => s.side === 'japanese' && !s.byOrder).length).toBeGreaterThan(10);
  });

  it('with the quick-play orders accepted, the Allies and the spectator read the same bytes at every hand-off; the Japanese read their orders in their log', async () => {
    await sameBytes(SSJ, person);
  });

  it('orders that differ in rules yet take the same decisions in the window leave the Allies and the spectator reading the same bytes', async () => {
    expect(person.alike.length).toBeGreaterThan(0);
    const a = await ordersWorld(SSJ, person.script, defaultsOf(SSJ), true);
    for (const other of person.alike.slice(0, 2)) {
      const b = await ordersWorld(SSJ, person.script, other, true);
      for (const v of ['allied', SPECTATOR]) expect(differ(a.transcripts[v], b.transcripts[v])).toBeNull();
    }
  });
});

/** East Wind Rain's default scenario makes the Allies TFZ: their intercepts, sightings, strikes and refuelling are the routine branches. */
const EWR_CASES: Case[] = ['fog-orders-ewr-1', 'fog-orders-ewr-2', 'fog-orders-ewr-3'].map((seed) => ({
  game: ewr as GameModule,
  seed,
  bot: (s) => ewrBot(s) as Bot,
  side: 'allied',
  other: 'japanese',
  end: () => false,
}));

describe("Standing orders of East Wind Rain: TFZ's orders show the Japanese exactly the steps a person choosing the same would", () => {
  it.each(EWR_CASES.map((c) => [c.seed, c] as const))('%s: the whole intercept, the Japanese and the spectator read the same bytes at every hand-off', async (_seed, c) => {
    const person = await personWorld(c);
    expect(person.script.filter((s) => s.byOrder).length).toBeGreaterThanOrEqual(2);
    expect((await person.world.live()).status).toBe('finished');
    await sameBytes(c, person);
  });
});

/** Empire of the Sun: the Allies' Strategic Warfare rolls and effects, card #5 and their confirmations of Japanese reports. */
const EOTS: Case = {
  game: eotsSubwar as GameModule,
  seed: 'fog-orders-eots',
  bot: (s) => eotsBot(s) as Bot,
  side: 'allied',
  other: 'japanese',
  end: (_st, steps) => steps >= 120,
};

describe("Standing orders of Empire of the Sun: the Allies' orders show the Japanese exactly the steps a person choosing the same would", () => {
  it('120 steps: rolls, effects, card #5 and confirmations by order; the Japanese and the spectator read the same bytes at every hand-off', async () => {
    const person = await personWorld(EOTS);
    const kinds = new Set(person.script.filter((s) => s.byOrder).map((s) => s.kind));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['confirm-fact', 'submarine-warfare', 'sub-warfare-effect']));
    await sameBytes(EOTS, person);
  });
});
