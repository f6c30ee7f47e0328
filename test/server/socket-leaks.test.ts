/**
 * What a player's socket is sent and answered (issue #38, item 5): acknowledgements (with the
 * push in them), `sync`/`patch`, `resync`, the log after `since`, `chat:history`, and the
 * error replies to its own requests — a seq behind its own, a seq ahead of it, an action not
 * offered. Two servers in which side "a" of the toy game hides its number in one private step
 * or in four (three taken back by later picks) answer side "b" byte for byte the same.
 */
import type { GameModule } from '../../src/engine';
import { startTestServer, api, ask, until, type RecordedSocket } from '../support/server';
import { toy } from '../support/toy-game';

/** Everything b's socket got and was answered, in order, with the random parts (match id, a chain's epoch) named alike. */
async function world(picks: number): Promise<{ got: unknown[]; answers: { event: string; answer: { ok: boolean; error?: { code: string } } }[]; http: unknown }> {
  const srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]), now: () => Date.parse('2026-03-01T00:00:00Z'), newSeed: () => 'socket-leaks' });
  try {
    const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
    await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, {}, m.seats.a.token);
    const b: RecordedSocket = await srv.socket(m.seats.b.token, { patches: true, pushInAck: true });
    await until(() => b.got.find((g) => g.event === 'sync'));
    const answers: { event: string; answer: unknown }[] = [];
    const seqOfB = async () => (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.b.token)).body.seq as number;
    const asB = async (event: string, payload?: unknown) => answers.push({ event, answer: await ask(b, event, payload) });
    // Round 1, in the open for b: a hides and seals, b guesses.
    const aSeq = async () => (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.a.token)).body.seq as number;
    await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: await aSeq(), action: { type: 'pick', n: 1 } }, m.seats.a.token);
    await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: await aSeq(), action: { type: 'seal' } }, m.seats.a.token);
    await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: await seqOfB(), action: { type: 'guess' } }, m.seats.b.token);
    // Round 2: a hides its number behind the screen, in `picks` private steps (each pick replaces the last).
    let seq = await aSeq();
    for (let i = 0; i < picks; i++)
      seq = (await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq, action: { type: 'pick', n: 5 - picks + 1 + i } }, m.seats.a.token)).body.seq;
    const own = await seqOfB();
    await asB('action', { seq: own - 1, action: { type: 'guess' } }); // behind
    await asB('action', { seq: own + 1, action: { type: 'guess' } }); // ahead
    await asB('action', { seq: own, action: { type: 'guess' } }); // not offered yet
    await asB('undo', { seq: own });
    await asB('resync', { since: -1 });
    await asB('resync', { since: own });
    await asB('chat:history', {});
    // a seals (public): b is pushed, then guesses (its push comes in the acknowledgement).
    await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq, action: { type: 'seal' } }, m.seats.a.token);
    await until(() => (b.got.filter((g) => g.event === 'patch').length > 0 ? true : undefined));
    await asB('action', { seq: await seqOfB(), action: { type: 'guess' } });
    const http = await api(srv.url, 'GET', `/api/matches/${m.id}?since=${own}`, undefined, m.seats.b.token);
    const text = JSON.stringify({ got: b.got, answers, http: http.body }).split(m.id).join('match');
    // A chain's epoch is random per process: keep its count only.
    return JSON.parse(text.replace(/"[A-Za-z0-9_-]{8}\.(\d+)"/g, '"$1"'));
  } finally {
    await srv.close();
  }
}

test('a socket’s acknowledgements, resync, sync and patches, its log after `since` and its error replies count none of the other side’s private steps', async () => {
  const one = await world(1);
  const four = await world(4);
  expect(four).toEqual(one);
  // The replies were what they say (the comparison compared something): refused, refused, refused, refused, then answered.
  expect(one.answers.slice(0, 4).map((a) => a.answer.error?.code)).toEqual(['stale-seq', 'stale-seq', 'not-your-turn', 'cannot-undo']);
});
