/** The rules ledger's generator (scripts/rules-index.ts): how it reads test titles, and the sections it splits the texts under. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSections, testTitles } from '../../scripts/rules-index';

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
