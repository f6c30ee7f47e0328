/** The turn record track of the submarine-warfare board: turns, hands drawn, arrivals, reshuffles, the Sub Bases on the track. */
import type { EotsView } from './types';

export function Track({ view }: { view: EotsView }) {
  const cw = 64;
  const arriving = new Map<number, string[]>();
  for (const b of view.subBases) if (b.location.at === 'pending') arriving.set(b.location.turn, [...(arriving.get(b.location.turn) ?? []), b.name]);
  const onTrack = view.subBases.filter((b) => b.location.at === 'trt');
  const hands = new Map(view.history.hands.map((h) => [h.turn, h]));
  return (
    <svg
      class="board eots-track"
      viewBox={`0 0 ${12 * cw + 210} 74`}
      role="group"
      aria-label={`Turn record track: Turn ${view.turn} of ${view.scenario.lastTurn}, ${view.year}`}
      data-testid="turn-track"
    >
      {Array.from({ length: 12 }, (_, i) => i + 1).map((t) => {
        const cls = t === view.turn ? 'turn current' : t < view.turn ? 'turn past' : t < view.scenario.startTurn || t > view.scenario.lastTurn ? 'turn out' : 'turn';
        const hand = hands.get(t);
        return (
          <g class={cls} key={t} data-turn={t}>
            <rect x={4 + (t - 1) * cw} y={4} width={cw - 4} height={66} rx={3} />
            <text class="t-num" x={4 + (t - 1) * cw + (cw - 4) / 2} y={20} text-anchor="middle">
              {t === view.turn ? `▶ ${t}` : t}
            </text>
            {hand && (
              <text class="t-note" x={4 + (t - 1) * cw + (cw - 4) / 2} y={34} text-anchor="middle">
                hand {hand.size}
              </text>
            )}
            {(arriving.get(t) ?? []).map((n, i) => (
              <text key={n} class="t-arrive" x={4 + (t - 1) * cw + (cw - 4) / 2} y={46 + i * 10} text-anchor="middle">
                {n.replace(/ \(\d+\)$/, '')}
              </text>
            ))}
          </g>
        );
      })}
      <g class="trt-box">
        <rect x={12 * cw + 8} y={4} width={196} height={66} rx={3} />
        <text class="t-note" x={12 * cw + 16} y={18}>
          On the track (return next turn):
        </text>
        <text class="t-arrive" x={12 * cw + 16} y={34}>
          {onTrack.length ? onTrack.map((b) => b.name).join(', ') : 'none'}
        </text>
      </g>
    </svg>
  );
}
