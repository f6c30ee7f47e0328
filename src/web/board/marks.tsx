/** Small map symbols, drawn as paths (no icon fonts): harbour, airfield, day and night. */
import { Plane } from './counter';

export function Anchor({ x, y }: { x: number; y: number }) {
  return (
    <g class="symbol anchor" transform={`translate(${x} ${y})`}>
      <title>Harbour (naval base)</title>
      <circle cx={0} cy={-6} r={2} />
      <path d="M0 -4v11M-4 -1h8M-6 3a6 6 0 0 0 12 0" />
    </g>
  );
}

export function Airfield({ x, y }: { x: number; y: number }) {
  return (
    <g class="symbol airfield">
      <title>Airfield</title>
      <Plane x={x} y={y} s={1.25} />
    </g>
  );
}

export function TimeOfDay({ box, x, y }: { box: string; x: number; y: number }) {
  return (
    <g class={`symbol tod ${box}`} transform={`translate(${x} ${y})`} aria-hidden="true">
      {box !== 'night' && <circle class="sun" cx={box === 'daynight' ? -4 : 0} cy={0} r={4.5} />}
      {box !== 'day' && <path class="moon" d={`M${box === 'daynight' ? 6 : 2} -5a5 5 0 1 0 0 10a4 4 0 1 1 0 -10z`} />}
    </g>
  );
}
