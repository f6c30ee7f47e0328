/**
 * The server's Ground Combat/Exchange sentence (src/games/ssj/odds.ts `groundOdds`) read back into rows, for the table a
 * phone shows instead of it (ground-odds.tsx). Nothing is computed: a sentence that does not read as the odds gives null.
 */
export interface GroundOddsRow {
  risk: number;
  column: string;
  /** The dice ("1–2", "3", "4–6") and what they do. */
  cells: { dice: string; lose: number; eliminate: number }[];
}

const HEAD = /^(.*?)\s*Ground Combat\/Exchange table \(([^)]*)\): (.*)\.$/s;
const RISK = /^risk (\d+) \(([^)]+)\): (.+)$/;
const CELL = /^(\d(?:–\d)?(?:, \d(?:–\d)?)*) lose (\d+), eliminate (\d+)$/;

/** The question before the odds, the table's note, and its rows; null when the text holds no odds sentence. */
export function readGroundOdds(text: string): { question: string; note: string; rows: GroundOddsRow[] } | null {
  const m = HEAD.exec(text);
  if (!m) return null;
  const rows: GroundOddsRow[] = [];
  for (const part of m[3]!.split(' | ')) {
    const r = RISK.exec(part);
    if (!r) return null;
    const cells = [];
    for (const c of r[3]!.split('; ')) {
      const x = CELL.exec(c);
      if (!x) return null;
      cells.push({ dice: x[1]!, lose: Number(x[2]), eliminate: Number(x[3]) });
    }
    rows.push({ risk: Number(r[1]), column: r[2]!, cells });
  }
  return rows.length ? { question: m[1]!, note: m[2]!, rows } : null;
}
