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
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.constantFrom('a', 'b', 'spectator', 'referee'),
        fc.integer({ min: -1, max: 40 }),
        fc.integer({ min: -1, max: 70 }),
        (raw, viewer, after, upTo) => {
          let seq = 0;
          const log: StampedLogEntry[] = raw.map((e) => ({ to: e.to, text: e.text, seq: (seq += e.gap) }));
          const naive = log.filter((e) => e.seq > after && (viewer === 'referee' || e.to === 'public' || e.to.includes(viewer)));
          expect(filterLog(log, viewer, after)).toEqual(naive);
          const read = (until?: number) =>
            readLog(
              log,
              viewer,
              after,
              (e) => e.seq,
              (e) => e,
              until,
            );
          expect(read()).toEqual(naive);
          expect(read(upTo)).toEqual(naive.filter((e) => e.seq <= upTo));
        },
      ),
    );
  });

  // Each viewer's stamped log is made when asked for, walking back from the end (no copy kept):
  // a window of it is the same entries as the whole log cut to that window by a naive filter,
  // and the whole log holds only what the viewer may read, its seqs rising to the viewer's own.
  test("a timeline's log for a viewer, after one seq and up to another, is its whole log cut to that window", () => {
    const match = fc
      .tuple(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }), fc.boolean(), fc.boolean())
      .map(([picks, takeBack, end]) => [...picks.map(pick), ...(takeBack ? [undo('a'), pick(1)] : []), ...(end ? [seal, guess] : [])]);
    fc.assert(
      fc.property(match, fc.constantFrom('a', 'b', 'spectator', 'referee'), fc.integer({ min: -1, max: 9 }), fc.integer({ min: -1, max: 9 }), (actions, viewer, after, upTo) => {
        const r = replay(toy, {}, 'seed', actions);
        const tl = r.timeline;
        const whole = tl.logFor(viewer);
        // The same entries as a naive filter of the referee's log (which reads them all), in its order.
        const unstamped = (log: StampedLogEntry[]) => log.map(({ seq: _seq, ...e }) => e);
        expect(unstamped(whole)).toEqual(unstamped(r.log.filter((e) => viewer === 'referee' || e.to === 'public' || e.to.includes(viewer))));
        expect(whole.map((e) => e.seq)).toEqual(whole.map((e) => e.seq).sort((x, y) => x - y));
        expect(whole.at(-1)?.seq ?? 0).toBeLessThanOrEqual(tl.seqs.of(viewer));
        expect(tl.logFor(viewer, after)).toEqual(whole.filter((e) => e.seq > after));
        expect(tl.logFor(viewer, after, upTo)).toEqual(whole.filter((e) => e.seq > after && e.seq <= upTo));
      }),
    );
  });
});
