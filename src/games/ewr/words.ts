import type { LogEntry } from '../../engine';

/** Counts in words: "1 air factor", "13 air factors", "1 hit", "2 ERs" (issue #42 item 8: no "1 hits"). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * A line for one side's eyes (`to: [side]`), which that side reads in the second person ("Your TF
 * moves to 3,2") and every other reader — once the match is over and the whole log is open —
 * in the third ("TFA (Japanese) moves to 3,2"), not as if it were theirs (issue #42 item 8).
 */
export function ownLine(side: string, own: string, others: string, data?: Record<string, unknown>): LogEntry {
  return { to: [side], text: others, texts: { [side]: own }, ...(data ? { data } : {}) };
}
