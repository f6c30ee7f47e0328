/** The turn track (AugI…DecI) with each turn's Magic roll, the Magic count and the victory points. */
import type { Stage } from '../../../../protocol';
import type { SsjView } from '../../../../protocol/games/ssj';
import { Emblem } from '../../../board/counter';
import type { Rect } from '../../../board/geometry';
import { idWords } from '../../../labels';
import type { SsjData } from '../data';

/** The phase in the game's words (the body's stage), or its id in words. */
const phaseName = (view: SsjView, stage: Stage | null) => (stage?.phase === view.phase ? stage.name : idWords(view.phase));

export function Track({ view, data, stage, r }: { view: SsjView; data: SsjData; stage: Stage | null; r: Rect }) {
  const TURNS = data.turns;
  const cellW = 62;
  const x0 = 12;
  const rollOf = new Map(view.magic.rolls.map((m) => [m.turn, m]));
  const rx = x0 + TURNS.length * cellW + 14;
  return (
    <g
      class="track"
      aria-label={`Turn ${view.turnName}. ${phaseName(view, stage)}. Magic ${view.magic.successes}. Victory points: Allied ${view.vp.allied}, Japanese ${view.vp.japanese}.`}
    >
      <rect class="panel" x={r.x + 4} y={r.y + 4} width={r.w - 8} height={r.h - 8} rx={6} />
      {TURNS.map((t, i) => {
        const roll = rollOf.get(i);
        const cls = i === view.turn ? 'turn current' : i < view.turn ? 'turn past' : 'turn';
        return (
          <g class={cls} key={t} data-turn={t}>
            <rect x={x0 + i * cellW} y={r.y + 12} width={cellW - 4} height={r.h - 24} rx={3} />
            <text x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + 30} text-anchor="middle">
              {t}
            </text>
            {roll && (
              <text class={roll.success ? 'magic yes' : 'magic no'} x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + 45} text-anchor="middle">
                {roll.success ? `Magic ✓ ${roll.die}` : `Magic ✗ ${roll.die}`}
              </text>
            )}
            {i === view.turn && !roll && (
              <text class="now" x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + 45} text-anchor="middle">
                now
              </text>
            )}
          </g>
        );
      })}
      <text class="phase" x={rx} y={r.y + 24}>
        {view.turnName} — {phaseName(view, stage)}
      </text>
      <text class="counts" x={rx} y={r.y + 44}>
        Magic {view.magic.successes} (4 par)
      </text>
      <g class="vp">
        <Emblem side="allied" x={rx + 128} y={r.y + 40} r={6} />
        <text x={rx + 138} y={r.y + 44}>
          {view.vp.allied} VP
        </text>
        <Emblem side="japanese" x={rx + 196} y={r.y + 40} r={6} />
        <text x={rx + 206} y={r.y + 44}>
          {view.vp.japanese} VP
        </text>
      </g>
    </g>
  );
}
