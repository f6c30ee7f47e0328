import { createMatchState, replay, step, filterLog, SeqCounter, RuleError, type StampedLogEntry } from '../../src/engine';
import { toy } from '../support/toy-game';

describe('the engine around a game module', () => {
  test('replaying the same actions from the same seed gives the same state at every seq', () => {
    const actions = [
      { side: 'a', action: { type: 'pick', n: 3 } },
      { side: 'a', action: { type: 'seal' } },
      { side: 'b', action: { type: 'guess' } },
      { side: 'a', action: { type: 'pick', n: 5 } },
      { side: 'a', action: { type: 'seal' } },
      { side: 'b', action: { type: 'guess' } },
    ];
    let live = createMatchState(toy, {}, 'seed').state;
    for (let i = 0; i < actions.length; i++) {
      live = step(toy, live, actions[i]!.side, actions[i]!.action).state;
      expect(replay(toy, {}, 'seed', actions, i + 1).state).toEqual(live);
    }
  });

  test("an action that is not among the prompt's choices is a RuleError and changes nothing", () => {
    const s = createMatchState(toy, {}, 'seed').state;
    const before = JSON.stringify(s);
    expect(() => step(toy, s, 'b', { type: 'guess' })).toThrow(RuleError);
    expect(() => step(toy, s, 'a', { type: 'seal' })).toThrow(RuleError);
    expect(() => step(toy, s, 'nobody', { type: 'seal' })).toThrow(RuleError);
    expect(JSON.stringify(s)).toBe(before);
  });

  test('step leaves the state it was given untouched', () => {
    const s = createMatchState(toy, {}, 'seed').state;
    const before = JSON.stringify(s);
    step(toy, s, 'a', { type: 'pick', n: 2 });
    expect(JSON.stringify(s)).toBe(before);
  });

  test('a step that rolls a die reveals; a private step does not count for others', () => {
    let s = createMatchState(toy, {}, 'seed').state;
    const pick = step(toy, s, 'a', { type: 'pick', n: 2 });
    expect(pick.private).toBe(true);
    expect(pick.reveals).toBe(false);
    s = step(toy, pick.state, 'a', { type: 'seal' }).state;
    const guess = step(toy, s, 'b', { type: 'guess' });
    expect(guess.reveals).toBe(true);
    expect(guess.rolls).toHaveLength(1);
  });

  test('the seq a viewer knows counts public actions and its own private steps only', () => {
    const c = new SeqCounter(['a', 'b']);
    c.add('a', true);
    c.add('a', true);
    c.add('a', false);
    expect(c.of('a')).toBe(3);
    expect(c.of('b')).toBe(1);
    expect(c.of('spectator')).toBe(1);
    expect(c.of('referee')).toBe(3);
  });

  test('the log filter gives each viewer its entries only', () => {
    const log: StampedLogEntry[] = [
      { seq: 0, to: 'public', text: 'p' },
      { seq: 1, to: ['a'], text: 'a only' },
      { seq: 2, to: ['b'], text: 'b only' },
    ];
    expect(filterLog(log, 'a').map((e) => e.text)).toEqual(['p', 'a only']);
    expect(filterLog(log, 'spectator').map((e) => e.text)).toEqual(['p']);
    expect(filterLog(log, 'referee')).toHaveLength(3);
    expect(filterLog(log, 'b', 0).map((e) => e.text)).toEqual(['b only']);
  });
});
