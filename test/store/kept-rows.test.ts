/**
 * The in-memory store's rows (`KeptRows`): a copy of the store (`MemoryMatchStore.fork`, a world
 * of the fog harness) shares the rows held when it was made, and each goes on independently —
 * what one appends after, the other never reads.
 */
import { KeptRows, type KeptRow } from '../../src/store/memory-kept';

const row = (seq: number, tag: string): KeptRow => ({
  seq,
  side: tag,
  kind: 'action',
  private: false,
  unshared: false,
  reveals: false,
  payload: '{}',
  log: '[]',
  rolls: '[]',
  createdAt: 0,
});
const seen = (rows: KeptRows, upTo: number) => Array.from({ length: upTo + 1 }, (_, seq) => rows.get(seq)?.side ?? '-').join('');

test('a copy reads the rows held when it was made, and neither reads the rows the other appends after', () => {
  const a = new KeptRows();
  for (let seq = 1; seq <= 3; seq++) a.set(seq, row(seq, 'a'));
  const b = a.fork();
  a.set(4, row(4, 'a'));
  b.set(4, row(4, 'b'));
  b.set(5, row(5, 'b'));
  expect(seen(a, 6)).toBe('-aaaa--');
  expect(seen(b, 6)).toBe('-aaabb-');
  expect([a.has(5), b.has(5), b.has(2)]).toEqual([false, true, true]);
});

test('a copy of a copy reads through both, and the first copy’s later rows stay its own', () => {
  const a = new KeptRows();
  a.set(1, row(1, 'a'));
  const b = a.fork();
  b.set(2, row(2, 'b'));
  const c = b.fork();
  b.set(3, row(3, 'b'));
  c.set(3, row(3, 'c'));
  a.set(2, row(2, 'a'));
  expect(seen(a, 3)).toBe('-aa-');
  expect(seen(b, 3)).toBe('-abb');
  expect(seen(c, 3)).toBe('-abc');
});

test('rows with a gap are copied, not shared: a row the original fills in later is not read by the copy', () => {
  const a = new KeptRows();
  a.set(1, row(1, 'a'));
  a.set(3, row(3, 'a'));
  const b = a.fork();
  a.set(2, row(2, 'a'));
  expect(seen(a, 3)).toBe('-aaa');
  expect(seen(b, 3)).toBe('-a-a');
  b.set(2, row(2, 'b'));
  expect(seen(b, 3)).toBe('-aba');
});
