/**
 * The fog harness (test/support/fog, docs/fog.md) over matches with time banks: every
 * world it builds — the other values of a secret roll, the look-alikes, a private step made
 * longer or reordered — must send each viewer the same bytes, the `clock` block of every
 * body and push included. The harness creates its matches with a move deadline only; here
 * each one also gets a bank (long enough that none runs out: an expiry rebuilds the match
 * from its rows, which a look-alike world is not) with an increment per decision.
 */
import { Creation } from '../../src/matches/create';
import { checkMatch, checkMatches, emptyStats, formatStats } from '../support/fog/harness';
import { eotsSpec } from '../support/fog/games/eots';
import { ewrSpec } from '../support/fog/games/ewr';
import { ssjSpec } from '../support/fog/games/ssj';
import { CI_BUDGET } from '../support/fog/suite';
import { watchSpec } from '../support/fog/watch';

const MIN = 60_000;
const create = Creation.prototype.create;
beforeAll(() => {
  Creation.prototype.create = function (this: Creation, game, options, extra = {}, seat) {
    return create.call(this, game, options, { ...extra, clock: { bankMs: 20 * 24 * 60 * MIN, incrementMs: 7 * MIN } }, seat);
  };
});
afterAll(() => {
  Creation.prototype.create = create;
});

test("East Wind Rain with time banks: no viewer tells worlds apart by the clock (each side's bank runs and grows by its decisions, not its steps)", async () => {
  const s = emptyStats();
  for (const seed of ['fog-ewr-5', 'fog-ewr-58', 'fog-ewr-75']) await checkMatch(ewrSpec, seed, { rollHorizon: 30, lookalikes: 4, lookalikeHorizon: 3, staleEvery: 5 }, s);
  console.log(formatStats('ewr with time banks', s, 3));
  expect(s.worlds).toBeGreaterThan(100);
  expect(s.differences.map((d) => `${d.kind} ${d.viewer} ${d.path} (${d.world})`)).toEqual([]);
}, 300_000);

test.each([
  ['ewr', ewrSpec],
  ['eots-subwar', eotsSpec],
])(
  '%s with time banks, 15 matches of the CI slice: no difference at all',
  async (name, spec) => {
    const s = await checkMatches(spec as typeof ewrSpec, `fog-${name}-bank`, 0, 15, CI_BUDGET);
    console.log(formatStats(`${name} with time banks`, s, 3));
    expect(s.differences.map((d) => `${d.kind} ${d.viewer} at step ${d.at} of ${d.seed}: ${d.path} (${d.world})`).slice(0, 10)).toEqual([]);
  },
  600_000,
);

test("Sky, Sea, and JUNGLE with time banks, a campaign's first 400 steps (the deployments behind the screen, private steps and all): no difference", async () => {
  const s = await checkMatches({ ...ssjSpec, maxSteps: 400 }, 'fog-ssj-bank', 0, 1, CI_BUDGET);
  console.log(formatStats('ssj with time banks', s, 3));
  expect(s.worlds).toBeGreaterThan(50);
  expect(s.differences.map((d) => `${d.kind} ${d.viewer} at step ${d.at} of ${d.seed}: ${d.path} (${d.world})`).slice(0, 10)).toEqual([]);
}, 600_000);

test("the watch game with time banks: a's own bank does not tell a whether its steps were seen", async () => {
  const s = await checkMatches(watchSpec, 'fog-watch-bank', 0, 4, { rollHorizon: 0, lookalikes: 7, lookalikeHorizon: 3, staleEvery: 1 });
  console.log(formatStats('watch with time banks', s, 3));
  expect(s.worlds).toBeGreaterThan(20);
  // Every body carries a clock; a's own bank is the same in every world (b's secret decision shows in b's, as in its due time: docs/fog.md).
  const sample = s.differences.map((d) => d.path);
  expect(sample.filter((p) => p.includes('clock.sides.a') || p.endsWith('canUndo'))).toEqual([]);
}, 300_000);
