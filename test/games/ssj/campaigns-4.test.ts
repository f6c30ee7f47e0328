/** Bot campaigns 150–199 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignCases, runCampaign } from './campaign';

test.each(campaignCases(150, 200))('campaign %i (%s bots, full leak checks: %s) runs to a result, invariants and fog holding after every action', (i, pairing, leaks) => {
  const { problems, result } = runCampaign(`campaign-${i}`, pairing, leaks);
  expect(problems.slice(0, 10)).toEqual([]);
  expect(result.text).toMatch(/victory|draw/);
});
