/**
 * The engine's replay walks the server's own timeline (src/engine/timeline.ts): the same
 * undo cut-offs, private steps and per-viewer log a live match has. Oracles: the toy
 * game's rules (a `pick` is a private step that sets the hidden number, `seal` hands the
 * decision to b, `guess` rolls a die), single engine steps, and a naive log filter.
 */
import fc from 'fast-check';
import { createMatchState, filterLog, readLog, replay, RuleError, step, type RecordedAction, type StampedLogEntry } from '../../src/engine';
import { toy, type ToyState } from '../support/toy-game';

const pick = (n: number): RecordedAction => ({ side: 'a', action: { type: 'pick', n } });
const seal: RecordedAction = { side: 'a', action: { type: 'seal' } };
const guess: RecordedAction = { side: 'b', action: { type: 'guess' } };
const undo = (side: string): RecordedAction => ({ side, action: null, kind: 'undo' });

/** The state after `actions` by single engine steps: no timeline involved. */
function stepped(actions: RecordedAction[]) {
  let s = createMatchState(toy, {}, 'seed').state;
  for (const a of actions) s = step(toy, s, a.side, a.action).state;
  return s;
}

describe('the engine replay on the timeline', () => {
  test("a private step: its log entries are its actor's alone, and it counts in its actor's seq only", () => {
    const r = replay(toy, {}, 'seed', [pick(3)]);
    const tl = r.timeline;
    expect(r.log.at(-1)).toMatchObject({ seq: 1, to: ['a'], text: 'You hid 3.' });
    expect(tl.logFor('a').map((e) => e.text)).toContain('You hid 3.');
    expect(tl.logFor('b').map((e) => e.text)).not.toContain('You hid 3.');
    expect([tl.seqs.of('a'), tl.seqs.of('b'), tl.seqs.of('spectator'), tl.seqs.of('referee')]).toEqual([1, 0, 0, 1]);
  });

  test('undo: taking back a private step gives the state before it, privately', () => {
    const r = replay(toy, {}, 'seed', [pick(3), pick(4), undo('a')]);
    expect((r.state.game as ToyState).hidden).toBe(3);
    expect(r.state).toEqual(stepped([pick(3)]));
    expect(r.timeline.logFor('a').at(-1)).toMatchObject({ seq: 3, text: 'You took back your last step.' });
    expect(r.timeline.seqs.of('b')).toBe(0);
  });

  test('handing the decision to the other side is a cut-off: a may not take back its seal', () => {
    const r = replay(toy, {}, 'seed', [pick(2), seal]);
    expect(r.timeline.canUndo('a')).toBe(false);
    expect(() => replay(toy, {}, 'seed', [pick(2), seal, undo('a')])).toThrow(RuleError);
  });

  test('a die roll is a cut-off: b may not take back its guess', () => {
    expect(() => replay(toy, {}, 'seed', [pick(2), seal, guess, undo('b')])).toThrow(RuleError);
    const r = replay(toy, {}, 'seed', [pick(2), seal, guess]);
    expect(r.rolls.at(-1)).toHaveLength(1);
    expect(r.state).toEqual(stepped([pick(2), seal, guess]));
  });

  test('a resignation ends the match: the other side wins, and no action follows', () => {
    const r = replay(toy, {}, 'seed', [pick(2), { side: 'a', action: null, kind: 'resign' }]);
    expect(r.timeline.result()).toMatchObject({ winner: 'b' });
    expect(r.log.at(-1)).toMatchObject({ to: 'public', text: 'The a player resigned.' });
    expect(() => replay(toy, {}, 'seed', [pick(2), { side: 'a', action: null, kind: 'resign' }, seal])).toThrow(RuleError);
  });
});

describe('the log filter', () => {
  const entry = fc.record({
    to: fc.oneof(fc.constant('public' as const), fc.subarray(['a', 'b'])),
    text: fc.string({ maxLength: 4 }),
    gap: fc.nat(2),
  });

  test('reading from the end gives exactly the entries a naive filter over the whole log gives', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.constantFrom('a', 'b', 'spectator', 'referee'), fc.integer({ min: -1, max: 40 }), (raw, viewer, after) => {
        let seq = 0;
        const log: StampedLogEntry[] = raw.map((e) => ({ to: e.to, text: e.text, seq: (seq += e.gap) }));
        const naive = log.filter((e) => e.seq > after && (viewer === 'referee' || e.to === 'public' || e.to.includes(viewer)));
        expect(filterLog(log, viewer, after)).toEqual(naive);
        expect(
          readLog(
            log,
            viewer,
            after,
            (e) => e.seq,
            (e) => e,
          ),
        ).toEqual(naive);
      }),
    );
  });
});
