/** The sentence-level rules ledger: the splitter (scripts/rules-sentences.ts) and the ledger's check (scripts/rules-ledger.ts). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkLedger, renderLedger, syncLedger, type Evidence, type Ledger } from '../../scripts/rules-ledger';
import { allTestTitles, gameSentences, ledgerPath, ledgerProblems, loadSections } from '../../scripts/rules-index';
import { normalise, openingWords, sentenceHash, splitRules, type SectionAnchors } from '../../scripts/rules-sentences';

// A made-up text in the shape of the rule texts: numbered headings, list markers, labels, citations.
const TEXT = [
  'I. Opening:',
  '  Players take turns. Each turn has 3 phases; the first is',
  '  movement. (See Rule VII.A. for damage.) As in Rule VII.',
  '  A., above, a ship may re-',
  '  turn home. See Rule VII.A. Each U.S. ship counts.',
  'II. Combat:',
  '  A. Gunfire:',
  '    1. Mapsheets:  one each.',
  '    2. Dice.',
  'B2. Both roll.',
  'NOTE:  A roll of 1 misses, e.g. always. Mt. Fuji is far',
  'away from Truk.',
  '    1) some ships may be held back,',
  '    2) and all fire at once.',
  '  The phase ends and play goes on at night',
  '  Only when both agree.',
].join('\n');

const SECTIONS: SectionAnchors[] = [
  { id: 'I', at: 'I. Opening:' },
  { id: 'II', at: 'II. Combat:' },
  { id: 'II.A', at: 'A. Gunfire:', resume: ['The phase ends'], breaks: ['Only when both'] },
  { id: 'II.A.1', at: '1) some ships' },
  { id: 'II.A.2', at: '2) and all fire' },
];

test('the splitter breaks at sentence ends, semicolons, headings, list markers and labels — not after a rule number, initials or an abbreviation', () => {
  const s = splitRules(TEXT, SECTIONS);
  expect(s.map((x) => [x.key, x.text])).toEqual([
    ['I/1', 'I. Opening:'],
    ['I/2', 'Players take turns.'],
    ['I/3', 'Each turn has 3 phases;'],
    ['I/4', 'the first is movement.'],
    ['I/5', '(See Rule VII.A. for damage.)'],
    ['I/6', 'As in Rule VII. A., above, a ship may re-turn home.'],
    ['I/7', 'See Rule VII.A.'],
    ['I/8', 'Each U.S. ship counts.'],
    ['II/1', 'II. Combat:'],
    ['II.A/1', 'A. Gunfire:'],
    ['II.A/2', '1. Mapsheets: one each.'],
    ['II.A/3', '2. Dice.'],
    ['II.A/4', 'B2. Both roll.'],
    ['II.A/5', 'NOTE: A roll of 1 misses, e.g. always.'],
    ['II.A/6', 'Mt. Fuji is far away from Truk.'],
    ['II.A.1/1', '1) some ships may be held back,'],
    ['II.A.2/1', '2) and all fire at once.'],
    // The section's own text resumes after its sub-sections, its ordinals going on; a break splits a clause.
    ['II.A/7', 'The phase ends and play goes on at night'],
    ['II.A/8', 'Only when both agree.'],
  ]);
});

test('a sentence keeps its key and hash when the text is read again, and its hash changes when its words do', () => {
  const a = splitRules(TEXT, SECTIONS);
  expect(splitRules(TEXT, SECTIONS)).toEqual(a);
  // Spacing, line ends and punctuation are not words: the hash stays.
  const respaced = TEXT.replace('Players take turns.', 'Players  take\n  turns!');
  expect(splitRules(respaced, SECTIONS).find((x) => x.key === 'I/2')!.hash).toBe(a.find((x) => x.key === 'I/2')!.hash);
  const changed = splitRules(TEXT.replace('Players take turns.', 'Players take two turns.'), SECTIONS);
  expect(changed.find((x) => x.key === 'I/2')!.hash).not.toBe(a.find((x) => x.key === 'I/2')!.hash);
  expect(changed.filter((x) => x.key !== 'I/2')).toEqual(a.filter((x) => x.key !== 'I/2'));
  expect(normalise('Re-turn  "Home", now!')).toBe('return home now');
  expect(sentenceHash('A b.')).toMatch(/^[0-9a-f]{6}$/);
});

test('the splitter refuses a section it cannot find, a break it cannot find, and text before the first section', () => {
  expect(() => splitRules(TEXT, [...SECTIONS, { id: 'III', at: 'III. Missing' }])).toThrow(/III/);
  expect(() =>
    splitRules(
      TEXT,
      SECTIONS.map((s) => (s.id === 'II' ? { ...s, breaks: ['nowhere at all'] } : s)),
    ),
  ).toThrow(/nowhere at all/);
  expect(() => splitRules(TEXT, SECTIONS.slice(1))).toThrow(/before the first section/);
});

const SENTENCES = splitRules(TEXT, SECTIONS);
const EVIDENCE: Evidence = {
  titles: new Set(['I: players take turns']),
  rulings: '- I: a turn is one player then the other.\n',
  exists: (p) => p === 'src/games/x/turns.ts',
};
const read = (): Ledger => {
  const l = syncLedger({ game: 'x', rows: [] }, SENTENCES);
  for (const r of l.rows) Object.assign(r, { status: 'no-requirement', reason: 'a heading' });
  Object.assign(l.rows[1]!, { status: 'implemented', code: ['src/games/x/turns.ts'], tests: ['I: players take turns'] });
  Object.assign(l.rows[2]!, { status: 'ruling', reason: undefined, ruling: 'I: a turn is one player', why: '"Players take turns"' });
  Object.assign(l.rows[3]!, { status: 'deviation', reason: undefined, note: 'no movement', issue: 'issue 40 item 1' });
  return l;
};

test('a ledger with a row and its evidence for every sentence passes the check', () => {
  expect(checkLedger(read(), SENTENCES, EVIDENCE)).toEqual([]);
});

test('the check fails on a sentence with no row, a stale hash, a vanished sentence and unread rows (unless allowed)', () => {
  const l = read();
  l.rows.splice(4, 1);
  l.rows[0]!.hash = '000000';
  l.rows.push({ key: 'IX/1', hash: 'abcdef', words: 'Gone', status: 'no-requirement', reason: 'x' });
  const problems = checkLedger(l, SENTENCES, EVIDENCE);
  expect(problems.some((p) => p.startsWith('I/5: no row'))).toBe(true);
  expect(problems.some((p) => p.startsWith('I/1: the text now reads'))).toBe(true);
  expect(problems.some((p) => p.startsWith('IX/1: no such sentence'))).toBe(true);
  const unread = syncLedger({ game: 'x', rows: [] }, SENTENCES);
  expect(checkLedger(unread, SENTENCES, EVIDENCE)).toHaveLength(SENTENCES.length);
  expect(checkLedger(unread, SENTENCES, EVIDENCE, { allowUnread: true })).toEqual([]);
});

test('the check fails on a test title, a ruling or a file that does not exist, and on a status without its evidence', () => {
  const l = read();
  l.rows[1]!.tests = ['I: players take turn'];
  l.rows[1]!.code = ['src/games/x/nowhere.ts'];
  l.rows[2]!.ruling = 'I: a turn is two';
  l.rows[3]!.issue = '';
  l.rows[4] = { ...l.rows[4]!, reason: undefined };
  expect(checkLedger(l, SENTENCES, EVIDENCE)).toEqual([
    'I/2: no file src/games/x/nowhere.ts',
    'I/2: no test titled "I: players take turn"',
    'I/3: RULINGS.md has no "I: a turn is two"',
    'I/4: deviation needs "issue"',
    'I/5: no-requirement needs "reason"',
  ]);
});

test('without the rule text the check covers the ledger itself; the document counts the statuses and lists every row', () => {
  const l = read();
  expect(checkLedger(l, null, EVIDENCE)).toEqual([]);
  const md = renderLedger(l, 'X', 'x.txt');
  expect(md).toContain(`${SENTENCES.length} sentences: 1 implemented, 1 ruling, ${SENTENCES.length - 3} no-requirement, 1 deviation.`);
  for (const s of SENTENCES) expect(md).toContain(`| ${s.key} | ${s.hash} | ${openingWords(s.text)} |`);
});

test('sync keeps the rows read, adds new sentences as unread and drops vanished ones', () => {
  const l = read();
  const fewer = SENTENCES.filter((s) => s.section !== 'II.A.2');
  const synced = syncLedger(l, fewer);
  expect(synced.rows.map((r) => r.key)).toEqual(fewer.map((s) => s.key));
  expect(synced.rows[1]).toEqual(l.rows[1]);
  expect(syncLedger({ game: 'x', rows: [] }, fewer).rows.every((r) => r.status === 'unread')).toBe(true);
  // A changed sentence: an unread row is made anew, a row read keeps its old hash for the check to report.
  const changed = SENTENCES.map((s) => (s.key === 'I/2' || s.key === 'I/1' ? { ...s, hash: 'ffffff' } : s));
  const unread = { game: 'x', rows: l.rows.map((r) => (r.key === 'I/1' ? { ...r, status: 'unread' as const } : r)) };
  const resynced = syncLedger(unread, changed);
  expect(resynced.rows[0]).toMatchObject({ key: 'I/1', hash: 'ffffff', status: 'unread' });
  expect(resynced.rows[1]).toEqual(l.rows[1]);
  expect(checkLedger(resynced, changed, EVIDENCE, { allowUnread: true })).toEqual([expect.stringMatching(/^I\/2: the text now reads/)]);
});

test.each(['ssj', 'ewr', 'eots-subwar'])('the ledger of %s has a row for every sentence of its rule text, none unread, and its evidence exists', (game) => {
  expect(existsSync(ledgerPath(game))).toBe(true);
  const file = loadSections(game);
  // The rule texts sit beside the project (../shared) in development and CI; a clone alone checks the ledger's shape.
  if (existsSync(join(__dirname, '../../../shared/rules', file.text))) expect(gameSentences(file)?.length).toBeGreaterThan(0);
  expect(ledgerProblems(game)).toEqual([]);
  expect(allTestTitles().size).toBeGreaterThan(0);
});
