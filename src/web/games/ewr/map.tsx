/**
 * East Wind Rain's scenario map as SVG: the hexes of the scenario's rectangle (pointy-topped,
 * odd rows shifted right — the server's own convention, from the same honeycomb-grid
 * library), its bases and economic markers, and each task force where the view places it.
 * An enemy TF with no hex in the view is not drawn at all: the client knows no more.
 */
import { useMemo } from 'preact/hooks';
import { defineHex, Grid, Orientation, rectangle } from 'honeycomb-grid';
import { Emblem } from '../../board/counter';
import { Anchor } from '../../board/marks';
import { svgButton, type HexPlay } from '../hex/play';
import { sideName } from '../../links';
import type { Action } from '../../../protocol';
import { hexKey, isOwnTf, ROLE_NAMES, type EwrView, type HexRef, type Role, type TfView } from './types';

const SIZE = 44;
/** How far above and below the hex's centre two TFs in one hex are drawn (half a counter's height and a gap). */
const STACK_DY = 16;
const PAD = 14;
const MapHex = defineHex({ orientation: Orientation.POINTY, offset: -1, dimensions: SIZE, origin: 'topLeft' });

interface Cell {
  key: string;
  col: number;
  row: number;
  x: number;
  y: number;
  points: string;
}

function layout(width: number, height: number): { cells: Cell[]; w: number; h: number } {
  const grid = new Grid(MapHex, rectangle({ width, height }));
  const cells: Cell[] = [];
  let w = 0;
  let h = 0;
  for (const hex of grid) {
    const pts = hex.corners;
    for (const p of pts) {
      w = Math.max(w, p.x);
      h = Math.max(h, p.y);
    }
    cells.push({
      key: `${hex.col},${hex.row}`,
      col: hex.col,
      row: hex.row,
      x: hex.x + PAD,
      y: hex.y + PAD,
      points: pts.map((p) => `${(p.x + PAD).toFixed(1)},${(p.y + PAD).toFixed(1)}`).join(' '),
    });
  }
  return { cells, w: w + 2 * PAD, h: h + 2 * PAD };
}

/** What a hex target does, in words. */
export function targetWord(actions: readonly Action[]): string {
  const t = actions[0]?.type;
  if (t === 'approach') return 'Approach';
  if (t === 'redeploy') return 'Redeploy';
  return 'Move here';
}

/** A TF's counter; two in one hex are stacked, one above the other (`dy`), so neither hides the other at any width. */
function TfMarker({ tf, x, y: y0, mine, dy }: { tf: TfView; x: number; y: number; mine: boolean; dy: number }) {
  const w = 62;
  const h = 30;
  const cx = x;
  const y = y0 + dy;
  const own = isOwnTf(tf);
  const label = `${ROLE_NAMES[tf.role]}: ${sideName(tf.side)} ${tf.name}${own ? '' : ' (enemy)'}${tf.retreating ? ', retreating' : ''}`;
  return (
    <g class={`tf ${tf.side}${mine ? ' mine' : ' enemy'}`} data-tf={tf.role} data-testid={`tf-${tf.role}`} role="img" aria-label={label}>
      <title>{label}</title>
      <rect class="frame" x={cx - w / 2} y={y - h / 2} width={w} height={h} rx={tf.side === 'allied' ? 1 : 9} />
      <Emblem side={tf.side} x={cx - w / 2 + 10} y={y - 4} r={6} />
      <text class="tf-role" x={cx + 6} y={y - 1} text-anchor="middle">
        {ROLE_NAMES[tf.role]}
      </text>
      <text class="tf-name" x={cx} y={y + 11} text-anchor="middle">
        {tf.name.length > 13 ? `${tf.name.slice(0, 12)}…` : tf.name}
      </text>
      {tf.retreating && (
        <text class="tf-flag" x={cx + w / 2 - 4} y={y - 5} text-anchor="end">
          R
        </text>
      )}
    </g>
  );
}

export interface EwrMapProps {
  view: EwrView;
  play?: HexPlay | undefined;
  /** Hexes a log line names (hovered), by key. */
  highlight?: ReadonlySet<string> | undefined;
  zoom?: number;
}

export function EwrMap({ view, play, highlight, zoom = 1 }: EwrMapProps) {
  const { width, height } = view.scenario.map;
  const L = useMemo(() => layout(width, height), [width, height]);
  const at = new Map(L.cells.map((c) => [c.key, c]));
  const tfs = (['tfa', 'tfz'] as Role[]).map((r) => view.tfs[r]).filter((t): t is TfView => !!t && !!t.hex);
  const shared = tfs.length === 2 && hexKey(tfs[0]!.hex!) === hexKey(tfs[1]!.hex!);
  const yours = view.you;
  return (
    <svg
      class="board ewr-map"
      viewBox={`0 0 ${L.w} ${L.h}`}
      style={{ width: `${zoom * 100}%` }}
      role="group"
      aria-label={`Map of ${view.scenario.name}, ${width} by ${height} hexes`}
      data-testid="board"
    >
      {L.cells.map((c) => {
        const acts = play?.targets.get(c.key);
        const sel = play?.selected === c.key;
        const hl = highlight?.has(c.key);
        const cls = `hex${acts ? ' target' : ''}${sel ? ' selected' : ''}${hl ? ' highlighted' : ''}`;
        // The words the hex shows (its number, then what clicking it does) come in the same order in its name.
        const label = acts ? `hex ${c.key}: ${targetWord(acts)}` : `hex ${c.key}`;
        return (
          <g key={c.key} class={cls} data-hex={c.key} {...(acts && play ? svgButton(label, () => play.pick(c.key), acts.length > 1 ? sel : undefined) : {})}>
            <polygon points={c.points} />
            <text class="hex-id" x={c.x} y={c.y + SIZE * 0.78} text-anchor="middle">
              {c.key}
            </text>{' '}
            {acts && (
              <text class="target-label" x={c.x} y={c.y - SIZE * 0.55} text-anchor="middle">
                {targetWord(acts)}
              </text>
            )}
          </g>
        );
      })}
      {view.scenario.markers.map((m) => {
        const c = at.get(hexKey(m.hex));
        if (!c) return null;
        const x = c.x + SIZE * 0.42;
        const y = c.y - SIZE * 0.3;
        const label = `Economic marker ${m.name}, value ${m.value}${m.zone ? `, ${sideName(m.zone)} zone` : ''}${m.spent ? ', spent' : ''}`;
        return (
          <g key={m.id} class={`marker${m.spent ? ' spent' : ''}`} data-marker={m.id} role="img" aria-label={label}>
            <title>{label}</title>
            <path d={`M${x} ${y - 10}L${x + 10} ${y}L${x} ${y + 10}L${x - 10} ${y}Z`} />
            <text x={x} y={y + 4} text-anchor="middle">
              {m.value}
            </text>
            {m.spent && <line x1={x - 9} y1={y + 9} x2={x + 9} y2={y - 9} class="spent-line" />}
          </g>
        );
      })}
      {view.scenario.bases.map((b) => {
        const c = at.get(hexKey(b.hex));
        if (!c) return null;
        const x = c.x - SIZE * 0.42;
        const y = c.y - SIZE * 0.28;
        const label = `${sideName(b.side)} ${b.size} base ${b.name}`;
        return (
          <g key={b.id} class={`ewr-base ${b.side} ${b.size}`} data-base={b.id} role="img" aria-label={label}>
            <title>{label}</title>
            <Anchor x={x} y={y} />
            <Emblem side={b.side} x={x + 14} y={y - 4} r={b.size === 'major' ? 6 : 4.5} />
            <text class="base-label" x={c.x} y={c.y + SIZE * 0.5} text-anchor="middle">
              {b.name.length > 14 ? `${b.name.slice(0, 13)}…` : b.name}
            </text>
          </g>
        );
      })}
      {tfs.map((tf, i) => {
        const c = at.get(hexKey(tf.hex!));
        if (!c) return null;
        return <TfMarker key={tf.role} tf={tf} x={c.x} y={c.y + 6} mine={tf.role === yours} dy={shared ? (i === 0 ? -STACK_DY : STACK_DY) : 0} />;
      })}
      {shared &&
        (() => {
          const c = at.get(hexKey(tfs[0]!.hex!));
          if (!c) return null;
          const label = `2 task forces in hex ${c.key}: ${tfs.map((t) => ROLE_NAMES[t.role]).join(' and ')}`;
          const x = c.x + 31;
          const y = c.y + 6 - STACK_DY - 15;
          return (
            <g class="tf-stack" data-testid="tf-stack" role="img" aria-label={label}>
              <title>{label}</title>
              <circle cx={x} cy={y} r={8} />
              <text x={x} y={y + 4} text-anchor="middle">
                2
              </text>
            </g>
          );
        })()}
    </svg>
  );
}

export const sameHex = (a: HexRef | null | undefined, b: HexRef | null | undefined) => !!a && !!b && a.col === b.col && a.row === b.row;
