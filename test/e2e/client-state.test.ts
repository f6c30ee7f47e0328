/** The client's folding of state bodies (src/web/socket.ts): whole logs replace, partial ones append. */
import { mergeState } from '../../src/web/socket';
import type { LogEntry, StateBody } from '../../src/protocol';

const entry = (seq: number, text: string): LogEntry => ({ seq, to: 'public', text });
const body = (seq: number, log: LogEntry[], logFrom: number, extra: Partial<StateBody> = {}): StateBody => ({
  id: 'm1',
  game: 'ssj',
  seq,
  you: 'allied',
  status: 'active',
  view: {},
  prompt: null,
  log,
  logFrom,
  result: null,
  seedHash: 'h',
  players: {},
  canUndo: false,
  deadline: null,
  stage: null,
  ...extra,
});

test('a whole log (logFrom -1) replaces the held one', () => {
  const held = body(2, [entry(0, 'a'), entry(1, 'b'), entry(2, 'c')], -1);
  const fresh = body(3, [entry(0, 'a'), entry(1, 'b'), entry(2, 'c'), entry(3, 'd')], -1);
  expect(mergeState(held, fresh).log.map((e) => e.text)).toEqual(['a', 'b', 'c', 'd']);
  // Even a whole log that has no entries replaces what was held.
  expect(mergeState(held, body(3, [], -1)).log).toEqual([]);
});

test('a partial log follows the held entries up to logFrom (also after the first action, logFrom 0)', () => {
  const held = body(0, [entry(0, 'setup')], -1);
  const first = mergeState(held, body(1, [entry(1, 'one')], 0));
  expect(first.log.map((e) => e.text)).toEqual(['setup', 'one']);
  const second = mergeState(first, body(2, [entry(2, 'two')], 1));
  expect(second.log.map((e) => e.text)).toEqual(['setup', 'one', 'two']);
  // A repeated delivery does not double the lines.
  expect(mergeState(second, body(2, [entry(2, 'two')], 1)).log.map((e) => e.text)).toEqual(['setup', 'one', 'two']);
});

test('an older body than the held one is ignored; another match replaces', () => {
  const held = body(5, [entry(5, 'five')], 4);
  expect(mergeState(held, body(3, [entry(3, 'three')], 2))).toBe(held);
  expect(mergeState(held, body(1, [entry(1, 'x')], 0, { id: 'm2' })).id).toBe('m2');
});
