/**
 * Standing orders in the match service (issue #41), through the real service on the memory
 * store (the fog harness's `World`: every seat taken, a notice address on each): a step an
 * order takes is the side's own step — undoable under the same rules, verified by a re-run of
 * the match file like any other — and a side is sent "your move" only when its person is needed.
 */
import { GAMES } from '../../src/games';
import { commitmentOf, promptOf } from '../../src/engine';
import { ewr } from '../../src/games/ewr';
import { plausibleBot as ewrBot } from '../../src/games/ewr/bot';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import pino from 'pino';
import { bookOf, orderFor } from '../../src/bots/orders';
import { MatchService } from '../../src/matches/service';
import { Archive } from '../../src/matches/archive';
import { Lobby } from '../../src/matches/lobby';
import { verifyFile } from '../../src/matches/verify';
import { ApiError } from '../../src/matches/errors';
import { World } from '../support/fog/world';

jest.setTimeout(120_000);

const defaults = bookOf('ssj')!.defaults('japanese');
const orderEntries = async (w: World, side: string) => (await w.svc.state(w.id, side)).log.filter((e) => e.data?.standingOrder === true);

/** Plays with bots as the persons (the Japanese by orders where they decide) until `stop` holds after a step. */
async function playUntil(w: World, stop: () => Promise<boolean>, max = 5000): Promise<void> {
  const bots = { allied: plausibleBot('orders-test/allied'), japanese: plausibleBot('orders-test/japanese') };
  for (let i = 0; i < max; i++) {
    await w.svc.orders.idle();
    if (await stop()) return;
    const state = await w.state();
    const side = ssj.sides.find((s) => promptOf(ssj, state.game, s));
    if (!side) throw new Error('no decision');
    const body = await w.svc.state(w.id, side);
    const out = await w.act(side, bots[side as 'allied' | 'japanese'].choose({ side, view: body.view, prompt: body.prompt as never }));
    if (!out.ok) throw new Error(out.error.message);
  }
  throw new Error('did not get there');
}

describe('Standing orders in the match service', () => {
  it('a step an order took is the side’s own: it takes it back under the undo rules, and its orders wait until it acts itself', async () => {
    const clock = { t: Date.UTC(2026, 11, 1) };
    const w = await World.create(ssj, {}, 'orders-undo', clock);
    // Ships sent home by order, then the transfers asked (VI.H): the last return is the side's to take back while it decides them.
    await w.svc.orders.set(w.id, 'allied', { ...bookOf('ssj')!.defaults('allied'), transfers: 'ask' });
    // Until an order's step may still be taken back (nothing learned since it).
    await playUntil(w, async () => (await w.svc.state(w.id, 'allied')).log.at(-1)?.data?.standingOrder === true && (await w.live()).tl.canUndo('allied'));
    const taken = (await w.svc.state(w.id, 'allied')).log.at(-1)!;
    expect(taken.text).toMatch(/^By your standing order: /);
    const decided = (await w.live()).tl.chain.filter((e) => e.side === 'allied').at(-1)!.before;
    expect((await w.undo('allied')).ok).toBe(true);
    await w.svc.orders.idle();
    // The decision is the person's again, and the orders did not take it again.
    const after = await w.svc.state(w.id, 'allied');
    expect(after.prompt).not.toBeNull();
    expect(after.prompt).toEqual(ssj.prompt(decided.game as never, 'allied'));
    const n = (await orderEntries(w, 'allied')).length;
    await w.svc.orders.idle();
    expect(await orderEntries(w, 'allied')).toHaveLength(n);
    // The hold outlives a restart: a cold service over the same store reads it from the rows (the side's last is the undo),
    // though the orders would decide this prompt.
    const cold = new MatchService(w.store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 1, idleMs: 60_000, logger: pino({ level: 'silent' }) });
    const coldLive = await cold.matches.load(w.id);
    const seat = coldLive.seats.allied!;
    expect(orderFor(ssj, coldLive.tl.state, 'allied', seat.orders!)).not.toBeNull();
    expect(cold.orders.decisionOf(coldLive, 'allied')).toBeNull();
    // The person acts: from then on the orders act again.
    const japaneseBefore = (await w.svc.state(w.id, 'allied')).seq;
    const action = (await w.svc.state(w.id, 'allied')).prompt!.actions[0];
    expect((await w.act('allied', action)).ok).toBe(true);
    await playUntil(w, async () => (await orderEntries(w, 'allied')).some((e) => e.seq > japaneseBefore + 1));
  });

  it('a match played with orders verifies from its file: the order entries are set aside from what the rules made, and nothing else', async () => {
    const clock = { t: Date.UTC(2026, 11, 1) };
    const w = await World.create(ssj, {}, 'orders-verify', clock);
    await w.svc.orders.set(w.id, 'japanese', defaults);
    await w.svc.orders.set(w.id, 'allied', bookOf('ssj')!.defaults('allied'));
    await playUntil(w, async () => (await orderEntries(w, 'japanese')).length >= 5 && (await orderEntries(w, 'allied')).length >= 5);
    const file = await new Archive(w.svc).exportMatch(w.id);
    expect(verifyFile(GAMES, file).problems).toEqual([]);
    // A forged entry (addressed to the other side, or public) is not an order's: the re-run reports it.
    const i = file.actions.findIndex((a) => a.log.some((e) => (e.data as { standingOrder?: boolean } | undefined)?.standingOrder));
    const forged = structuredClone(file);
    forged.actions[i]!.log.at(-1)!.to = 'public';
    expect(verifyFile(GAMES, forged).problems.join('\n')).toMatch(new RegExp(`seq ${file.actions[i]!.seq}: the logged entries differ`));
  });

  it('"your move" goes to a side only when its person is needed, never for a decision its orders take', async () => {
    const clock = { t: Date.UTC(2026, 11, 1) };
    const w = await World.create(ssj, {}, 'orders-notices', clock);
    await w.svc.orders.set(w.id, 'japanese', defaults);
    const live = await w.live();
    const seen: { side: string; needed: boolean }[] = [];
    // At each notice, whether its side had a decision its orders do not take (read from the state it was sent in).
    w.notices.push = (...ns) => {
      for (const n of ns) {
        const st = live.tl.state;
        seen.push({ side: n.side, needed: promptOf(ssj, st.game, n.side) !== null && w.svc.orders.decisionOf(live, n.side) === null });
      }
      return Array.prototype.push.apply(w.notices, ns);
    };
    await playUntil(w, async () => (await orderEntries(w, 'japanese')).length >= 20);
    const japanese = seen.filter((s) => s.side === 'japanese');
    expect(japanese.length).toBeGreaterThan(0);
    expect(japanese.every((s) => s.needed)).toBe(true);
  });

  it('orders are a seat’s: a rule its game has not is a 400 that changes nothing, the spectator has none', async () => {
    const clock = { t: Date.UTC(2026, 11, 1) };
    const w = await World.create(ssj, {}, 'orders-input', clock);
    await w.svc.orders.set(w.id, 'japanese', { engage: 'decline' });
    const bad = await w.svc.orders.set(w.id, 'japanese', { engage: 'sometimes' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);
    expect((bad as ApiError).code).toBe('invalid-orders');
    expect((bad as ApiError).message).not.toMatch(/undefined/);
    // Magic numbers are the Allies' to name (VI.C): the Japanese cannot order them.
    expect((await w.svc.orders.set(w.id, 'japanese', { magic: '1,3,5' })).orders).toEqual({});
    expect((await w.svc.orders.set(w.id, 'japanese', { engage: 'decline', battle: 'ask' })).orders).toEqual({ engage: 'decline' });
    const spect = await w.svc.orders.view(w.id, 'spectator').catch((e: unknown) => e);
    expect((spect as ApiError).status).toBe(403);
    expect((await w.svc.orders.view(w.id, 'allied')).orders).toEqual({});
  });
});

describe('Standing orders and the dice (docs/fairness.md)', () => {
  it('an order that wants the first die while a seat’s committed value is not revealed waits, not held, and takes its step once the value is revealed', async () => {
    const clock = { t: Date.UTC(2026, 11, 1) };
    const w = await World.create(ewr, {}, 'orders-dice', clock);
    // The Japanese page committed a value and closed before every seat was in: it has not revealed it.
    const value = 'a'.repeat(64);
    await w.store.update(w.id, { seats: { japanese: { commitment: commitmentOf(value), committedBy: 'seat' } } });
    w.svc.forget(w.id);
    // TFZ (the Allies) sight TFA by order at step 3: the match's first die (the sighting roll).
    await w.svc.orders.set(w.id, 'allied', { intercept: 'always', sightOrEnter: 'sight' });
    const bots = { allied: ewrBot('orders-dice/allied'), japanese: ewrBot('orders-dice/japanese') };
    for (let i = 0; i < 200; i++) {
      await w.svc.orders.idle();
      const st = await w.state();
      if ((st.game as { phase: string }).phase === '3') break;
      const side = ewr.sides.find((s) => promptOf(ewr, st.game, s))!;
      const body = await w.svc.state(w.id, side);
      expect((await w.act(side, bots[side as 'allied' | 'japanese'].choose({ side, view: body.view, prompt: body.prompt as never }))).ok).toBe(true);
    }
    await w.svc.orders.idle();
    // The order could not roll: the step waits for the dice, and the orders are not held.
    expect(((await w.state()).game as { phase: string }).phase).toBe('3');
    const live = await w.live();
    expect(w.svc.orders.decisionOf(live, 'allied')).not.toBeNull();
    // The Japanese page comes back and reveals: the order takes its step, by itself.
    await new Lobby(w.svc).reveal(w.id, 'japanese', value);
    await w.svc.orders.idle();
    expect(((await w.state()).game as { phase: string }).phase).not.toBe('3');
    expect((await orderEntries(w, 'allied')).at(-1)?.text).toMatch(/Sight TFA or enter its hex/);
  });
});
