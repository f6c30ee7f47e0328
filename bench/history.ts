/**
 * npx tsx bench/history.ts [seed] [every]: the cost of a player's replay (issue #14) on a
 * whole Sky, Sea, and JUNGLE campaign played by the seeded bots through the match service.
 * Prints the first answer (the match folded once), a step back and forward through every
 * one of a side's seqs, random jumps, and — for comparison — a step answered by folding the
 * match from its first row each time (what the admin's replay does).
 */
import { fold, REFEREE } from '../src/engine';
import { storedSeal } from '../src/matches/dice';
import { History } from '../src/matches/history';
import { ssjSpec } from '../test/support/fog/games/ssj';
import { playRecorded } from '../test/support/history-play';

async function main(): Promise<void> {
  const seed = process.argv[2] ?? 'history-bench-0';
  const every = Number(process.argv[3] ?? 16);
  let t = performance.now();
  const p = await playRecorded(ssjSpec, seed, 100_000);
  const w = p.world;
  const real = await w.seqOf(REFEREE);
  console.log(`campaign ${seed}: ${real} actions (${p.privateSteps} private) played through the service in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const heap0 = process.memoryUsage().heapUsed;
  const history = new History(w.svc, { every });
  t = performance.now();
  await history.at(w.id, 'allied', 0);
  console.log(
    `first answer (fold of ${real} rows, checkpoint every ${every}): ${(performance.now() - t).toFixed(0)} ms; heap +${((process.memoryUsage().heapUsed - heap0) / 2 ** 20).toFixed(0)} MiB`,
  );

  const total = await w.seqOf('allied');
  const timeSteps = async (what: string, ns: number[]) => {
    const r0 = history.stats.rowsReplayed;
    const t0 = performance.now();
    for (const n of ns) await history.at(w.id, 'allied', n, n - 1);
    const ms = performance.now() - t0;
    console.log(`${what}: ${ns.length} steps, ${(ms / ns.length).toFixed(2)} ms a step, ${((history.stats.rowsReplayed - r0) / ns.length).toFixed(1)} rows replayed a step`);
  };
  await timeSteps(
    `step back through the Allies' ${total} seqs`,
    Array.from({ length: total + 1 }, (_, i) => total - i),
  );
  await timeSteps(
    'step forward through them',
    Array.from({ length: total + 1 }, (_, i) => i),
  );
  let x = 12345;
  await timeSteps(
    'random jumps',
    Array.from({ length: 300 }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) % (total + 1)),
  );

  const m = (await w.store.readMatch(w.id))!;
  const base = (await w.store.snapshotAtOrBefore(w.id, 0))!;
  const sample = [Math.floor(real / 4), Math.floor(real / 2), Math.floor((3 * real) / 4), real];
  t = performance.now();
  for (const k of sample) fold(w.game, m.setupLog, await w.store.readRows(w.id, k), base, undefined, storedSeal(m, w.game));
  console.log(
    `for comparison, a fold from the first row a step (the admin's replay): ${((performance.now() - t) / sample.length).toFixed(0)} ms a step on average over seqs ${sample.join(', ')}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
