/**
 * What a roll needs and its odds, said before the decision that makes it (issue #42): the
 * submarine warfare roll's equation with this Sub Base's SWM and SLOC PV (11.22.A), and card
 * #5's table row by row with the last-two-divisions limit applied (11.24.A). Both read only
 * public values (the SWM marker, the SLOC count every viewer sees, the divisions in China),
 * and both count the faces of a ten-sided die read 0–9 with the very functions the rolls use.
 */
import { card5Outcome } from './card5';
import type { SubBaseId } from './data/tables';
import { hexOfBase, type EotsState } from './state';
import { sloc, swOutcome } from './strategic-warfare';
import { currentSwm, signed } from './swm';

const FACES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** "0–3", "0", "9": a run of die faces. */
function run(from: number, to: number): string {
  return from === to ? `${from}` : `${from}–${to}`;
}

export interface SwOdds {
  /** The faces (0–9) that succeed. */
  faces: number[];
  /** "(DR + SWM) − SLOC PV ≤ 0 succeeds (11.22.A); with SWM +1 and SLOC PV 2: a d10 of 0–1 (2 in 10)". */
  text: string;
}

/** 11.22.A for a Sub Base whose SLOC PV is `pv`, the SWM being `swm`. */
export function swOdds(swm: number, pv: number): SwOdds {
  const faces = FACES.filter((d) => swOutcome(d, swm, pv).success);
  const dice =
    faces.length === 0 ? 'no die (0 in 10)' : faces.length === FACES.length ? 'any die (10 in 10)' : `a d10 of ${run(faces[0]!, faces[faces.length - 1]!)} (${faces.length} in 10)`;
  return { faces, text: `(DR + SWM) − SLOC PV ≤ 0 succeeds (11.22.A); with SWM ${signed(swm)} and SLOC PV ${pv}: ${dice}` };
}

/**
 * 11.24.A's table for `divisions` Japanese divisions in China: each run of faces with the
 * divisions it removes — "0: 2 divisions (1 in 10); 1–2: 1 division (2 in 10); 3–9: no effect
 * (7 in 10)" — the table's own rows merged where the last-two limit makes them alike.
 */
export function card5Odds(divisions: number): string {
  const rows: { from: number; to: number; removed: number }[] = [];
  for (const d of FACES) {
    const { removed } = card5Outcome(d, divisions);
    const last = rows[rows.length - 1];
    if (last && last.removed === removed) last.to = d;
    else rows.push({ from: d, to: d, removed });
  }
  const table = rows
    .map((r) => `${run(r.from, r.to)}: ${r.removed === 0 ? 'no effect' : `${r.removed} division${r.removed === 1 ? '' : 's'} out of China`} (${r.to - r.from + 1} in 10)`)
    .join('; ');
  const limited = card5Outcome(0, divisions).removed < card5Outcome(0, Number.MAX_SAFE_INTEGER).removed;
  return `Card #5's die (d10, 11.24.A), with ${divisions} Japanese division${divisions === 1 ? '' : 's'} in China: ${table}${limited ? ' — neither of the last two divisions may be removed' : ''}.`;
}

/** A Sub Base on the map: its roll's odds now, and where its SLOC PV comes from (11.22.C). */
export function subWarfareOdds(s: EotsState, base: SubBaseId): string {
  const d = sloc(s, hexOfBase(s, base)!);
  return `${swOdds(currentSwm(s), d.pv).text} (PV: ${d.count} counted ÷ 5, rounded, 11.22.C)`;
}
