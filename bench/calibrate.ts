/**
 * How fast this machine is now: a fixed piece of single-threaded work (objects made, written
 * to JSON and read back, sorted, grouped in a Map, hashed), the least of five runs in ms.
 * Machines of one kind differ by two to three times and one machine's speed moves from minute
 * to minute (README, "Figures"): printed at a bench's start and end, it says whether two runs'
 * figures were taken at a like speed, and whether the machine changed during a run.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** The work: the same every run (xorshift numbers from a fixed seed, no clock in it). */
function work(): number {
  let x = 2463534242;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `u${i}`, n: next() % 1000, tags: [next() % 7, next() % 11], place: { at: 'base', base: `b${next() % 40}` } }));
  const text = JSON.stringify(items);
  const back = JSON.parse(text) as typeof items;
  back.sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1));
  const byBase = new Map<string, number>();
  for (const it of back) byBase.set(it.place.base, (byBase.get(it.place.base) ?? 0) + it.n + it.tags[0]!);
  const hash = createHash('sha256');
  for (let i = 0; i < 10; i++) hash.update(text);
  return hash.digest()[0]! + byBase.size;
}

/** The least time of five runs of the work, in ms. */
export function calibrationMs(): number {
  // Three runs first, not counted: the work's code compiled, and the machine past what ran just before (the build).
  for (let run = 0; run < 3; run++) work();
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    work();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The line a bench prints: the work's time at its start and at its end. */
export function calibrationLine(start: number, end: number): string {
  return `  machine speed: a fixed workload (bench/calibrate.ts) took ${start.toFixed(0)} ms at the start, ${end.toFixed(0)} ms at the end (least of five; lower is faster; compare runs only at like figures)`;
}
