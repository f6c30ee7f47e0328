import { RuleError } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { magicVp } from '../../../src/games/ssj/phases/magic';
import { viewFor } from '../../../src/games/ssj/view';
import { act, advance, choices, done, freshMatch, japaneseShips, namesOfJapanese, newMatch, throughAugI, type M } from './helpers';
import { victoryLevel } from '../../../src/games/ssj/data';
import { play } from './battle-helpers';

const deploy = (ship: string, area: 'SP' | 'SL' | 'CS', box: 'day' | 'daynight' | 'night', group = 'new') => ({ type: 'deploy', ship, area, box, group }) as const;

/** AugI with the early activation of Truk (V, a 4): Truk's ships may sail on the first turn; at the Japanese deployment. */
function activated(): M {
  const m = freshMatch('early');
  play(m, 'japanese', { type: 'early-activation', roll: true }, [4]);
  return advance(m, (x) => x.game.phase === 'japanese-deployment');
}

function groupsOf(m: M, side: string) {
  return Object.values(m.game.groups).filter((g) => g.side === side);
}

describe('VI.B Japanese deployment', () => {
  test('VI.B: the Japanese player deploys first; the Allied player has no decision meanwhile', () => {
    const m = newMatch();
    expect(m.game.phase).toBe('japanese-deployment');
    expect(choices(m, 'japanese').length).toBeGreaterThan(1);
    expect(ssj.prompt(m.game, 'allied')).toBeNull();
  });

  test('VI.B: ships deploy face down in one or more groups in the same box of a sea area', () => {
    let m = newMatch();
    m = act(m, 'japanese', deploy('ijn-chokai', 'SL', 'night'));
    const [g] = groupsOf(m, 'japanese');
    m = act(m, 'japanese', deploy('ijn-aoba', 'SL', 'night', g!.id));
    m = act(m, 'japanese', deploy('ijn-kako', 'SL', 'night', 'new'));
    const night = groupsOf(m, 'japanese').filter((x) => x.area === 'SL' && x.box === 'night');
    expect(night).toHaveLength(2);
    expect(night.map((x) => x.ships.length).sort()).toEqual([1, 2]);
    expect(m.game.units.of('ijn-aoba').place).toEqual({ at: 'group', group: g!.id });
  });

  test('VI.B: slow ships must be in a "Day and Night" box', () => {
    const m = newMatch();
    const boxes = new Set(
      choices(m, 'japanese')
        .filter((a) => a.type === 'deploy' && a.ship === 'ijn-trdiv-1')
        .map((a) => (a as { box: string }).box),
    );
    expect([...boxes]).toEqual(['daynight']);
    expect(() => act(m, 'japanese', deploy('ijn-trdiv-1', 'SL', 'day'))).toThrow(RuleError);
    expect(() => act(m, 'japanese', deploy('ijn-trdiv-1', 'SL', 'night'))).toThrow(RuleError);
    expect(act(m, 'japanese', deploy('ijn-trdiv-1', 'SL', 'daynight')).game.units.of('ijn-trdiv-1').place.at).toBe('group');
  });

  test('VI.B: Japanese ships may only enter the Coral Sea from Rabaul', () => {
    const m = activated();
    const cs = choices(m, 'japanese')
      .filter((a) => a.type === 'deploy' && a.area === 'CS')
      .map((a) => (a as { ship: string }).ship);
    expect(cs).toContain('ijn-chokai'); // at Rabaul
    expect(cs).not.toContain('ijn-jintsu'); // at Truk
    expect(() => act(m, 'japanese', deploy('ijn-jintsu', 'CS', 'day'))).toThrow(RuleError);
    expect(act(m, 'japanese', deploy('ijn-jintsu', 'SP', 'day')).game.units.of('ijn-jintsu').place.at).toBe('group');
  });

  test('VI.B: no more than 8 ship pieces may leave Rabaul in a turn', () => {
    let m = activated();
    const atRabaul = japaneseShips.filter((s) => s.arrival.kind === 'start' && s.arrival.at === 'rabaul' && !s.slow).map((s) => s.id);
    expect(atRabaul.length).toBeGreaterThan(8);
    for (const id of atRabaul.slice(0, 8)) m = act(m, 'japanese', deploy(id, 'SL', 'daynight'));
    expect(m.game.rabaulSorties).toBe(8);
    const ninth = atRabaul[8]!;
    expect(choices(m, 'japanese').some((a) => (a.type === 'deploy' || a.type === 'rebase') && a.ship === ninth)).toBe(false);
    expect(() => act(m, 'japanese', deploy(ninth, 'SL', 'daynight'))).toThrow(RuleError);
    // Ships at Truk are not limited by Rabaul's count.
    expect(choices(m, 'japanese').some((a) => a.type === 'deploy' && a.ship === 'ijn-jintsu')).toBe(true);
    // Taking one back frees a place.
    m = act(m, 'japanese', { type: 'recall', unit: atRabaul[0]! });
    expect(m.game.rabaulSorties).toBe(7);
    expect(choices(m, 'japanese').some((a) => a.type === 'deploy' && a.ship === ninth)).toBe(true);
  });

  test('VI.B: a ship taken back before the deployment closes is home again, and its empty group is gone', () => {
    let m = newMatch();
    m = act(m, 'japanese', deploy('ijn-chokai', 'SP', 'day'));
    m = act(m, 'japanese', { type: 'recall', unit: 'ijn-chokai' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ base: 'rabaul', at: 'base' });
    expect(groupsOf(m, 'japanese')).toHaveLength(0);
  });

  test('VI.B: placing a ship is a private step; closing the deployment is public', () => {
    const { step } = jest.requireActual('../../../src/engine');
    const m = newMatch();
    const placed = step(ssj, m, 'japanese', deploy('ijn-chokai', 'SP', 'day'));
    expect(placed.private).toBe(true);
    expect(placed.log.every((e: { to: unknown }) => JSON.stringify(e.to) === '["japanese"]')).toBe(true);
    const closed = step(ssj, placed.state, 'japanese', done);
    expect(closed.private).toBe(false);
    expect(closed.log[0].to).toBe('public');
  });
});

describe('VI.A Japanese carriers in AugII', () => {
  test('VI.A "Basically, the Japanese already have most of their Navy to use in AugII": SHOKAKU, arriving at Truk empty with her air groups, takes them aboard before sailing and strikes in the AugII morning', () => {
    let m = throughAugI('carriers-augii');
    const air = ['ijn-shokaku-fighters', 'ijn-shokaku-divebombers', 'ijn-shokaku-torpedo'];
    expect(m.game.units.of('ijn-shokaku').place).toEqual({ at: 'base', base: 'truk' });
    for (const unit of air) {
      expect(m.game.units.of(unit).place).toEqual({ at: 'base', base: 'truk' });
      expect(choices(m, 'japanese')).toContainEqual({ type: 'load', unit, ship: 'ijn-shokaku' });
      m = act(m, 'japanese', { type: 'load', unit, ship: 'ijn-shokaku' });
    }
    // Full (capacity 3): no more room aboard.
    expect(choices(m, 'japanese').some((a) => a.type === 'load' && a.ship === 'ijn-shokaku')).toBe(false);
    m = act(m, 'japanese', deploy('ijn-shokaku', 'SP', 'daynight'));
    m = act(m, 'japanese', done);
    m = advance(m, (x) => x.game.phase === 'carrier-strikes' && x.game.actor === 'japanese');
    for (const unit of air) expect(m.game.units.of(unit).place).toEqual({ at: 'aboard', ship: 'ijn-shokaku' });
    // Carriers in the SP strike Espiritu Santo (VI.F.1.b), where the Allied B-17s are.
    expect(choices(m, 'japanese')).toContainEqual({ type: 'air-raid', unit: 'ijn-shokaku-fighters', base: 'espiritu-santo', target: 'air' });
  });
});

describe('VI.C Magic and the Allied deployment', () => {
  test('VI.B / VI.H: Allied ships at Australia may sortie into the South Pacific — the text bars only their return from there to Australia', () => {
    const m = advance(newMatch(), (x) => x.game.phase === 'allied-deployment');
    const areas = new Set(choices(m, 'allied').flatMap((a) => (a.type === 'deploy' && a.ship === 'ran-australia' ? [a.area] : [])));
    expect([...areas].sort()).toEqual(['CS', 'SL', 'SP']);
  });

  test('VI.C: there is no Magic roll on the AugI turn — the Allies deploy with the screen up', () => {
    let m = newMatch();
    m = act(m, 'japanese', deploy('ijn-chokai', 'SL', 'night'));
    m = act(m, 'japanese', done);
    expect(m.game.phase).toBe('allied-deployment');
    expect(viewFor(m.game, 'allied').sides.japanese.visibility).toBe('screened');
  });

  test('VI.C: from AugII the Allied player names three numbers of the die (20 ways) before the roll', () => {
    let m = throughAugI('magic-1');
    expect(m.game.turn).toBe(1);
    m = act(m, 'japanese', done);
    expect(m.game.phase).toBe('magic');
    const c = choices(m, 'allied');
    expect(c).toHaveLength(20);
    expect(c).toContainEqual({ type: 'magic', numbers: [2, 4, 6] });
    expect(() => act(m, 'allied', { type: 'magic', numbers: [1, 1, 2] })).toThrow(RuleError);
    expect(() => act(m, 'allied', { type: 'magic', numbers: [3, 2, 1] })).toThrow(RuleError);
  });

  function magicOutcome(success: boolean): M {
    for (let i = 0; i < 200; i++) {
      let m = throughAugI(`magic-${i}`);
      m = act(m, 'japanese', deploy('ijn-chokai', 'SL', 'night'));
      m = act(m, 'japanese', deploy('ijn-aoba', 'CS', 'day'));
      m = act(m, 'japanese', done);
      const after = act(m, 'allied', { type: 'magic', numbers: [1, 2, 3] });
      const roll = after.game.magic.rolls.at(-1)!;
      if (roll.success === success) return after;
    }
    throw new Error('no seed found');
  }

  test('VI.C: Magic works on one of the three named numbers — the Allies see the Japanese groups face down before deploying', () => {
    const m = magicOutcome(true);
    const roll = m.game.magic.rolls.at(-1)!;
    expect([1, 2, 3]).toContain(roll.die);
    expect(m.game.magic.successes).toBe(1);
    expect(m.game.phase).toBe('allied-deployment');
    const v = viewFor(m.game, 'allied');
    expect(v.sides.japanese.visibility).toBe('face-down');
    const groups = v.sides.japanese.groups.map((g) => `${g.area}/${g.box}/${g.size}`).sort();
    expect(groups).toEqual(['CS/day/1', 'SL/night/1']);
    expect(namesOfJapanese(JSON.stringify(v))).toEqual([]);
    // The spectator is not told: the screen is lifted for the Allied player only.
    expect(viewFor(m.game, 'spectator').sides.japanese.visibility).toBe('screened');
  });

  test('VI.C: when Magic fails the Allies deploy with the screen up, and then it is removed', () => {
    let m = magicOutcome(false);
    expect([4, 5, 6]).toContain(m.game.magic.rolls.at(-1)!.die);
    expect(m.game.magic.successes).toBe(0);
    expect(viewFor(m.game, 'allied').sides.japanese.visibility).toBe('screened');
    expect(viewFor(m.game, 'allied').sides.japanese.groups).toEqual([]);
    m = act(m, 'allied', done);
    for (const viewer of ['allied', 'spectator']) {
      const v = viewFor(m.game, viewer);
      expect(v.sides.japanese.visibility).toBe('face-down');
      expect(v.sides.japanese.groups.map((g) => g.size)).toEqual([1, 1]);
      expect(namesOfJapanese(JSON.stringify(v))).toEqual([]);
    }
    expect(viewFor(m.game, 'japanese').sides.allied.visibility).toBe('face-down');
  });

  test('VI.C note: each Magic turn short of 4 gives the Allies 5 VP, each turn beyond 4 gives Japan 5 VP', () => {
    expect(magicVp(0)).toEqual({ allied: 20, japanese: 0 });
    expect(magicVp(3)).toEqual({ allied: 5, japanese: 0 });
    expect(magicVp(4)).toEqual({ allied: 0, japanese: 0 });
    expect(magicVp(6)).toEqual({ allied: 0, japanese: 10 });
  });
});

describe('IV victory and the flow of turns', () => {
  test('IV: more VP wins; 2:1 is strategic; under 110% of the lesser is a draw', () => {
    expect(victoryLevel(20, 10)).toEqual({ winner: 'allied', level: 'strategic' });
    expect(victoryLevel(15, 10)).toEqual({ winner: 'allied', level: 'marginal' });
    expect(victoryLevel(10, 11)).toEqual({ winner: 'japanese', level: 'marginal' });
    expect(victoryLevel(10, 10.9)).toEqual({ winner: null, level: 'draw' });
    expect(victoryLevel(0, 0)).toEqual({ winner: null, level: 'draw' });
  });

  test('VI.H: a Truk ship back from the South Pacific waits in the Returning to Truk box and is ready the turn after next', () => {
    let m = activated();
    m = act(m, 'japanese', deploy('ijn-jintsu', 'SP', 'day'));
    m = act(m, 'japanese', done);
    m = advance(m, (x) => x.game.phase === 'return' && x.game.actor === 'japanese');
    expect(choices(m, 'japanese').filter((a) => a.type === 'return')).toEqual([
      { type: 'return', ship: 'ijn-jintsu', to: 'rabaul' },
      { type: 'return', ship: 'ijn-jintsu', to: 'returning-to-truk' },
    ]);
    m = act(m, 'japanese', { type: 'return', ship: 'ijn-jintsu', to: 'returning-to-truk' });
    m = advance(m, (x) => x.game.turn === 1 && x.game.phase === 'japanese-deployment');
    expect(m.game.units.of('ijn-jintsu').place).toEqual({ at: 'returning-to-truk' });
    expect(choices(m, 'japanese').some((a) => (a.type === 'deploy' || a.type === 'rebase') && a.ship === 'ijn-jintsu')).toBe(false);
    m = advance(m, (x) => x.game.turn === 2 && x.game.phase === 'japanese-deployment');
    expect(m.game.units.of('ijn-jintsu').place).toEqual({ at: 'base', base: 'truk' });
  });

  test('each turn the pieces get new opaque tags, unrelated to their ids', () => {
    const m = newMatch();
    const first = m.game.tags.toJSON();
    const next = throughAugI('test-seed').game.tags;
    const ids = Object.keys(first);
    // Every unit of the game has a piece tag.
    expect(ids.sort()).toEqual(Object.keys(m.game.units.toJSON()).sort());
    expect(ids.filter((id) => first[id] === next.of(id))).toEqual([]);
    for (const id of ids) expect(first[id]).toMatch(/^[a-z2-9]{8}$/);
    expect(new Set(Object.values(first)).size).toBe(ids.length);
  });

  test('IV: a whole game of nine turns ends with a result from the recorded VP, Magic count included', () => {
    const m = advance(freshMatch('nine'), (x) => x.game.phase === 'over', 5000);
    const r = ssj.result(m.game)!;
    const s = m.game.magic.successes;
    expect(m.game.magic.rolls).toHaveLength(8);
    const magic = m.game.vpLog.filter((e) => e.why.startsWith('Magic'));
    const expected = s < 4 ? [{ side: 'allied', points: (4 - s) * 5 }] : s > 4 ? [{ side: 'japanese', points: (s - 4) * 5 }] : [];
    expect(magic.map((e) => ({ side: e.side, points: e.points }))).toEqual(expected);
    // Occupation is scored every turn for each objective.
    expect(m.game.vpLog.filter((e) => e.why.startsWith('held Guadalcanal'))).toHaveLength(9);
    const total = { allied: 0, japanese: 0 };
    for (const e of m.game.vpLog) total[e.side] += e.points;
    expect(r.score).toEqual(total);
    expect(r.winner).toBe(victoryLevel(total.allied, total.japanese).winner);
  });
});
