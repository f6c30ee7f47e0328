/**
 * Standing orders are secret inputs (issue #41): a side's orders are its own decisions taken in
 * advance, so the other side (and a spectator) must see exactly what it would had the person
 * chosen the same at the same point, and nothing of the orders themselves. The worlds, through
 * the real match service (the fog harness's `World`), one SSJ match from the same seed:
 *
 * - "person": the Japanese player has no orders and submits, himself, whatever the quick-play
 *   orders would have chosen (the script is made here, from the Japanese view and prompt only);
 * - "orders": the Japanese player accepted the quick-play orders before the first step, and only
 *   the decisions they do not take are submitted;
 * - "idle orders": orders for decisions that do not come up in the window, and no more.
 *
 * At each hand-off to the Allies their transcript (pushes, patches, events, notices, GET with the
 * log since) and the spectator's are taken; the oracle is the byte equality of the worlds'
 * transcripts, not the code under test. The Japanese see their orders' log entries; that they
 * differ there proves the worlds are not simply the same.
 */
import { jsonEqual, promptOf, SPECTATOR, type Viewer } from '../../src/engine';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import { bookOf, orderFor, type Orders } from '../../src/bots/orders';
import { firstDifference } from '../support/fog/diff';
import { World, type Clock } from '../support/fog/world';

jest.setTimeout(240_000);

const SEED = 'fog-standing-orders';
const VIEWERS: Viewer[] = ['allied', SPECTATOR, 'japanese'];
const defaults = bookOf('ssj')!.defaults('japanese');

interface Scripted {
  side: string;
  action: unknown;
  byOrder: boolean;
  /** The kind of the decision. */
  kind: string;
  /** A checkpoint is taken before this step (a hand-off to the Allies). */
  check: boolean;
}

async function record(world: World, since: Record<string, number>, out: Record<string, unknown[]>, clock: Clock): Promise<void> {
  for (const v of VIEWERS) {
    const r = await world.record(v, since[v]!, undefined, false);
    since[v] = r.body.seq;
    out[v]!.push(JSON.parse(JSON.stringify(r).split(world.id).join('match')));
  }
  world.mark();
  clock.t += 60_000;
}

/** The "person" world: plays `turns` turns, the Japanese side answering as its quick-play orders would where they decide. */
async function personWorld(turns: number): Promise<{ script: Scripted[]; transcripts: Record<string, unknown[]>; alike: Orders[] }> {
  // Other orders (one rule changed) that take the very same Japanese decisions as the quick-play ones in the window.
  let alike: Orders[] = bookOf('ssj')!
    .fields.filter((f) => !f.sides || f.sides.includes('japanese'))
    .flatMap((f) => f.choices.filter((c) => c.value !== defaults[f.key]).map((c) => ({ ...defaults, [f.key]: c.value })));
  const clock = { t: Date.UTC(2026, 11, 1) };
  const world = await World.create(ssj, {}, SEED, clock);
  const bots = { allied: plausibleBot(`${SEED}/allied`), japanese: plausibleBot(`${SEED}/japanese`) };
  const script: Scripted[] = [];
  const transcripts: Record<string, unknown[]> = Object.fromEntries(VIEWERS.map((v) => [v, []]));
  const since: Record<string, number> = {};
  for (const v of VIEWERS) since[v] = await world.seqOf(v);
  world.mark();
  let last = '';
  for (;;) {
    const state = await world.state();
    if (ssj.result(state.game as never) || (state.game as { turn: number }).turn >= turns) break;
    const order = orderFor(ssj, state, 'japanese', defaults);
    if (promptOf(ssj, state.game, 'japanese')) {
      alike = alike.filter((o) => {
        const other = orderFor(ssj, state, 'japanese', o);
        return order === null ? other === null : other !== null && jsonEqual(other.action, order.action);
      });
    }
    const side = order ? 'japanese' : ssj.sides.find((s) => promptOf(ssj, state.game, s))!;
    const check = side === 'allied' && last !== 'allied';
    if (check) await record(world, since, transcripts, clock);
    let action: unknown;
    if (order) action = order.action;
    else {
      const body = await world.svc.state(world.id, side);
      action = bots[side as 'allied' | 'japanese'].choose({ side, view: body.view, prompt: body.prompt as never });
    }
    const out = await world.act(side, action);
    if (!out.ok) throw new Error(`${side} ${JSON.stringify(action)} refused: ${out.error.message}`);
    script.push({ side, action, byOrder: order !== null, check, kind: promptOf(ssj, state.game, side)!.kind ?? '' });
    last = side;
  }
  await record(world, since, transcripts, clock);
  return { script, transcripts, alike };
}

/** A world where the Japanese orders are `orders` (set before the first step) and only the script's person steps are submitted. */
async function ordersWorld(script: Scripted[], orders: Orders, skipOrderSteps: boolean): Promise<{ transcripts: Record<string, unknown[]>; world: World }> {
  const clock = { t: Date.UTC(2026, 11, 1) };
  const world = await World.create(ssj, {}, SEED, clock);
  const transcripts: Record<string, unknown[]> = Object.fromEntries(VIEWERS.map((v) => [v, []]));
  const since: Record<string, number> = {};
  for (const v of VIEWERS) since[v] = await world.seqOf(v);
  await world.svc.orders.set(world.id, 'japanese', orders);
  await world.svc.orders.idle();
  world.mark();
  for (const st of script) {
    if (st.check) await record(world, since, transcripts, clock);
    if (st.byOrder && skipOrderSteps) continue;
    const out = await world.act(st.side, st.action);
    if (!out.ok) throw new Error(`${st.side} ${JSON.stringify(st.action)} refused: ${out.error.message}`);
    await world.svc.orders.idle();
  }
  await record(world, since, transcripts, clock);
  return { transcripts, world };
}

const differ = (a: unknown, b: unknown) => {
  const d = firstDifference(a, b);
  return d && `${d.path}: ${JSON.stringify(d.a)?.slice(0, 300)} / ${JSON.stringify(d.b)?.slice(0, 300)}`;
};

describe('Standing orders (issue #41): the other side sees a step an order took as it sees the same step chosen by a person', () => {
  let person: Awaited<ReturnType<typeof personWorld>>;
  beforeAll(async () => {
    person = await personWorld(2);
  });

  it('the script plays routine Japanese decisions by the orders, and the rest by the person', () => {
    expect(person.script.filter((s) => s.byOrder).length).toBeGreaterThan(10);
    expect(person.script.filter((s) => s.side === 'japanese' && !s.byOrder).length).toBeGreaterThan(10);
  });

  it('with the quick-play orders accepted, the Allies and the spectator read the same bytes at every hand-off; the Japanese read their orders in their log', async () => {
    const { transcripts, world } = await ordersWorld(person.script, defaults, true);
    for (const v of ['allied', SPECTATOR]) expect(differ(person.transcripts[v], transcripts[v])).toBeNull();
    // The same rows were stored: the orders' steps are the person's steps, plus an entry to the Japanese alone.
    const log = (await world.svc.state(world.id, 'japanese')).log.filter((e) => e.data?.standingOrder === true);
    expect(log.length).toBe(person.script.filter((s) => s.byOrder).length);
    expect(log.every((e) => Array.isArray(e.to) && e.to.length === 1 && e.to[0] === 'japanese')).toBe(true);
    expect(differ(person.transcripts.japanese, transcripts.japanese)).not.toBeNull();
  });

  it('orders that differ in rules yet take the same decisions in the window leave the Allies and the spectator reading the same bytes', async () => {
    expect(person.alike.length).toBeGreaterThan(0);
    const a = await ordersWorld(person.script, defaults, true);
    for (const other of person.alike.slice(0, 2)) {
      const b = await ordersWorld(person.script, other, true);
      for (const v of ['allied', SPECTATOR]) expect(differ(a.transcripts[v], b.transcripts[v])).toBeNull();
    }
  });
});
