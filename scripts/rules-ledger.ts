/**
 * The rules ledger of a game (docs/rules/<game>.ledger.json): one row per sentence of its rule
 * text (scripts/rules-sentences.ts), each with the status a reading of the sentence against the
 * code gave it and the evidence for that status. `npm run rules:index` renders it as
 * docs/rules/<game>.md; `--check` fails on a sentence with no row, a row whose hash no longer
 * matches its sentence, evidence that does not exist, or an unread row (unless `--allow-unread`).
 *
 * Statuses and their evidence:
 *   implemented     code (file paths) and tests (exact titles, found in test/) that check the sentence
 *   ruling          ruling (words of a line of src/games/<game>/RULINGS.md) and why (one line from the text)
 *   no-requirement  reason (flavour, a heading, an example covered elsewhere — say where, printed components)
 *   deviation       note (what the code does instead) and issue (the issue item it belongs to, or "new")
 *   unread          nothing yet: accepted only with --allow-unread
 */
import { openingWords, type Sentence } from './rules-sentences';

export const STATUSES = ['implemented', 'ruling', 'no-requirement', 'deviation', 'unread'] as const;
export type Status = (typeof STATUSES)[number];

export interface LedgerRow {
  key: string;
  hash: string;
  /** The sentence's first words, to recognise it (never the whole sentence). */
  words: string;
  status: Status;
  code?: string[];
  tests?: string[];
  ruling?: string;
  why?: string;
  reason?: string;
  note?: string;
  issue?: string;
}

export interface Ledger {
  game: string;
  note?: string;
  rows: LedgerRow[];
}

/** What the check looks evidence up in: the test titles, the rulings, the files of the project. */
export interface Evidence {
  titles: Set<string>;
  rulings: string;
  exists: (path: string) => boolean;
}

export interface CheckOptions {
  allowUnread?: boolean;
}

/** Every problem of a ledger, one line each; `sentences` is null where the rule text is not at hand. */
export function checkLedger(ledger: Ledger, sentences: Sentence[] | null, evidence: Evidence, options: CheckOptions = {}): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of ledger.rows) {
    const at = `${row.key}`;
    if (seen.has(row.key)) problems.push(`${at}: two rows have this key`);
    seen.add(row.key);
    if (!STATUSES.includes(row.status)) problems.push(`${at}: unknown status "${String(row.status)}"`);
    if (!row.words?.trim()) problems.push(`${at}: no opening words`);
    const need = (field: keyof LedgerRow) => {
      const v = row[field];
      if (typeof v !== 'string' || !v.trim()) problems.push(`${at}: ${row.status} needs "${field}"`);
    };
    switch (row.status) {
      case 'implemented':
        if (!row.code?.length) problems.push(`${at}: implemented needs "code" (file paths)`);
        if (!row.tests?.length) problems.push(`${at}: implemented needs "tests" (exact test titles)`);
        for (const p of row.code ?? []) if (!evidence.exists(p)) problems.push(`${at}: no file ${p}`);
        for (const t of row.tests ?? []) if (!evidence.titles.has(t)) problems.push(`${at}: no test titled "${t}"`);
        break;
      case 'ruling':
        need('ruling');
        need('why');
        if (row.ruling && !evidence.rulings.includes(row.ruling)) problems.push(`${at}: RULINGS.md has no "${row.ruling}"`);
        break;
      case 'no-requirement':
        need('reason');
        break;
      case 'deviation':
        need('note');
        need('issue');
        break;
      case 'unread':
        if (!options.allowUnread) problems.push(`${at}: not read yet (unread)`);
        break;
    }
  }
  if (sentences) {
    const rows = new Map(ledger.rows.map((r) => [r.key, r]));
    const keys = new Set(sentences.map((s) => s.key));
    for (const s of sentences) {
      const row = rows.get(s.key);
      if (!row) problems.push(`${s.key}: no row for "${openingWords(s.text)}" (hash ${s.hash})`);
      else if (row.hash !== s.hash) {
        const moved = ledger.rows.find((r) => r.hash === s.hash);
        problems.push(
          `${s.key}: the text now reads "${openingWords(s.text)}" (hash ${s.hash}), not the row's (hash ${row.hash})${moved ? `; the row ${moved.key} has its hash` : ''}`,
        );
      } else if (row.words !== openingWords(s.text)) problems.push(`${s.key}: the opening words are "${openingWords(s.text)}"`);
    }
    for (const r of ledger.rows) if (!keys.has(r.key)) problems.push(`${r.key}: no such sentence in the text any more`);
  }
  return problems;
}

/**
 * The ledger with a row for every sentence: rows read kept as they are (a changed sentence keeps its old
 * hash, for the check to show it to be read again), new or changed sentences not yet read made unread
 * rows, rows of vanished sentences dropped.
 */
export function syncLedger(ledger: Ledger, sentences: Sentence[]): Ledger {
  const rows = new Map(ledger.rows.map((r) => [r.key, r]));
  const fresh = (s: Sentence): LedgerRow => ({ key: s.key, hash: s.hash, words: openingWords(s.text), status: 'unread' });
  return {
    ...ledger,
    rows: sentences.map((s) => {
      const row = rows.get(s.key);
      return row && (row.status !== 'unread' || row.hash === s.hash) ? row : fresh(s);
    }),
  };
}

/** The ledger as JSON, a row a line (prettier breaks the longer ones). */
export function formatLedger(ledger: Ledger): string {
  const { rows, ...head } = ledger;
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${top},\n  "rows": [\n${rows.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]\n}\n`;
}

export function counts(ledger: Ledger): Record<Status, number> {
  const out = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of ledger.rows) out[r.status]++;
  return out;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function evidenceCell(row: LedgerRow, game: string): string {
  switch (row.status) {
    case 'implemented':
      return `${(row.code ?? []).map((c) => `\`${c.replace(`src/games/${game}/`, '')}\``).join(', ')}; tested by ${(row.tests ?? []).map((t) => `“${cell(t)}”`).join('; ')}${row.note ? `. ${cell(row.note)}` : ''}`;
    case 'ruling':
      return `RULINGS: “${cell(row.ruling ?? '')}…” — ${cell(row.why ?? '')}`;
    case 'no-requirement':
      return cell(row.reason ?? '');
    case 'deviation':
      return `**${cell(row.issue ?? '')}**: ${cell(row.note ?? '')}`;
    case 'unread':
      return '';
  }
}

export function renderLedger(ledger: Ledger, title: string, text: string): string {
  const c = counts(ledger);
  const summary = STATUSES.filter((s) => s !== 'unread' || c.unread > 0)
    .map((s) => `${c[s]} ${s}`)
    .join(', ');
  const out = [
    `# Rules ledger: ${title}`,
    '',
    `Generated by \`npm run rules:index\` from \`docs/rules/${ledger.game}.ledger.json\`: every sentence (or clause with a requirement of its own) of \`${text}\`, split by \`scripts/rules-sentences.ts\` under the sections of \`docs/rules/${ledger.game}.sections.json\`, with the status a reading of it against the code gave it. Do not edit by hand; \`npm test\` checks it is current, that every sentence has a row and that every test title and ruling cited exists.`,
    '',
    `${ledger.rows.length} sentences: ${summary}.${ledger.note ? ` ${ledger.note}` : ''}`,
    '',
    '| key | hash | opening words | status | evidence |',
    '|---|---|---|---|---|',
  ];
  for (const r of ledger.rows) out.push(`| ${cell(r.key)} | ${r.hash} | ${cell(r.words)} | ${r.status} | ${evidenceCell(r, ledger.game)} |`);
  return out.join('\n') + '\n';
}
