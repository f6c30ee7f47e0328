/**
 * A restart of the server in the middle of a match loses no accepted action, and both
 * players continue: the sockets come back to a new server on the same database (or to a
 * second one running beside the first) with their `since`, and play on.
 */
import { testDatabase } from '../support/db';
import { startTestServer, api, ask, until, type RecordedSocket } from '../support/server';
import { newGroupDeploys, playUntil } from './drive';

const SIDES = ['allied', 'japanese'];
const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);

test('a server restarted in the middle of a private deployment loses no accepted action; both players reconnect and carry on, undo included', async () => {
  const db = await testDatabase();
  try {
    const first = await startTestServer({ databaseUrl: db.url });
    const m = await first.service.create('ssj', {});
    await playUntil(first.service, m.id, SIDES, ({ side, body }) => side === 'japanese' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'deploy'));
    const jp = await first.socket(m.seats.japanese!.token);
    const al = await first.socket(m.seats.allied!.token);
    const s0 = await until(() => states(jp)[0]);
    const alSeen = await until(() => states(al)[0]);
    const [d1, d2, d3] = newGroupDeploys(s0, 3);
    // Two steps acknowledged, and a third sent as the server is told to stop: it finishes (or is refused), never half-done.
    const base = await first.prisma.action.count({ where: { matchId: m.id } });
    const acked: number[] = [];
    acked.push((await ask(jp, 'action', { seq: s0.seq, action: d1 })).seq);
    acked.push((await ask(jp, 'action', { seq: s0.seq + 1, action: d2 })).seq);
    const third = ask(jp, 'action', { seq: s0.seq + 2, action: d3 });
    await new Promise((r) => setTimeout(r, 5));
    await first.close();
    const thirdAck = await Promise.race([third, new Promise((r) => setTimeout(() => r({ ok: false, error: { code: 'disconnected' } }), 500))]);
    const rowsAfter = await (async () => {
      const second = await startTestServer({ databaseUrl: db.url });
      try {
        const count = await second.prisma.action.count({ where: { matchId: m.id } });
        // Every acknowledged action is there (the third one too, when it was acknowledged); nothing half-done.
        expect(count).toBeGreaterThanOrEqual(base + 2 + ((thirdAck as any).ok ? 1 : 0));
        expect(count).toBeLessThanOrEqual(base + 3);
        const jpBack = await second.socket(m.seats.japanese!.token, { since: acked.at(-1) });
        const alBack = await second.socket(m.seats.allied!.token, { since: alSeen.seq });
        const jpNow = await until(() => states(jpBack)[0]);
        const alNow = await until(() => states(alBack)[0]);
        expect(jpNow.seq).toBe(s0.seq + (count - base));
        expect(alNow.seq).toBe(alSeen.seq); // the private steps stay hidden after a restart too
        expect(alNow.log).toEqual([]);
        // The Japanese player takes the last step back on the new server, then closes the deployment.
        const undo = await ask(jpBack, 'undo', { seq: jpNow.seq });
        expect(undo.ok).toBe(true);
        const done = await ask(jpBack, 'action', { seq: undo.seq, action: { type: 'done' } });
        expect(done.ok).toBe(true);
        // The Allies are told, and it is their move.
        const handed = await until(() => states(alBack).find((s) => s.prompt));
        expect(handed.seq).toBe(alSeen.seq + 1);
        expect(handed.log.map((e: any) => e.seq)).toEqual(expect.arrayContaining([alSeen.seq + 1]));
        // A second server beside this one, on the same database, serves the same match: the Allies act there.
        const beside = await startTestServer({ databaseUrl: db.url });
        try {
          const alt = await api(beside.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied!.token);
          expect(alt.body.seq).toBe(handed.seq);
          const move = (alt.body.prompt.actions as { type: string }[]).find((a) => a.type === 'done') ?? alt.body.prompt.actions[0];
          const r = await api(beside.url, 'POST', `/api/matches/${m.id}/actions`, { seq: alt.body.seq, action: move }, m.seats.allied!.token);
          expect(r.status).toBe(200);
          // And the first server, whose copy is now behind, accepts the next action at the seq the client knows.
          const jpState = await api(beside.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.japanese!.token);
          if (jpState.body.prompt) {
            const next = await api(second.url, 'POST', `/api/matches/${m.id}/actions`, { seq: jpState.body.seq, action: jpState.body.prompt.actions[0] }, m.seats.japanese!.token);
            expect(next.status).toBe(200);
          }
        } finally {
          await beside.close();
        }
        return second.prisma.action.count({ where: { matchId: m.id } });
      } finally {
        await second.close();
      }
    })();
    expect(rowsAfter).toBeGreaterThan(base + 3);
  } finally {
    await db.drop();
  }
});
