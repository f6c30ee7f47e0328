import { step } from '../../../src/engine';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import { eligibility, lineage, sloc, slocPv, swOutcome } from '../../../src/games/eots-subwar/strategic-warfare';
import { computeSwm, currentSwm } from '../../../src/games/eots-subwar/swm';
import { act, actWith, bareState, choices, closeUntil, confirmed, start, testScenario } from './helpers';

const noEvents = { card37: false, card38: false, card80: 0 };
const hqsWith = (id: string, patch: object) => testScenario().hqs!.map((q) => (q.id === id ? { ...q, ...patch } : q));
const texts = (log: { text: string }[]) => log.map((e) => e.text).join('\n');

describe('11.22.A conducting submarine warfare', () => {
  test('11.22.A: (DR + SWM) − SLOC PV ≤ 0 succeeds', () => {
    expect(swOutcome(0, 1, 1)).toEqual({ total: 0, success: true });
    expect(swOutcome(1, 1, 1)).toEqual({ total: 1, success: false });
    expect(swOutcome(3, -2, 1)).toEqual({ total: 0, success: true }); // a negative SWM is subtracted
    expect(swOutcome(9, -5, 4)).toEqual({ total: 0, success: true });
    expect(swOutcome(0, 2, 1)).toEqual({ total: 1, success: false });
    // In play: Lockwood (4) in 1010, Turn 5 (1943): SWM +1; SLOC count 3 (1003, 1004, HQ jp) → PV 1. Die 0: 0 + 1 − 1 = 0.
    const g = start({ scenario: testScenario() }).game;
    const win = actWith(g, 'allied', { type: 'submarine-warfare', base: 'lockwood-4' }, [0]);
    expect(win.state.history.rolls[0]).toMatchObject({ die: 0, swm: 1, slocCount: 3, slocPv: 1, total: 0, success: true });
    expect(win.log[0]!.data).toMatchObject({ roll: { why: 'submarine warfare: Lockwood (4)', die: 0, swm: 1, slocPv: 1, total: 0, success: true } });
    const miss = actWith(g, 'allied', { type: 'submarine-warfare', base: 'lockwood-4' }, [1]);
    expect(miss.state.history.rolls[0]).toMatchObject({ die: 1, total: 1, success: false });
    expect(miss.state.record.successes).toEqual([]);
  });

  test('11.22.A.1: a Sub Base out of supply may not conduct submarine warfare', () => {
    const sc = testScenario();
    const ms = start({ scenario: { ...sc, hexes: sc.hexes.map((h) => (h.hex === '1010' ? { ...h, alliedSupply: false } : h)) } });
    expect(ms.game.phase.kind).toBe('operations');
    expect(eligibility(ms.game, 'lockwood-4').reasons).toEqual(['11.22.A.1: not in supply']);
  });

  test('11.22.A.2: it must be eligible to be activated by an American HQ (full range, not barred by ISR or an event)', () => {
    const g = start({ scenario: testScenario({ hqs: hqsWith('us-a', { activatesSubBases: false }) }) }).game;
    expect(eligibility(g, 'lockwood-4').reasons).toEqual(['11.22.A.2: no American HQ is eligible to activate it']);
    expect(g.phase.kind).toBe('operations'); // no roll was offered
    expect(g.history.rolls).toEqual([]);
  });

  test('11.22.A.3: it must be within half (FRU) the activation range of an American HQ', () => {
    // us-a moved to 1014: 4 hexes from 1010 — within its range 6 (A.2 holds), not within half of it (3).
    const g = start({ scenario: testScenario({ hqs: hqsWith('us-a', { hex: '1014' }) }) }).game;
    expect(eligibility(g, 'lockwood-4').reasons).toEqual(['11.22.A.3: not within half the activation range of an American HQ']);
    expect(g.phase.kind).toBe('operations');
  });

  test('11.22.A.3: a unique American HQ — two Sub Bases answering to one HQ: one rolls, the Allied player picks which', () => {
    const sc = testScenario({ turn: 7, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1012' } });
    const g = start({ scenario: sc }).game;
    expect(choices(g, 'allied')).toEqual([
      { type: 'submarine-warfare', base: 'fife' },
      { type: 'submarine-warfare', base: 'lockwood-6' },
    ]);
    const out = actWith(g, 'allied', { type: 'submarine-warfare', base: 'lockwood-6' }, [9]);
    expect(out.state.phase.kind).toBe('operations');
    expect(texts(out.log)).toContain('Fife does not conduct submarine warfare: the American HQs in its reach serve the Sub Bases that did (11.22.A.3, a unique American HQ).');
  });

  test('11.22.A.4: it (or its predecessor) must have been on the map at the beginning of the Reinforcement Segment', () => {
    expect(lineage('fife')).toEqual(['fife', 'lockwood-4', 'wilkes']);
    expect(lineage('lockwood-6')).toEqual(['lockwood-6']);
    const g = bareState();
    g.record.onMapAtReinforcement = ['wilkes'];
    g.subBases.wilkes = { at: 'replaced' };
    expect(eligibility(g, 'lockwood-4').reasons).toEqual([]); // its predecessor was there
    g.record.onMapAtReinforcement = [];
    expect(eligibility(g, 'lockwood-4').reasons).toEqual(["11.22.A.4: neither it nor a predecessor was on the map at the beginning of this turn's Reinforcement Segment"]);
  });

  test('every roll is a ten-sided die (0–9) through ctx.dice, in a public log entry with data.roll', () => {
    const ms = start({ scenario: testScenario() }, 'roll');
    const out = step(eotsSubwar, ms, 'allied', { type: 'submarine-warfare', base: 'lockwood-4' });
    expect(out.rolls).toHaveLength(1);
    expect(out.rolls[0]).toMatchObject({ why: 'submarine warfare: Lockwood (4)', sides: 10 });
    expect(out.rolls[0]!.value).toBeGreaterThanOrEqual(0);
    expect(out.rolls[0]!.value).toBeLessThanOrEqual(9);
    const entry = out.log.find((e) => e.data && 'roll' in e.data)!;
    expect(entry.to).toBe('public');
    expect((entry.data!.roll as { die: number }).die).toBe(out.rolls[0]!.value);
  });
});

describe('11.22.B the Submarine Warfare Modifier', () => {
  test("11.22.B.1, 11.22.B.2, 11.22.B.3: +2 in 1942, +1 in 1943, 0 in 1944/1945 (RULING: 1941 +2, as the 1941 start's marker)", () => {
    expect([1941, 1942, 1943, 1944, 1945].map((year) => computeSwm({ year, events: noEvents, swmSteps: 0 }))).toEqual([2, 2, 1, 0, 0]);
  });

  test('11.22.B: +2 for card #37, +2 for card #38, −2 for each card #80, −1 for each earlier SWM choice', () => {
    const at = (events: Partial<typeof noEvents>, swmSteps = 0) => computeSwm({ year: 1944, events: { ...noEvents, ...events }, swmSteps });
    expect(at({ card37: true })).toBe(2);
    expect(at({ card37: true, card38: true })).toBe(4);
    expect(at({ card80: 1 })).toBe(-2);
    expect(at({ card80: 2 })).toBe(-4);
    expect(at({}, 3)).toBe(-3);
    expect(at({ card37: true, card80: 1 }, 1)).toBe(-1);
  });

  test('11.22.B: the SWM may be negative but never below −5', () => {
    expect(computeSwm({ year: 1944, events: { ...noEvents, card80: 2 }, swmSteps: 1 })).toBe(-5);
    expect(computeSwm({ year: 1943, events: { ...noEvents, card80: 3 }, swmSteps: 2 })).toBe(-5); // 1 − 6 − 2 = −7
    expect(computeSwm({ year: 1944, events: { ...noEvents, card80: 2 }, swmSteps: 0 })).toBe(-4);
  });

  test('11.22.B: the SWM follows the year of the turn (Turn 4 1942 +2, Turn 5 1943 +1)', () => {
    let ms = start({ scenario: testScenario({ turn: 4, subBases: { wilkes: '1010', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6 } }) }, 'years');
    expect(currentSwm(ms.game)).toBe(2);
    ms = closeUntil(ms, (g) => g.turn === 5);
    expect(currentSwm(ms.game)).toBe(1);
    expect((eotsSubwar.view(ms.game, 'allied') as { swm: { value: number } }).swm.value).toBe(1);
  });

  test('11.22.B.4–6: the events are card plays of the Offensives Phase, each moving the marker as it is played', () => {
    let ms = closeUntil(start({ scenario: testScenario() }, 'events'), (g) => g.phase.kind === 'operations');
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 37 });
    expect(currentSwm(ms.game)).toBe(3);
    ms = confirmed(ms, 'allied', { type: 'play-event', card: 80 });
    ms = confirmed(ms, 'japanese', { type: 'play-event', card: 38 });
    expect(currentSwm(ms.game)).toBe(1 + 2 - 2 + 2);
    expect(choices(ms, 'allied').filter((a) => a.type === 'play-event')).toEqual([]); // #80 is in the discard pile
    ms = act(ms, 'allied', { type: 'pass' });
    expect(choices(ms, 'japanese').filter((a) => a.type === 'play-event')).toEqual([]);
  });

  test("11.22.B.7: an SWM step taken for one success counts for the next Sub Base's roll in the same segment", () => {
    // Fife in 1010 (us-a), Lockwood (6) in 1020 (us-b), Turn 7 (1943): SWM +1.
    const sc = testScenario({ turn: 7, subBases: { wilkes: 'replaced', 'lockwood-4': 'replaced', fife: '1010', 'lockwood-6': '1020' } });
    let g = start({ scenario: sc }).game;
    g = actWith(g, 'allied', { type: 'submarine-warfare', base: 'fife' }, [0]).state; // 0 + 1 − 1 = 0: success
    expect(choices(g, 'allied')).toEqual([
      { type: 'sub-warfare-effect', base: 'fife', choice: 'asp' },
      { type: 'sub-warfare-effect', base: 'fife', choice: 'swm' },
      { type: 'sub-warfare-effect', base: 'fife', choice: 'none' },
    ]);
    g = actWith(g, 'allied', { type: 'sub-warfare-effect', base: 'fife', choice: 'swm' }).state;
    // Lockwood (6) in 1020: nothing within 7 hexes counts (1003 is 17 away, HQ jp 14) → PV 0. Die 1: 1 + 0 − 0 = 1.
    g = actWith(g, 'allied', { type: 'submarine-warfare', base: 'lockwood-6' }, [1]).state;
    expect(g.history.rolls[1]).toMatchObject({ base: 'lockwood-6', die: 1, swm: 0, slocPv: 0, total: 1, success: false });
  });
});

describe('11.22.C the SLOC Proximity Value', () => {
  test('11.22.C.1, 11.22.C.2, 11.22.C.3, 11.22.C.4: home island ports, Pusan, Japanese-controlled resource hexes, and Japanese HQs counted again', () => {
    const g = bareState();
    // From 1010, range 7: 1003 (7, home port) yes, 1002 (8) no; 1004 (6, Japanese resource) yes; 1005 (Allied resource) no;
    // 1006 (Japanese port, not a home port) no, but HQ jp in it (4) yes.
    expect(sloc(g, '1010')).toEqual({ hexes: ['1003', '1004'], hqs: ['jp'], count: 3, pv: 1 });
    g.scenario.slocRange = 8;
    expect(sloc(g, '1010')).toMatchObject({ hexes: ['1002', '1003', '1004'], count: 4, pv: 1 });
    g.hqs.push({ id: 'jp2', name: 'J2', side: 'japanese', american: false, hex: '1003', activationRange: 2, activatesSubBases: true });
    expect(sloc(g, '1010')).toMatchObject({ hexes: ['1002', '1003', '1004'], hqs: ['jp', 'jp2'], count: 5, pv: 1 }); // 1003 twice
    g.hexes.find((h) => h.hex === '1005')!.control = 'japanese';
    expect(sloc(g, '1010')).toMatchObject({ count: 6, pv: 1 });
    g.hexes.find((h) => h.hex === '1004')!.control = 'allied';
    expect(sloc(g, '1010').hexes).toEqual(['1002', '1003', '1005']);
  });

  test('11.22.C: Pusan (3306) counts when within range, by its number', () => {
    const g = bareState();
    g.scenario.slocRange = 4;
    expect(sloc(g, '3310').hexes).toEqual(['3306']); // 4 hexes down column 33
    g.scenario.slocRange = 3;
    expect(sloc(g, '3310').hexes).toEqual([]);
  });

  test('11.22.C: the count is divided by five and rounded to the nearest integer (.4 down, .6 up; .5 cannot occur)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13].map(slocPv)).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
    for (let c = 0; c <= 200; c++) {
      expect(slocPv(c)).toBe(Math.round(c / 5));
      expect(Math.abs(c - 5 * slocPv(c))).toBeLessThanOrEqual(2); // within 0.4 of count/5
    }
    expect(() => slocPv(2.5)).toThrow(RangeError);
    expect(() => slocPv(-1)).toThrow(RangeError);
  });
});
