/** The rules index generator (scripts/rules-index.ts): how it reads citations and test titles. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citation, loadSections, testTitles } from '../../scripts/rules-index';

test('a citation is the whole rule number: VI.F.2 is not VI.F.2.g, step 1 is not step 10', () => {
  expect(citation('VI.F.2').test('VI.F.2.g: ground combat')).toBe(false);
  expect(citation('VI.F.2').test('(VI.F.2) night battle')).toBe(true);
  expect(citation('VI.F.2').test('as VI.F.2. says')).toBe(true);
  expect(citation('VI.F.2.g').test('XVI.F.2.g')).toBe(false);
  expect(citation('step 1').test('step 10: …')).toBe(false);
  expect(citation('step 1').test('step 1: TFZ intercepts')).toBe(true);
  expect(citation('11.22.B').test('11.22.B.6: card #80')).toBe(false);
});

test('a bare Roman numeral counts only where it reads as a citation', () => {
  expect(citation('V').test('V: without early activation Truk ships stay')).toBe(true);
  expect(citation('V').test('the special first turn (V)')).toBe(true);
  expect(citation('V').test('by rule V the Truk forces')).toBe(true);
  expect(citation('V').test('Map<string, V>')).toBe(false);
  expect(citation('IV').test('IV.A')).toBe(false);
});

test('test titles are read from test, it, describe and test.each calls, not from skipped tests', () => {
  const src = [
    "test('VI.D: a sub sinks on a 1', () => {});",
    'it("VII.A: HD sinks on a 6", () => {});',
    'describe(`VI.F.2.b`, () => {});',
    "test.each([[1, 'a'], [2, 'b)']])('VI.E: %i recon units', (n) => {});",
    "test.skip('VI.G: skipped', () => {});",
  ].join('\n');
  expect(testTitles(src)).toEqual(['VI.D: a sub sinks on a 1', 'VII.A: HD sinks on a 6', 'VI.F.2.b', 'VI.E: %i recon units']);
});

test.each(['ssj', 'ewr', 'eots-subwar'])('the numbered rules listed for %s are named in words of its rule text', (game) => {
  const file = loadSections(game);
  const text = join(__dirname, '../../../shared/rules', file.text);
  expect(new Set(file.sections.map((s) => s.id)).size).toBe(file.sections.length);
  // The rule texts sit beside the project (../shared) in development and CI; a clone alone checks the list's shape.
  if (!existsSync(text)) return;
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9#\s]/g, '');
  // Words broken over a line end ("per-\nform") are read whole.
  const body = new Set(letters(readFileSync(text, 'utf8').replace(/-\s*\n\s*/g, '')).split(/\s+/));
  for (const s of file.sections) {
    const missing = letters(s.title)
      .split(/\s+/)
      .filter((w) => w.length > 4 && !body.has(w));
    expect({ id: s.id, missing }).toEqual({ id: s.id, missing: [] });
  }
});
