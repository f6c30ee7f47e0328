/** Bot campaigns 0–49 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignCases, runCampaign, vpArithmeticErrors } from './campaign';

test.each(campaignCases(0, 50))(
  'campaign %i (%s bots, full leak checks: %s) runs to a result (IV: its score, winner and level are what its losses, objectives, early activation and Magic add up to), invariants and fog holding after every action',
  (i, pairing, leaks) => {
    const { problems, result, vp } = runCampaign(`campaign-${i}`, pairing, leaks);
    expect(problems.slice(0, 10)).toEqual([]);
    expect(vpArithmeticErrors(result, vp)).toEqual([]);
  },
);
