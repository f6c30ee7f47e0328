/**
 * VI.F.2.g.1 on a phone: the page reads the ground-combat prompt's odds sentence back into a table
 * (src/web/games/ssj/ground-odds-text.ts). Every row it reads must be the Ground Combat/Exchange table's own result for
 * that number risked and each die — for every count of units either side may have in a ground combat here (1–6).
 */
import { groundCombat, groundColumn } from '../../../src/games/ssj/data';
import { groundOdds } from '../../../src/games/ssj/odds';
import { readGroundOdds } from '../../../src/web/games/ssj/ground-odds-text';

const dice = (range: string) =>
  range.split(', ').flatMap((r) => {
    const [a, b] = r.split('–').map(Number);
    return Array.from({ length: (b ?? a!) - a! + 1 }, (_, i) => a! + i);
  });

describe('VI.F.2.g.1: the compact ground odds are the table the rule uses', () => {
  test.each([1, 2, 3, 4, 5, 6])('VI.F.2.g.1: with %i units of yours, each number risked reads its column and each die its exchange', (mine) => {
    for (let theirs = 1; theirs <= 6; theirs++) {
      const text = `AugII (VI.F.2.g): ground combat at Port Moresby — your ${mine} unit(s) against ${theirs}. Attack (risking how many?) or not? ${groundOdds(mine, theirs)}`;
      const odds = readGroundOdds(text)!;
      expect(odds.question).toBe(`AugII (VI.F.2.g): ground combat at Port Moresby — your ${mine} unit(s) against ${theirs}. Attack (risking how many?) or not?`);
      expect(odds.rows.map((r) => r.risk)).toEqual(Array.from({ length: mine }, (_, i) => i + 1));
      for (const r of odds.rows) {
        expect(r.column).toBe(groundColumn(r.risk, theirs));
        const seen = r.cells.flatMap((c) => dice(c.dice).map((die) => ({ die, lose: c.lose, eliminate: c.eliminate })));
        expect(seen.map((x) => x.die).sort()).toEqual([1, 2, 3, 4, 5, 6]);
        for (const x of seen) {
          const want = groundCombat(r.risk, theirs, x.die);
          expect({ die: x.die, lose: x.lose, eliminate: x.eliminate }).toEqual({ die: x.die, lose: want.attackersLost, eliminate: want.defendersLost });
        }
      }
    }
  });

  test('VI.F.2.g: a prompt with no odds sentence (the Kokoda advance) gives no table', () => {
    expect(readGroundOdds('AugII (VI.G): advance over the Kokoda Trail from Buna to attack Port Moresby (3 enemy ground unit(s) there)? With how many of your 4?')).toBeNull();
  });
});
