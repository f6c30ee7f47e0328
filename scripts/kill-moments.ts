/**
 * `npm run faults:kill -- N [SEED]` (issue 39): N faults at moments chosen from SEED under a bot
 * load of several matches (KILL_MATCHES, 3 by default) against a real server process
 * (test/support/faults.ts): the server killed with SIGKILL, its embedded PostgreSQL killed, the
 * bots' sockets cut, the server's database connections cut — or only one kind (KILL_ONLY=
 * server-kill, db-kill, socket-cut or db-cut). Then every match is verified by replaying its
 * file, every acknowledged action checked present and every owed notice checked delivered.
 * Prints the counts; exits 1 when an action or a notice is lost or a match does not verify.
 */
import { runFaults, type Fault } from '../test/support/faults';

const N = Number(process.argv[2] ?? 5);
const SEED = Number(process.argv[3] ?? 1) >>> 0;
const only = process.env.KILL_ONLY as Fault | undefined;
// SIGUSR2: no more faults; the checks run on the moments done so far (a long run stopped in time).
let enough = false;
process.on('SIGUSR2', () => (enough = true));
const t0 = Date.now();

runFaults({
  moments: N,
  seed: SEED,
  matches: Number(process.env.KILL_MATCHES ?? 3),
  ...(only ? { schedule: () => only } : {}),
  progress: (k, fault) => process.stdout.write(`moment ${k}/${N}: ${fault} (${Math.round((Date.now() - t0) / 1000)} s)\n`),
  enough: () => enough,
}).then(
  (r) => {
    const { failures, ...counts } = r;
    console.log(JSON.stringify({ seed: SEED, ...counts, seconds: Math.round((Date.now() - t0) / 1000) }));
    for (const f of failures) console.error(f);
    process.exit(r.actionsLost === 0 && r.matchesVerified === r.matches && r.noticesUndelivered === 0 ? 0 : 1);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
