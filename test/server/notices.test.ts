/**
 * Notices where players are (issue 15): Discord's and Slack's own formats through the
 * durable job queue, "when away" (a seat with a socket open gets no notice; once it
 * leaves, it does; "never" gets none), email with List-Unsubscribe and a working opt-out
 * link, and the spectator link re-issued, turned off and counted.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { GameModule } from '../../src/engine';
import { startTestServer, api, ask, until, type TestServer } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { toy } from '../support/toy-game';

interface Hook {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

const games = new Map([['toy', toy as GameModule]]);
let hookServer: Server;
let port: number;
const hooks: Hook[] = [];

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  port = (hookServer.address() as { port: number }).port;
});
afterAll(() => new Promise((r) => hookServer.close(r)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hooksAt = (part: string) => hooks.filter((h) => h.path.includes(part));

/** `side` plays `action` over HTTP at the seq it knows. */
async function act(srv: TestServer, id: string, token: string, action: unknown) {
  const st = await api(srv.url, 'GET', `/api/matches/${id}`, undefined, token);
  const r = await api(srv.url, 'POST', `/api/matches/${id}/actions`, { seq: st.body.seq, action }, token);
  expect(r.status).toBe(200);
}

/** A toy match with both seats claimed with these notices (b claims last: a gets "your move"). */
async function match(srv: TestServer, notifyA: unknown, notifyB: unknown) {
  const m = (await api(srv.url, 'POST', '/api/matches', { game: 'toy' })).body;
  const a = m.seats.a.token as string;
  const b = m.seats.b.token as string;
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { notify: notifyA }, a)).status).toBe(200);
  expect((await api(srv.url, 'POST', `/api/matches/${m.id}/claim`, { notify: notifyB }, b)).status).toBe(200);
  return { id: m.id as string, a, b, spectator: m.spectator.token as string, creator: m.creator.token as string };
}

describe('Discord and Slack, through the durable job queue', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({
      games,
      jobs: true,
      webhookHosts: { discord: ['discord.test'], slack: ['hooks.slack.test'] },
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
  });
  afterAll(() => srv.close());

  test('a Discord webhook gets { content, embeds } and a Slack webhook { text, blocks }: the match, the game, whose move, the link without a token', async () => {
    const m = await match(srv, { webhook: `http://discord.test:${port}/api/webhooks/123/abc` }, { webhook: `http://hooks.slack.test:${port}/services/T1/B1/xyz` });
    const discord = await until(() => hooksAt('/api/webhooks/123/abc')[0], 15_000);
    expect(discord.body).toEqual({
      content: expect.stringContaining('Your move, a'),
      embeds: [expect.objectContaining({ title: expect.stringContaining(m.id), url: `http://127.0.0.1/m/${m.id}` })],
      allowed_mentions: { parse: [] },
    });
    expect(discord.body.content).toContain('Toy');
    expect(discord.headers['idempotency-key']).toBe(`${m.id}:a:your-move:0:webhook`);
    expect(discord.headers['x-ironbottom-signature']).toBeUndefined();

    await act(srv, m.id, m.a, { type: 'pick', n: 4 });
    await act(srv, m.id, m.a, { type: 'seal' });
    const slack = await until(() => hooksAt('/services/T1/B1/xyz')[0], 15_000);
    expect(slack.body).toEqual({ text: expect.stringContaining('Your move, b'), blocks: expect.any(Array) });
    expect(slack.body.text).toContain(`http://127.0.0.1/m/${m.id}`);
    expect(slack.body.blocks.map((b: any) => b.type)).toEqual(['section', 'section', 'actions']);
    expect(slack.headers['idempotency-key']).toMatch(new RegExp(`^${m.id}:b:your-move:\\d+:webhook$`));
    // Nothing hidden, no token: not the number a hid, not a seat's token.
    for (const h of [discord, slack]) {
      const text = JSON.stringify(h.body);
      expect(text).not.toContain('#t=');
      for (const t of [m.a, m.b, m.spectator, m.creator]) expect(text).not.toContain(t);
      expect(text).not.toMatch(/hid|hidden/i);
    }
    // Once each, however the job queue ran.
    await sleep(1500);
    expect(hooksAt('/api/webhooks/123/abc')).toHaveLength(1);
    expect(hooksAt('/services/T1/B1/xyz')).toHaveLength(1);
  }, 30_000);
});

describe('notify when away', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ games, awayGraceMs: 300 });
  });
  afterAll(() => srv.close());

  test('a seat with a socket open gets no notice; once it has left it does; "never" gets none; "always" gets one while connected', async () => {
    const m = await match(srv, { webhook: `http://127.0.0.1:${port}/away?who=a` }, { webhook: `http://127.0.0.1:${port}/away?who=b` });
    await until(() => hooksAt(`/away?who=a`)[0]); // a is not connected: its "your move" goes out
    const sb = await srv.socket(m.b);
    await until(() => sb.got.find((g) => g.event === 'state'));
    await act(srv, m.id, m.a, { type: 'pick', n: 2 });
    await act(srv, m.id, m.a, { type: 'seal' });
    await sleep(800);
    await srv.notifier.idle();
    expect(hooksAt('/away?who=b')).toHaveLength(0);
    expect(srv.notifier.skipped).toBe(1);

    // b plays on its socket, then leaves; its next "your move" is sent.
    const state = await until(() => sb.got.filter((g) => g.event === 'state').at(-1)?.body);
    expect((await ask(sb, 'action', { seq: state.seq, action: { type: 'guess' } })).ok).toBe(true);
    sb.disconnect();
    await sleep(100);
    await act(srv, m.id, m.a, { type: 'pick', n: 3 });
    await act(srv, m.id, m.a, { type: 'seal' });
    const toB = await until(() => hooksAt('/away?who=b')[0]);
    expect(toB.body).toMatchObject({ event: 'your-move', side: 'b', match: m.id });

    // "never": no notice at all.
    const set = await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { webhook: 'never' }, m.b);
    expect(set).toMatchObject({ status: 200, body: { webhook: `http://127.0.0.1:${port}/away?who=b`, when: { webhook: 'never', email: 'away' } } });
    await act(srv, m.id, m.b, { type: 'guess' });
    await act(srv, m.id, m.a, { type: 'pick', n: 1 });
    await act(srv, m.id, m.a, { type: 'seal' });
    await sleep(600);
    await srv.notifier.idle();
    expect(hooksAt('/away?who=b')).toHaveLength(1);

    // "always": sent even while connected.
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { webhook: 'always' }, m.b)).status).toBe(200);
    const sb2 = await srv.socket(m.b);
    await until(() => sb2.got.find((g) => g.event === 'state'));
    await act(srv, m.id, m.b, { type: 'guess' });
    await act(srv, m.id, m.a, { type: 'pick', n: 5 });
    await act(srv, m.id, m.a, { type: 'seal' });
    await until(() => (hooksAt('/away?who=b').length === 2 ? true : undefined));
    sb2.disconnect();

    // The settings route: a spectator has none (403), a bad mode is refused (400), and neither changes anything.
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { webhook: 'sometimes' }, m.b)).status).toBe(400);
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/notify`, { webhook: 'never' }, m.spectator)).status).toBe(403);
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.b)).body.when).toEqual({ webhook: 'always', email: 'away', push: 'away' });
  }, 30_000);
});

describe('email', () => {
  let srv: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startTestServer({ games, smtpPort: smtp.port });
  });
  afterAll(async () => {
    await srv.close();
    await smtp.close();
  });

  test('an email carries List-Unsubscribe (one-click) and an opt-out link that turns email notices off', async () => {
    const m = await match(srv, { email: 'ann@example.test', when: { email: 'always' } }, null);
    const mail = await until(() => smtp.mails.find((x) => x.to.includes('ann@example.test')));
    const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(head)?.[1];
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1/api/matches/${m.id}/opt-out/a/[A-Za-z0-9_-]{32}$`));
    expect(head).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click$/im);
    expect(mail.text).toContain(link!);
    expect(mail.text).not.toContain(m.a);
    const path = new URL(link!).pathname;

    // A wrong key opens nothing and changes nothing.
    expect(
      (await api(srv.url, 'POST', path.replace(/\/[^/]+$/, '/' + 'x'.repeat(32)), 'List-Unsubscribe=One-Click', undefined, { 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(404);
    // The link shows a button (following it turns nothing off); the one-click POST turns email off.
    const page = await api(srv.url, 'GET', path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<form method="post"');
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.a)).body.when.email).toBe('always');
    const off = await api(srv.url, 'POST', path, 'List-Unsubscribe=One-Click', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(off).toMatchObject({ status: 200, body: { email: 'never' } });
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}/notify`, undefined, m.a)).body).toEqual({
      email: 'ann@example.test',
      when: { webhook: 'away', email: 'never', push: 'away' },
    });

    // The next event sends no email.
    const before = smtp.mails.length;
    await act(srv, m.id, m.a, { type: 'pick', n: 2 });
    await act(srv, m.id, m.a, { type: 'seal' });
    await act(srv, m.id, m.b, { type: 'guess' });
    await srv.notifier.idle();
    await sleep(300);
    expect(smtp.mails.length).toBe(before);
  }, 30_000);
});

describe('spectators', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ games });
  });
  afterAll(() => srv.close());

  const lastCount = (s: { got: { event: string; body: any }[] }) => s.got.filter((g) => g.event === 'watchers').at(-1)?.body.count;

  test('the watcher count is pushed to everyone; a re-issued spectator link replaces the old one; a link turned off opens nothing', async () => {
    const m = await match(srv, null, null);
    const a = await srv.socket(m.a);
    await until(() => (lastCount(a) === 0 ? true : undefined));
    const w1 = await srv.socket(m.spectator);
    const w2 = await srv.socket(m.spectator);
    await until(() => (lastCount(a) === 2 ? true : undefined));
    await until(() => (lastCount(w1) === 2 ? true : undefined));

    const re = await api(srv.url, 'POST', `/api/matches/${m.id}/seats/spectator/reissue`, {}, m.creator);
    expect(re.status).toBe(200);
    await until(() => (w1.disconnected && w2.disconnected ? true : undefined));
    await until(() => (lastCount(a) === 0 ? true : undefined));
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, m.spectator)).status).toBe(403);
    const w3 = await srv.socket(re.body.token);
    await until(() => (lastCount(a) === 1 ? true : undefined));

    // Only the creator turns it off.
    expect((await api(srv.url, 'POST', `/api/matches/${m.id}/spectators/off`, {}, m.a)).status).toBe(403);
    expect(await api(srv.url, 'POST', `/api/matches/${m.id}/spectators/off`, {}, m.creator)).toMatchObject({ status: 200, body: { spectators: false } });
    await until(() => (w3.disconnected ? true : undefined));
    await until(() => (lastCount(a) === 0 ? true : undefined));
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, re.body.token)).status).toBe(403);
    await expect(srv.socket(re.body.token)).rejects.toThrow();
    // Re-issued again: on again.
    const again = await api(srv.url, 'POST', `/api/matches/${m.id}/seats/spectator/reissue`, {}, m.creator);
    expect((await api(srv.url, 'GET', `/api/matches/${m.id}`, undefined, again.body.token)).status).toBe(200);
    a.disconnect();
  }, 30_000);
});
