/**
 * Log lines that name pieces as each reader may know them: a reader's own pieces by name
 * always, the other side's by name once it has seen them face up (or a result both players
 * saw named them), by their tag otherwise. The line's `text` is what every reader may know
 * (the spectator's); each player gets its own text where it differs (`LogEntry.texts`).
 */
import type { LogEntry } from '../../engine';
import { SIDES, type Side } from './data/types';
import type { SsjState } from './state';
import { unitName } from './units';

/** A reader of a line: a side, or everyone ('public': what every reader may know). */
export type Reader = Side | 'public';

/** May `reader` identify piece `id` now: its own, seen face up, or named to everyone. */
export function mayName(s: SsjState, id: string, reader: Reader): boolean {
  if (reader === s.units.of(id).side) return true;
  const known = s.known[id] ?? [];
  if (known.includes('public')) return true;
  return reader !== 'public' && (known.includes(reader) || (s.revealed[id]?.includes(reader) ?? false));
}

/** How one reader names pieces: `piece(id)` mid-sentence, `Piece(id)` opening one, `knows(id)` whether it may name it. */
export interface Namer {
  reader: Reader;
  piece(id: string): string;
  Piece(id: string): string;
  knows(id: string): boolean;
}

/** `reader`'s namer as things stand in `s`. */
export function namerFor(s: SsjState, reader: Reader): Namer {
  const knows = (id: string) => mayName(s, id, reader);
  return {
    reader,
    knows,
    piece: (id) => (knows(id) ? unitName(id) : `piece ${s.tags.of(id)!}`),
    Piece: (id) => (knows(id) ? unitName(id) : `Piece ${s.tags.of(id)!}`),
  };
}

/**
 * A line every reader reads, written by `line` once for each reader with that reader's
 * names: `text` is everyone's, `texts` each player's where it differs. `data` must name no
 * piece a reader may not identify (as for any line).
 */
export function namedLine(s: SsjState, line: (n: Namer) => string, data?: Record<string, unknown>): LogEntry {
  const text = line(namerFor(s, 'public'));
  const texts: Partial<Record<Side, string>> = {};
  for (const side of SIDES) {
    const own = line(namerFor(s, side));
    if (own !== text) texts[side] = own;
  }
  const entry: LogEntry = { to: 'public', text };
  if (Object.keys(texts).length > 0) entry.texts = texts as Record<Side, string>;
  if (data) entry.data = data;
  return entry;
}

/** Which readers may name piece `id` now (before a result turns it up for everyone). */
export function knewBefore(s: SsjState, id: string): Readonly<Record<Reader, boolean>> {
  return { public: mayName(s, id, 'public'), allied: mayName(s, id, 'allied'), japanese: mayName(s, id, 'japanese') };
}

/**
 * A result that turns piece `id` face up for everyone: a reader who could name it reads
 * "NAME: damaged"; the others are told which tag it was ("Piece TAG is turned up: NAME — damaged").
 */
export function turnedUpLine(s: SsjState, id: string, knew: Readonly<Record<Reader, boolean>>, what: string, data?: Record<string, unknown>): LogEntry {
  return namedLine(s, (n) => (knew[n.reader] ? `${unitName(id)}: ${what}.` : `Piece ${s.tags.of(id)!} is turned up: ${unitName(id)} — ${what}.`), data);
}

/** A hit in words: "sunk", "D", "D (now HD)" (a result added to earlier damage). */
export const hitWords = (result: string, after: string): string => (after === 'sunk' ? 'sunk' : `${result}${after !== result ? ` (now ${after})` : ''}`);
