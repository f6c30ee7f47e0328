/**
 * The panels under the submarine-warfare map: the Sub Bases, the SWM marker's track, the
 * variant's cards and the hands, and the reports of the board disputed and left unresolved.
 */
import { sideName } from '../../links';
import { CARD_NAMES, factText, printedWords, signed, type EotsView, type SubBaseView } from './types';

function where(b: SubBaseView): string {
  const l = b.location;
  return l.at === 'map' ? `hex ${l.hex}` : l.at === 'trt' ? 'Turn Record Track' : l.at === 'pending' ? `arrives Turn ${l.turn}` : 'replaced';
}

export function Panels({ view }: { view: EotsView }) {
  const hqName = (id: string) => view.hqs.find((q) => q.id === id)?.name ?? id;
  return (
    <section class="eots-panel" aria-label="Sub Bases and the SWM">
      <table class="ships" data-testid="subbases">
        <caption>Sub Bases</caption>
        <thead>
          <tr>
            <th scope="col">Sub Base</th>
            <th scope="col">Where</th>
            <th scope="col">SLOC</th>
            <th scope="col">This turn</th>
          </tr>
        </thead>
        <tbody>
          {view.subBases.map((b) => {
            const r = view.history.rolls.find((x) => x.turn === view.turn && x.base === b.id);
            return (
              <tr key={b.id} data-subbase-row={b.id}>
                <td title={printedWords(b.printed)}>
                  {b.name}
                  <div class="hint" data-testid={`printed-${b.id}`}>
                    {b.printed.airNavalFactors} · {b.printed.displaceHits} hits displace
                  </div>
                </td>
                <td>
                  {where(b)}
                  {b.halfRangeHqs?.length ? <div class="hint">HQs in reach: {b.halfRangeHqs.map(hqName).join(', ')}</div> : null}
                </td>
                <td>
                  {b.sloc ? (
                    <span title={`Counted: ${[...b.sloc.hexes, ...b.sloc.hqs.map(hqName)].join(', ') || 'nothing'}`}>
                      {b.sloc.count} counted → PV {b.sloc.pv}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  {r
                    ? `rolled ${r.die} ${signed(r.swm)} − ${r.slocPv} = ${r.total}: ${r.success ? 'success' : 'no effect'}${r.effect ? ` (${r.effect})` : ''}`
                    : b.eligibility
                      ? b.eligibility.length
                        ? b.eligibility.join('; ')
                        : `may roll: ${b.odds ?? ''}`
                      : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <details>
        <summary>SWM {signed(view.swm.value)}: its track (11.22.B, never below −5 as it moves)</summary>
        <ol data-testid="swm-track">
          <li>start {signed(view.swm.start)}</li>
          {view.swm.track.map((c, i) => (
            <li key={i}>
              Turn {c.turn}: {c.change === 0 ? '±0' : signed(c.change)} → {signed(c.value)} ({c.why})
            </li>
          ))}
        </ol>
        <p class="hint">
          This turn: ASP step {view.thisTurn.aspTaken ? 'taken' : 'not taken'}, SWM step {view.thisTurn.swmTaken ? 'taken' : 'not taken'}.
        </p>
      </details>
      <details>
        <summary>Cards and hands</summary>
        <ul data-testid="eots-cards">
          {Object.entries(view.cards).map(([c, place]) => (
            <li key={c}>
              {CARD_NAMES[c] ?? `#${c}`}: {place === 'deck' ? 'in play (deck or hand)' : place === 'discard' ? 'discarded until the next reshuffle' : 'out of the game'}
            </li>
          ))}
        </ul>
        <p class="hint">
          Cards left this turn: Japanese {view.hands.japanese}, Allied {view.hands.allied}. Reshuffles at the start of Turns {view.reshuffleTurns.join(', ') || 'none'}. Played so
          far:{' '}
          {view.history.plays.length
            ? view.history.plays.map((p) => `T${p.turn} ${sideName(p.side)} ${p.card === 'offensive' ? 'offensive' : `#${p.card}`}`).join(', ')
            : 'nothing'}
          .
        </p>
      </details>
      {view.disputes.length > 0 && (
        <details open>
          <summary>Disputed reports, left unresolved ({view.disputes.length})</summary>
          <ul data-testid="eots-disputes">
            {view.disputes.map((d, i) => (
              <li key={i}>
                {d.text} ({factText(d.fact, hqName, (id) => view.subBases.find((b) => b.id === id)?.name ?? id)}): not applied.
              </li>
            ))}
          </ul>
        </details>
      )}
      {view.history.rolls.length > 0 && (
        <details>
          <summary>Submarine warfare rolls ({view.history.rolls.length})</summary>
          <ul>
            {view.history.rolls.map((r, i) => (
              <li key={i}>
                Turn {r.turn}, {view.subBases.find((b) => b.id === r.base)?.name ?? r.base} in {r.hex}: die {r.die} {signed(r.swm)} − PV {r.slocPv} = {r.total}:{' '}
                {r.success ? 'success' : 'no effect'}
                {r.effect ? ` (${r.effect})` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
