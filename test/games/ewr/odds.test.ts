/**
 * East Wind Rain's odds before the roll (issue #42 item 2): a prompt whose choice makes a roll
 * says, before it is chosen, the table the rule reads, the row for the deciding side and the
 * dice that succeed — and the roll then made is read exactly so. Played through the real flow
 * (the Coral Sea opening: TFA sails, TF 17 intercepts at two hexes and closes to the adjacent
 * hex). The odds read only the decider's own TF: the same words whatever the enemy's ships.
 */
import { createMatchState, step, type LogEntry, type MatchState } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import { CORAL_SEA_1942 } from '../../../src/games/ewr/data/scenarios';
import { AIRSTRIKE_TABLE, SIGHTING_NUMBER, SURFACE_TABLE } from '../../../src/games/ewr/data/tables';
import type { EwrState } from '../../../src/games/ewr/state';

type Ms = MatchState<EwrState>;
const OPENING: [string, unknown][] = [
  ['japanese', { type: 'begin-initiative' }],
  ...[
    { col: 1, row: 2 },
    { col: 2, row: 2 },
    { col: 3, row: 2 },
    { col: 4, row: 2 },
  ].map((to): [string, unknown] => ['japanese', { type: 'move', to }]),
  ['allied', { type: 'decide', step: '1', choice: 'intercept' }],
  ['allied', { type: 'approach', to: { col: 4, row: 3 } }],
];

function play(seed: string, script: [string, unknown][], scenario: unknown = 'coral-sea-1942'): { ms: Ms; log: LogEntry[] } {
  let ms = createMatchState(ewr, { scenario }, seed).state as Ms;
  let log: LogEntry[] = [];
  for (const [side, a] of script) {
    const st = step(ewr, ms, side, a);
    ms = st.state as Ms;
    log = st.log;
  }
  return { ms, log };
}

/** "succeeds on a d6 of 4–6" → 4 (the lowest die that succeeds). */
const lowest = (text: string, after: string) => Number(new RegExp(`${after}[^]*?succeeds on a d6 of (\\d)`).exec(text)![1]);

describe('EWR prompts give a roll’s table row and odds before it is chosen', () => {
  test('step 3 (sighting table, step 4): the prompt names the need and the dice that succeed, and the sighting roll then made succeeds on exactly those dice', () => {
    const seen = new Set<boolean>();
    for (let i = 0; i < 24; i++) {
      const { ms } = play(`odds-${i}`, OPENING);
      const prompt = ewr.prompt(ms.game, 'allied')!;
      expect(prompt.kind).toBe('sight-or-enter');
      // TF 17 has aircraft; from the adjacent hex, the sighting table's "with aircraft" row.
      expect(prompt.text).toContain(`Sight: Sighting from the adjacent hex (sighting table, with aircraft, step 4's "normal modifiers"): needs ${SIGHTING_NUMBER.air[1]}`);
      expect(prompt.text).toMatch(/an unmodified 1 always fails/);
      const from = lowest(prompt.text, 'Sight:');
      const st = step(ewr, ms, 'allied', { type: 'decide', step: '3', choice: 'sight' });
      const roll = st.log.map((l) => (l.data as { roll?: { die: number; success: boolean; need: number } } | undefined)?.roll).find(Boolean)!;
      expect(roll.need).toBe(SIGHTING_NUMBER.air[1]);
      expect(roll.success).toBe(roll.die >= from);
      seen.add(roll.success);
    }
    // Both outcomes were met: the check was not one-sided.
    expect([...seen].sort()).toEqual([false, true]);
  });

  test('A4 (after entering TFA’s hex and sighting it): the airstrike’s countersight need and airstrike-table column, and the surface table’s column for its own surface factors', () => {
    for (let i = 0; i < 60; i++) {
      const { ms } = play(`odds-a4-${i}`, [...OPENING, ['allied', { type: 'decide', step: '3', choice: 'enter' }], ['japanese', { type: 'decide', step: 'A2', choice: 'pass' }]]);
      if (ms.game.phase !== 'A4') continue;
      const text = ewr.prompt(ms.game, 'allied')!.text;
      const air = CORAL_SEA_1942.tfz.main!.reduce((n, sh) => n + (sh.air ?? 0), 0) + CORAL_SEA_1942.tfz.screen!.reduce((n, sh) => n + (sh.air ?? 0), 0);
      const surface = [...CORAL_SEA_1942.tfz.main!, ...CORAL_SEA_1942.tfz.screen!, ...(CORAL_SEA_1942.tfz.reserve ?? [])].reduce((n, sh) => n + (sh.surface ?? 0), 0);
      const col = (t: { columns: readonly number[] }, f: number) => t.columns.filter((c) => f >= c).length - 1;
      expect(text).toContain(`you allocate your ${air} air factors in secret (XI.H.1.c), then the target rolls to countersight`);
      expect(text).toContain(`hits on a d6 of 1–6: ${AIRSTRIKE_TABLE.rows.map((r) => r[col(AIRSTRIKE_TABLE, air)]).join(', ')}`);
      expect(text).toContain(`${surface} surface factors on the surface table`);
      expect(text).toContain(SURFACE_TABLE.rows.map((r) => r[col(SURFACE_TABLE, surface)]).join(', '));
      return;
    }
    throw new Error('no seed reached A4');
  });

  test('the odds read only the decider’s own TF: TFZ’s step-3 prompt is the same whether TFA is a carrier force or submarines only', () => {
    const subsOnly = {
      ...CORAL_SEA_1942,
      tfa: { ...CORAL_SEA_1942.tfa, main: [], screen: [], reserve: [], submarines: [{ id: 'i-1', name: 'I-1', type: 'SS', surface: 2, asw: 0, hull: 1 }] },
    };
    const a = play('odds-same', OPENING).ms;
    const b = play('odds-same', OPENING, subsOnly).ms;
    expect(ewr.prompt(b.game, 'allied')!.text).toBe(ewr.prompt(a.game, 'allied')!.text);
  });

  /** The Coral Sea opening up to step 1 (TFA two hexes from TF 17, at 4,2), and on to A1 (TFA at 5,2) and B1 (in TF 17's hex, 5,3). */
  const TO_1 = OPENING.slice(0, 5);
  const TO_A1: [string, unknown][] = [...TO_1, ['allied', { type: 'decide', step: '1', choice: 'decline' }], ['japanese', { type: 'move', to: { col: 5, row: 2 } }]];
  const TO_B1: [string, unknown][] = [...TO_A1, ['allied', { type: 'decide', step: 'A1', choice: 'decline' }], ['japanese', { type: 'move', to: { col: 5, row: 3 } }]];
  const firstRoll = (log: LogEntry[]) => log.map((l) => (l.data as { roll?: { die: number; success: boolean; need: number } } | undefined)?.roll).find(Boolean)!;

  test.each([
    ['A1', TO_A1, 'If you intercept, you try to sight it at once (4): Sighting from the adjacent hex', SIGHTING_NUMBER.air[1]],
    ['B1', TO_B1, 'If you intercept, you try to sight it at once in this hex (A4): Sighting in the same hex', SIGHTING_NUMBER.air[0]],
  ] as const)('%s (intercept): the prompt gives the sighting the intercept rolls at once, and that roll succeeds on exactly the dice it named', (phase, script, words, need) => {
    const seen = new Set<boolean>();
    for (let i = 0; i < 24; i++) {
      const { ms } = play(`odds-${phase}-${i}`, script);
      expect(ms.game.phase).toBe(phase);
      const prompt = ewr.prompt(ms.game, 'allied')!;
      expect(prompt.text).toContain(`${words} (sighting table, with aircraft, step 4's "normal modifiers"): needs ${need}`);
      const from = lowest(prompt.text, 'If you intercept');
      const roll = firstRoll(step(ewr, ms, 'allied', { type: 'decide', step: phase, choice: 'intercept' }).log);
      expect(roll.need).toBe(need);
      expect(roll.success).toBe(roll.die >= from);
      seen.add(roll.success);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  test('1 (intercept at two hexes): the prompt gives the sighting from the hex step 2 moves to, and the step-3 sighting then made succeeds on exactly those dice', () => {
    const seen = new Set<boolean>();
    for (let i = 0; i < 24; i++) {
      const { ms } = play(`odds-1-${i}`, TO_1);
      expect(ms.game.phase).toBe('1');
      const prompt = ewr.prompt(ms.game, 'allied')!;
      expect(prompt.text).toContain(`If you intercept, TFA halts and you move one hex (2), then sight it from there (3): Sighting from the adjacent hex`);
      const from = lowest(prompt.text, 'If you intercept');
      let after = step(ewr, ms, 'allied', { type: 'decide', step: '1', choice: 'intercept' }).state as Ms;
      after = step(ewr, after, 'allied', { type: 'approach', to: { col: 4, row: 3 } }).state as Ms;
      const roll = firstRoll(step(ewr, after, 'allied', { type: 'decide', step: '3', choice: 'sight' }).log);
      expect(roll.success).toBe(roll.die >= from);
      seen.add(roll.success);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  test('the intercept odds at 1, A1 and B1 read only TFZ’s own TF: the same prompt whether TFA is a carrier force or submarines only', () => {
    const subsOnly = {
      ...CORAL_SEA_1942,
      tfa: { ...CORAL_SEA_1942.tfa, main: [], screen: [], reserve: [], submarines: [{ id: 'i-1', name: 'I-1', type: 'SS', surface: 2, asw: 0, hull: 1 }] },
    };
    for (const script of [TO_1, TO_A1, TO_B1]) {
      const a = play('odds-same-intercept', script).ms;
      const b = play('odds-same-intercept', script, subsOnly).ms;
      expect(ewr.prompt(a.game, 'allied')!.text).toMatch(/If you intercept/);
      expect(ewr.prompt(b.game, 'allied')!.text).toBe(ewr.prompt(a.game, 'allied')!.text);
    }
  });
});
