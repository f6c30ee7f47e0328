/**
 * Issue 42 item 8: the finished EWR log showed the Allied player "PRIVATE … Your TFA (Japanese)"
 * — once a match is over the log is opened to every reader, and another side's private lines
 * were badged "private — Only you see this line". A private line says "only you" to the side
 * it was for, and whose it was to anyone else (the other side, a spectator, a replay's eye).
 */
import { privateBadge } from '../../src/web/labels';

test('a private line is "only you" to the side it was written for', () => {
  expect(privateBadge(['allied'], 'allied')).toEqual({ text: 'private', title: 'Only you see this line' });
});

test('another side reading a private line once the log is open is told whose line it was, not "only you"', () => {
  const b = privateBadge(['japanese'], 'allied');
  expect(b.text).toBe('Japanese only');
  expect(b.title).not.toMatch(/only you/i);
  expect(b.title).toContain('Japanese');
});

test("a spectator or a replay eye reads every private line as someone else's", () => {
  expect(privateBadge(['japanese'], 'spectator').text).toBe('Japanese only');
  expect(privateBadge(['allied', 'japanese'], undefined).text).toBe('Allied and Japanese only');
});
