/**
 * Undo within a turn: a side takes back its own last decisions while nothing new has been
 * learned. The actions table stays append-only (an undo is a row of its own), an undo of a
 * private step stays private, and each cut-off is proved: a die roll, the decision passing
 * to the other side, and an action by the other side.
 */
import pino from 'pino';
import { z } from 'zod';
import type { GameModule } from '../../src/engine';
import { GAMES } from '../../src/games';
import { MatchService } from '../../src/matches/service';
import { startTestServer, api, ask, until, type RecordedSocket, type TestServer } from '../support/server';
import { newGroupDeploys, playUntil } from '../server/drive';

/** Two sides that may both act at any time: `mark` (public), `hide` (a private step), `end`. */
interface Duo {
  marks: Record<string, number[]>;
  hidden: Record<string, number[]>;
  over: boolean;
}
const DuoAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('mark'), n: z.number().int().min(1).max(3) }),
  z.strictObject({ type: z.literal('hide'), n: z.number().int().min(1).max(3) }),
  z.strictObject({ type: z.literal('end') }),
  // A piece turned face up for all to see (no die, no hand-over), or for its owner only.
  z.strictObject({ type: z.literal('flip') }),
  z.strictObject({ type: z.literal('peek') }),
]);
type DuoAction = z.infer<typeof DuoAction>;
const duo: GameModule<Duo, DuoAction, Record<string, never>> = {
  id: 'duo',
  name: 'Duo',
  sides: ['x', 'y'],
  action: DuoAction,
  options: z.strictObject({}),
  setup: () => ({ state: { marks: { x: [], y: [] }, hidden: { x: [], y: [] }, over: false }, log: [] }),
  prompt: (s) =>
    s.over
      ? null
      : {
          text: 'Mark, hide, flip, peek or end',
          actions: [
            ...[1, 2, 3].flatMap((n) => [
              { type: 'mark' as const, n },
              { type: 'hide' as const, n },
            ]),
            { type: 'flip' },
            { type: 'peek' },
            { type: 'end' },
          ] as DuoAction[],
        },
  apply(s, side, a) {
    if (a.type === 'mark') {
      s.marks[side]!.push(a.n);
      return { state: s, log: [{ to: 'public', text: `${side} marks ${a.n}` }] };
    }
    if (a.type === 'hide') {
      s.hidden[side]!.push(a.n);
      return { state: s, log: [{ to: [side], text: `you hide ${a.n}` }], private: true };
    }
    if (a.type === 'flip') return { state: s, log: [{ to: 'public', text: `${side} turns a piece face up` }], reveals: true };
    if (a.type === 'peek') return { state: s, log: [{ to: [side], text: 'you look at a piece' }], private: true, reveals: true };
    s.over = true;
    return { state: s, log: [{ to: 'public', text: 'over' }] };
  },
  view: (s, viewer) => ({ marks: s.marks, ...(viewer === 'x' || viewer === 'y' ? { hidden: s.hidden[viewer] } : viewer === 'referee' ? { hidden: s.hidden } : {}) }),
  result: (s) => (s.over ? { winner: null, text: 'over' } : null),
  publicData: () => ({}),
};

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ games: new Map([...GAMES, ['duo', duo as GameModule]]) });
});
afterAll(async () => {
  await srv.close();
});

const states = (s: RecordedSocket) => s.got.filter((g) => g.event === 'state').map((g) => g.body);
const SIDES = ['allied', 'japanese'];

/** A Sky, Sea, and JUNGLE match driven (plainly) to the Japanese deployment behind the screen. */
async function atJapaneseDeployment() {
  const m = await srv.service.create('ssj', {});
  await playUntil(srv.service, m.id, SIDES, ({ side, body }) => side === 'japanese' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'deploy'));
  return m;
}

test('undo takes back private deployment steps one by one, privately: the Allied and spectator sockets hear nothing and their seq does not move', async () => {
  const m = await atJapaneseDeployment();
  const jp = await srv.socket(m.seats.japanese!.token);
  const al = await srv.socket(m.seats.allied!.token);
  const sp = await srv.socket(m.spectator.token);
  const jp0 = await until(() => states(jp)[0]);
  await until(() => states(al)[0]);
  await until(() => states(sp)[0]);
  const alSeq = states(al)[0].seq;
  const realBefore = await srv.prisma.action.count({ where: { matchId: m.id } });
  const [d1, d2] = newGroupDeploys(jp0, 2);
  expect(jp0.canUndo).toBe(false);

  expect(await ask(jp, 'action', { seq: jp0.seq, action: d1 })).toEqual({ ok: true, seq: jp0.seq + 1 });
  const after1 = await until(() => states(jp).find((s) => s.seq === jp0.seq + 1));
  expect(after1.canUndo).toBe(true);
  expect(await ask(jp, 'action', { seq: jp0.seq + 1, action: d2 })).toEqual({ ok: true, seq: jp0.seq + 2 });

  // Take back the second step: the state is the one after the first.
  expect(await ask(jp, 'undo', { seq: jp0.seq + 2 })).toEqual({ ok: true, seq: jp0.seq + 3 });
  const undone1 = await until(() => states(jp).find((s) => s.seq === jp0.seq + 3));
  expect(undone1.view).toEqual(after1.view);
  expect(undone1.prompt).toEqual(after1.prompt);
  expect(undone1.log.map((e: any) => e.text)).toEqual(['You took back your last step.']);
  // And the first: the state before the deployment began.
  expect(await ask(jp, 'undo', { seq: jp0.seq + 3 })).toEqual({ ok: true, seq: jp0.seq + 4 });
  const undone2 = await until(() => states(jp).find((s) => s.seq === jp0.seq + 4));
  expect(undone2.view).toEqual(jp0.view);
  expect(undone2.canUndo).toBe(false);
  // Nothing older may be taken back: the Allies' last decision handed the turn over.
  const refused = await ask(jp, 'undo', { seq: jp0.seq + 4 });
  expect(refused).toMatchObject({ ok: false, error: { code: 'cannot-undo' } });

  // The other audiences heard nothing of the steps nor of their undoing.
  await new Promise((r) => setTimeout(r, 100));
  expect(states(al)).toHaveLength(1);
  expect(states(sp)).toHaveLength(1);
  const alNow = await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.seats.allied!.token);
  expect(alNow.body.seq).toBe(alSeq);
  expect(JSON.stringify(alNow.body.log)).not.toMatch(/took back/);
  // Append-only: four rows more, none rewritten; the undos are private rows naming the step they take back.
  const rows = await srv.prisma.action.findMany({ where: { matchId: m.id, seq: { gt: realBefore } }, orderBy: { seq: 'asc' } });
  expect(rows.map((r) => [r.kind, r.private])).toEqual([
    ['action', true],
    ['action', true],
    ['undo', true],
    ['undo', true],
  ]);
  expect(rows[2]!.payload).toEqual({ seq: realBefore + 2 });
  expect(rows[3]!.payload).toEqual({ seq: realBefore + 1 });
  expect(rows[0]!.payload).toEqual(d1);
});

test('undo is refused once the decision passed to the other side (the Japanese closed their deployment)', async () => {
  const m = await atJapaneseDeployment();
  const token = m.seats.japanese!.token;
  const s0 = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, token)).body;
  const [d1] = newGroupDeploys(s0, 1);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: s0.seq, action: d1 }, token)).status).toBe(200);
  const closed = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: s0.seq + 1, action: { type: 'done' } }, token);
  expect(closed.status).toBe(200);
  expect(closed.body.canUndo).toBe(false);
  const r = await api(srv.url, 'POST', `/api/matches/${m.id}/undo`, { seq: closed.body.seq }, token);
  expect(r.status).toBe(422);
  expect(r.body.error.code).toBe('cannot-undo');
  expect(r.body.error.message).toMatch(/nothing of yours to take back/);
  const last = await srv.prisma.action.findFirstOrThrow({ where: { matchId: m.id }, orderBy: { seq: 'desc' } });
  expect(last).toMatchObject({ kind: 'action', reveals: true, payload: { type: 'done' } });
});

test('undo is refused once a die was rolled (the Allied Magic roll)', async () => {
  const m = await srv.service.create('ssj', {});
  await playUntil(srv.service, m.id, SIDES, ({ side, body }) => side === 'allied' && (body.prompt!.actions as { type: string }[]).some((a) => a.type === 'magic'));
  const token = m.seats.allied!.token;
  const s0 = (await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, token)).body;
  const magic = (s0.prompt.actions as { type: string }[]).find((a) => a.type === 'magic');
  const rolled = await api(srv.url, 'POST', `/api/matches/${m.id}/actions`, { seq: s0.seq, action: magic }, token);
  expect(rolled.status).toBe(200);
  const row = await srv.prisma.action.findFirstOrThrow({ where: { matchId: m.id }, orderBy: { seq: 'desc' } });
  expect((row.rolls as unknown[]).length).toBeGreaterThan(0);
  expect(row.reveals).toBe(true);
  const r = await api(srv.url, 'POST', `/api/matches/${m.id}/undo`, { seq: rolled.body.seq }, token);
  expect(r.status).toBe(422);
  expect(r.body.error.code).toBe('cannot-undo');
  expect(await srv.prisma.action.count({ where: { matchId: m.id } })).toBe(row.seq);
});

test("an action by the other side is a cut-off; the other side's private steps are not, and they stand after the undo", async () => {
  const m = await srv.service.create('duo', {});
  const x = (seq: number, a: unknown) => srv.service.submit(m.id, 'x', seq, a);
  const y = (seq: number, a: unknown) => srv.service.submit(m.id, 'y', seq, a);
  await x(0, { type: 'mark', n: 1 });
  await y(1, { type: 'mark', n: 2 });
  // X's mark was followed by Y's public move: X has learned something since.
  await expect(srv.service.undo(m.id, 'x', 2)).rejects.toMatchObject({ status: 422, code: 'cannot-undo' });
  const yUndone = await srv.service.undo(m.id, 'y', 2);
  expect(yUndone.view).toMatchObject({ marks: { x: [1], y: [] } });
  // Y hides (private), then X hides (private): Y may still take its step back, and X's stays.
  const yHid = await y(3, { type: 'hide', n: 3 });
  const xSeq = (await srv.service.state(m.id, 'x')).seq;
  expect(xSeq).toBe(3); // X knows its mark, Y's mark and Y's public undo; not Y's private step
  await x(xSeq, { type: 'hide', n: 1 });
  const yBack = await srv.service.undo(m.id, 'y', yHid.seq);
  expect(yBack.view).toMatchObject({ hidden: [] });
  const xView = await srv.service.state(m.id, 'x');
  expect(xView.view).toMatchObject({ hidden: [1] });
  expect(xView.seq).toBe(xSeq + 1);
  expect(xView.canUndo).toBe(true);
  const xBack = await srv.service.undo(m.id, 'x', xView.seq);
  expect(xBack.view).toMatchObject({ hidden: [] });
  // The referee's eye agrees.
  expect((await srv.service.state(m.id, 'referee')).view).toMatchObject({ marks: { x: [1], y: [] }, hidden: { x: [], y: [] } });
});

test("undo is refused once a piece was revealed (no die, no hand-over); a piece revealed to one side only locks that side's steps only", async () => {
  const m = await srv.service.create('duo', {});
  await srv.service.submit(m.id, 'x', 0, { type: 'mark', n: 1 });
  const flipped = await srv.service.submit(m.id, 'x', 1, { type: 'flip' });
  expect(flipped.canUndo).toBe(false);
  await expect(srv.service.undo(m.id, 'x', 2)).rejects.toMatchObject({ status: 422, code: 'cannot-undo' });
  // Private: X hides, Y hides, X peeks (learns something only X knows).
  await srv.service.submit(m.id, 'x', 2, { type: 'hide', n: 2 });
  const yHid = await srv.service.submit(m.id, 'y', 2, { type: 'hide', n: 3 });
  const peeked = await srv.service.submit(m.id, 'x', 3, { type: 'peek' });
  expect(peeked.canUndo).toBe(false);
  await expect(srv.service.undo(m.id, 'x', 4)).rejects.toMatchObject({ status: 422, code: 'cannot-undo' });
  // Y knows nothing of X's peek, and its own step may still be taken back; X's steps stand.
  const yState = await srv.service.state(m.id, 'y');
  expect(yState.seq).toBe(yHid.seq);
  expect(yState.canUndo).toBe(true);
  expect((await srv.service.undo(m.id, 'y', yHid.seq)).view).toMatchObject({ hidden: [] });
  expect((await srv.service.state(m.id, 'referee')).view).toMatchObject({ hidden: { x: [2], y: [] } });
  const rows = await srv.prisma.action.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' }, select: { kind: true, reveals: true, private: true } });
  expect(rows.map((r) => [r.kind, r.reveals, r.private])).toEqual([
    ['action', false, false],
    ['action', true, false],
    ['action', false, true],
    ['action', false, true],
    ['action', true, true],
    ['undo', false, true],
  ]);
});

test('the chain of decisions that may be taken back survives a restart: a cold service undoes the same way', async () => {
  const m = await atJapaneseDeployment();
  const s0 = await srv.service.state(m.id, 'japanese');
  const [d1, d2] = newGroupDeploys(s0, 2);
  const after1 = await srv.service.submit(m.id, 'japanese', s0.seq, d1);
  await srv.service.submit(m.id, 'japanese', s0.seq + 1, d2);
  const cold = new MatchService(srv.store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 1, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  expect((await cold.state(m.id, 'japanese')).canUndo).toBe(true);
  const undone = await cold.undo(m.id, 'japanese', s0.seq + 2);
  expect(undone.view).toEqual(after1.view);
  // A colder one still, after the undo row (and with a snapshot at every row), sees the same.
  const colder = new MatchService(srv.store, { games: GAMES, publicUrl: 'http://x', snapshotEvery: 1, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  expect((await colder.state(m.id, 'japanese')).view).toEqual(after1.view);
  const back = await colder.undo(m.id, 'japanese', s0.seq + 3);
  expect(back.view).toEqual(s0.view);
});

test('a finished match with undos in it verifies: the re-run takes the same steps back', async () => {
  const m = await atJapaneseDeployment();
  const s0 = await srv.service.state(m.id, 'japanese');
  const [d1, d2] = newGroupDeploys(s0, 2);
  await srv.service.submit(m.id, 'japanese', s0.seq, d1);
  await srv.service.undo(m.id, 'japanese', s0.seq + 1);
  await srv.service.submit(m.id, 'japanese', s0.seq + 2, d2);
  await srv.service.submit(m.id, 'japanese', s0.seq + 3, { type: 'done' });
  const ended = await srv.service.end(m.id, 'allied', 'resign');
  expect(ended).toMatchObject({ status: 'finished', result: { winner: 'japanese' } });
  const v = await api(srv.url, 'GET', `/api/matches/${m.id}/verify`, undefined, m.spectator.token);
  expect(v.status).toBe(200);
  expect(v.body).toMatchObject({ ok: true, problems: [] });
  expect(v.body.actions).toBe(ended.seq);
});

test('a cold load whose snapshot falls between a step and its undo reads the rows again from an earlier snapshot, payloads and all', async () => {
  // Snapshots every 3 rows: x marks 1, 2, 3 (snapshot at 3), takes the 3 back (row 4), then y turns a piece face up
  // (row 5, public: the last cut-off). A cold load starts from the snapshot at or before that cut-off, row 3, whose
  // rows it reads without payloads; the undo at row 4 reaches row 3, which that snapshot already holds, so the load
  // must go back to the creation's snapshot and read rows 1-3 again with their payloads to replay them.
  const games = new Map([...GAMES, ['duo', duo as GameModule]]);
  const service = (snapshotEvery: number) => new MatchService(srv.store, { games, publicUrl: 'http://x', snapshotEvery, idleMs: 60_000, logger: pino({ level: 'silent' }) });
  const writer = service(3);
  const m = await writer.create('duo', {});
  for (const n of [1, 2, 3]) await writer.submit(m.id, 'x', n - 1, { type: 'mark', n });
  await writer.undo(m.id, 'x', 3);
  const flipped = await writer.submit(m.id, 'y', 4, { type: 'flip' });
  expect(flipped.seq).toBe(5);
  const snaps = await srv.prisma.snapshot.findMany({ where: { matchId: m.id }, orderBy: { seq: 'asc' }, select: { seq: true } });
  expect(snaps.map((s) => s.seq)).toEqual([0, 3]);
  const warm = await writer.state(m.id, 'referee');
  expect(warm.view).toMatchObject({ marks: { x: [1, 2], y: [] } });

  const cold = service(3);
  const loaded = await cold.state(m.id, 'referee');
  expect(loaded.seq).toBe(5);
  expect(loaded.view).toEqual(warm.view);
  // The copy so loaded plays on: x's next mark lands on the marks as the rules left them.
  const next = await cold.submit(m.id, 'x', 5, { type: 'mark', n: 3 });
  expect(next.seq).toBe(6);
  expect((await cold.state(m.id, 'referee')).view).toMatchObject({ marks: { x: [1, 2, 3], y: [] } });
});
