/**
 * How fast this machine is now: a fixed piece of single-threaded work (sha256 of 16 MiB, and a
 * loop of arithmetic over an array of numbers), the least of five runs in ms.
 * Machines of one kind differ by two to three times and one machine's speed moves from minute
 * to minute (README, "Figures"): printed at a bench's start and end, it says whether two runs'
 * figures were taken at a like speed, and whether the machine changed during a run.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * The work: the same every run (xorshift numbers from a fixed seed, no clock in it). Nothing in it
 * allocates: a workload that makes objects times the collector as much as the machine (one such
 * measured 44 to 66 ms run to run in one process), this one moves by a few percent.
 */
function work(bytes: Buffer, numbers: Float64Array): number {
  const hash = createHash('sha256');
  for (let i = 0; i < 16; i++) hash.update(bytes);
  let x = 2463534242;
  let sum = 0;
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < numbers.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      numbers[i] = (numbers[i]! * 0.5 + (x >>> 0)) % 1e9;
      sum += numbers[i]!;
    }
  }
  return hash.digest()[0]! + sum;
}

/** The least time of five runs of the work, in ms. */
export function calibrationMs(): number {
  // Made here, not timed, and let go after (the campaign bench prints its own process's memory).
  const bytes = Buffer.alloc(1 << 20);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  const numbers = new Float64Array(1 << 16);
  // Three runs first, not counted: the work's code compiled, and the machine past what ran just before (the build).
  for (let run = 0; run < 3; run++) work(bytes, numbers);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    work(bytes, numbers);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** The line a bench prints: the work's time at its start and at its end. */
export function calibrationLine(start: number, end: number): string {
  return `  machine speed: a fixed workload (bench/calibrate.ts) took ${start.toFixed(0)} ms at the start, ${end.toFixed(0)} ms at the end (least of five; lower is faster; compare runs only at like figures)`;
}
