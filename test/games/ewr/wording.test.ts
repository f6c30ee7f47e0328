/**
 * Issue #42 item 8, East Wind Rain's wording: a whole campaign of random matches (every built-in
 * scenario) read as each reader reads it — every prompt, every log line — has no count in the
 * wrong number ("your 1 air factors", "1 hits", "1 ERs", "1 moves left") and no article slip
 * ("a Allied", "the The"); and a side's own lines ("Your TF moves to 3,2"), opened to everyone
 * once the match is over, read in the third person for every other reader.
 */
import { createMatchState, readLog, REFEREE, SPECTATOR, step, type LogEntry, type MatchState } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import type { EwrState } from '../../../src/games/ewr/state';
import { PLAYING_ON, playRandom } from '../random-play';

const SLIPS: [string, RegExp][] = [
  ['a count of 1 with a plural noun', /\b1 (air |strike |surface )?(factors|hits|ERs|moves)\b/],
  ['"a" before a vowel-initial side', /\ba (Allied|American|Australian)\b/],
  ['a doubled article', /\bthe The\b/i],
  ['a word "undefined"', /\bundefined\b/],
];

interface Campaign {
  prompts: string[];
  entries: LogEntry[];
  ended: MatchState<EwrState>[];
}

function campaign(): Campaign {
  const out: Campaign = { prompts: [], entries: [], ended: [] };
  for (let i = 0; i < 30; i++) {
    const sc = BUILTIN_SCENARIOS[i % BUILTIN_SCENARIOS.length]!;
    const played = playRandom(ewr, { scenario: sc.id }, `wording-${i}`, 400, PLAYING_ON);
    const first = createMatchState(ewr, { scenario: sc.id }, `wording-${i}`);
    let ms = first.state as MatchState<EwrState>;
    out.entries.push(...first.log);
    for (const { side, action } of played.record) {
      for (const s of ewr.sides) {
        const p = ewr.prompt(ms.game, s);
        if (p) out.prompts.push(p.text);
      }
      const st = step(ewr, ms, side, action);
      ms = st.state as MatchState<EwrState>;
      out.entries.push(...st.log);
    }
    if (ewr.result(ms.game)) out.ended.push(ms);
  }
  return out;
}

const c = campaign();
const readers = [...ewr.sides, SPECTATOR, REFEREE];
const readBy = (e: LogEntry, viewer: string) =>
  readLog(
    [e],
    viewer,
    -1,
    () => 0,
    (x) => x,
  )[0]?.text ?? null;

describe('EWR wording over a campaign (issue #42 item 8)', () => {
  test('the campaign is long enough to read: many prompts, log lines, private lines and finished matches', () => {
    expect(c.prompts.length).toBeGreaterThan(300);
    expect(c.entries.filter((e) => e.to !== 'public').length).toBeGreaterThan(50);
    expect(c.ended.length).toBeGreaterThan(20);
  });

  test.each(SLIPS)('no prompt and no log line, as any reader reads it, has %s', (_what, slip) => {
    const texts = [...c.prompts, ...c.entries.flatMap((e) => readers.map((v) => readBy(e, v)).filter((t): t is string => t !== null))];
    expect(texts.filter((t) => slip.test(t))).toEqual([]);
  });

  test('a side’s own line reads "your"/"you" for that side only: every other reader of the opened log reads it in the third person, naming the TF', () => {
    const own = c.entries.filter((e) => e.to !== 'public' && /\b(Your|your|you)\b/.test(readBy(e, (e.to as string[])[0]!) ?? ''));
    expect(own.length).toBeGreaterThan(30);
    for (const e of own) {
      for (const v of readers.filter((r) => !(e.to as string[]).includes(r))) {
        const t = e.texts?.[v] ?? e.text;
        expect(t).not.toMatch(/\b(Your|your|you)\b/);
        expect(t).toMatch(/\bTF[AZ] \((Allied|Japanese)\)/);
      }
    }
  });
});
