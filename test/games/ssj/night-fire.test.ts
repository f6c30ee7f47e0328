/**
 * VI.F.2.b: how fire is allocated at night, against the daylight rules it sets aside (VI.F.1.c.1, c.3), through the real
 * battle flow: a sentence the rules ledger (docs/rules/ssj.md) found no test checking.
 */
import { choices, type M } from './helpers';
import { dayMatch, nightMatch, play, startDay, startNight, tag } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const ALLIED = ['usn-quincy', 'usn-desron-4', 'usn-transdiv-b'];

/** The pieces DesDiv 29 may be aimed at. */
const aims = (m: M) =>
  choices(m, J)
    .flatMap((a) => (a.type === 'fire' && a.ship === 'ijn-desdiv-29' ? [a.piece] : []))
    .sort();

test('VI.F.2.b "any ships/divisions may be fired at, regardless of their general class, and no ships in the task force may be held back": at night a destroyer division may aim at a heavy cruiser or a transport while an enemy destroyer is not fired on; by day only at the destroyer', () => {
  const night = nightMatch(['ijn-desdiv-29'], ALLIED);
  startNight(night);
  play(night, J, { type: 'done' });
  // Column A, a 2: no surprise; gunfire is simultaneous.
  play(night, A, { type: 'done' }, [2]);
  expect(night.game.battle!.step).toBe('fire');
  expect(aims(night)).toEqual(ALLIED.map((id) => tag(night, id)).sort());

  const day = dayMatch(['ijn-desdiv-29'], ALLIED);
  startDay(day);
  play(day, J, { type: 'battle-continue' });
  play(day, A, { type: 'battle-continue' });
  expect(aims(day)).toEqual([tag(day, 'usn-desron-4')]);
});
