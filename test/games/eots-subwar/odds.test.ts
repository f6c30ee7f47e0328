/**
 * Issue #42: every roll shows, before it is chosen, what it needs and its odds — the submarine
 * warfare roll's equation with the Sub Base's SWM and SLOC PV (11.22.A), card #5's table with
 * the last-two-divisions limit (11.24.A) — and the roll then made through the real flow (the
 * match's own dice, seed by seed) comes out exactly as the prompt promised.
 */
import { step, type LogEntry } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import type { EotsView } from '../../../src/games/eots-subwar/view';
import type { MatchState } from '../../../src/engine';
import { act, closeUntil, confirmed, kindOf, start, testScenario } from './helpers';

type Ms = MatchState<EotsState>;
const rollOf = (log: LogEntry[]) => log.map((l) => (l.data as { roll?: Record<string, unknown> } | undefined)?.roll).find(Boolean)!;

/** "a d10 of 0–4 (5 in 10)" → [0, 1, 2, 3, 4]; "no die" → []; "any die" → 0–9. */
function promisedFaces(text: string): number[] {
  if (/: no die \(0 in 10\)/.test(text)) return [];
  if (/: any die \(10 in 10\)/.test(text)) return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const m = /a d10 of (\d)(?:–(\d))? \((\d+) in 10\)/.exec(text)!;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  expect(Number(m[3])).toBe(to - from + 1);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** "0: 2 divisions out of China (1 in 10); 1–2: 1 division …; 3–9: no effect …" → removed, by face. */
function promisedTable(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(\d)(?:–(\d))?: (no effect|(\d) divisions? out of China) \((\d+) in 10\)/g)) {
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    expect(Number(m[5])).toBe(to - from + 1);
    for (let d = from; d <= to; d++) out[d] = m[4] === undefined ? 0 : Number(m[4]);
  }
  return out;
}

describe('EotS prompts give each roll’s equation or table row and odds before it is chosen', () => {
  // Lockwood (4) in 1010 on Turn 5 (1943): SLOC count 3 → PV 1; SWM +1, −1 or −3 with card #80 played 0, 1 or 2 times.
  test.each([0, 1, 2])('11.22.A: with card #80 played %i time(s), the roll made succeeds on exactly the d10 faces the prompt named', (card80) => {
    const outcomes = new Set<boolean>();
    for (let i = 0; i < 30; i++) {
      const ms = start({ scenario: testScenario({ events: { card37: false, card38: false, card80 } }) }, `sw-odds-${card80}-${i}`);
      const prompt = eotsSubwar.prompt(ms.game, 'allied')!;
      expect(prompt.kind).toBe('submarine-warfare');
      const view = eotsSubwar.view(ms.game, 'japanese') as EotsView;
      const lockwood = view.subBases.find((b) => b.id === 'lockwood-4')!;
      const st = step(eotsSubwar, ms, 'allied', { type: 'submarine-warfare', base: 'lockwood-4' });
      const roll = rollOf(st.log) as { die: number; swm: number; slocPv: number; success: boolean };
      // The prompt names the values the roll then used, and the view (every viewer's) carries the same odds.
      expect(prompt.text).toContain(
        `Lockwood (4): (DR + SWM) − SLOC PV ≤ 0 succeeds (11.22.A); with SWM ${roll.swm > 0 ? '+' : roll.swm < 0 ? '−' : ''}${Math.abs(roll.swm)} and SLOC PV ${roll.slocPv}`,
      );
      expect(prompt.text).toContain(lockwood.odds!);
      expect(roll.success).toBe(promisedFaces(prompt.text).includes(roll.die));
      outcomes.add(roll.success);
    }
    // SWM +1 and PV 1 leave one face in ten: both outcomes are met only with the lower modifiers.
    if (card80 > 0) expect([...outcomes].sort()).toEqual([false, true]);
  });

  test('11.22.A: an SWM the die cannot overcome is said as "no die (0 in 10)", and no roll then succeeds', () => {
    // 1942 (Turn 2) with card #37 and #38: SWM +6 against PV 1 — a total of at least 5.
    for (let i = 0; i < 10; i++) {
      const sc = testScenario({ turn: 2, subBases: { wilkes: '1010', 'lockwood-4': 4, fife: 6, 'lockwood-6': 6 }, events: { card37: true, card38: true, card80: 0 } });
      const ms = start({ scenario: sc }, `sw-none-${i}`);
      const prompt = eotsSubwar.prompt(ms.game, 'allied')!;
      expect(prompt.text).toContain('Wilkes: ');
      expect(promisedFaces(prompt.text)).toEqual([]);
      expect((rollOf(step(eotsSubwar, ms, 'allied', { type: 'submarine-warfare', base: 'wilkes' }).log) as { success: boolean }).success).toBe(false);
    }
  });

  function toCard5(seed: string, chinaDivisions: number, hex = '1005'): Ms {
    let ms = closeUntil(start({ scenario: testScenario({ chinaDivisions }) }, seed), (g) => g.phase.kind === 'operations' && g.ops.next === 'japanese');
    ms = act(ms, 'japanese', { type: 'begin-offensive', hq: 'jp' });
    ms = act(ms, 'japanese', { type: 'end-movement' });
    ms = confirmed(ms, 'japanese', { type: 'declare-battle-hex', hex });
    return act(ms, 'japanese', { type: 'end-declaration' });
  }

  test.each([
    [6, [2, 1, 1, 0, 0, 0, 0, 0, 0, 0]],
    [3, [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]],
    [2, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  ])('11.24.A: with %i divisions in China, card #5’s prompt gives the table row by row, and the die then rolled removes what its row said', (divisions, table) => {
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) {
      let ms = toCard5(`c5-odds-${divisions}-${i}`, divisions);
      expect(kindOf(ms, 'allied')).toBe('card-5');
      const text = eotsSubwar.prompt(ms.game, 'allied')!.text;
      expect(promisedTable(text)).toEqual(table);
      expect((eotsSubwar.view(ms.game, 'allied') as EotsView).thisTurn.card5Odds).toBe(text.slice(text.indexOf("Card #5's die")));
      ms = act(ms, 'allied', { type: 'play-card-5', base: 'lockwood-4' });
      const st = step(eotsSubwar, ms, 'japanese', { type: 'confirm' });
      const roll = rollOf(st.log) as { die: number; removed: number };
      expect(roll.removed).toBe(promisedTable(text)[roll.die]);
      seen.add(roll.removed);
    }
    // Every distinct outcome the table allows was met over the seeds.
    expect([...seen].sort()).toEqual([...new Set(table)].sort());
  });

  test('11.21.D: every Sub Base carries its printed values ("*": no Air-Naval factors, single-sided), and the hits it shows as displacing it are the hits that do', () => {
    let ms = toCard5('printed', 6, '1010');
    const printed = (eotsSubwar.view(ms.game, 'spectator') as EotsView).subBases.find((b) => b.id === 'lockwood-4')!.printed;
    expect(printed.airNavalFactors).toBe('*');
    expect(printed.sides).toBe(1);
    ms = act(ms, 'allied', { type: 'decline-card-5' });
    expect(kindOf(ms, 'japanese')).toBe('attack-sub-bases');
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: printed.displaceHits - 1, critical: false });
    expect(ms.game.subBases['lockwood-4'].at).toBe('map'); // single-sided: one hit short does nothing
    ms = confirmed(ms, 'japanese', { type: 'japanese-attack', base: 'lockwood-4', hits: 1, critical: false });
    expect(ms.game.subBases['lockwood-4'].at).toBe('trt');
  });
});
