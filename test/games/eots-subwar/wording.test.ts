/**
 * Issue #42 item 8, the submarine warfare variant's wording: a campaign of random matches from
 * every start, every prompt and every log line, has counts in their number ("1 hit", "2 cards",
 * never "card(s)" or "1 hits"), no raw id where a name belongs ("HQ pacific-fleet"), and never
 * the word "undefined".
 */
import { createMatchState, step, type LogEntry, type MatchState } from '../../../src/engine';
import { eotsSubwar, type EotsState } from '../../../src/games/eots-subwar';
import { SUB_BASE_IDS } from '../../../src/games/eots-subwar/data/tables';
import { CLOSING, playRandom } from '../random-play';
import { EOTS_MAX_ACTIONS, STARTS } from './random-matches';

const texts: string[] = [];
const hqIds = new Set<string>();
for (let i = 0; i < 8; i++) {
  const start = STARTS[i % STARTS.length]!;
  const played = playRandom(eotsSubwar, { scenario: start }, `wording-${start}-${i}`, EOTS_MAX_ACTIONS, CLOSING);
  const first = createMatchState(eotsSubwar, { scenario: start }, `wording-${start}-${i}`);
  let ms = first.state as MatchState<EotsState>;
  for (const q of ms.game.hqs) if (q.id !== q.name) hqIds.add(q.id);
  const log: LogEntry[] = [...first.log];
  for (const { side, action } of played.record) {
    for (const s of eotsSubwar.sides) {
      const p = eotsSubwar.prompt(ms.game, s);
      if (p) texts.push(p.text);
    }
    const st = step(eotsSubwar, ms, side, action);
    ms = st.state as MatchState<EotsState>;
    log.push(...st.log);
  }
  texts.push(...log.map((e) => e.text));
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('EotS wording over a campaign (issue #42 item 8)', () => {
  test('the campaign is long enough to read', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(hqIds.size).toBeGreaterThan(2);
  });

  test.each([
    ['a hedged plural ("card(s)", "success(es)")', /\w\((s|es)\)/],
    ['a count of 1 with a plural noun', /\b1 (hits|cards|activations|rolls|successes|divisions|Japanese cards|Japanese divisions|SWM steps)\b/],
    ['the word "undefined"', /\bundefined\b/],
  ])('no prompt and no log line has %s', (_what, slip) => {
    expect(texts.filter((t) => slip.test(t))).toEqual([]);
  });

  test('no prompt and no log line names a Sub Base or an HQ by its id ("HQ pacific-fleet")', () => {
    const ids = new RegExp(`(^|[^\\w-])(${[...SUB_BASE_IDS, ...hqIds].map(escape).join('|')})(?![\\w-])`);
    expect(texts.filter((t) => ids.test(t))).toEqual([]);
  });
});
