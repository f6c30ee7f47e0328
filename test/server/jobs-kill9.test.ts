/**
 * Durable jobs (issue 15) against a real server process with its embedded PostgreSQL:
 * killed with SIGKILL after a notice's first delivery failed (the webhook answered 500)
 * and before its retry, and while a move deadline is running; started again after that
 * deadline has passed. Every notice reaches the endpoint, each taken exactly once (counted
 * by its Idempotency-Key): the "your move" retried by the new process, the reminder and
 * the overdue marks of the deadline that expired while no server ran.
 */
import { createServer } from 'node:http';
import { ownServer, stopWith } from '../support/process';

interface Call {
  key: string;
  status: number;
  body: any;
}

test('kill -9 between a notice and its delivery, and while a deadline runs: after the restart each notice is taken exactly once', async () => {
  const calls: Call[] = [];
  let failFirst = true;
  const hook = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const status = failFirst ? 500 : 204;
      failFirst = false;
      calls.push({ key: String(req.headers['idempotency-key']), status, body: JSON.parse(raw) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;

  const own = await ownServer('jobs', { WEBHOOK_ALLOW_PRIVATE: 'true', NOTIFY_BACKOFF_MS: '5000', NOTIFY_AWAY_GRACE_MS: '0', JOBS_POLL_MS: '500' });
  const { url, port } = own;
  const post = async (path: string, body: unknown, token?: string) =>
    (
      await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json() as Promise<any>;
  try {
    const first = await own.start();
    const m = await post('/api/matches', { game: 'ssj', deadlineMinutes: 1 });
    const sides = Object.keys(m.seats);
    const holds = async (side: string) =>
      ((await (await fetch(`${url}/api/matches/${m.id}`, { headers: { authorization: `Bearer ${m.seats[side].token}` } })).json()) as any).prompt !== null;
    const mover = (await holds(sides[0]!)) ? sides[0]! : sides[1]!;
    const other = sides.find((s) => s !== mover)!;
    // The side with the decision claims first; when the other claims, the match starts: "your move" to it, and its clock runs.
    await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hookUrl}?side=${mover}` } }, m.seats[mover].token);
    await post(`/api/matches/${m.id}/claim`, { notify: { webhook: `${hookUrl}?side=${other}` } }, m.seats[other].token);
    const startedAt = Date.now();

    // The first delivery is refused (500); kill -9 before its retry (back-off ≥ 5 s).
    const t0 = Date.now();
    while (calls.length === 0 && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([
      { key: expect.stringMatching(new RegExp(`^${m.id}:${mover}:your-move:\\d+:webhook$`)), status: 500, body: expect.objectContaining({ event: 'your-move', side: mover }) },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    first.child.kill('SIGKILL');
    await first.exited;

    // Down while the deadline passes (1 minute from the start).
    await new Promise((r) => setTimeout(r, Math.max(0, startedAt + 62_000 - Date.now())));
    expect(calls).toHaveLength(1);
    const second = await own.start();

    const want = [`${mover}:your-move`, `${mover}:reminder`, `${mover}:overdue`, `${other}:overdue`];
    const t1 = Date.now();
    const taken = () => new Set(calls.filter((c) => c.status === 204).map((c) => c.key.split(':').slice(1, 3).join(':')));
    while (want.some((w) => !taken().has(w)) && Date.now() - t1 < 30_000) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 3000)); // time for a duplicate to show
    const ok = calls.filter((c) => c.status === 204);
    expect(ok.map((c) => c.key.split(':').slice(1, 3).join(':')).sort()).toEqual([...want].sort());
    // Exactly once per idempotency key.
    expect(new Set(ok.map((c) => c.key)).size).toBe(ok.length);
    expect(ok.find((c) => c.key === calls[0]!.key)).toBeDefined();
    const overdue = ok.find((c) => c.key.startsWith(`${m.id}:${other}:overdue`))!;
    expect(overdue.body).toMatchObject({ event: 'overdue', match: m.id, overdue: [mover], link: `http://localhost:${port}/m/${m.id}` });
    for (const c of calls) expect(JSON.stringify(c.body)).not.toContain('#t=');

    expect((await stopWith(second)).code).toBe(0);
  } finally {
    await own.close();
    await new Promise((r) => hook.close(r));
  }
}, 180_000);
