/**
 * npm run rules:index — the rules index of each game (docs/rules/<game>.md): every numbered
 * rule of its text → the code that cites it → the tests named after it → the rulings that
 * read it. The numbered rules are listed in docs/rules/<game>.sections.json (transcribed
 * from the rule text, with a scope each: a rule, a heading without a rule of its own, not
 * a rule at all, or a rule of the larger game outside this module).
 *
 *   npm run rules:index             writes docs/rules/*.md
 *   npm run rules:index -- --check  fails if a written index is stale, a rule has no test, or
 *                                   a rule outside the module has no ruling saying so
 *
 * A rule is "tested" when a test (test/**: `test(`, `it(`, `describe(` titles) names its
 * number exactly (VI.F.2 is not VI.F.2.g); cited when a file of the game's code names it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const GAMES = ['ssj', 'ewr', 'eots-subwar'] as const;

export type Scope = 'rule' | 'heading' | 'not-a-rule' | 'outside';
export interface Section {
  id: string;
  title: string;
  scope?: Scope;
  note?: string;
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

export function buildAll(root = ROOT): GameIndex[] {
  return GAMES.map((game) => {
    const file = loadSections(game, root);
    const rows = indexGame(file, root);
    return { game, path: join(root, 'docs/rules', `${game}.md`), text: render(file, rows), rows };
  });
}

function main(): void {
  const check = process.argv.includes('--check');
  let failed = false;
  for (const g of buildAll()) {
    const rules = g.rows.filter((r) => r.scope === 'rule');
    const problems = g.rows.filter((r) => r.problem);
    console.log(`${g.game}: ${rules.length - rules.filter((r) => r.problem).length} of ${rules.length} rules tested; ${problems.length} problem(s)`);
    for (const p of problems) console.log(`  ${p.id} (${p.title}): ${p.problem}`);
    if (check) {
      let current = '';
      try {
        current = readFileSync(g.path, 'utf8');
      } catch {
        /* missing */
      }
      if (current !== g.text) {
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
