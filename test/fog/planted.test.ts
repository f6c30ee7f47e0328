/**
 * The harness can fail: each kind of leak planted in a small game (or in the service) is
 * reported with the viewer, the step and the first differing path; without a plant the same
 * matches give no difference.
 */
import { SeqCounter } from '../../src/engine';
import { ApiError } from '../../src/matches/errors';
import { Play } from '../../src/matches/play';
import { Pushes } from '../../src/matches/pushes';
import { checkMatches, formatStats, type FogBudget } from '../support/fog/harness';
import { hiderSpec } from '../support/fog/hider';

const BUDGET: FogBudget = { rollHorizon: 20, lookalikes: 2, lookalikeHorizon: 2, staleEvery: 1 };
const run = (plant: Parameters<typeof hiderSpec>[0], n = 6) => checkMatches(hiderSpec(plant), `planted-${plant}`, 0, n, BUDGET);

test('without a plant, the hider gives no difference (and the harness did compare worlds of every kind)', async () => {
  const s = await run('none', 10);
  expect(formatStats('hider', s)).toMatch(/ 0 differences/);
  expect(s.worlds).toBeGreaterThan(50);
  expect(s.comparisons).toBeGreaterThan(s.worlds);
});

test("planted: a secret roll's value in a view is reported for the viewer who may not see it, at the roll, at its path", async () => {
  const s = await run('roll-in-view');
  const d = s.differences.find((x) => x.kind === 'roll');
  expect(d).toBeDefined();
  expect(['a', 'spectator']).toContain(d!.viewer);
  expect(d!.world).toMatch(/roll "scout"/);
  expect(d!.step).toBe(d!.at);
  expect(d!.path).toMatch(/\.view\.scouts\[\d+\]$/);
  console.log(formatStats('hider (planted: roll in view)', s, 1));
});

test("planted: a hidden number in the order of a prompt's choices is reported by the look-alike, at the prompt", async () => {
  const s = await run('prompt-order');
  const d = s.differences.find((x) => x.kind === 'lookalike');
  expect(d).toMatchObject({ viewer: 'b' });
  expect(d!.world).toMatch(/a's hidden number/);
  expect(d!.path).toMatch(/^body\.prompt\.actions\[\d\]\.n$/);
  console.log(formatStats('hider (planted: prompt order)', s, 1));
});

test("planted: canUndo that depends on the other side's hidden lair is reported after the viewer's own step", async () => {
  const s = await run('undo', 10);
  const d = s.differences.find((x) => x.kind === 'lookalike' && x.path.endsWith('canUndo'));
  expect(d).toMatchObject({ viewer: 'a' });
  expect(d!.world).toMatch(/b's lair/);
  expect(d!.action).toEqual({ side: 'a', action: { type: 'wave' } });
  expect(d!.at).toBe(d!.step + 1);
  console.log(formatStats('hider (planted: undo)', s, 1));
});

test("planted: the order of a view's keys that depends on b's lair is reported (the same values, other bytes on the wire)", async () => {
  const s = await run('key-order', 10);
  const d = s.differences.find((x) => x.kind === 'lookalike');
  expect(d).toMatchObject({ viewer: 'a' });
  expect(d!.world).toMatch(/b's lair/);
  expect(d!.path).toMatch(/view \(key order\)$/);
  console.log(formatStats('hider (planted: key order)', s, 1));
});

test("planted: a secret told beside a declared reveal (the hidden number's parity with the announced guess) is reported, the reveal masked and the rest compared", async () => {
  const s = await run('beside-reveal', 10);
  const d = s.differences.find((x) => x.kind === 'lookalike' && /beside what the rules told it: guesses/.test(x.world));
  expect(d).toMatchObject({ viewer: 'b', path: 'body.view.parity' });
  expect(d!.world).toMatch(/a's hidden number/);
  console.log(formatStats('hider (planted: beside a reveal)', s, 1));
});

test('a reveal declared without the places it shows explains nothing but the log: the announced guess is then reported', async () => {
  const spec = hiderSpec('none');
  spec.told = (st) => [{ rule: 'hider: a guess is announced, hit or miss', what: 'guesses', value: st.guesses }];
  const s = await checkMatches(spec, 'planted-none', 0, 10, BUDGET);
  expect(s.differences.find((x) => x.path.startsWith('body.view.guesses'))).toMatchObject({ kind: 'lookalike', viewer: 'b' });
});

describe('plants in the match service', () => {
  afterEach(() => jest.restoreAllMocks());

  test("planted: a private step counted in every viewer's seq is reported by the longer sealed decision", async () => {
    jest.spyOn(SeqCounter.prototype, 'add').mockImplementation(function (this: SeqCounter, _actor: string, _isPrivate: boolean) {
      const self = this as unknown as { counts: Map<string, number>; total: number };
      self.total++;
      for (const v of ['a', 'b', 'spectator']) self.counts.set(v, (self.counts.get(v) ?? 0) + 1);
    });
    const s = await run('none', 3);
    const d = s.differences.find((x) => x.kind === 'private');
    expect(['b', 'spectator']).toContain(d!.viewer);
    expect(d!.world).toMatch(/step, undo, step/);
    expect(d!.path).toMatch(/seq$/);
    console.log(formatStats('hider (planted: private step counted for all)', s, 1));
  });

  test('planted: a private step pushed to every room is reported, with the push as the first difference', async () => {
    const proto = Pushes.prototype as unknown as { publish(live: unknown, audiences: readonly string[], before: Record<string, number>, body: unknown): void };
    const real = proto.publish;
    jest.spyOn(proto, 'publish').mockImplementation(function (this: unknown, live, _audiences, before, body) {
      real.call(this, live, ['a', 'b', 'spectator'], before, body);
    });
    const s = await run('none', 3);
    const d = s.differences.find((x) => x.kind === 'private');
    expect(['b', 'spectator']).toContain(d!.viewer);
    expect(d!.path).toMatch(/^pushes/);
    console.log(formatStats('hider (planted: private push to all rooms)', s, 1));
  });

  test("planted: a stale-seq error that counts the other side's private steps is reported at the error reply", async () => {
    const proto = Play.prototype as unknown as { requireSeq(live: { tl: { seq: number; seqs: SeqCounter } }, side: string, expected: number): Promise<unknown> };
    const real = proto.requireSeq;
    jest.spyOn(proto, 'requireSeq').mockImplementation(async function (this: unknown, live, side, expected) {
      if (expected !== live.tl.seqs.of(side)) throw new ApiError(409, 'stale-seq', `The match is at row ${live.tl.seq}.`);
      return real.call(this, live, side, expected);
    });
    const s = await run('none', 3);
    const d = s.differences.find((x) => x.kind === 'private' && x.path.startsWith('errors'));
    expect(d).toBeDefined();
    expect(d!.viewer).toBe('b');
    expect(d!.path).toBe('errors[1].message');
    console.log(formatStats('hider (planted: error message)', s, 1));
  });
});

test('a roll whose declared audience differs from the rule text is reported as a wrong declaration', async () => {
  const spec = hiderSpec('none');
  spec.rolls = [{ rule: 'scout: a and b see it', why: /^scout$/, audience: () => ['a', 'b'] }, spec.rolls[1]!];
  const s = await checkMatches(spec, 'planted-declaration', 0, 2, BUDGET);
  const d = s.differences.find((x) => x.kind === 'declaration');
  expect(d).toMatchObject({ path: expect.stringMatching(/^rolls\[0\]\.to$/), trunk: ['a', 'b'], other: ['b'] });
});

test('a look-alike that changes nothing is reported: it would prove nothing', async () => {
  const spec = hiderSpec('none');
  spec.lookalikes = () => [{ what: 'nothing at all', apply: (x) => x }];
  const s = await checkMatches(spec, 'planted-lazy', 0, 1, BUDGET);
  expect(s.differences.length).toBeGreaterThan(0);
  expect(s.differences.every((d) => d.kind === 'lazy-lookalike')).toBe(true);
});
