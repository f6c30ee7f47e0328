/** Counts in words: "1 card", "2 cards", "1 success", "3 successes" (issue #42 item 8: no "card(s)", no "1 hits"). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
