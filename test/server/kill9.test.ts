/**
 * kill -9 under load: bots play several matches over socket.io against a real server
 * process with its embedded PostgreSQL; the server is killed with SIGKILL mid-play (its
 * PostgreSQL is left orphaned, holding the data folder) and started again. Not one
 * acknowledged action is lost (an action is acknowledged only after its row is committed),
 * at most the actions in flight at the kill are kept unacknowledged, and play goes on.
 */
import { plausibleBot } from '../../src/games/ssj/bot';
import { playOverSockets, type Seated } from '../support/bots';
import { ownServer, stopWith } from '../support/process';

const ADMIN = 'admin-token-for-the-kill-9-test';
const MATCHES = 4;

test('kill -9 under load from bots, restart with the orphaned PostgreSQL: every acknowledged action is there', async () => {
  const own = await ownServer('kill9', { ADMIN_TOKEN: ADMIN, RATE_LIMIT_ADDRESS_MAX: '1000000', RATE_LIMIT_TOKEN_MAX: '1000000' });
  const { url } = own;
  try {
    const first = await own.start();
    const matches: Seated[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const m: any = await (await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'ssj' }) })).json();
      matches.push({ id: m.id, seats: { allied: m.seats.allied.token, japanese: m.seats.japanese.token } });
    }
    const play = playOverSockets(url, matches, (id, side) => plausibleBot(`kill9-${id}-${side}`));
    // Under load for a while (at least 100 actions acknowledged, or 15 s), then SIGKILL.
    const t0 = Date.now();
    while (play.total() < 100 && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    const acked = new Map(play.acked);
    play.stop();
    const total = [...acked.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20);

    const second = await own.start();
    expect(second.output()).toContain('left running');
    const list: any[] = await (await fetch(`${url}/api/admin/matches?limit=500`, { headers: { authorization: `Bearer ${ADMIN}` } })).json().then((b: any) => b.matches ?? b);
    let stored = 0;
    for (const m of matches) {
      const row = list.find((x) => x.id === m.id);
      // Every acknowledged action is stored; at most one per side was in flight, unacknowledged.
      expect({ id: m.id, atLeast: row.seq >= acked.get(m.id)!, atMost: row.seq <= acked.get(m.id)! + 2 }).toEqual({ id: m.id, atLeast: true, atMost: true });
      stored += row.seq;
    }
    console.log(`kill -9: ${total} actions acknowledged before the kill, ${stored} stored after the restart (${stored - total} committed in flight, unacknowledged), 0 lost`);

    // Play goes on after the restart.
    const again = playOverSockets(url, matches, (id, side) => plausibleBot(`kill9-again-${id}-${side}`), 20);
    await Promise.race([again.done, new Promise((r) => setTimeout(r, 20_000))]);
    again.stop();
    expect(again.total()).toBeGreaterThanOrEqual(20);
    expect((await stopWith(second)).code).toBe(0);
  } finally {
    await own.close();
  }
}, 120_000);
