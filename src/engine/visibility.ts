/**
 * Who may read what, and the seq each viewer knows: the log filter every state body,
 * replay and test goes through.
 */
import { REFEREE, SPECTATOR, type LogEntry, type StampedLogEntry, type Viewer } from './types';
import { withFields } from './objects';

export function canSee(entry: { to: LogEntry['to'] }, viewer: Viewer): boolean {
  if (viewer === REFEREE || entry.to === 'public') return true;
  return entry.to.includes(viewer);
}

/** `entry` as `viewer` reads it, stamped with `seq`: its own text (`texts`), and no other viewer's. */
function stamped(entry: LogEntry, viewer: Viewer, seq: number): StampedLogEntry {
  if (!entry.texts) return withFields(entry, { seq });
  const { texts, ...rest } = entry;
  return withFields(rest, { text: texts[viewer] ?? rest.text, seq });
}

/**
 * The entries of `entries` that `viewer` may read and whose seq for that viewer is after
 * `afterSeq` (and not after `upTo`), stamped with it. Read from the end: a viewer's seqs only
 * grow along a log, so a push after an action reads its few new entries, not the whole log.
 */
export function readLog<E>(entries: readonly E[], viewer: Viewer, afterSeq: number, seqOf: (e: E) => number, entryOf: (e: E) => LogEntry, upTo = Infinity): StampedLogEntry[] {
  const out: StampedLogEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    const seq = seqOf(e);
    if (seq <= afterSeq) break;
    if (seq > upTo) continue;
    const entry = entryOf(e);
    if (canSee(entry, viewer)) out.push(stamped(entry, viewer, seq));
  }
  return out.reverse();
}

/** The entries `viewer` may read whose seq is after `afterSeq` (all of them by default), of a log in seq order. */
export function filterLog(entries: readonly StampedLogEntry[], viewer: Viewer, afterSeq = -1): StampedLogEntry[] {
  return readLog(
    entries,
    viewer,
    afterSeq,
    (e) => e.seq,
    (e) => e,
  );
}

/** Whether `viewer` may know that a row of `actor`'s was taken: a private one its actor only, an unshared one every side. */
export function knowsOf(viewer: Viewer, actor: string, isPrivate: boolean, unshared: boolean): boolean {
  if (viewer === REFEREE) return true;
  if (isPrivate) return viewer === actor;
  return !unshared || viewer !== SPECTATOR;
}

/**
 * The seq each viewer may know: the number of actions whose existence it may know
 * (every public action, and its own private steps; a spectator, only the actions every side
 * knows of in common: not an unshared one). The referee counts them all. Also, per side, how
 * many of its own rows every viewer counts (`publicRowsOf`: whether a side has acted, as
 * anyone may know it).
 */
export class SeqCounter {
  private counts = new Map<Viewer, number>();
  private publicRows = new Map<string, number>();
  total = 0;

  constructor(private readonly sides: readonly string[]) {}

  /** A row of `actor`'s; `ownAct` false for one it did not choose (a forfeit the creator declared). */
  add(actor: string, isPrivate: boolean, ownAct = true, unshared = false): void {
    this.total++;
    for (const v of [...this.sides, SPECTATOR]) {
      if (knowsOf(v, actor, isPrivate, unshared)) this.counts.set(v, (this.counts.get(v) ?? 0) + 1);
    }
    if (!isPrivate && !unshared && ownAct) this.publicRows.set(actor, (this.publicRows.get(actor) ?? 0) + 1);
  }

  /** Takes `other`'s counts (a forked timeline goes on from them). */
  copyFrom(other: SeqCounter): void {
    this.counts = new Map(other.counts);
    this.publicRows = new Map(other.publicRows);
    this.total = other.total;
  }

  of(viewer: Viewer): number {
    return viewer === REFEREE ? this.total : (this.counts.get(viewer) ?? 0);
  }

  /** The rows of `side`'s own choosing that every viewer counts (never its private steps). */
  publicRowsOf(side: string): number {
    return this.publicRows.get(side) ?? 0;
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = { [REFEREE]: this.total };
    for (const v of [...this.sides, SPECTATOR]) out[v] = this.of(v);
    return out;
  }
}
