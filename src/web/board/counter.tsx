/**
 * Counters. Allied: square corners, a square "A" badge, blue. Japanese: rounded corners, a
 * round "J" badge, red. So the sides differ in shape and letter as well as colour.
 */
import type { SVGAttributes } from 'preact';
import type { Side, UnitFace } from '../../protocol/games/ssj';
import { CH, CW, DH, DW, textWidth } from './geometry';

export interface CounterState {
  selectable?: boolean;
  selected?: boolean;
  highlighted?: boolean;
  onPick?: () => void;
  /** What clicking does, when it acts at once (read out instead of the piece's name). */
  label?: string;
}

/**
 * The side's letter, drawn as strokes on a 13-unit badge (not typed: a piece's accessible
 * name then holds every word it shows, and no font need have the glyph).
 */
const SIDE_LETTER: Record<Side, string> = {
  allied: 'M-3.3 4.4L0 -4.4L3.3 4.4M-2.1 1.5H2.1',
  japanese: 'M1.9 -4.4V1.4A2.8 2.8 0 0 1 -3.5 2.4',
};

export function Emblem({ side, x, y, r = 6.5 }: { side: Side; x: number; y: number; r?: number }) {
  const letter = <path class="letter" d={SIDE_LETTER[side]} transform={`translate(${x} ${y}) scale(${r / 6.5})`} />;
  return side === 'allied' ? (
    <g class="emblem allied" aria-hidden="true">
      <rect x={x - r} y={y - r} width={r * 2} height={r * 2} />
      {letter}
    </g>
  ) : (
    <g class="emblem japanese" aria-hidden="true">
      <circle cx={x} cy={y} r={r} />
      {letter}
    </g>
  );
}

/** A small aircraft seen from above, drawn rather than typed (fonts need not have the glyph). */
export function Plane({ x, y, s = 1 }: { x: number; y: number; s?: number }) {
  return (
    <path
      class="plane"
      transform={`translate(${x} ${y}) scale(${s})`}
      d="M0 -5.5L1 -4L1 -1.2L5.5 1.2L5.5 2.4L1 1.2L1 3.6L2.6 4.8L2.6 5.6L0 5L-2.6 5.6L-2.6 4.8L-1 3.6L-1 1.2L-5.5 2.4L-5.5 1.2L-1 -1.2L-1 -4Z"
    />
  );
}

function interactive(s: CounterState, label: string): SVGAttributes<SVGGElement> {
  if (!s.selectable || !s.onPick) return { 'aria-label': label, role: 'img' } as SVGAttributes<SVGGElement>;
  const pick = s.onPick;
  return {
    role: 'button',
    tabindex: 0,
    'aria-label': s.label ? `${label}: ${s.label}` : label,
    ...(s.label ? {} : { 'aria-pressed': s.selected ? 'true' : 'false' }),
    onClick: (e: MouseEvent) => {
      e.stopPropagation();
      pick();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        pick();
      }
    },
  } as SVGAttributes<SVGGElement>;
}

function classes(side: Side, s: CounterState, extra: string): string {
  return ['counter', side, extra, s.selectable ? 'selectable' : '', s.selected ? 'selected' : '', s.highlighted ? 'highlighted' : ''].filter(Boolean).join(' ');
}

const KIND_LABEL: Record<string, string> = { air: 'AIR', ground: 'GND', pt: 'PT' };

/** What the counter's top line says: the ship class, the air type, or the kind of unit. */
export function unitClass(u: UnitFace): string {
  return u.cls ?? u.type ?? KIND_LABEL[u.kind ?? ''] ?? '';
}

/**
 * What a face-up piece is, in words: its side, then every word it shows in the order it is
 * drawn (so a voice command naming what is seen finds it), each mark's meaning before it in
 * brackets ("(torpedo) T*"), the ships aboard after their count.
 */
export function shipLabel(ship: UnitFace, side: Side, cargo: readonly UnitFace[] = []): string {
  const marks = [
    ship.torpedo ? `(torpedo) ${ship.torpedo}` : '',
    ship.slow ? 'SLOW' : '',
    ship.airCapacity !== undefined ? `(air capacity) ${ship.airCapacity}` : '',
    ship.damage === 'D' ? '(damaged) D' : ship.damage === 'HD' ? '(heavily damaged) HD' : '',
    cargo.length ? `(aboard) +${cargo.length} (${cargo.map((c) => (c.recon ? `${c.name} on recon` : c.name)).join(', ')})` : '',
    ship.arriving ? '(arriving)' : '',
  ].filter(Boolean);
  return [`${side === 'allied' ? 'Allied' : 'Japanese'} ${unitClass(ship)} ${ship.name}`, ...marks].join(', ');
}

/**
 * What a face-up counter's printed values mean in play (issue 42 item 1), for its tooltip: the class is its column on the
 * Anti-Ship table (VII.A), the torpedo mark, SLOW, the air capacity (and what damage has left of it), and the hits taken.
 * Only faces the viewer is shown are drawn with it: a face-down piece has no values to give.
 */
export function shipDetails(ship: UnitFace): string {
  const out: string[] = [];
  if (ship.cls && ship.cls !== 'SS') out.push(`Anti-Ship table column: ${ship.cls === 'CLAA' ? 'CL' : ship.cls === 'DL' ? 'DD' : ship.cls} (VII.A)`);
  if (ship.cls === 'SS') out.push('a submarine: never a target on the Anti-Ship table; a 1 (a 2 too for a Japanese one) may sink it when it attacks escorted ships (VI.D)');
  if (ship.torpedo === 'T*') out.push('torpedoes T* (Long Lance): read one row higher (VI.F.2.b.1)');
  else if (ship.torpedo === 'T') out.push('torpedoes T (VI.F.2.b)');
  if (ship.slow) out.push('SLOW: may not be withdrawn voluntarily, and is scuttled if its side withdraws (VI.F.1)');
  if (ship.airCapacity !== undefined)
    out.push(`air capacity ${ship.airCapacity}${ship.capacity !== undefined && ship.capacity < ship.airCapacity ? `, ${ship.capacity} left after damage (VII.A)` : ''}`);
  if (ship.damage === 'D') out.push('hits taken: 1 (D)');
  else if (ship.damage === 'HD') out.push('hits taken: 2 (HD): attacked one row higher (VI.F.1.c)');
  else if (ship.kind === 'ship' || ship.kind === undefined) out.push('hits taken: none');
  return out.join('; ');
}

export function ShipCounter({
  ship,
  side,
  x,
  y,
  cargo = [],
  revealed = false,
  state = {},
  tooltip = true,
  strike,
}: {
  ship: UnitFace;
  side: Side;
  x: number;
  y: number;
  cargo?: readonly UnitFace[];
  revealed?: boolean;
  state?: CounterState;
  /** Its name as a tooltip (<title>); off where the counter is drawn large enough for its own words to be read (axe then counts the tooltip as visible text). */
  tooltip?: boolean;
  /** Its own side's word of the strike it is given (an air unit allocated to a strike): marked on the counter, said in its label. */
  strike?: string | undefined;
}) {
  const nameFits = textWidth(ship.name, 8.5) <= CW - 6;
  const label = shipLabel(ship, side, cargo) + (revealed ? ' (turned face up for you)' : '') + (strike ? ` — ${strike}` : '');
  return (
    <g
      class={classes(side, state, `face-up kind-${ship.kind ?? 'ship'}${revealed ? ' revealed' : ''}`)}
      transform={`translate(${x} ${y})`}
      data-ship={ship.id}
      {...interactive(state, label)}
    >
      {tooltip && <title>{[label, shipDetails(ship)].filter(Boolean).join('. ')}</title>}
      <rect class="halo" x={-4} y={-4} width={CW + 8} height={CH + 8} rx={side === 'allied' ? 2 : 13} />
      <rect class="frame" width={CW} height={CH} rx={side === 'allied' ? 1 : 10} />
      <Emblem side={side} x={10} y={10} />
      <text class="cls" x={20} y={14}>
        {unitClass(ship)}
      </text>{' '}
      <text class="name" x={CW / 2} y={30} text-anchor="middle" {...(nameFits ? {} : { textLength: CW - 6, lengthAdjust: 'spacingAndGlyphs' })}>
        {ship.name}
      </text>{' '}
      {ship.torpedo && (
        <text class="mark" x={5} y={43}>
          {ship.torpedo}
        </text>
      )}{' '}
      {strike && (
        <g class="strike-mark" data-testid="strike-mark">
          <rect x={2} y={CH - 12} width={CW - 4} height={10} rx={2} />
          <text x={CW / 2} y={CH - 4} text-anchor="middle">
            STRIKE
          </text>
        </g>
      )}{' '}
      {ship.slow && (
        <g class="slow">
          <rect x={CW / 2 - 12} y={35} width={21} height={10} rx={1} />
          <text x={CW / 2 - 1.5} y={43} text-anchor="middle">
            SLOW
          </text>
        </g>
      )}{' '}
      {ship.airCapacity !== undefined && (
        <g class="air">
          <Plane x={CW - 15} y={39.5} s={0.95} />
          <text x={CW - 5} y={43} text-anchor="end">
            {ship.airCapacity}
          </text>
        </g>
      )}{' '}
      {ship.damage && (
        <g class="damage">
          <rect x={CW - 21} y={3} width={18} height={12} rx={2} />
          <text x={CW - 12} y={12.5} text-anchor="middle">
            {ship.damage}
          </text>
        </g>
      )}{' '}
      {cargo.length > 0 && (
        <g class="cargo">
          <rect x={CW - (ship.damage ? 41 : 21)} y={3} width={18} height={12} rx={6} />
          <text x={CW - (ship.damage ? 32 : 12)} y={12.5} text-anchor="middle">
            +{cargo.length}
          </text>
        </g>
      )}
    </g>
  );
}

export function FaceDownCounter({ side, tag, x, y, state = {}, tooltip = true }: { side: Side; tag: string; x: number; y: number; state?: CounterState; tooltip?: boolean }) {
  const label = `${side === 'allied' ? 'Allied' : 'Japanese'} face-down piece ${tag}`;
  return (
    <g class={classes(side, state, 'face-down')} transform={`translate(${x} ${y})`} data-tag={tag} {...interactive(state, label)}>
      {tooltip && <title>{label}</title>}
      <rect class="halo" x={-3} y={-3} width={DW + 6} height={DH + 6} rx={side === 'allied' ? 2 : 10} />
      <rect class="frame" width={DW} height={DH} rx={side === 'allied' ? 1 : 8} />
      <rect class="back" x={3} y={3} width={DW - 6} height={DH - 6} rx={side === 'allied' ? 0 : 6} />
      <Emblem side={side} x={DW / 2} y={13} r={7} />
      <text class="tag" x={DW / 2} y={DH - 5} text-anchor="middle" textLength={DW - 8} lengthAdjust="spacingAndGlyphs">
        {tag}
      </text>
    </g>
  );
}
