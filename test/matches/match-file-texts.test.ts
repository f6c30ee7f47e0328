/**
 * The match file keeps every field of a log entry (docs/fairness.md: the file re-runs to the
 * same log): a line naming pieces as each reader may know them carries each player's own text
 * (`LogEntry.texts`, issue 42), and a file served and read through MatchFileSchema (the file
 * route's answer, `npm run verify`, the admin import) that dropped it no longer verified — the
 * fault run's first failure (issue 39), found on an SSJ air attack at sea.
 */
import { GAMES } from '../../src/games';
import { promptOf } from '../../src/engine';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import { Archive, MatchFileSchema, verifyFile, type MatchFile } from '../../src/matches/archive';
import { World } from '../support/fog/world';

jest.setTimeout(120_000);

const withTexts = (f: MatchFile) => f.actions.filter((a) => a.log.some((e) => (e as { texts?: unknown }).texts !== undefined));

test('a match file whose log names pieces per reader (texts) verifies after a trip through the file schema, as npm run verify reads it', async () => {
  const w = await World.create(ssj, {}, 'file-texts', { t: Date.UTC(2026, 11, 1) });
  const bots = { allied: plausibleBot('file-texts/allied'), japanese: plausibleBot('file-texts/japanese') };
  const archive = new Archive(w.svc);
  let file = await archive.exportMatch(w.id);
  for (let i = 0; withTexts(file).length === 0; i++) {
    if (i > 3000) throw new Error('no line with per-reader texts in 3000 steps');
    const state = await w.state();
    const side = ssj.sides.find((s) => promptOf(ssj, state.game, s));
    if (!side) throw new Error('no decision');
    const body = await w.svc.state(w.id, side);
    const out = await w.act(side, bots[side as 'allied' | 'japanese'].choose({ side, view: body.view, prompt: body.prompt as never }));
    if (!out.ok) throw new Error(out.error.message);
    if (i % 10 === 0) file = await archive.exportMatch(w.id);
  }
  // The file as the route serves it and the verifier reads it: JSON, then the schema.
  const read = MatchFileSchema.parse(JSON.parse(JSON.stringify(file)));
  expect(withTexts(read).length).toBe(withTexts(file).length);
  expect(verifyFile(GAMES, read).problems).toEqual([]);
  // And the re-run checks them: a reader's text changed is reported at its seq.
  const forged = structuredClone(read);
  const row = withTexts(forged)[0]!;
  const entry = row.log.find((e) => (e as { texts?: unknown }).texts !== undefined) as { texts: Record<string, string> };
  const reader = Object.keys(entry.texts)[0]!;
  entry.texts[reader] += ' (forged)';
  expect(verifyFile(GAMES, forged).problems.join('\n')).toMatch(new RegExp(`seq ${row.seq}: the logged entries differ`));
});
