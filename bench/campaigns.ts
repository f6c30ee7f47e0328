/**
 * npm run bench: bot-versus-bot campaigns of Sky, Sea, and JUNGLE through the engine
 * (no database): milliseconds per campaign (all of it, the engine's part, the bots' part),
 * microseconds per action (mean, p50, p99), peak memory.
 * The engine is the compiled one (dist/, built first), as the server runs it.
 * Usage: npm run bench -- [campaigns=40] [pairing=plausible|random|mixed]
 * BENCH_WARMUP=N (default 5): campaigns played first, on seeds of their own, and not counted, as
 * a server that has been up a while runs its engine compiled and its shared caches filled; their
 * own figure is printed too (a cold process). BENCH_WARMUP=0 counts from the first action.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Bot } from '../src/bots';
import type { SsjState } from '../src/games/ssj/state';
import { buildServer, ROOT } from './build';
import { calibrationLine, calibrationMs } from './calibrate';

// The engine as the server runs it: compiled (bench/build.ts).
buildServer();
const load = <M>(path: string): M => createRequire(__filename)(join(ROOT, 'dist', path)) as M;
const { randomBot } = load<typeof import('../src/bots')>('bots');
const { createMatchState, promptOf, step, viewOf } = load<typeof import('../src/engine')>('engine');
const { ssj } = load<typeof import('../src/games/ssj')>('games/ssj');
const { plausibleBot } = load<typeof import('../src/games/ssj/bot')>('games/ssj/bot');

const count = Number(process.argv[2] ?? 40);
const pairing = (process.argv[3] ?? 'plausible') as 'plausible' | 'random' | 'mixed';

function bots(seed: string): Record<string, Bot> {
  const a = pairing === 'random' ? randomBot(`${seed}/a`) : plausibleBot(`${seed}/a`);
  const j = pairing === 'plausible' ? plausibleBot(`${seed}/j`) : randomBot(`${seed}/j`);
  return { allied: a as Bot, japanese: j as Bot };
}

const warmup = Number(process.env.BENCH_WARMUP ?? 5);

/** Plays the campaigns of `seeds`; returns each action's engine time (µs), the bots' ms and the peak memory. */
function play(seeds: readonly string[]): { stepMicros: number[]; botMs: number; peakRss: number; peakHeap: number } {
  const stepMicros: number[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  let botMs = 0;
  for (const seed of seeds) {
    const b = bots(seed);
    let state = createMatchState(ssj, {}, seed).state;
    while (!ssj.result(state.game as SsjState)) {
      // The prompts and views of a state are made once (as the server does, engine/memo.ts): the timed part below made them.
      const side = ssj.sides.find((s) => promptOf(ssj, state.game as SsjState, s))!;
      const prompt = promptOf(ssj, state.game as SsjState, side)!;
      const b0 = performance.now();
      const action = b[side]!.choose({ side, view: viewOf(ssj, state.game as SsjState, side), prompt });
      botMs += performance.now() - b0;
      // The hot path of one action as the server runs it: check it against the prompt, apply it, then
      // one view per audience and each side's next prompt.
      const s0 = performance.now();
      const out = step(ssj, state, side, action, prompt);
      for (const v of ['allied', 'japanese', 'spectator']) viewOf(ssj, out.state.game as SsjState, v);
      for (const s of ssj.sides) promptOf(ssj, out.state.game as SsjState, s);
      stepMicros.push((performance.now() - s0) * 1000);
      state = out.state;
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }
  return { stepMicros, botMs, peakRss, peakHeap };
}

const speed0 = calibrationMs();
const ms0 = performance.now();
const cold = play(Array.from({ length: warmup }, (_, i) => `warmup-${i}`));
const coldMs = performance.now() - ms0;
const t0 = performance.now();
const { stepMicros, botMs, peakRss, peakHeap } = play(Array.from({ length: count }, (_, i) => `bench-${i}`));
const actions = stepMicros.length;
const ms = performance.now() - t0;
const coldEngineMs = cold.stepMicros.reduce((a, b) => a + b, 0) / 1000;
const engineMs = stepMicros.reduce((a, b) => a + b, 0) / 1000;
stepMicros.sort((a, b) => a - b);
const p = (q: number) => stepMicros[Math.floor(stepMicros.length * q)]!;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(`SSJ bot campaigns (${pairing} bots), engine only, node ${process.version}`);
if (warmup > 0) {
  const c = [...cold.stepMicros].sort((a, b) => a - b);
  console.log(
    `  warm-up (cold process, not counted): ${warmup} campaigns, ${(coldMs / warmup).toFixed(0)} ms in all a campaign, ${(coldEngineMs / warmup).toFixed(0)} ms engine; p99 ${c[Math.floor(c.length * 0.99)]!.toFixed(0)} µs an action`,
  );
}
console.log(`  campaigns:            ${count} (${actions} actions, ${(actions / count).toFixed(0)} per campaign)${warmup > 0 ? ', after the warm-up' : ''}`);
console.log(`  per campaign:         ${(ms / count).toFixed(0)} ms in all, ${(engineMs / count).toFixed(0)} ms engine, ${(botMs / count).toFixed(0)} ms bots`);
console.log(`  per action (step + 3 views + 2 prompts): mean ${((engineMs * 1000) / actions).toFixed(0)} µs, p50 ${p(0.5).toFixed(0)} µs, p99 ${p(0.99).toFixed(0)} µs`);
console.log(`  peak memory: rss ${mb(peakRss)} MiB, heap ${mb(peakHeap)} MiB`);
console.log(calibrationLine(speed0, calibrationMs()));
