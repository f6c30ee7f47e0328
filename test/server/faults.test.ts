/**
 * Faults at random moments under load, bounded for CI (issue 39, test/support/faults.ts; the
 * long run is `npm run faults:kill -- 200`): bots play three matches while, at moments drawn
 * from a seed, the server is killed with SIGKILL, its PostgreSQL is killed with SIGKILL, and
 * its database connections are cut. Afterwards every match replays from its file (verify),
 * every acknowledged action is stored, and every notice the outbox owes was delivered; a
 * notice is taken twice under its one Idempotency-Key only when the server was killed between
 * the send and its mark (docs/architecture.md, "Notices: exactly once where we can").
 */
import { runFaults, type Fault } from '../support/faults';

const SEED = Number(process.env.FAULT_SEED ?? 39);
// Six faults, each kind at least once and the two kills twice: about 4 minutes on a loaded 2-core machine (the embedded PostgreSQL's initdb and each restart are most of it).
const ORDER: Fault[] = ['server-kill', 'db-kill', 'db-cut', 'socket-cut', 'server-kill', 'db-kill'];

test('server kill -9, database kill -9 and cut connections at seeded moments under a bot load: every match verifies, no acknowledged action lost, every owed notice delivered, none doubled but across a kill between send and mark', async () => {
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const r = await runFaults({ moments: ORDER.length, seed: SEED, matches: 3, schedule: (k) => ORDER[k - 1]!, pauseMs: [500, 2000], settleMs: 90_000 });
  const cpu = process.cpuUsage(cpu0);
  console.log(`faults (seed ${SEED}): ${JSON.stringify(r)}; ${Math.round((Date.now() - t0) / 1000)} s, this process's CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`);
  expect({ serverKills: r.serverKills, dbKills: r.dbKills, dbCuts: r.dbCuts, socketCuts: r.socketCuts }).toEqual({ serverKills: 2, dbKills: 2, dbCuts: 1, socketCuts: 1 });
  expect(r.actionsAcknowledged).toBeGreaterThan(0);
  expect(r.actionsLost).toBe(0);
  expect(r.failures.filter((f) => f.includes('verify failed'))).toEqual([]);
  expect(r.matchesVerified).toBe(r.matches);
  expect(r.noticesOwed).toBeGreaterThan(0);
  expect(r.failures.filter((f) => f.includes('not delivered'))).toEqual([]);
  expect(r.noticesUndelivered).toBe(0);
  expect(r.noticesTakenTwice.afterDatabaseFault + r.noticesTakenTwice.otherwise).toBe(0);
  expect(r.noticesTakenOnce + r.noticesTakenTwice.afterServerKill).toBe(r.noticesOwed);
}, 480_000);
