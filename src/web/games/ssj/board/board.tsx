/** The Sky, Sea, and JUNGLE board as SVG, drawn from the map data and the view the server sent. */
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SVGAttributes } from 'preact';
import type { Action, Stage } from '../../../../protocol';
import type { Side, SsjView } from '../../../../protocol/games/ssj';
import { FaceDownCounter, ShipCounter, Emblem } from '../../../board/counter';
import { Airfield, Anchor, TimeOfDay } from '../../../board/marks';
import { sideName } from '../../../links';
import type { Highlight } from '../../types';
import { baseName, boxName, type SsjData } from '../data';
import { Fog } from './fog';
import { W } from '../../../board/geometry';
import { layoutBoard, NARROW_BELOW, type BaseLayout, type BoxLayout, type GroupLayout, type SheetLayout, type Slot } from './layout';
import { Track } from './track';

/**
 * A legal action as a board target: `new:SIDE:AREA:BOX` (a new group), `group:ID`,
 * `base:SIDE:ID`, `piece:ID` (a piece to act on), or `btn:N` (a button only).
 */
export interface Target {
  key: string;
  action: Action;
  label: string;
}

export interface Interaction {
  selectable: ReadonlySet<string>;
  selected: string | null;
  /** The selected piece's destinations, by key. */
  targets: ReadonlyMap<string, Target>;
  /** Pieces (ids or tags) that act when clicked, such as a submarine's possible targets. */
  direct: ReadonlyMap<string, Target>;
  pick(ship: string): void;
  choose(t: Target): void;
}

interface Ctx {
  data: SsjData;
  interact?: Interaction | undefined;
  highlight?: Highlight | null | undefined;
  /** The group a submarine attack waits on. */
  attacked?: string | undefined;
  /** The viewer's own air units given a strike (VI.F.1), by id: the strike in words. */
  strikes?: ReadonlyMap<string, string> | undefined;
}

/** A board target as a button; `shown`: the words it shows, when they are not already in its label (they come first, the label after in brackets). */
function activate(t: Target | undefined, ctx: Ctx, shown?: string): SVGAttributes<SVGGElement> {
  if (!t || !ctx.interact) return {};
  const choose = ctx.interact.choose;
  return {
    role: 'button',
    tabindex: 0,
    'aria-label': shown ? `${shown} (${t.label})` : t.label,
    onClick: (e: MouseEvent) => {
      e.stopPropagation();
      choose(t);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        choose(t);
      }
    },
  } as SVGAttributes<SVGGElement>;
}

function Piece({ slot, ctx }: { slot: Slot; ctx: Ctx }) {
  const p = slot.piece;
  const i = ctx.interact;
  const id = p.kind === 'down' ? p.tag : p.ship.id;
  const act = i?.direct.get(id) ?? (p.kind === 'face' && p.tag ? i?.direct.get(p.tag) : undefined);
  const hl = !!ctx.highlight?.ships.includes(id);
  if (p.kind === 'down') {
    return (
      <FaceDownCounter
        side={p.side}
        tag={p.tag}
        x={slot.x}
        y={slot.y}
        state={{ highlighted: hl, ...(act && i ? { selectable: true, onPick: () => i.choose(act), label: act.label } : {}) }}
      />
    );
  }
  return (
    <ShipCounter
      ship={p.ship}
      side={p.side}
      x={slot.x}
      y={slot.y}
      {...(p.cargo ? { cargo: p.cargo } : {})}
      revealed={!!p.revealed}
      strike={ctx.strikes?.get(id)}
      state={
        act && i
          ? { selectable: true, highlighted: hl, onPick: () => i.choose(act), label: act.label }
          : {
              selectable: !!i?.selectable.has(id),
              selected: i?.selected === id,
              highlighted: hl,
              ...(i ? { onPick: () => i.pick(id) } : {}),
            }
      }
    />
  );
}

const slotKey = (s: Slot) => (s.piece.kind === 'face' ? s.piece.ship.id : s.piece.tag);

function Base({ b, side, ctx }: { b: BaseLayout; side: Side; ctx: Ctx }) {
  const t = ctx.interact?.targets.get(`base:${side}:${b.id}`);
  const marks = [b.naval ? 'harbour' : '', b.airfield ? 'airfield' : ''].filter(Boolean).join(', ');
  return (
    <g class={`base${b.holding ? ' holding' : ''}${b.contested ? ' contested' : ''}${t ? ' target' : ''}`} data-base={b.id}>
      <g {...activate(t, ctx, `${b.name}: Move here`)}>
        <rect class="box" x={b.x} y={b.y} width={b.w} height={b.h} rx={4} />
        <text class="base-name" x={b.x + 8} y={b.y + 19}>
          {b.name}
          {marks && <title>{`${b.name}: ${marks}`}</title>}
        </text>{' '}
        {b.naval && <Anchor x={b.x + b.w - 14} y={b.y + 15} />}
        {b.airfield && <Airfield x={b.x + b.w - (b.naval ? 34 : 14)} y={b.y + 15} />}{' '}
        {t && (
          <text class="target-label" x={b.x + b.w - (b.naval ? 50 : b.airfield ? 30 : 10)} y={b.y + 19} text-anchor="end">
            Move here
          </text>
        )}
        {b.contested && !t && (
          <text class="contested-label" x={b.x + b.w - (b.naval ? 50 : b.airfield ? 30 : 10)} y={b.y + 19} text-anchor="end">
            contested
          </text>
        )}
      </g>
      {b.labels.map((l) => (
        <text key={l.text} class="row-label" x={l.x} y={l.y}>
          {l.text}
        </text>
      ))}
      {b.slots.map((s) => (
        <Piece key={slotKey(s)} slot={s} ctx={ctx} />
      ))}
    </g>
  );
}

function Group({ g, side, ctx }: { g: GroupLayout; side: Side; ctx: Ctx }) {
  const t = ctx.interact?.targets.get(`group:${g.id}`);
  const hl = ctx.highlight?.group === g.id;
  const attacked = ctx.attacked === g.id;
  return (
    <g class={`group ${side}${t ? ' target' : ''}${hl ? ' highlighted' : ''}${attacked ? ' attacked' : ''}`} data-group={g.id}>
      <rect class="frame" x={g.x} y={g.y} width={g.w} height={g.h} rx={side === 'allied' ? 1 : 6} onClick={t && ctx.interact ? () => ctx.interact!.choose(t) : undefined} />
      {t ? (
        <g class="join" {...activate(t, ctx)}>
          <rect x={g.x + 2} y={g.y + 2} width={Math.max(g.w - 4, 60)} height={13} rx={6} />
          <text x={g.x + 7} y={g.y + 12}>
            + Join group {g.n}
          </text>
        </g>
      ) : (
        <text class="group-label" x={g.x + 5} y={g.y + 11}>
          Group {g.n} · {g.size}
          {attacked ? ' · under submarine attack' : ''}
        </text>
      )}
      {g.slots.map((s) => (
        <Piece key={slotKey(s)} slot={s} ctx={ctx} />
      ))}
    </g>
  );
}

function SeaBox({ b, side, ctx }: { b: BoxLayout; side: Side; ctx: Ctx }) {
  const t = ctx.interact?.targets.get(`new:${side}:${b.area}:${b.box}`);
  return (
    <g class={`seabox ${b.box}${t ? ' target' : ''}`} data-area={b.area} data-box={b.box} data-side={side}>
      <rect class="box" x={b.x} y={b.y} width={b.w} height={b.h} rx={3} onClick={t && ctx.interact ? () => ctx.interact!.choose(t) : undefined} />
      <TimeOfDay box={b.box} x={b.x + 14} y={b.y + 12} />
      <text class="box-name" x={b.x + 28} y={b.y + 16}>
        {boxName(ctx.data, b.box)}
      </text>
      {t && (
        <g class="new-group" {...activate(t, ctx)}>
          <rect x={b.x + b.w - 94} y={b.y + 3} width={88} height={16} rx={8} />
          <text x={b.x + b.w - 50} y={b.y + 15} text-anchor="middle">
            + New group
          </text>
        </g>
      )}
      {b.groups.map((g) => (
        <Group key={g.id} g={g} side={side} ctx={ctx} />
      ))}
    </g>
  );
}

function visibilityNote(s: SheetLayout, narrow = false): string {
  if (s.visibility === 'screened') return narrow ? 'screened' : 'behind the Fog Of War screen';
  if (s.visibility === 'face-down') return 'face down';
  return 'face up';
}

function Sheet({ s, ctx, narrow }: { s: SheetLayout; ctx: Ctx; narrow: boolean }) {
  return (
    <g class={`sheet ${s.side} ${s.visibility}`} data-sheet={s.side} aria-label={`${s.title}, ${visibilityNote(s)}`}>
      <rect class="sheet-bg" x={s.x + 2} y={s.y} width={s.w - 4} height={s.h} rx={6} />
      <g class="title-bar">
        <Emblem side={s.side} x={s.titleBar.x + 20} y={s.titleBar.y + 13} r={7} />
        <text class="sheet-title" x={s.titleBar.x + 34} y={s.titleBar.y + 18}>
          {s.title.toUpperCase()}
          <tspan class="sheet-note"> — {visibilityNote(s, narrow)}</tspan>
        </text>
        {s.rabaulSorties !== undefined && (
          <text class="sheet-note" x={s.titleBar.w - 14} y={s.titleBar.y + 18} text-anchor="end">
            Rabaul sorties {s.rabaulSorties}/{ctx.data.rabaulSortieLimit}
          </text>
        )}
      </g>
      {s.areas.map((a) => (
        <g class="area" key={a.id} data-area={a.id}>
          <rect class="area-bg" x={a.x} y={a.y} width={a.w} height={a.h} rx={4} />
          <text class="area-name" x={a.x + a.w / 2} y={a.y + 15} text-anchor="middle">
            {a.name}
          </text>
          {a.strip && (
            <g class="strip" data-strip={a.id}>
              <rect class="box" x={a.strip.x} y={a.strip.y} width={a.strip.w} height={a.strip.h} rx={3} />
              <text class="box-name" x={a.strip.x + 8} y={a.strip.y + 12}>
                {a.strip.label}
              </text>
              {a.strip.slots.map((sl) => (
                <Piece key={slotKey(sl)} slot={sl} ctx={ctx} />
              ))}
            </g>
          )}
        </g>
      ))}
      {s.boxes.map((b) => (
        <SeaBox key={`${b.area}:${b.box}`} b={b} side={s.side} ctx={ctx} />
      ))}
      {s.bases.map((b) => (
        <Base key={b.id} b={b} side={s.side} ctx={ctx} />
      ))}
      {s.visibility === 'screened' && <Fog r={{ x: s.x + 2, y: s.y, w: s.w - 4, h: s.h }} side={s.side} titleAt={s.titleBar} />}
    </g>
  );
}

export interface SsjBoardProps {
  view: SsjView;
  data: SsjData;
  stage: Stage | null;
  /** Who looks: a side ('allied', 'japanese') or 'spectator' / 'referee'. */
  you: string;
  interact?: Interaction | undefined;
  highlight?: Highlight | null | undefined;
  zoom?: number;
}

/**
 * The width to lay the board out at: the full drawing (W), or on a narrow screen its box's own
 * width, so that the counters keep their own size there (a phone: at least 32 px tall).
 */
function useLayoutWidth(svg: { current: SVGSVGElement | null }): number {
  const [w, setW] = useState(W);
  useLayoutEffect(() => {
    const box = svg.current?.parentElement;
    if (!box) return;
    const measure = () => {
      const cw = Math.floor(box.clientWidth);
      setW(cw > 0 && cw < NARROW_BELOW ? Math.max(320, cw) : W);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    return () => ro.disconnect();
  }, []);
  return w;
}

/** The viewer's own strikes of the air stage (the view gives a side its own only), each in words, by air unit. */
function ownStrikes(view: SsjView, you: string, data: SsjData): Map<string, string> {
  const a = view.air;
  const list = you === 'allied' ? a?.alliedStrikes : you === 'japanese' ? a?.japaneseStrikes : undefined;
  return new Map((list ?? []).map((s) => [s.unit, s.group ? 'given a strike on a group at sea' : `given a strike on ${baseName(data, s.base ?? '')}`]));
}

export function SsjBoard({ view, data, stage, you, interact, highlight, zoom = 1 }: SsjBoardProps) {
  const top: Side = you === 'japanese' ? 'allied' : 'japanese';
  const svg = useRef<SVGSVGElement>(null);
  const width = useLayoutWidth(svg);
  const L = useMemo(() => layoutBoard(data, view, top, width), [data, view, top, width]);
  const attacked = view.subAttack?.group;
  const ctx: Ctx = { data, interact, highlight, attacked, strikes: ownStrikes(view, you, data) };
  return (
    <svg
      ref={svg}
      class={`board${L.narrow ? ' narrow' : ''}`}
      viewBox={`0 0 ${L.w} ${L.h}`}
      style={{ width: `${zoom * 100}%` }}
      role="group"
      aria-label={`Board, ${view.turnName}`}
      data-testid="board"
    >
      <defs>
        <pattern id="hatch" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="14" height="14" class="hatch-bg" />
          <line x1="0" y1="0" x2="0" y2="14" class="hatch-line" />
        </pattern>
      </defs>
      <Track view={view} data={data} stage={stage} r={L.track} narrow={L.narrow} />
      {L.sheets.map((s) => (
        <Sheet key={s.side} s={s} ctx={ctx} narrow={L.narrow} />
      ))}
      <g class="screen-line">
        <rect x={L.screen.x + 2} y={L.screen.y + 5} width={L.screen.w - 4} height={L.screen.h - 10} rx={3} />
        <text x={L.w / 2} y={L.screen.y + 18} text-anchor="middle">
          {view.sides.allied.visibility === 'full' && view.sides.japanese.visibility === 'full'
            ? 'Referee view: both maps face up'
            : L.narrow
              ? 'Fog Of War screen'
              : `Fog Of War screen — ${sideName(top)} map above, ${sideName(top === 'allied' ? 'japanese' : 'allied')} map below`}
        </text>
      </g>
    </svg>
  );
}
