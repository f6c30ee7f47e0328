/** The Fog Of War screen drawn over a mapsheet the viewer may not see: a hatched panel, plainly labelled. */
import { SIDE_NAMES } from '../ssj/data';
import type { Side } from '../ssj/types';
import type { Rect } from './geometry';

export function Fog({ r, side, titleAt }: { r: Rect; side: Side; titleAt: Rect }) {
  // Leave the sheet's title bar readable; cover the rest.
  const top = titleAt.y <= r.y + 1 ? titleAt.y + titleAt.h : r.y;
  const bottom = titleAt.y <= r.y + 1 ? r.y + r.h : titleAt.y;
  const h = bottom - top;
  const cy = top + h / 2;
  return (
    <g class="fog" data-testid={`fog-${side}`} role="img" aria-label={`Fog of War: the ${SIDE_NAMES[side]} map is hidden`}>
      <rect class="fog-panel" x={r.x} y={top} width={r.w} height={h} fill="url(#hatch)" rx={6} />
      <rect class="fog-plate" x={r.x + r.w / 2 - 210} y={cy - 38} width={420} height={76} rx={8} />
      <text class="fog-title" x={r.x + r.w / 2} y={cy + 4} text-anchor="middle">
        Fog of War
      </text>
      <text class="fog-note" x={r.x + r.w / 2} y={cy + 27} text-anchor="middle">
        The {SIDE_NAMES[side]} map is behind the screen
      </text>
    </g>
  );
}
