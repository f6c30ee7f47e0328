/**
 * A match's log as its timeline holds it: every entry with the seq each viewer knows it by
 * (`HeldEntry`), read per viewer from the end (`read`). A held match's log was most of its
 * memory (an SSJ match at turn 8: ~1,100 entries, ~410 KB of a ~600 KB copy), though all but
 * its last entries are read only when a whole log is asked for (a GET, a socket joining): a
 * push reads the few entries after the seq its audience knew. So, given a packer (the server
 * gives one, src/matches/log-packer.ts; a timeline without one, as the verifier's in a browser
 * and the rule tests', holds every entry as it is), the older entries are kept packed, in
 * blocks of PACK_BLOCK, and unpacked only by a read that reaches them: a block whose last
 * entry a viewer knew by a seq at or before the one asked after is never opened.
 * Packing changes no entry a viewer reads: an entry is JSON (it is stored as such), and a
 * block is the entries' JSON text, parsed back in the order it was written.
 */
import type { LogEntry, StampedLogEntry, Viewer } from './types';
import { readLog } from './visibility';

/** A log entry with the seq each viewer knows it by (see SeqCounter); the entries of one row share one record. */
export interface HeldEntry {
  entry: LogEntry;
  vis: Record<string, number>;
}

/** How the older part of a log is kept: `unpack(pack(text))` gives `text` back. */
export interface LogPacker {
  pack(text: string): unknown;
  unpack(packed: unknown): string;
}

/**
 * Entries packed together, and the tail kept as they are between one and two blocks of them:
 * 64 entries of an SSJ log are about 8 KB of JSON, deflated to some 1.5 KB; a tail of 64 to 128
 * (about 25–50 KB held) covers what pushes and a reconnecting socket ask for.
 */
export const PACK_BLOCK = 64;

/** Packed entries: the seqs of the first and the last (a read that needs none of them does not open it). */
interface Block {
  packed: unknown;
  first: Record<string, number>;
  last: Record<string, number>;
}

/** A block's text: groups of consecutive entries held with the same seqs (a row's), each [seqs, entries]. */
type Groups = [Record<string, number>, LogEntry[]][];

export class HeldLog {
  private blocks: Block[] = [];
  private tail: HeldEntry[];
  private packer: LogPacker | null = null;

  constructor(entries: HeldEntry[] = []) {
    this.tail = entries;
  }

  /** How many entries are held. */
  get length(): number {
    return this.blocks.length * PACK_BLOCK + this.tail.length;
  }

  push(h: HeldEntry): void {
    this.tail.push(h);
    if (this.packer && this.tail.length >= 2 * PACK_BLOCK) this.packOldest(this.packer);
  }

  /** Keeps the older entries packed by `packer` from now on, those held already included. */
  packWith(packer: LogPacker): void {
    this.packer = packer;
    while (this.tail.length >= 2 * PACK_BLOCK) this.packOldest(packer);
  }

  /**
   * The entries `viewer` may read after its seq `afterSeq` and up to its seq `upTo`, stamped
   * with it (`readLog`), the packed ones unpacked as the walk from the end reaches them.
   */
  read(viewer: Viewer, afterSeq: number, upTo: number): StampedLogEntry[] {
    const seqOf = (h: HeldEntry) => h.vis[viewer] ?? 0;
    const parts: StampedLogEntry[][] = [];
    // Reads `entries` (the walk goes on before them unless it ended in them: their first at or before `afterSeq`).
    const ended = (entries: readonly HeldEntry[]): boolean => {
      parts.push(readLog(entries, viewer, afterSeq, seqOf, (h) => h.entry, upTo));
      return entries.length > 0 && seqOf(entries[0]!) <= afterSeq;
    };
    if (!ended(this.tail)) {
      for (let i = this.blocks.length - 1; i >= 0; i--) {
        const b = this.blocks[i]!;
        if ((b.last[viewer] ?? 0) <= afterSeq || ended(this.unpacked(b))) break;
      }
    }
    return parts.length === 1 ? parts[0]! : parts.reverse().flat();
  }

  /** A copy that goes on independently: the blocks and entries (never changed) are shared. */
  fork(): HeldLog {
    const copy = new HeldLog(this.tail.slice());
    copy.blocks = this.blocks.slice();
    copy.packer = this.packer;
    return copy;
  }

  private packOldest(packer: LogPacker): void {
    const part = this.tail.splice(0, PACK_BLOCK);
    const groups: Groups = [];
    for (const h of part) {
      const last = groups.at(-1);
      if (last && last[0] === h.vis) last[1].push(h.entry);
      else groups.push([h.vis, [h.entry]]);
    }
    this.blocks.push({ packed: packer.pack(JSON.stringify(groups)), first: part[0]!.vis, last: part.at(-1)!.vis });
  }

  private unpacked(b: Block): HeldEntry[] {
    const groups = JSON.parse(this.packer!.unpack(b.packed)) as Groups;
    const out: HeldEntry[] = [];
    for (const [vis, entries] of groups) for (const entry of entries) out.push({ entry, vis });
    return out;
  }
}
