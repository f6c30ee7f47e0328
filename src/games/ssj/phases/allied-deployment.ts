/**
 * VI.C: the Allies deploy (private steps, closed by "done"; see deployment.ts), with the
 * screen lifted for them if Magic worked. Then the screen is removed for both, and the
 * submarines attack.
 */
import { applyDeployment, deploymentChoices } from '../deployment';
import { withForecast } from '../odds';
import { decision } from '../flow';
import { turnName } from '../state';

export const alliedDeployment = decision('allied-deployment', ['deploy', 'rebase', 'load', 'recon', 'air-supply', 'recall', 'done'], {
  text: (s, side) =>
    withForecast(
      s.fogLiftedFor.includes('allied')
        ? `${turnName(s)} (VI.C): Magic has lifted the screen — deploy, then close your deployment.`
        : `${turnName(s)} (VI.C): deploy with the Fog Of War screen still up, then close your deployment.`,
      s,
      side,
    ),
  choices: (s, side) => deploymentChoices(s, side),
  apply(s, side, a, ctx) {
    const out = applyDeployment(s, side, a, ctx);
    if (a.type !== 'done') return { log: out.log, private: true };
    s.fogLiftedFor = ['allied', 'japanese'];
    const log = [...out.log, { to: 'public' as const, text: "The Fog Of War screen is removed: each side sees the other's pieces, face down." }];
    return { log, next: { phase: 'submarines', actor: 'japanese', subAttack: null }, reveals: true };
  },
});
