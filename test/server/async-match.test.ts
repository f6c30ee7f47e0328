/**
 * A full asynchronous match between two players who are never connected at the same
 * time: each opens the match only when told it is their move, by a signed webhook and
 * by an email read from a real SMTP server on loopback. No notice carries anything
 * hidden, and no log line carries a token or the running match's seed.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { GameModule } from '../../src/engine';
import { sign } from '../../src/matches/notify';
import { startTestServer, api, ask, until, type RecordedSocket, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { toy } from '../support/toy-game';

interface Hook {
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
}

let srv: TestServer;
let smtp: TestSmtp;
let hookServer: Server;
let hookUrl: string;
const hooks: Hook[] = [];
/** How many of the next webhook calls answer 503 (to prove the retries). */
let failNext = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  hookServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end();
        return;
      }
      hooks.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/hook`;
  srv = await startTestServer({ games: new Map([['toy', toy as GameModule]]), smtpPort: smtp.port, newSeed: () => 'async-match-seed-0001' });
});
afterAll(async () => {
  await srv.close();
  await smtp.close();
  await new Promise((r) => hookServer.close(r));
});

/** Opens a seat's socket, waits for its state, lets `play` act, then closes the socket. */
async function visit(token: string, play: (s: RecordedSocket, state: any) => Promise<void>): Promise<void> {
  const s = await srv.socket(token);
  const state = await until(() => s.got.find((g) => g.event === 'state')?.body);
  await play(s, state);
  s.disconnect();
}

test('two players who are never online together play a whole match, each move announced by a signed webhook and an email', async () => {
  const created = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  const { id } = created;
  const tokens = { a: created.seats.a.token as string, b: created.seats.b.token as string };
  // Each player claims a seat with a name and where to be told.
  const ca = await api(
    srv.url,
    'POST',
    `/api/matches/${id}/claim`,
    { name: 'Ann', notify: { webhook: `${hookUrl}?who=a`, email: 'ann@example.test', when: { webhook: 'always', email: 'always' } } },
    tokens.a,
  );
  expect(ca.status).toBe(200);
  expect(ca.body).toMatchObject({ side: 'a', name: 'Ann', status: 'waiting' });
  expect(ca.body.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
  const cb = await api(
    srv.url,
    'POST',
    `/api/matches/${id}/claim`,
    { name: 'Bob', notify: { webhook: `${hookUrl}?who=b`, email: 'bob@example.test', when: { webhook: 'always', email: 'always' } } },
    tokens.b,
  );
  expect(cb.body).toMatchObject({ side: 'b', status: 'active' });
  const secrets: Record<string, string> = { a: ca.body.webhookSecret, b: cb.body.webhookSecret };
  expect(secrets.a).not.toBe(secrets.b);
  // Both seats taken: the match starts, and A (who must hide a number first) is told.
  await srv.notifier.idle();
  expect(hooks.map((h) => [h.body.side, h.body.event])).toEqual([['a', 'your-move']]);

  failNext = 1; // the first delivery of the next notice fails: it is retried
  let connectedAtOnce = 0;
  let online = 0;
  for (let round = 1; round <= 5; round++) {
    // A's turn: A opens the match only because it was told to.
    const forA = hooks.filter((h) => h.body.side === 'a').length;
    online++;
    connectedAtOnce = Math.max(connectedAtOnce, online);
    await visit(tokens.a, async (s, state) => {
      expect(state.prompt.text).toBe('Hide a number');
      let ack = await ask(s, 'action', { seq: state.seq, action: { type: 'pick', n: (round % 6) + 1 } });
      expect(ack.ok).toBe(true);
      ack = await ask(s, 'action', { seq: ack.seq, action: { type: 'seal' } });
      expect(ack.ok).toBe(true);
    });
    online--;
    // B is told, by webhook and by email.
    await srv.notifier.idle();
    const toB = hooks.filter((h) => h.body.side === 'b');
    expect(toB.length).toBe(round);
    const notice = toB.at(-1)!;
    expect(notice.body).toMatchObject({ event: 'your-move', match: id, game: 'toy', side: 'b', link: `http://127.0.0.1/m/${id}` });
    await until(() => (smtp.mails.filter((m) => m.to.includes('bob@example.test')).length === round ? true : undefined));
    online++;
    connectedAtOnce = Math.max(connectedAtOnce, online);
    await visit(tokens.b, async (s, state) => {
      expect(state.seq).toBe(notice.body.seq); // the notice's seq is B's own
      const ack = await ask(s, 'action', { seq: state.seq, action: { type: 'guess' } });
      expect(ack.ok).toBe(true);
    });
    online--;
    await srv.notifier.idle();
    if (round < 5) expect(hooks.filter((h) => h.body.side === 'a').length).toBe(forA + 1);
  }
  expect(connectedAtOnce).toBe(1);

  // The end: both told, everything revealed, the dice verify.
  await srv.notifier.idle();
  expect(
    hooks
      .filter((h) => h.body.event === 'match-over')
      .map((h) => h.body.side)
      .sort(),
  ).toEqual(['a', 'b']);
  const end = await api(srv.url, 'GET', `/api/matches/${id}`, undefined, tokens.b);
  expect(end.body).toMatchObject({ status: 'finished', seed: 'async-match-seed-0001' });
  const v = await api(srv.url, 'GET', `/api/matches/${id}/verify`, undefined, tokens.a);
  expect(v.body).toMatchObject({ ok: true, rollsChecked: 5 });

  // Every webhook is signed with its seat's secret over the timestamp and the raw body.
  for (const h of hooks) {
    const side = h.body.side as string;
    expect(h.headers['x-ironbottom-signature']).toBe(sign(secrets[side]!, String(h.headers['x-ironbottom-timestamp']), h.raw));
    expect(h.headers['x-ironbottom-signature']).not.toBe(sign(secrets[side === 'a' ? 'b' : 'a']!, String(h.headers['x-ironbottom-timestamp']), h.raw));
  }
  expect(srv.notifier.stats.retried).toBeGreaterThanOrEqual(1);
  // Email: to the right player, naming the match, the side and its seq, with a link without a token.
  const bobMail = smtp.mails.find((m) => m.to.includes('bob@example.test'))!;
  expect(bobMail.subject).toMatch(new RegExp(`your move .*match ${id}`));
  expect(bobMail.text).toContain(`you play b`);
  expect(bobMail.text).toContain(`http://127.0.0.1/m/${id}`);

  // Nothing hidden in any notice: no number A hid, no token, no seed, no secret.
  const everything = JSON.stringify(hooks.map((h) => h.body)) + smtp.mails.map((m) => m.raw).join('\n');
  for (const t of [tokens.a, tokens.b, created.spectator.token, created.creator.token, secrets.a!, secrets.b!, 'async-match-seed-0001']) expect(everything).not.toContain(t);
  // As words: a random opt-out key may hold the letters "hid" (one did: …oHidXo…).
  expect(everything).not.toMatch(/\b(hid|hidden)\b/i);
  for (const h of hooks) expect(Object.keys(h.body).sort()).toEqual(expect.arrayContaining(['event', 'match', 'side', 'seq', 'link']));
  // Nor in the server's log lines: no token, and the seed (secret until the end) never.
  const logs = srv.logs.join('');
  for (const t of [tokens.a, tokens.b, created.spectator.token, created.creator.token, secrets.a!, secrets.b!, 'async-match-seed-0001']) expect(logs).not.toContain(t);
});
