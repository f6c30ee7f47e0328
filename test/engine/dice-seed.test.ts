/**
 * Dice nobody can choose (issue 18, docs/fairness.md): the dice start from HMAC-SHA256
 * keyed by the server's seed over every seat's value, so each party's value moves every
 * roll; no die is rolled before the seal, and no game's set-up rolls one.
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { commitmentOf, createMatchState, DiceNotSealed, diceSeed, diceState, fold, Rng, seedState, step, Timeline, UNSEALED, type GameModule, type Row } from '../../src/engine';
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import { BUILT_IN_IDS } from '../../src/games/eots-subwar/scenario';
import { BENCH_GAMES } from '../../src/games';
import { toy } from '../support/toy-game';

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const firstRolls = (seed: string, values: [string, string][], n = 24) => {
  const r = new Rng(diceState(seed, values));
  return Array.from({ length: n }, () => r.d6('t'));
};

describe('the dice seed (docs/fairness.md)', () => {
  test('it is HMAC-SHA256 keyed by the server seed over "ironbottom dice v1" and one side:value line a seat, in the order of sides (node:crypto as the oracle)', () => {
    fc.assert(
      fc.property(hex64, hex64, hex64, (seed, a, b) => {
        const want = createHmac('sha256', seed).update(`ironbottom dice v1\nallied:${a}\njapanese:${b}`).digest('hex');
        expect(
          diceSeed(seed, [
            ['allied', a],
            ['japanese', b],
          ]),
        ).toBe(want);
      }),
      { numRuns: 50 },
    );
  });

  test('a stream starts from sha256("stream:seed"), its first four words big-endian (node:crypto as the oracle)', () => {
    const h = createHash('sha256').update('dice:some seed').digest();
    expect(seedState('some seed', 'dice')).toEqual([h.readInt32BE(0), h.readInt32BE(4), h.readInt32BE(8), h.readInt32BE(12)]);
  });

  test('a commitment is the hex sha256 of the value', () => {
    fc.assert(
      fc.property(hex64, (v) => expect(commitmentOf(v)).toBe(createHash('sha256').update(v).digest('hex'))),
      { numRuns: 20 },
    );
  });

  test("changing any one party's value — the server's seed, the first seat's, the second seat's — changes the dice", () => {
    fc.assert(
      fc.property(hex64, hex64, hex64, hex64, (seed, a, b, other) => {
        fc.pre(other !== seed && other !== a && other !== b);
        const base = firstRolls(seed, [
          ['allied', a],
          ['japanese', b],
        ]);
        expect(
          firstRolls(other, [
            ['allied', a],
            ['japanese', b],
          ]),
        ).not.toEqual(base);
        expect(
          firstRolls(seed, [
            ['allied', other],
            ['japanese', b],
          ]),
        ).not.toEqual(base);
        expect(
          firstRolls(seed, [
            ['allied', a],
            ['japanese', other],
          ]),
        ).not.toEqual(base);
      }),
      { numRuns: 50 },
    );
  });

  test('the seats are mixed in a fixed order: the same two values on the other seats give other dice', () => {
    fc.assert(
      fc.property(hex64, hex64, hex64, (seed, a, b) => {
        fc.pre(a !== b);
        expect(
          firstRolls(seed, [
            ['allied', b],
            ['japanese', a],
          ]),
        ).not.toEqual(
          firstRolls(seed, [
            ['allied', a],
            ['japanese', b],
          ]),
        );
      }),
      { numRuns: 30 },
    );
  });

  test("with no seat value the dice are the server seed's own stream (matches from before issue 18, rule tests)", () => {
    expect(diceState('s', [])).toEqual(seedState('s', 'dice'));
  });
});

describe('no die before the seal', () => {
  test('unsealed dice refuse every draw, with the code dice-not-sealed; the tags stream draws as usual', () => {
    const dice = new Rng(UNSEALED);
    expect(() => dice.d6('x')).toThrow(DiceNotSealed);
    expect(() => dice.d10('x')).toThrow(expect.objectContaining({ code: 'dice-not-sealed' }));
    expect(dice.state()).toEqual([]);
    expect(new Rng(seedState('s', 'tags')).tag(8)).toMatch(/^[a-z2-9]{8}$/);
  });

  const options = (id: string): unknown[] => {
    if (id === 'ewr') return BUILTIN_SCENARIOS.map((s) => ({ scenario: s.id }));
    if (id === 'eots-subwar') return BUILT_IN_IDS.map((scenario) => ({ scenario }));
    return [{}];
  };
  for (const game of BENCH_GAMES.values()) {
    test(`${game.id}: its set-up rolls no die, so it runs at creation with the dice still unsealed`, () => {
      for (const o of options(game.id)) {
        const s = createMatchState(game, o, 'seed', { dice: 'unsealed' });
        expect(s.rolls).toEqual([]);
        expect(s.state.dice).toEqual([]);
        // The tags stream is the seed's (drawn at set-up by SSJ): the same with sealed dice.
        expect(s.state.tags).toEqual(createMatchState(game, o, 'seed').state.tags);
      }
    });
  }

  test('a step that rolls is refused while the dice are unsealed, and goes through on the same state once sealed', () => {
    const g = toy as GameModule;
    let s = createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state;
    s = step(g, s, 'a', { type: 'pick', n: 3 }).state;
    s = step(g, s, 'a', { type: 'seal' }).state;
    expect(() => step(g, s, 'b', { type: 'guess' })).toThrow(DiceNotSealed);
    const tl = new Timeline(g, s, []);
    const planned = tl.planAction('b', { type: 'guess' }, diceState('seed', [['a', '1'.repeat(64)]]));
    expect(planned.row.rolls).toHaveLength(1);
    expect(planned.seal).toEqual(diceState('seed', [['a', '1'.repeat(64)]]));
  });
});

describe('the seal in the timeline', () => {
  const g = toy as GameModule;
  const dice = diceState('seed', [
    ['a', 'a'.repeat(64)],
    ['b', 'b'.repeat(64)],
  ]);

  function live(sealAfter: number): { tl: Timeline; rows: Row[] } {
    const tl = new Timeline(g, createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state, []);
    const rows: Row[] = [];
    const acts: [string, unknown][] = [
      ['a', { type: 'pick', n: 2 }],
      ['a', { type: 'seal' }],
      ['b', { type: 'guess' }],
      ['a', { type: 'pick', n: 5 }],
      ['a', { type: 'seal' }],
      ['b', { type: 'guess' }],
    ];
    for (const [side, action] of acts) {
      if (tl.seq === sealAfter) tl.seal(dice);
      const p = tl.planAction(side, action);
      tl.accept(p);
      rows.push(p.row);
    }
    return { tl, rows };
  }

  test('a seal takes away the undo of what came before it (the chain holds no dice)', () => {
    const tl = new Timeline(g, createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state, []);
    tl.accept(tl.planAction('a', { type: 'pick', n: 2 }));
    expect(tl.canUndo('a')).toBe(true);
    tl.seal(dice);
    expect(tl.canUndo('a')).toBe(false);
  });

  test.each([0, 1, 2])('a fold with the seal after row %i rebuilds the live state and checks every roll', (at) => {
    const { tl, rows } = live(at);
    const problems: string[] = [];
    const start = createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state;
    const again = fold(g, [], rows, { seq: 0, state: start }, (p) => problems.push(p), { seq: at, dice });
    expect(problems).toEqual([]);
    expect(again.state).toEqual(tl.state);
  });

  test('a fold whose seal comes after a row that rolls is refused: no die before the seal', () => {
    const { rows } = live(0);
    const start = createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state;
    expect(() => fold(g, [], rows, { seq: 0, state: start }, () => {}, { seq: 3, dice })).toThrow(DiceNotSealed);
  });

  test('a fold with other dice than the ones the rows were played with reports the rolls that differ', () => {
    const { rows } = live(0);
    const problems: string[] = [];
    const start = createMatchState(g, {}, 'seed', { dice: 'unsealed' }).state;
    fold(g, [], rows, { seq: 0, state: start }, (p) => problems.push(p), {
      seq: 0,
      dice: diceState('seed', [
        ['a', 'c'.repeat(64)],
        ['b', 'b'.repeat(64)],
      ]),
    });
    expect(problems.some((p) => /rolls/.test(p))).toBe(true);
  });
});
