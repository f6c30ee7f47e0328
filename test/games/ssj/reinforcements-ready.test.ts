/** VI.A "Reinforcements arrive ready for immediate movement/deployment", through the real flow of AugI and AugII. */
import { act, advance, choices, done, freshMatch } from './helpers';

const A = 'allied' as const;
const J = 'japanese' as const;

test('VI.A "Reinforcements arrive ready for immediate movement/deployment": SHOKAKU, due at Truk on AugII, and the cruiser the Allies picked on AugI may each sail on AugII', () => {
  let m = freshMatch('ready');
  m = act(m, J, { type: 'early-activation', roll: false });
  m = act(m, A, { type: 'pick', slot: 'cruiser', ship: 'usn-northampton' });
  m = act(m, A, done);
  // AugII: the Allied player places his arrivals (VI.A), then the Japanese deploy.
  m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'allied-reinforcements');
  m = act(m, A, { type: 'place', unit: 'usn-northampton', base: 'espiritu-santo' });
  m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
  expect(m.game.units.of('ijn-shokaku').place).toEqual({ at: 'base', base: 'truk' });
  expect(choices(m, J).some((a) => a.type === 'deploy' && a.ship === 'ijn-shokaku')).toBe(true);
  m = act(m, J, done);
  m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'allied-deployment');
  expect(choices(m, A).some((a) => a.type === 'deploy' && a.ship === 'usn-northampton')).toBe(true);
});
