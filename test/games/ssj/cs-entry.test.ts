/** VI.B note: "Japanese ships may only enter the CS from Rabaul" — through the real flow, AugI deployments to After Midnight. */
import { choices, type M } from './helpers';
import { sailed } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;

const atMidnight = (m: M) => m.game.phase === 'after-midnight';
const groupOf = (m: M, ship: string) => (m.game.units.of(ship).place as { group: string }).group;
const sailings = (m: M, side: 'allied' | 'japanese') => choices(m, side).filter((a) => a.type === 'after-midnight');

describe('VI.B note: "Japanese ships may only enter the CS from Rabaul"', () => {
  test('VI.B note: a Japanese Day Only task force in the Slot may not sail into the Coral Sea After Midnight (the South Pacific it may)', () => {
    // CHOKAI sails from Rabaul into the Slot's Day Only box; Allied task forces wait at night in the Coral Sea and the South Pacific.
    const m = sailed(
      'cs-entry',
      [{ ships: ['ijn-chokai'], area: 'SL', box: 'day' }],
      [
        { ships: ['ran-australia'], area: 'CS', box: 'night' },
        { ships: ['usn-quincy'], area: 'SP', box: 'night' },
      ],
      atMidnight,
    );
    expect(m.game.actor).toBe(J);
    expect(sailings(m, J)).toEqual([{ type: 'after-midnight', group: groupOf(m, 'ijn-chokai'), area: 'SP' }]);
  });

  test('VI.B note: a Japanese Day Only task force in the South Pacific may not sail into the Coral Sea After Midnight', () => {
    const m = sailed('cs-entry-sp', [{ ships: ['ijn-aoba'], area: 'SP', box: 'day' }], [{ ships: ['ran-australia'], area: 'CS', box: 'night' }], atMidnight);
    expect(m.game.actor).toBe(J);
    expect(sailings(m, J)).toEqual([]);
  });

  test('VI.B note binds the Japanese only: an Allied Day Only task force in the South Pacific may sail into the Coral Sea After Midnight', () => {
    // The Japanese reach the Coral Sea the one way the note allows, sailing from Rabaul.
    const m = sailed(
      'cs-entry-al',
      [{ ships: ['ijn-kako'], area: 'CS', box: 'night' }],
      [{ ships: ['usn-quincy'], area: 'SP', box: 'day' }],
      (x) => atMidnight(x) && x.game.actor === A,
    );
    expect(sailings(m, A)).toEqual([{ type: 'after-midnight', group: groupOf(m, 'usn-quincy'), area: 'CS' }]);
  });
});
