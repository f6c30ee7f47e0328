/**
 * npm run rules:index — the rules ledger of each game (docs/rules/<game>.md): every sentence of its
 * rule text, split by scripts/rules-sentences.ts under the numbered sections of
 * docs/rules/<game>.sections.json, with the status a reading of it against the code gave it and the
 * evidence (scripts/rules-ledger.ts), from docs/rules/<game>.ledger.json.
 *
 *   npm run rules:index                    writes docs/rules/*.md
 *   npm run rules:index -- --check         fails on a stale document, a sentence with no row, a row
 *                                          whose hash no longer matches its sentence, a test title,
 *                                          ruling or file cited that does not exist, or an unread row
 *   npm run rules:index -- --allow-unread  (with --check) accepts unread rows
 *   npm run rules:index -- --sync          adds a row (unread) for each sentence of a ledger's text
 *                                          that has none, and drops the rows of vanished sentences
 *
 * The rule texts sit beside the project (../shared/rules) in development and CI; without them a
 * ledger's check covers only its own shape and evidence. A test title is read from `test(`, `it(`
 * and `describe(` calls in test/**.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { checkLedger, counts, formatLedger, renderLedger, syncLedger, type Ledger } from './rules-ledger';
import { splitRules, type Sentence } from './rules-sentences';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const GAMES = ['ssj', 'ewr', 'eots-subwar'] as const;

export type Scope = 'rule' | 'heading' | 'not-a-rule' | 'outside';
export interface Section {
  id: string;
  title: string;
  scope?: Scope;
  note?: string;
  /** Where the section begins in the text, and resumes, and where a clause of its own begins (scripts/rules-sentences.ts). */
  at?: string;
  resume?: string[];
  breaks?: string[];
}
export interface SectionsFile {
  game: string;
  title: string;
  text: string;
  note?: string;
  sections: Section[];
}

function walk(dir: string, keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out;
}

/** The titles of every test, `it` and `describe` block of a test file's source. */
export function testTitles(source: string): string[] {
  const out: string[] = [];
  const call = /\b(?:test|it|describe)\b(\.each\b)?\s*\(/g;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    let i = m.index + m[0].length;
    if (m[1]) {
      // test.each(table)(title, …): skip the table to its closing parenthesis.
      let depth = 1;
      let quote: string | null = null;
      for (; i < source.length && depth > 0; i++) {
        const c = source[i]!;
        if (quote) {
          if (c === '\\') i++;
          else if (c === quote) quote = null;
        } else if (c === '"' || c === "'" || c === '`') quote = c;
        else if (c === '(' || c === '[' || c === '{') depth++;
        else if (c === ')' || c === ']' || c === '}') depth--;
      }
      while (/\s/.test(source[i] ?? '')) i++;
      if (source[i] !== '(') continue;
      i++;
    }
    while (/\s/.test(source[i] ?? '')) i++;
    const q = source[i];
    if (q !== '"' && q !== "'" && q !== '`') continue;
    let j = i + 1;
    let title = '';
    for (; j < source.length && source[j] !== q; j++) {
      if (source[j] === '\\') j++;
      title += source[j];
    }
    out.push(title);
  }
  return out;
}

export function loadSections(game: string, root = ROOT): SectionsFile {
  return JSON.parse(readFileSync(join(root, 'docs/rules', `${game}.sections.json`), 'utf8')) as SectionsFile;
}

export const ledgerPath = (game: string, root = ROOT) => join(root, 'docs/rules', `${game}.ledger.json`);
export const rulesTextPath = (file: SectionsFile, root = ROOT) => join(root, '..', 'shared', 'rules', file.text);

/** The sentences of a game's rule text, or null where the text is not beside the project. */
export function gameSentences(file: SectionsFile, root = ROOT): Sentence[] | null {
  const path = rulesTextPath(file, root);
  return existsSync(path) ? splitRules(readFileSync(path, 'utf8'), file.sections) : null;
}

/** Every test title in test/ (the same reader as the index's). */
export function allTestTitles(root = ROOT): Set<string> {
  return new Set(walk(join(root, 'test'), (f) => /\.test\.tsx?$/.test(f)).flatMap((f) => testTitles(readFileSync(f, 'utf8'))));
}

export function loadLedger(game: string, root = ROOT): Ledger {
  return JSON.parse(readFileSync(ledgerPath(game, root), 'utf8')) as Ledger;
}

export function ledgerProblems(game: string, options: { allowUnread?: boolean } = {}, root = ROOT): string[] {
  const file = loadSections(game, root);
  const evidence = {
    titles: allTestTitles(root),
    rulings: readFileSync(join(root, 'src/games', game, 'RULINGS.md'), 'utf8'),
    exists: (p: string) => existsSync(join(root, p)),
  };
  return checkLedger(loadLedger(game, root), gameSentences(file, root), evidence, options);
}

function stale(path: string, text: string): boolean {
  try {
    return readFileSync(path, 'utf8') !== text;
  } catch {
    return true;
  }
}

function main(): void {
  const check = process.argv.includes('--check');
  const allowUnread = process.argv.includes('--allow-unread');
  let failed = false;
  for (const game of GAMES) {
    const path = join(ROOT, 'docs/rules', `${game}.md`);
    const file = loadSections(game);
    if (process.argv.includes('--sync')) {
      const sentences = gameSentences(file);
      if (!sentences) throw new Error(`${game}: the rule text ${rulesTextPath(file)} is not there to sync with`);
      writeFileSync(ledgerPath(game), formatLedger(syncLedger(loadLedger(game), sentences)));
      console.log(`${game}: ledger synced; run npx prettier --write ${relative(ROOT, ledgerPath(game))}`);
    }
    const ledger = loadLedger(game);
    const text = renderLedger(ledger, file.title, file.text);
    const problems = ledgerProblems(game, { allowUnread });
    const c = counts(ledger);
    console.log(
      `${game}: ledger of ${ledger.rows.length} sentences (${Object.entries(c)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}); ${problems.length} problem(s)`,
    );
    for (const p of problems) console.log(`  ${p}`);
    if (check) {
      if (stale(path, text)) {
        console.log(`  ${relative(ROOT, path)} is stale: run npm run rules:index`);
        failed = true;
      }
      if (problems.length) failed = true;
    } else writeFileSync(path, text);
  }
  if (failed) process.exit(1);
}

if (require.main === module) main();
