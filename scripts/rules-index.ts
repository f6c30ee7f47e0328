/**
 * npm run rules:index — the rules documents of each game (docs/rules/<game>.md).
 *
 * A game with a ledger (docs/rules/<game>.ledger.json) gets the sentence-level ledger
 * (scripts/rules-ledger.ts): every sentence of its rule text, split by scripts/rules-sentences.ts
 * under the numbered sections of docs/rules/<game>.sections.json, with its status and evidence.
 * A game without one keeps the section-level index: every numbered rule of its text → the code
 * that cites it → the tests named after it → the rulings that read it (each rule with a scope: a
 * rule, a heading without a rule of its own, not a rule at all, or a rule of the larger game
 * outside this module).
 *
 *   npm run rules:index                    writes docs/rules/*.md
 *   npm run rules:index -- --check         fails if a written document is stale; for a ledger, on a
 *                                          sentence with no row, a row whose hash no longer matches,
 *                                          a test title, ruling or file cited that does not exist, or
 *                                          an unread row; for an index, on a rule with no test or a
 *                                          rule outside the module with no ruling saying so
 *   npm run rules:index -- --allow-unread  (with --check) accepts unread rows
 *   npm run rules:index -- --sync          adds a row (unread) for each sentence of a ledger's text
 *                                          that has none, and drops the rows of vanished sentences
 *
 * The rule texts sit beside the project (../shared/rules) in development and CI; without them a
 * ledger's check covers only its own shape and evidence.
 *
 * A rule is "tested" when a test (test/**: `test(`, `it(`, `describe(` titles) names its
 * number exactly (VI.F.2 is not VI.F.2.g); cited when a file of the game's code names it.
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

export interface IndexedSection extends Section {
  scope: Scope;
  code: string[];
  tests: { file: string; title: string }[];
  rulings: string[];
  problem: string | null;
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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A citation of `id` exactly: not inside a longer number (VI.F.2 in VI.F.2.g, step 1 in
 * step 10). A bare Roman numeral (V, VI) counts only where it reads as a citation: followed
 * by ':', ')', ',' or a full stop, or after "rule ".
 */
export function citation(id: string): RegExp {
  const bare = /^[IVXL]+$/.test(id);
  const core = `(?<![A-Za-z0-9.])${escape(id)}(?![A-Za-z0-9]|\\.[A-Za-z0-9])`;
  return bare ? new RegExp(`(?:(?<=rule )${escape(id)}(?![A-Za-z0-9.])|${core}(?=[:),]|\\.(?![A-Za-z0-9])))`) : new RegExp(core);
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

export function indexGame(file: SectionsFile, root = ROOT): IndexedSection[] {
  const rel = (p: string) => relative(root, p);
  const codeFiles = walk(join(root, 'src/games', file.game), (f) => /\.tsx?$/.test(f)).map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') }));
  const testFiles = walk(join(root, 'test'), (f) => /\.test\.tsx?$/.test(f)).map((f) => ({ file: rel(f), titles: testTitles(readFileSync(f, 'utf8')) }));
  const rulingsPath = join(root, 'src/games', file.game, 'RULINGS.md');
  const rulings = readFileSync(rulingsPath, 'utf8').split('\n');
  // Tests of this game: under its own folder, or elsewhere with the game's id or name in their file's path.
  const mine = testFiles.filter((t) => t.file.includes(`/${file.game}/`) || t.file.includes(`/${file.game}.`) || t.file.includes(`${file.game}-`));
  return file.sections.map((s) => {
    const re = citation(s.id);
    const scope = s.scope ?? 'rule';
    const code = codeFiles.filter((c) => re.test(c.text)).map((c) => c.file);
    const tests = mine.flatMap((t) => t.titles.filter((title) => re.test(title)).map((title) => ({ file: t.file, title })));
    const lines = rulings.filter((l) => re.test(l)).map((l) => l.replace(/^[-*]\s*/, '').trim());
    let problem: string | null = null;
    if (scope === 'rule' && tests.length === 0) problem = 'no test names this rule';
    if (scope === 'outside' && lines.length === 0) problem = 'outside the module, but no ruling in RULINGS.md says so';
    return { ...s, scope, code, tests, rulings: lines, problem };
  });
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const STATUS: Record<Scope, string> = { rule: 'rule', heading: 'heading', 'not-a-rule': 'not a rule', outside: 'outside this module' };

export function render(file: SectionsFile, rows: IndexedSection[]): string {
  const counted = rows.filter((r) => r.scope === 'rule');
  const covered = counted.filter((r) => r.tests.length > 0).length;
  const out = [
    `# Rules index: ${file.title}`,
    '',
    `Generated by \`npm run rules:index\` from \`docs/rules/${file.game}.sections.json\` (the numbered rules of \`${file.text}\`), the code in \`src/games/${file.game}\`, the tests in \`test/\` and \`src/games/${file.game}/RULINGS.md\`. Do not edit by hand; \`npm test\` checks it is current.`,
    '',
    `${covered} of ${counted.length} rules have a test named after them.${file.note ? ` ${file.note}` : ''}`,
    '',
    '| rule | title | kind | code citing it | tests named after it | rulings |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const code = r.code.map((c) => `\`${c.replace(`src/games/${file.game}/`, '')}\``).join(', ');
    const tests = r.tests.length
      ? `${r.tests.length}: ${r.tests
          .slice(0, 3)
          .map((t) => `“${cell(t.title)}”`)
          .join('; ')}${r.tests.length > 3 ? '; …' : ''}`
      : '';
    const kind = `${STATUS[r.scope]}${r.note ? ` (${cell(r.note)})` : ''}${r.problem ? ` — **${r.problem}**` : ''}`;
    out.push(`| ${cell(r.id)} | ${cell(r.title)} | ${kind} | ${code} | ${tests} | ${r.rulings.length} |`);
  }
  return out.join('\n') + '\n';
}

export function loadSections(game: string, root = ROOT): SectionsFile {
  return JSON.parse(readFileSync(join(root, 'docs/rules', `${game}.sections.json`), 'utf8')) as SectionsFile;
}

export interface GameIndex {
  game: string;
  path: string;
  text: string;
  rows: IndexedSection[];
}

/** The section-level index of a game without a ledger. */
export function buildIndex(game: string, root = ROOT): GameIndex {
  const file = loadSections(game, root);
  const rows = indexGame(file, root);
  return { game, path: join(root, 'docs/rules', `${game}.md`), text: render(file, rows), rows };
}

export function buildAll(root = ROOT): GameIndex[] {
  return GAMES.map((game) => buildIndex(game, root));
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
    if (existsSync(ledgerPath(game))) {
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
      continue;
    }
    const g = buildIndex(game);
    const rules = g.rows.filter((r) => r.scope === 'rule');
    const problems = g.rows.filter((r) => r.problem);
    console.log(`${g.game}: ${rules.length - rules.filter((r) => r.problem).length} of ${rules.length} rules tested; ${problems.length} problem(s)`);
    for (const p of problems) console.log(`  ${p.id} (${p.title}): ${p.problem}`);
    if (check) {
      if (stale(g.path, g.text)) {
        console.log(`  ${relative(ROOT, g.path)} is stale: run npm run rules:index`);
        failed = true;
      }
      if (problems.length) failed = true;
    } else {
      writeFileSync(g.path, g.text);
    }
  }
  if (failed) process.exit(1);
}

if (require.main === module) main();
