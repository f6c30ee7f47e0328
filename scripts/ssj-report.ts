/**
 * npm run ssj:report -- [campaigns=200] [pairing=plausible]
 *
 * How Sky, Sea, and JUNGLE campaigns end between bots (issue #11 asks for it before and after
 * each rule change): N seeded campaigns (`report-<i>`) played through the engine, then the
 * results (wins by side and level, draws), the final VP of each side (mean, min, max) and the
 * length (actions, and the log entries of each side), and the strikes each side's carrier air
 * flew (VI.F.1.b: air strikes and raids chosen in the carrier-strikes phase, and the campaigns with
 * any). It reads only the game module's contract (prompt, apply, result), so the same file runs on
 * an older commit to compare.
 */
import { randomBot, type Bot } from '../src/bots';
import { createMatchState, step } from '../src/engine';
import { ssj } from '../src/games/ssj';
import { plausibleBot } from '../src/games/ssj/bot';

const count = Number(process.argv[2] ?? 200);
const pairing = (process.argv[3] ?? 'plausible') as 'plausible' | 'random' | 'mixed';

function bots(seed: string): Record<string, Bot> {
  const a = pairing === 'random' ? randomBot(`${seed}/allied`) : plausibleBot(`${seed}/allied`);
  const j = pairing === 'plausible' ? plausibleBot(`${seed}/japanese`) : randomBot(`${seed}/japanese`);
  return { allied: a as Bot, japanese: j as Bot };
}

const outcomes = new Map<string, number>();
const vp = { allied: [] as number[], japanese: [] as number[] };
const lengths: number[] = [];
const carrierStrikes = { allied: 0, japanese: 0 };
const campaignsWithCarrierStrikes = { allied: 0, japanese: 0 };
const t0 = Date.now();
for (let i = 0; i < count; i++) {
  const seed = `report-${i}`;
  const b = bots(seed);
  let state = createMatchState(ssj, {}, seed).state;
  let actions = 0;
  const struck = { allied: false, japanese: false };
  for (;;) {
    const result = ssj.result(state.game as never);
    if (result) {
      for (const sd of ['allied', 'japanese'] as const) if (struck[sd]) campaignsWithCarrierStrikes[sd]++;
      const level = /strategic/.test(result.text) ? 'strategic' : /marginal|historical/.test(result.text) ? 'marginal' : 'draw';
      const key = result.winner ? `${result.winner} ${level}` : 'draw';
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      const score = result.score as Record<string, number>;
      vp.allied.push(score.allied!);
      vp.japanese.push(score.japanese!);
      break;
    }
    const side = ssj.sides.find((s) => ssj.prompt(state.game as never, s))!;
    const prompt = ssj.prompt(state.game as never, side)!;
    const action = b[side]!.choose({ side, view: ssj.view(state.game as never, side), prompt });
    const kind = (action as { type: string }).type;
    if (prompt.kind === 'carrier-strikes' && (kind === 'air-strike' || kind === 'air-raid')) {
      carrierStrikes[side as 'allied' | 'japanese']++;
      struck[side as 'allied' | 'japanese'] = true;
    }
    state = step(ssj, state, side, action, prompt).state;
    actions++;
  }
  lengths.push(actions);
}

const stats = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return `mean ${mean.toFixed(1)}, min ${Math.min(...xs)}, max ${Math.max(...xs)}`;
};
console.log(`${count} ${pairing} campaigns in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(
  `results: ${[...outcomes]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(`VP allied: ${stats(vp.allied)}`);
console.log(`VP japanese: ${stats(vp.japanese)}`);
console.log(`actions: ${stats(lengths)}`);
console.log(
  `carrier strikes flown (VI.F.1.b): allied ${carrierStrikes.allied} in ${campaignsWithCarrierStrikes.allied} campaigns, japanese ${carrierStrikes.japanese} in ${campaignsWithCarrierStrikes.japanese} campaigns`,
);
