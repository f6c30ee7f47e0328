/**
 * A soak in pieces (docs/fog.md, "Soaks"): the lines `scripts/fog.ts` appends with FOG_OUT, what
 * a resumed soak skips, and the sum `scripts/fog-sum.ts` prints.
 */
import { emptyStats, type FogStats } from '../support/fog/harness';
import { doneIn, formatSum, rangesOf, readSoak, soakLine, soakSettings, sumSoak, type SoakLine } from '../support/fog/soak';

function campaign(i: number, steps: number, worlds: Record<string, number>, differences: string[] = [], settings = '', commit = 'c1'): SoakLine {
  const s: FogStats = { ...emptyStats(), matches: 1, steps, comparisons: steps * 3, seconds: steps / 100 };
  for (const [k, n] of Object.entries(worlds)) {
    s.byKind[k] = { worlds: n, steps: n * 2 };
    s.worlds += n;
  }
  return soakLine('ssj', i, `fog-ssj-${i}`, settings, s, differences, commit);
}

const file = (lines: SoakLine[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');

test('a resumed soak skips the campaigns its file holds with the same settings, and plays those of other settings', () => {
  const cut = soakSettings(400, {});
  const text = file([campaign(0, 400, { lookalike: 5 }, [], cut), campaign(1, 400, { lookalike: 4 }, [], cut), campaign(2, 900, { lookalike: 9 })]);
  const { lines } = readSoak(text);
  expect([...doneIn(lines, 'ssj', cut)].sort()).toEqual([0, 1]);
  expect([...doneIn(lines, 'ssj', '')]).toEqual([2]);
  expect([...doneIn(lines, 'ewr', cut)]).toEqual([]);
  expect([...doneIn(lines, 'ssj', soakSettings(400, { choiceEvery: 1 }))]).toEqual([]);
});

test('a line cut off by a kill is left out (its campaign is played again), the whole lines around it kept', () => {
  const whole = file([campaign(0, 10, {})]);
  const cutOff = JSON.stringify(campaign(1, 10, {})).slice(0, 40);
  const { lines, torn } = readSoak(`${whole}${cutOff}\n${file([campaign(2, 10, {})])}`);
  expect(lines.map((l) => l.i)).toEqual([0, 2]);
  expect(torn).toBe(1);
  expect(doneIn(lines, 'ssj', '').has(1)).toBe(false);
});

test('the sum adds each campaign once: steps, worlds by kind, comparisons, seconds and every difference', () => {
  const a = campaign(0, 100, { lookalike: 3, private: 2 });
  const b = campaign(1, 50, { lookalike: 1, 'roll SSJ VI.E': 4 }, ['private: viewer allied, seed fog-ssj-1 …'], '', 'c2');
  const [sum, ...others] = sumSoak([a, b, a]);
  expect(others).toEqual([]);
  expect(sum).toMatchObject({
    game: 'ssj',
    campaigns: 2,
    steps: 150,
    worlds: 10,
    comparisons: 450,
    byKind: { lookalike: { worlds: 4, steps: 8 }, private: { worlds: 2, steps: 4 }, 'roll SSJ VI.E': { worlds: 4, steps: 8 } },
    differences: ['private: viewer allied, seed fog-ssj-1 …'],
    seconds: 1.5,
    commits: { c1: 1, c2: 1 },
    repeated: 1,
    ranges: '0–1',
  });
  expect(formatSum(sum!)).toContain('ssj: 2 matches, 150 steps, 10 worlds (lookalike 4/8, private 2/4, roll SSJ VI.E 4/8: worlds/steps), 450 comparisons, 1 differences');
});

test('campaigns of other settings are summed apart (a cut run is not a whole campaign)', () => {
  const sums = sumSoak([campaign(0, 400, {}, [], soakSettings(400, {})), campaign(0, 2000, {})]);
  expect(sums.map((s) => [s.settings, s.steps])).toEqual([
    ['{"maxSteps":400}', 400],
    ['', 2000],
  ]);
});

test('the campaigns summed are shown as ranges of their indices', () => {
  expect(rangesOf([5, 0, 2, 1, 7, 6, 9])).toBe('0–2, 5–7, 9');
  expect(rangesOf([])).toBe('');
});
