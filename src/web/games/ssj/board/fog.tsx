/** The Fog Of War screen drawn over a mapsheet the viewer may not see: a hatched panel, plainly labelled. */
import type { Side } from '../../../../protocol/games/ssj';
import type { Rect } from '../../../board/geometry';
import { sideName } from '../../../links';

export function Fog({ r, side, titleAt }: { r: Rect; side: Side; titleAt: Rect }) {
  // Leave the sheet's title bar readable; cover the rest.
  const top = titleAt.y <= r.y + 1 ? titleAt.y + titleAt.h : r.y;
  const bottom = titleAt.y <= r.y + 1 ? r.y + r.h : titleAt.y;
  const h = bottom - top;
  const cy = top + h / 2;
  const plate = Math.min(420, r.w - 24);
  return (
    <g class="fog" data-testid={`fog-${side}`} role="img" aria-label={`Fog of War: the ${sideName(side)} map is hidden`}>
      <rect class="fog-panel" x={r.x} y={top} width={r.w} height={h} fill="url(#hatch)" rx={6} />
      <rect class="fog-plate" x={r.x + r.w / 2 - plate / 2} y={cy - 38} width={plate} height={76} rx={8} />
      <text class="fog-title" x={r.x + r.w / 2} y={cy + 4} text-anchor="middle">
        Fog of War
      </text>
      <text class="fog-note" x={r.x + r.w / 2} y={cy + 27} text-anchor="middle">
        The {sideName(side)} map is behind the screen
      </text>
    </g>
  );
}
