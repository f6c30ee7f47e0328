/**
 * npm run bench: bot-versus-bot campaigns of Sky, Sea, and JUNGLE through the engine
 * (no database): campaigns per second, microseconds per action (mean, p99), peak memory.
 * Usage: npm run bench -- [campaigns=40] [pairing=plausible|random|mixed]
 */
import { performance } from 'node:perf_hooks';
import { randomBot, type Bot } from '../src/bots';
import { createMatchState, step } from '../src/engine';
import { ssj } from '../src/games/ssj';
import { plausibleBot } from '../src/games/ssj/bot';
import type { SsjState } from '../src/games/ssj/state';

const count = Number(process.argv[2] ?? 40);
const pairing = (process.argv[3] ?? 'plausible') as 'plausible' | 'random' | 'mixed';

function bots(seed: string): Record<string, Bot> {
  const a = pairing === 'random' ? randomBot(`${seed}/a`) : plausibleBot(`${seed}/a`);
  const j = pairing === 'plausible' ? plausibleBot(`${seed}/j`) : randomBot(`${seed}/j`);
  return { allied: a as Bot, japanese: j as Bot };
}

const stepMicros: number[] = [];
let peakRss = 0;
let peakHeap = 0;
let actions = 0;
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  const b = bots(`bench-${i}`);
  let state = createMatchState(ssj, {}, `bench-${i}`).state;
  while (!ssj.result(state.game as SsjState)) {
    const side = ssj.sides.find((s) => ssj.prompt(state.game as SsjState, s))!;
    const prompt = ssj.prompt(state.game as SsjState, side)!;
    const action = b[side]!.choose({ side, view: ssj.view(state.game as SsjState, side), prompt });
    // The hot path of one action as the server runs it: check against a fresh prompt, apply, one view per audience.
    const s0 = performance.now();
    const out = step(ssj, state, side, action);
    for (const v of ['allied', 'japanese', 'spectator']) ssj.view(out.state.game as SsjState, v);
    stepMicros.push((performance.now() - s0) * 1000);
    state = out.state;
    actions++;
  }
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}
const seconds = (performance.now() - t0) / 1000;
stepMicros.sort((a, b) => a - b);
const mean = stepMicros.reduce((a, b) => a + b, 0) / stepMicros.length;
const p99 = stepMicros[Math.floor(stepMicros.length * 0.99)]!;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(`SSJ bot campaigns (${pairing} bots), engine only, node ${process.version}`);
console.log(`  campaigns:            ${count} (${actions} actions, ${(actions / count).toFixed(0)} per campaign)`);
console.log(`  campaigns per second: ${(count / seconds).toFixed(2)}  (bots' own time included)`);
console.log(`  per action (step + 3 views): mean ${mean.toFixed(0)} µs, p99 ${p99.toFixed(0)} µs`);
console.log(`  peak memory: rss ${mb(peakRss)} MiB, heap ${mb(peakHeap)} MiB`);
