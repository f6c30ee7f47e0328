/**
 * VI.F.2.e / VI.F.2.g.2.a (landings on an island, control of the island bases) and V (the
 * special first turn), through the real flow from the start of a match.
 */
import { act, advance, choices, done, freshMatch, newMatch, type M } from './helpers';
import { play } from './battle-helpers';

const J = 'japanese' as const;
const TRUK_SHIPS = ['ijn-jintsu', 'ijn-desdiv-4', 'ijn-trdiv-3'];

/** AugI: the Japanese embark the II/144th at Rabaul on TrDiv 1 and sail it into `area`; everything else minimal. */
function convoyTo(area: 'SP' | 'CS'): M {
  let m = newMatch('landing');
  m = act(m, J, { type: 'load', unit: 'ija-2-144', ship: 'ijn-trdiv-1' });
  m = act(m, J, { type: 'deploy', ship: 'ijn-trdiv-1', area, box: 'daynight', group: 'new' });
  return act(m, J, done);
}

const landingBases = (m: M) => choices(m, J).flatMap((a) => (a.type === 'land' ? [a.base] : []));

describe('VI.F.2.e / VI.F.2.g.2.a: landings and control of the land', () => {
  // VI.F.2.e: "Units may land on an island having enemy ground units"; VI.F.2.g.2.a: "an island (air) base - on
  // Guadalcanal, Bougainville, New Guinea North, or New Guinea South".
  test('VI.F.2.g.2.a: troops land only on an island; in the Coral Sea that is Port Moresby or Buna, never Australia', () => {
    let m = convoyTo('CS');
    m = advance(m, (x) => x.game.phase === 'day-landings');
    expect(landingBases(m).sort()).toEqual(['buna', 'port-moresby']);
    // The daylight landing (VI.F.1.g) is declined: the battalion lands at night.
    m = act(m, J, done);
    m = advance(m, (x) => x.game.phase === 'combat');
    expect(landingBases(m).sort()).toEqual(['buna', 'port-moresby']);
  });

  test('VI.F.2.g.2.a: troops in the South Pacific have no island to land on — Espiritu Santo keeps its holder and its B-17s; the troops come ashore where their ship goes home', () => {
    let m = convoyTo('SP');
    m = advance(m, (x) => x.game.phase === 'supply' || x.game.phase === 'return');
    // Nothing was landed: the battalion is still aboard its transports.
    expect(m.game.units.of('ija-2-144').place).toEqual({ at: 'aboard', ship: 'ijn-trdiv-1' });
    m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
    expect(m.game.holder['espiritu-santo']).toBe('allied');
    expect(m.game.units.of('usaaf-26th-bs').place).toEqual({ at: 'base', base: 'espiritu-santo' });
    // TrDiv 1 went home to Rabaul (the first place offered): the battalion landed there with it.
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'base', base: 'rabaul' });
    expect(m.game.units.of('ija-2-144').place).toEqual({ at: 'base', base: 'rabaul' });
  });

  test("VI.F.2.e: troops still aboard at night land on an island base of the ship's sea area (Guadalcanal or Bougainville in the Slot, not Rabaul)", () => {
    let m = newMatch();
    m = act(m, J, { type: 'load', unit: 'ija-2-144', ship: 'ijn-trdiv-1' });
    m = act(m, J, { type: 'deploy', ship: 'ijn-trdiv-1', area: 'SL', box: 'daynight', group: 'new' });
    m = act(m, J, done);
    m = advance(m, (x) => x.game.phase === 'day-landings');
    // The daylight landing (VI.F.1.g) is declined: the battalion lands at night.
    m = act(m, J, done);
    m = advance(m, (x) => x.game.phase === 'combat');
    expect(landingBases(m)).toEqual(['guadalcanal', 'bougainville']);
    m = act(m, J, { type: 'land', ship: 'ijn-trdiv-1', base: 'guadalcanal' });
    expect(m.game.units.of('ija-2-144').place).toEqual({ at: 'base', base: 'guadalcanal' });
  });
});

describe('V: the special first turn', () => {
  // "Only Japanese air and ground units may move from Truk at the end of the first turn of the game, UNLESS: the Japanese
  // player gets a 50% die roll for "early activation" of his Truk forces, enabling them to move on the first turn as well."
  test("V: without early activation, Truk's ships (JINTSU, DesDiv 4, TrDiv 3) neither sortie nor move to Rabaul on AugI", () => {
    let m = newMatch();
    const moves = choices(m, J).filter((a) => (a.type === 'deploy' || a.type === 'rebase') && TRUK_SHIPS.includes(a.ship));
    expect(moves).toEqual([]);
    // Rabaul's ships may sail.
    expect(choices(m, J)).toContainEqual({ type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'night', group: 'new' });
    m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
    for (const id of TRUK_SHIPS) expect(m.game.units.of(id).place).toEqual({ at: 'base', base: 'truk' });
  });

  test("V: with early activation (a 4–6) Truk's ships may sail on AugI, and the Allies get 5 VP", () => {
    let m = freshMatch();
    play(m, J, { type: 'early-activation', roll: true }, [4]);
    expect(m.game.vp.allied).toBe(5);
    m = advance(m, (x) => x.game.phase === 'japanese-deployment');
    expect(choices(m, J)).toContainEqual({ type: 'deploy', ship: 'ijn-jintsu', area: 'SL', box: 'day', group: 'new' });
    expect(choices(m, J)).toContainEqual({ type: 'rebase', ship: 'ijn-trdiv-3', base: 'rabaul' });
  });
});
