/**
 * The state is snapshotted as JSON: its units, held by the rules in a table of fixed slots
 * (unit-table.ts), are in that JSON what they always were, a record of units by id in the
 * counter sheet's order. A snapshot in that shape (every snapshot stored before the table, too)
 * loads through the timeline and plays on exactly as the state it was taken from.
 */
import { canonicalJson, createMatchState, step, Timeline, type MatchState } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { plausibleBot } from '../../../src/games/ssj/bot';
import type { SsjState, UnitState } from '../../../src/games/ssj/state';
import { UNIT_IDS, UnitTable } from '../../../src/games/ssj/unit-table';

const VIEWERS = ['referee', 'allied', 'japanese', 'spectator'];

/** A bot campaign's state after `n` actions, and its next step by the same bots. */
function played(n: number) {
  const bots = { allied: plausibleBot('snapshot/allied'), japanese: plausibleBot('snapshot/japanese') };
  let ms = createMatchState(ssj, {}, 'snapshot').state;
  const next = (m: MatchState<SsjState>) => {
    const side = ssj.sides.find((s) => ssj.prompt(m.game, s))! as 'allied' | 'japanese';
    const prompt = ssj.prompt(m.game, side)!;
    return step(ssj, m, side, bots[side].choose({ side, view: ssj.view(m.game, side), prompt }), prompt).state;
  };
  for (let i = 0; i < n; i++) ms = next(ms);
  return { ms, next };
}

/** The state as it was held before the table (and as its snapshots are): its units a record by id, in the counter sheet's order. */
function recordShaped(s: SsjState): Omit<SsjState, 'units'> & { units: Record<string, UnitState> } {
  return { ...s, units: Object.fromEntries(UNIT_IDS.map((id) => [id, s.units.of(id)])) };
}

describe('SSJ snapshots', () => {
  test('a state as JSON has its units as a record by id, in the counter sheet order: the text, and the canonical JSON the verifier hashes, of the record-held state', () => {
    const { ms } = played(150);
    const old = { ...ms, game: recordShaped(ms.game) };
    expect(JSON.stringify(ms)).toBe(JSON.stringify(old));
    expect(Object.keys((JSON.parse(JSON.stringify(ms.game)) as { units: object }).units)).toEqual(UNIT_IDS);
    expect(canonicalJson(ms)).toBe(canonicalJson(old));
  });

  test('a record-shaped snapshot loads through the timeline with its units in a table, and plays on as the state it was taken from', () => {
    // Two lines of the same campaign, each with bots of its own (a bot's choices draw on its own stream): one goes on from a snapshot.
    const live = played(150);
    const saved = played(150);
    const loaded = new Timeline(ssj, JSON.parse(JSON.stringify({ ...saved.ms, game: recordShaped(saved.ms.game) })) as MatchState, []);
    let a = live.ms;
    let b = loaded.state as MatchState<SsjState>;
    expect(b.game.units).toBeInstanceOf(UnitTable);
    for (let i = 0; i < 100; i++) {
      for (const v of VIEWERS) expect(canonicalJson(ssj.view(b.game, v))).toBe(canonicalJson(ssj.view(a.game, v)));
      for (const side of ssj.sides) expect(canonicalJson(ssj.prompt(b.game, side))).toBe(canonicalJson(ssj.prompt(a.game, side)));
      [a, b] = [live.next(a), saved.next(b)];
      // Canonical: a JSON round trip drops the keys set to undefined, so a later write may put a key elsewhere in the text (as for any snapshot).
      expect(canonicalJson(b)).toBe(canonicalJson(a));
    }
  });

  test('a state with its table already is not copied by the revive; a snapshot missing a unit is refused', () => {
    const { ms } = played(10);
    expect(ssj.revive!(ms.game)).toBe(ms.game);
    const units: Record<string, UnitState> = JSON.parse(JSON.stringify(ms.game.units)) as Record<string, UnitState>;
    delete units['usn-hornet'];
    expect(() => ssj.revive!({ ...ms.game, units } as unknown as SsjState)).toThrow(/usn-hornet missing/);
  });
});
