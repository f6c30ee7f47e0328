/** The turn track (AugI…DecI) with each turn's Magic roll, the Magic count and the victory points. */
import type { Stage } from '../../../../protocol';
import type { SsjView } from '../../../../protocol/games/ssj';
import { Emblem } from '../../../board/counter';
import type { Rect } from '../../../board/geometry';
import { idWords } from '../../../labels';
import type { SsjData } from '../data';

/** How wide the phase line would be drawn (it is squeezed to fit a phone's width when longer). */
const textWidthOf = (view: SsjView, stage: Stage | null) => `${view.turnName} — ${phaseName(view, stage)}`.length * 7.6;

/** The phase in the game's words (the body's stage), or its id in words. */
const phaseName = (view: SsjView, stage: Stage | null) => (stage?.phase === view.phase ? stage.name : idWords(view.phase));

/** `narrow` (a phone): the turns fill the width on one line, the phase and the scores go on the lines under them. */
export function Track({ view, data, stage, r, narrow = false }: { view: SsjView; data: SsjData; stage: Stage | null; r: Rect; narrow?: boolean }) {
  const TURNS = data.turns;
  const x0 = narrow ? 8 : 12;
  const cellW = narrow ? (r.w - 2 * x0 + 4) / TURNS.length : 62;
  const cellH = narrow ? 40 : r.h - 24;
  const rollOf = new Map(view.magic.rolls.map((m) => [m.turn, m]));
  const rx = narrow ? x0 + 4 : x0 + TURNS.length * cellW + 14;
  // The baselines of the phase line and of the counts line.
  const py = r.y + (narrow ? 68 : 24);
  const cy = r.y + (narrow ? 86 : 44);
  return (
    <g
      class={`track${narrow ? ' narrow' : ''}`}
      aria-label={`Turn ${view.turnName}. ${phaseName(view, stage)}. Magic ${view.magic.successes}. Victory points: Allied ${view.vp.allied}, Japanese ${view.vp.japanese}.`}
    >
      <rect class="panel" x={r.x + 4} y={r.y + 4} width={r.w - 8} height={r.h - 8} rx={6} />
      {TURNS.map((t, i) => {
        const roll = rollOf.get(i);
        const cls = i === view.turn ? 'turn current' : i < view.turn ? 'turn past' : 'turn';
        return (
          <g class={cls} key={t} data-turn={t}>
            <rect x={x0 + i * cellW} y={r.y + 12} width={cellW - 4} height={cellH} rx={3} />
            <text x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + (narrow ? 28 : 30)} text-anchor="middle">
              {t}
            </text>
            {roll && (
              <text class={roll.success ? 'magic yes' : 'magic no'} x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + (narrow ? 44 : 45)} text-anchor="middle">
                {narrow ? `${roll.success ? '✓' : '✗'} ${roll.die}` : roll.success ? `Magic ✓ ${roll.die}` : `Magic ✗ ${roll.die}`}
              </text>
            )}
            {i === view.turn && !roll && (
              <text class="now" x={x0 + i * cellW + (cellW - 4) / 2} y={r.y + (narrow ? 44 : 45)} text-anchor="middle">
                now
              </text>
            )}
          </g>
        );
      })}
      <text class="phase" x={rx} y={py} {...(narrow && textWidthOf(view, stage) > r.w - 2 * rx ? { textLength: r.w - 2 * rx, lengthAdjust: 'spacingAndGlyphs' } : {})}>
        {view.turnName} — {phaseName(view, stage)}
      </text>
      <text class="counts" x={rx} y={cy}>
        Magic {view.magic.successes} (4 par)
      </text>
      <g class="vp">
        <Emblem side="allied" x={rx + 128} y={cy - 4} r={6} />
        <text x={rx + 138} y={cy}>
          {view.vp.allied} VP
        </text>
        <Emblem side="japanese" x={rx + 196} y={cy - 4} r={6} />
        <text x={rx + 206} y={cy}>
          {view.vp.japanese} VP
        </text>
      </g>
    </g>
  );
}
