/** Bot-versus-bot campaigns with the invariants and the leak checks after every action. */
import { randomBot, type Bot } from '../../../src/bots';
import { playMatch } from '../../../src/bots/play';
import { ssj } from '../../../src/games/ssj';
import { plausibleBot } from '../../../src/games/ssj/bot';
import { invariantErrors } from '../../../src/games/ssj/invariants';
import type { SsjState } from '../../../src/games/ssj/state';
import { leakErrors, sealedErrors } from './leaks';
import { levelOf, VpModel } from './vp-model';

export type Pairing = 'plausible' | 'random' | 'mixed';

export function botsFor(pairing: Pairing, seed: string): Record<string, Bot> {
  const a = pairing === 'random' ? randomBot(`${seed}/allied`) : plausibleBot(`${seed}/allied`);
  const j = pairing === 'plausible' ? plausibleBot(`${seed}/japanese`) : randomBot(`${seed}/japanese`);
  return { allied: a as Bot, japanese: j as Bot };
}

/**
 * One campaign, checking after every action the invariants and that a private step
 * changes nothing another viewer sees; with `leaks`, also everything each viewer receives.
 */
export function runCampaign(seed: string, pairing: Pairing, leaks: boolean) {
  const problems: string[] = [];
  const vp = new VpModel();
  let seq = 0;
  const played = playMatch<SsjState>(ssj, seed, botsFor(pairing, seed), {
    onStep(before, side, _action, out) {
      seq++;
      const found = [...invariantErrors(out.state.game, before.game), ...(leaks ? leakErrors(before, side, out) : sealedErrors(before, side, out))];
      for (const e of found) problems.push(`seq ${seq} (${before.game.phase}): ${e}`);
      vp.step(before, out.state, out.log);
    },
  });
  return { played, problems, result: ssj.result(played.state.game)!, vp };
}

/**
 * IV: the result a campaign ends with is the one its events add up to (vp-model.ts): the
 * score, the winner and the level. Returns the differences (none when it holds).
 */
export function vpArithmeticErrors(result: { winner: string | null; text: string; score?: Record<string, number> }, vp: VpModel): string[] {
  const out: string[] = [];
  const score = result.score ?? {};
  if (score.allied !== vp.score.allied || score.japanese !== vp.score.japanese) {
    out.push(`score ${JSON.stringify(score)} but the events add up to ${JSON.stringify(vp.score)}: ${vp.lines.join('; ')}`);
  }
  const { winner, level } = levelOf(vp.score);
  if (result.winner !== winner) out.push(`winner ${String(result.winner)} but IV gives ${String(winner)} for ${JSON.stringify(vp.score)}`);
  if (!result.text.toLowerCase().includes(level)) out.push(`"${result.text}" does not say ${level} (IV, ${JSON.stringify(vp.score)})`);
  return out;
}

/** Campaigns `from`..`to` of the 200: pairings in turn; every tenth with the full leak checks. */
export function campaignCases(from: number, to: number): [number, Pairing, boolean][] {
  const pairings: Pairing[] = ['plausible', 'mixed', 'random'];
  const out: [number, Pairing, boolean][] = [];
  for (let i = from; i < to; i++) out.push([i, pairings[i % 3]!, i % 10 === 0]);
  return out;
}

/** The tests of campaigns `from`..`to` (one file per quarter, so that each stays a few minutes long). */
export function campaignSuite(from: number, to: number): void {
  test.each(campaignCases(from, to))(
    'campaign %i (%s bots, full leak checks: %s) runs to a result (IV: its score, winner and level are what its losses, objectives, early activation and Magic add up to), invariants and fog holding after every action',
    (i, pairing, leaks) => {
      const { problems, result, vp } = runCampaign(`campaign-${i}`, pairing, leaks);
      expect(problems.slice(0, 10)).toEqual([]);
      expect(vpArithmeticErrors(result, vp)).toEqual([]);
    },
  );
}
