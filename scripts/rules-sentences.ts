/**
 * The sentence splitter of the rules ledger: a rule text → its sentences (or clauses that carry a
 * requirement of their own), each under the numbered section of docs/rules/<game>.sections.json it
 * falls in, with a stable key: the section, the sentence's ordinal within it, and a short hash of
 * its normalised words. The same text always gives the same sentences; a change to a sentence's
 * words changes its hash.
 *
 * Where a section begins is written in the sections file (`at`: the opening characters of its
 * heading, spaces and line ends not counted); `resume` marks where a section's text goes on after
 * a sub-section's, `breaks` where a clause of its own begins inside a sentence.
 *
 * A sentence ends at `.`, `?` or `!` (closing quotes and brackets with it) before a capital or an
 * opening quote or bracket, except after initials (U.S.), a rule's number after "Rule" or an abbreviation (Mt., e.g.);
 * at `;`; at a colon ending a line before a capital (a heading); and before a line that opens with a list marker
 * (`1.`, `a)`, `C.`, `A2.`) or a capitalised label (`NOTE:`, `EXAMPLE:`).
 */
import { createHash } from 'node:crypto';

export interface SectionAnchors {
  id: string;
  /** The opening characters of the section in the text (spaces and line ends not counted). */
  at?: string;
  /** Where the section's own text resumes after a sub-section's. */
  resume?: string[];
  /** Where a clause with its own requirement begins inside a sentence of this section. */
  breaks?: string[];
}

export interface Sentence {
  /** `<section>/<ordinal>`: the ordinal counts from 1 within the section. */
  key: string;
  section: string;
  ordinal: number;
  /** Six hex digits of the SHA-256 of the normalised words. */
  hash: string;
  /** The sentence, its spaces collapsed. */
  text: string;
}

const ABBREVIATIONS = new Set(['mt.', 'st.', 'e.g.', 'i.e.', 'vs.', 'cf.', 'no.', 'etc.']);

/** Lower case, letters and digits only, single spaces: what the hash is taken of. */
export function normalise(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function sentenceHash(sentence: string): string {
  return createHash('sha256').update(normalise(sentence)).digest('hex').slice(0, 6);
}

/** The first `n` words of a sentence: enough to recognise it, without copying the text. */
export function openingWords(sentence: string, n = 5): string {
  const words = sentence.split(/\s+/).filter(Boolean);
  return words.slice(0, n).join(' ') + (words.length > n ? ' …' : '');
}

const flexible = (s: string) =>
  new RegExp(
    s
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

/** The index of `needle` in `text` at or after `from`, spaces and line ends not counted; -1 if absent. */
export function find(text: string, needle: string, from = 0): number {
  const m = flexible(needle).exec(text.slice(from));
  return m ? from + m.index : -1;
}

/** The positions in a section's slice where a new sentence begins. */
function breakPoints(slice: string, breaks: string[], used: Set<string>): number[] {
  const out = new Set<number>();
  // A line opening with a list marker or a capitalised label.
  const lineStart = /(^|\n)[ \t]*(?=(?:\d{1,2}[.)]|[A-Za-z][.)]|[IVX]+\.)[ \t]|[A-Z][A-Z ]*[A-Z]:)/g;
  for (const m of slice.matchAll(lineStart)) out.add(m.index + m[0].length);
  // A sentence's end: the break falls after the spaces that follow it.
  const end = /([.?!])(["'”’)\]]*)(\s+)(?=["'“‘(]*[A-Z])/g;
  for (const m of slice.matchAll(end)) {
    if (m[1] === '.') {
      const word = /\S*$/.exec(slice.slice(0, m.index + 1))![0].replace(/^[("'“‘]+/, '');
      const before = slice.slice(0, m.index + 1 - word.length);
      if (ABBREVIATIONS.has(word.toLowerCase())) continue;
      // Initials (U.S.), the number of a rule cited (Rule VII. A.), a list marker opening its line.
      if (/^(?:[A-Za-z]\.){2,}$/.test(word)) continue;
      if (/^[A-Za-z0-9]+\.$/.test(word) && /\bRules?\s+$/.test(before)) continue;
      if (/^(?:\d{1,2}|[A-Za-z]|[IVX]+|[A-Z][0-9l])\.$/.test(word) && /(?:^|\n)[ \t]*$/.test(before)) continue;
    }
    out.add(m.index + m[0].length);
  }
  for (const m of slice.matchAll(/;\s+/g)) out.add(m.index + m[0].length);
  for (const m of slice.matchAll(/:[ \t]*\n\s*(?=["'“‘(]*[A-Z0-9])/g)) out.add(m.index + m[0].length);
  for (const b of breaks) {
    const at = find(slice, b);
    if (at < 0) continue;
    out.add(at);
    used.add(b);
  }
  return [...out].sort((a, b) => a - b);
}

/** Joins a slice's lines into one sentence: words broken over a line end are mended. */
function collapse(s: string): string {
  return s
    .replace(/(\w)-[ \t]*\n\s*(?=\w)/g, '$1-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits a rule text into its sentences under the sections listed (in the order of the text). */
export function splitRules(text: string, sections: SectionAnchors[]): Sentence[] {
  const starts: { at: number; id: string }[] = [];
  let from = 0;
  for (const s of sections) {
    if (!s.at) throw new Error(`section ${s.id} has no "at": where it begins in the text`);
    const at = find(text, s.at, from);
    if (at < 0) throw new Error(`section ${s.id}: "${s.at}" is not in the text after the section before it`);
    starts.push({ at, id: s.id });
    from = at + 1;
  }
  for (const s of sections) {
    const own = starts.find((x) => x.id === s.id)!.at;
    for (const r of s.resume ?? []) {
      const at = find(text, r, own + 1);
      if (at < 0) throw new Error(`section ${s.id}: resume "${r}" is not in the text after the section's start`);
      starts.push({ at, id: s.id });
    }
  }
  starts.sort((a, b) => a.at - b.at);
  if (starts.length && collapse(text.slice(0, starts[0]!.at))) throw new Error(`text before the first section: "${openingWords(collapse(text.slice(0, starts[0]!.at)))}"`);
  const out: Sentence[] = [];
  const count = new Map<string, number>();
  const used = new Set<string>();
  starts.forEach((start, i) => {
    const slice = text.slice(start.at, starts[i + 1]?.at ?? text.length);
    const section = sections.find((s) => s.id === start.id)!;
    const points = [0, ...breakPoints(slice, section.breaks ?? [], used).filter((p) => p > 0), slice.length];
    for (let j = 0; j + 1 < points.length; j++) {
      const sentence = collapse(slice.slice(points[j], points[j + 1]));
      if (!normalise(sentence)) continue;
      const ordinal = (count.get(start.id) ?? 0) + 1;
      count.set(start.id, ordinal);
      out.push({ key: `${start.id}/${ordinal}`, section: start.id, ordinal, hash: sentenceHash(sentence), text: sentence });
    }
  });
  for (const s of sections) for (const b of s.breaks ?? []) if (!used.has(b)) throw new Error(`section ${s.id}: break "${b}" is not in its text`);
  return out;
}
