/**
 * The ground-combat odds on a phone (issue 42: the prompt's Ground Combat/Exchange sentence is long at 390 px): the
 * server's own sentence (src/games/ssj/odds.ts `groundOdds`: "risk 2 (1:1): 1–2 lose 2, eliminate 1; …") read back as a
 * table, a row per number risked with its column and what each die does, shown in place of the sentence on a narrow
 * screen; on a wide one the full text stays. Nothing is computed here: a sentence that does not read as the odds gives
 * no table (and the full text stays on every screen).
 */
import type { JSX } from 'preact';
import { readGroundOdds } from './ground-odds-text';

/** The compact form: drawn in the decision, shown by the stylesheet only on a narrow screen (where it hides the sentence). */
export function GroundOddsTable({ text }: { text: string }): JSX.Element | null {
  const odds = readGroundOdds(text);
  if (!odds) return null;
  return (
    <div class="ground-odds" data-testid="ground-odds">
      <p class="ground-odds-question">{odds.question}</p>
      <table>
        <caption>Ground Combat/Exchange table ({odds.note}): die — you lose / they lose</caption>
        <thead>
          <tr>
            <th scope="col">Risk</th>
            <th scope="col">Odds</th>
            <th scope="col">Die: lose / eliminate</th>
          </tr>
        </thead>
        <tbody>
          {odds.rows.map((r) => (
            <tr key={r.risk} data-risk={r.risk}>
              <th scope="row">{r.risk}</th>
              <td>{r.column}</td>
              <td>
                <div class="ground-odds-dice">
                  {r.cells.map((c) => (
                    <span key={c.dice} class="ground-odds-cell">
                      <b>{c.dice}</b> {c.lose}/{c.eliminate}
                    </span>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
