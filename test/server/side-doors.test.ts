/**
 * Ways around the fog outside the rules, closed:
 * - a seq ahead of what the sender knows is answered with the same constant work however
 *   many hidden steps the other side took (it used to reload and replay them, so the
 *   answer's time counted them);
 * - a seat is re-issued only while no decision of its player is known to be in it (the new
 *   holder would see that side's view): the creator, often the other player, cannot re-issue
 *   a taken seat to read it; an overdue seat whose side never acted publicly can be handed to
 *   someone else, and the answer never depends on the side's private steps;
 * - a deadline is at least a minute, and the deadline shown is the one enforced.
 */
import type { GameModule } from '../../src/engine';
import { startTestServer, api, type TestServer } from '../support/server';
import { toy } from '../support/toy-game';

let clock = Date.parse('2026-03-01T00:00:00Z');
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]), now: () => clock });
});
afterAll(async () => {
  await srv.close();
});

const MIN = 60_000;

async function newMatch(extra: Record<string, unknown> = {}) {
  return (await api(srv.url, 'POST', '/api/matches', { game: 'toy', ...extra })).body;
}

/** Counts the store's reads of rows and snapshots while `work` runs. */
async function storeReads(work: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  const store = srv.store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const originals = { readRows: store.readRows!, snapshotAtOrBefore: store.snapshotAtOrBefore! };
  for (const [name, fn] of Object.entries(originals)) {
    store[name] = (...args: unknown[]) => {
      reads++;
      return fn.apply(srv.store, args);
    };
  }
  try {
    await work();
  } finally {
    Object.assign(store, originals);
  }
  return reads;
}

test('a seq one ahead is refused with the same work whatever the number of hidden steps: nothing is re-read or replayed', async () => {
  for (const hidden of [0, 1, 12]) {
    const m = await newMatch();
    const a = m.seats.a.token;
    const b = m.seats.b.token;
    for (let i = 0; i < hidden; i++) {
      const s = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, a)).body;
      expect((await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: s.seq, action: { type: 'pick', n: 1 + (i % 6) } }, a)).status).toBe(200);
    }
    const seen = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, b)).body;
    expect(seen.seq).toBe(0); // the picks are private
    let answer: any;
    const reads = await storeReads(async () => {
      answer = await api(srv.url, 'POST', `/api/matches/${m.id}/undo`, { seq: seen.seq + 1 }, b);
    });
    expect({ hidden, status: answer.status, code: answer.body.error.code, reads }).toEqual({ hidden, status: 409, code: 'stale-seq', reads: 0 });
    // The state sent back is B's own, as a GET gives it.
    expect(answer.body.state).toEqual(seen);
  }
});

test('the creator cannot re-issue a taken seat, nor one whose side has acted publicly; a free seat, and an overdue seat that never acted publicly, can be', async () => {
  const m = await newMatch({ deadlineMinutes: 1 });
  const creator = m.creator.token;
  const reissue = (side: string) => api(srv.url, 'POST', `/api/matches/${m.id}/seats/${side}/reissue`, {}, creator);

  // A seat nobody has taken: a new link, the old one stops working.
  const fresh = await reissue('b');
  expect(fresh.status).toBe(200);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.b.token)).status).toBe(403);
  const b = fresh.body.token;

  // Side a takes its seat and hides a number (a decision of its own, behind the screen).
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { name: 'A' }, m.seats.a.token)).status).toBe(200);
  const taken = await reissue('a');
  expect(taken.status).toBe(409);
  expect(taken.body.error.code).toBe('seat-taken');
  const picked1 = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: 0, action: { type: 'pick', n: 4 } }, m.seats.a.token);
  // A private step is nobody else's to know: the answer stays the one for a taken seat.
  expect((await reissue('a')).body.error.code).toBe('seat-taken');
  await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: picked1.body.seq, action: { type: 'seal' } }, m.seats.a.token);
  // Once a has acted publicly, even once it leaves (or is overdue), its seat holds its decisions: never re-issued.
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/leave`, {}, m.seats.a.token)).status).toBe(200);
  const played = await reissue('a');
  expect(played.status).toBe(409);
  expect(played.body.error.code).toBe('seat-played');
  expect(played.body.error.message).toMatch(/forfeit|abandon/);

  // b takes its seat and never acts; overdue, it can be handed to someone else.
  const m2 = await newMatch({ deadlineMinutes: 1 });
  await api(srv.url, 'POST', `/api/matches/${m2.id}/claim`, { name: 'A' }, m2.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m2.id}/claim`, { name: 'B' }, m2.seats.b.token);
  const s = (await api(srv.url, 'GET', `/api/matches/${m2.id}`, undefined, m2.seats.a.token)).body;
  const picked = await api(srv.url, 'POST', `/api/matches/${m2.id}/actions`, { seq: s.seq, action: { type: 'pick', n: 2 } }, m2.seats.a.token);
  expect((await api(srv.url, 'POST', `/api/matches/${m2.id}/actions`, { seq: picked.body.seq, action: { type: 'seal' } }, m2.seats.a.token)).status).toBe(200);
  expect((await api(srv.url, 'POST', `/api/matches/${m2.id}/seats/b/reissue`, {}, m2.creator.token)).body.error.code).toBe('seat-taken');
  clock += 2 * MIN;
  await srv.deadlines.tick();
  expect((await api(srv.url, 'GET', `/api/matches/${m2.id}`, undefined, m2.seats.a.token)).body.deadline.overdue).toEqual(['b']);
  const handed = await api(srv.url, 'POST', `/api/matches/${m2.id}/seats/b/reissue`, {}, m2.creator.token);
  expect(handed.status).toBe(200);
  // The new holder plays b; the first link no longer opens the match.
  expect((await api(srv.url, 'GET', `/api/matches/${m2.id}`, undefined, handed.body.token)).body.you).toBe('b');
  expect((await api(srv.url, 'GET', `/api/matches/${m2.id}`, undefined, m2.seats.b.token)).status).toBe(403);
  expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, b)).body.you).toBe('b');
});

test('a deadline under a minute is refused, and the deadline shown is the one enforced', async () => {
  for (const minutes of [1e-9, 0.01, 0.99, 0]) {
    const r = await api(srv.url, 'POST', '/api/matches', { game: 'toy', deadlineMinutes: minutes });
    expect({ minutes, status: r.status }).toEqual({ minutes, status: 400 });
  }
  const m = await newMatch();
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: 1e-9 }, m.creator.token)).status).toBe(400);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/deadline`, { minutes: 1.5 }, m.creator.token)).body).toEqual({ moveDeadlineMs: 90_000 });
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.a.token);
  await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.b.token);
  const a = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token)).body;
  // Shown: 90 s per decision, due 90 s from now.
  expect(a.deadline.moveMs).toBe(90_000);
  expect(Date.parse(a.deadline.due.a) - clock).toBe(90_000);
  // Enforced: not overdue a moment before, overdue at the time shown.
  clock += 89_000;
  expect((await srv.deadlines.tick()).overdue).toBe(0);
  clock += 1_000;
  expect((await srv.deadlines.tick()).overdue).toBe(1);
});
