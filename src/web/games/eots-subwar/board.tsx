/**
 * The Empire of the Sun submarine-warfare board: the turn record track, the map extract
 * (flat-topped hexes by their four-digit numbers, even columns half a hex lower — the
 * server's convention), with control, ports, airfields, resource hexes, home-island ports,
 * Pusan and Japanese ZoI; the Sub Bases and HQs with their ranges; and the SWM, ASP, hand
 * and SLOC figures the view gives.
 */
import { useMemo, useState } from 'preact/hooks';
import { Emblem } from '../../board/counter';
import { Airfield, Anchor } from '../../board/marks';
import { svgButton, type HexPlay } from '../hex/play';
import { sideName } from '../../links';
import { idWords } from '../../labels';
import { Panels } from './panel';
import { Track } from './track';
import type { Stage } from '../../../protocol';
import { factText, printedWords, signed, type EotsHex, type EotsView, type SubBaseView } from './types';

const S = 16;
const H3 = Math.sqrt(3);
const PUSAN = '3306';

const parse = (id: string) => ({ col: Number(id.slice(0, 2)), row: Number(id.slice(2, 4)) });
/** The centre of a hex, before the map's offset. */
function centre(id: string): { x: number; y: number } {
  const { col, row } = parse(id);
  return { x: col * 1.5 * S, y: H3 * S * (row + (col % 2 === 0 ? 0.5 : 0)) };
}
function hexPoints(x: number, y: number, s = S): string {
  return [0, 1, 2, 3, 4, 5].map((i) => `${(x + s * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(y + s * Math.sin((Math.PI / 3) * i)).toFixed(1)}`).join(' ');
}
/** The outline of every hex within `n` of a centre: a large hexagon through the corner hexes, half a hex out. */
function rangePoints(x: number, y: number, n: number): string {
  const k = n + 0.5;
  const dirs: [number, number][] = [
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
  ];
  return dirs.map(([dq, dr]) => `${(x + 1.5 * S * dq * k).toFixed(1)},${(y + H3 * S * (dr + dq / 2) * k).toFixed(1)}`).join(' ');
}

function hexTitle(h: EotsHex): string {
  const f = [
    h.port && 'port',
    h.airfield && 'airfield',
    h.coastal && !h.port && 'coastal',
    h.homeIslandPort && 'Japanese home island port',
    h.resource && 'resource hex',
    h.hex === PUSAN && 'Pusan',
  ].filter(Boolean);
  const ctl = h.control === 'none' ? 'uncontrolled' : `${sideName(h.control)}-controlled`;
  return `${h.name ? `${h.name}, ` : ''}hex ${h.hex}: ${f.join(', ') || 'no feature'}; ${ctl}${h.control === 'allied' && !h.alliedSupply ? ', out of Allied supply' : ''}${h.japaneseZoi ? ', inside an unneutralized Japanese ZoI' : ''}${h.note ? ` (${h.note})` : ''}`;
}

/**
 * A target hex's name: the words it shows, in the order drawn (so a voice command naming
 * what is seen finds it), each mark's meaning before it in brackets.
 */
function hexWords(h: EotsHex, battle: boolean): string {
  const shown = h.hex === PUSAN ? 'Pusan' : (h.name ?? h.hex);
  return [h.homeIslandPort ? '(home island port) H' : '', h.resource ? '(resource) R' : '', shown === h.hex ? `hex ${h.hex}` : `${shown} (hex ${h.hex})`, battle ? '✕ battle' : '']
    .filter(Boolean)
    .join(' ');
}

export interface EotsBoardProps {
  view: EotsView;
  /** Where the match stands, in the game's words (the body's stage). */
  stage?: Stage | null;
  play?: HexPlay | undefined;
  highlight?: ReadonlySet<string> | undefined;
  zoom?: number;
}

export function EotsBoard({ view, stage, play, highlight, zoom = 1 }: EotsBoardProps) {
  const [showHq, setShowHq] = useState<'half' | 'full' | 'none'>('half');
  const [showSloc, setShowSloc] = useState(true);
  // The decision's hexes (the plan's map, the same object while the prompt lasts: the frame and lattice are not redrawn per render).
  const targets = play?.targets;
  const box = useMemo(() => {
    const ids = [...view.hexes.map((h) => h.hex), ...view.hqs.flatMap((q) => (q.hex ? [q.hex] : [])), ...(targets ? [...targets.keys()] : [])];
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const id of ids) {
      const c = centre(id);
      x0 = Math.min(x0, c.x);
      y0 = Math.min(y0, c.y);
      x1 = Math.max(x1, c.x);
      y1 = Math.max(y1, c.y);
    }
    return { x0: x0 - 3 * S, y0: y0 - 3 * S, w: x1 - x0 + 6 * S, h: y1 - y0 + 6 * S };
  }, [view.hexes, view.hqs, targets]);
  // A faint lattice over the whole extract (one path).
  const lattice = useMemo(() => {
    const parts: string[] = [];
    const c0 = Math.floor(box.x0 / (1.5 * S) - 1);
    const c1 = Math.ceil((box.x0 + box.w) / (1.5 * S) + 1);
    const r0 = Math.floor(box.y0 / (H3 * S)) - 1;
    const r1 = Math.ceil((box.y0 + box.h) / (H3 * S)) + 1;
    for (let c = Math.max(0, c0); c <= Math.min(99, c1); c++) {
      for (let r = Math.max(0, r0); r <= Math.min(99, r1); r++) {
        const x = c * 1.5 * S;
        const y = H3 * S * (r + (c % 2 === 0 ? 0.5 : 0));
        parts.push(`M${hexPoints(x, y).replace(/ /g, 'L')}Z`);
      }
    }
    return parts.join('');
  }, [box]);
  const at = (id: string) => centre(id);
  const drawn = new Set(view.hexes.map((h) => h.hex));
  const onMap = view.subBases.filter((b): b is SubBaseView & { location: { at: 'map'; hex: string } } => b.location.at === 'map');
  const counted = new Set(showSloc ? onMap.flatMap((b) => b.sloc?.hexes ?? []) : []);
  const hqsOnMap = view.hqs.filter((q): q is typeof q & { hex: string } => q.hex !== null);
  const subAt = new Set(onMap.map((b) => b.location.hex));
  const offensive = view.phase.offensive;
  const battle = new Set(offensive?.battleHexes ?? []);
  const rolled = new Map(view.history.rolls.filter((r) => r.turn === view.turn).map((r) => [r.base, r]));
  return (
    <div class="eots-board" data-game="eots-subwar">
      <div class="eots-status" role="group" aria-label="Situation" data-testid="eots-status">
        <span>
          <strong>{view.scenario.name}</strong>
        </span>
        <span data-testid="eots-turn">
          Turn {view.turn} ({view.year}) — {stage?.phase === view.phase.kind ? stage.name : idWords(view.phase.kind)}
          {offensive ? ` by ${sideName(offensive.side)} HQ ${view.hqs.find((q) => q.id === offensive.hq)?.name ?? offensive.hq} (${offensive.step})` : ''}
        </span>
        <span data-testid="eots-swm" title={[signed(view.swm.start), ...view.swm.track.map((c) => `${signed(c.value)} (${c.why})`)].join(' → ')}>
          SWM <strong>{signed(view.swm.value)}</strong>
        </span>
        <span data-testid="eots-asp">
          Japanese ASP <strong>{view.japanese.asp}</strong>
        </span>
        <span data-testid="eots-hand">
          Japanese hand{' '}
          <strong>{view.japanese.hand ?? (view.japanese.handOnTrack !== undefined ? `${view.japanese.handOnTrack} on the track (not drawn yet)` : 'not drawn yet')}</strong>
          {view.japanese.hand !== null ? ` (${view.hands.japanese} left) · Allied hand ${view.hands.allied} left` : ''}
        </span>
        <span>Divisions in China {view.japanese.chinaDivisions}</span>
      </div>
      {view.proposal && (
        <p class={`eots-proposal ${view.proposal.status}`} role="status" data-testid="eots-proposal">
          {sideName(view.proposal.by)} report:{' '}
          {factText(
            view.proposal.fact,
            (id) => view.hqs.find((q) => q.id === id)?.name ?? id,
            (id) => view.subBases.find((b) => b.id === id)?.name ?? id,
          )}{' '}
          —{' '}
          {view.proposal.status === 'proposed'
            ? `waiting for the ${sideName(view.proposal.by === 'allied' ? 'japanese' : 'allied')} player to confirm or dispute it`
            : 'disputed: the reporter withdraws it or insists'}
        </p>
      )}
      <Track view={view} />
      <div class="map-controls" role="group" aria-label="Ranges shown">
        <label class="check">
          HQ ranges{' '}
          <select value={showHq} onChange={(e) => setShowHq((e.currentTarget as HTMLSelectElement).value as 'half' | 'full' | 'none')}>
            <option value="half">American HQs, half range</option>
            <option value="full">All HQs, full range</option>
            <option value="none">None</option>
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={showSloc} onChange={(e) => setShowSloc((e.currentTarget as HTMLInputElement).checked)} />
          SLOC Proximity Range ({view.scenario.slocRange} hexes) and the hexes it counts
        </label>
      </div>
      <svg
        class="board eots-map"
        viewBox={`${box.x0.toFixed(1)} ${box.y0.toFixed(1)} ${box.w.toFixed(1)} ${box.h.toFixed(1)}`}
        style={{ width: `${zoom * 100}%` }}
        role="group"
        aria-label={`Map extract, ${view.hexes.length} hexes`}
        data-testid="board"
      >
        <defs>
          <pattern id="zoi-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="6" class="zoi-line" />
          </pattern>
        </defs>
        <path class="lattice" d={lattice} />
        {/* A hex the decision offers that the extract does not draw (open sea): drawn bare, so "click a highlighted hex" holds. */}
        {play &&
          [...play.targets.entries()]
            .filter(([hex]) => !drawn.has(hex))
            .map(([hex, acts]) => {
              const c = at(hex);
              return (
                <g
                  key={`t-${hex}`}
                  class={`ehex sea target${play.selected === hex ? ' selected' : ''}`}
                  data-hex={hex}
                  {...svgButton(`${acts.length === 1 ? 'Choose' : 'Choices at'} hex ${hex}`, () => play.pick(hex), acts.length > 1 ? play.selected === hex : undefined)}
                >
                  <title>{`hex ${hex}: open sea`}</title>
                  <polygon points={hexPoints(c.x, c.y)} />
                  <text class="hex-num" x={c.x} y={c.y + S * 0.72} text-anchor="middle">
                    {hex}
                  </text>
                </g>
              );
            })}
        {hqsOnMap.map((q) => {
          const c = at(q.hex);
          if (showHq === 'none') return null;
          if (showHq === 'half' && !(q.side === 'allied' && q.american)) return null;
          const n = showHq === 'half' ? Math.ceil(q.activationRange / 2) : q.activationRange;
          return (
            <polygon key={`r-${q.id}`} class={`range hq-range ${q.side}${showHq === 'half' ? ' half' : ''}`} points={rangePoints(c.x, c.y, n)} data-range={q.id}>
              <title>{`${q.name}: ${showHq === 'half' ? `half activation range, ${n} hexes (Sub Bases may stand within it, 11.21.C)` : `activation range ${n}`}`}</title>
            </polygon>
          );
        })}
        {showSloc &&
          onMap.map((b) => {
            const c = at(b.location.hex);
            return (
              <polygon key={`s-${b.id}`} class="range sloc-range" points={rangePoints(c.x, c.y, view.scenario.slocRange)} data-sloc={b.id}>
                <title>{`${b.name}: SLOC Proximity Range ${view.scenario.slocRange} hexes`}</title>
              </polygon>
            );
          })}
        {view.hexes.map((h) => {
          const c = at(h.hex);
          const acts = play?.targets.get(h.hex);
          const sel = play?.selected === h.hex;
          const cls = `ehex ${h.control}${h.japaneseZoi ? ' zoi' : ''}${h.control === 'allied' && !h.alliedSupply ? ' unsupplied' : ''}${acts ? ' target' : ''}${sel ? ' selected' : ''}${counted.has(h.hex) ? ' counted' : ''}${highlight?.has(h.hex) ? ' highlighted' : ''}${battle.has(h.hex) ? ' battle' : ''}`;
          const title = hexTitle(h);
          return (
            <g
              key={h.hex}
              class={cls}
              data-hex={h.hex}
              {...(acts && play
                ? svgButton(`${acts.length === 1 ? 'Choose' : 'Choices at'} ${hexWords(h, battle.has(h.hex))}`, () => play.pick(h.hex), acts.length > 1 ? sel : undefined)
                : { role: 'img', 'aria-label': title })}
            >
              <title>{title}</title>
              <polygon points={hexPoints(c.x, c.y)} />
              {h.japaneseZoi && <polygon class="zoi-fill" points={hexPoints(c.x, c.y, S - 1.5)} />}
              {h.control !== 'none' && <Emblem side={h.control} x={c.x - S * 0.45} y={c.y - S * 0.45} r={3.2} />}
              {h.port && (
                <g transform={`translate(${(c.x + S * 0.4).toFixed(1)} ${(c.y - S * 0.3).toFixed(1)}) scale(0.55)`}>
                  <Anchor x={0} y={0} />
                </g>
              )}
              {h.airfield && (
                <g transform={`translate(${(c.x + S * 0.4).toFixed(1)} ${(c.y + S * 0.22).toFixed(1)}) scale(0.5)`}>
                  <Airfield x={0} y={0} />
                </g>
              )}
              {h.homeIslandPort && (
                <text class="feat" x={c.x - S * 0.12} y={c.y + S * 0.12} text-anchor="middle">
                  H
                </text>
              )}{' '}
              {h.resource && (
                <g class="resource">
                  <path d={`M${c.x - S * 0.12} ${c.y - S * 0.28}l${S * 0.26} ${S * 0.26}l${-S * 0.26} ${S * 0.26}l${-S * 0.26} ${-S * 0.26}z`} />
                  <text class="feat" x={c.x - S * 0.12} y={c.y + S * 0.08} text-anchor="middle">
                    R
                  </text>
                </g>
              )}{' '}
              <text class="hex-num" x={c.x} y={c.y + S * 0.72} text-anchor="middle">
                {h.hex === PUSAN ? 'Pusan' : (h.name ?? h.hex)}
              </text>{' '}
              {battle.has(h.hex) && (
                <text class="battle-mark" x={c.x} y={c.y - S * 0.55} text-anchor="middle">
                  ✕ battle
                </text>
              )}
            </g>
          );
        })}
        {hqsOnMap.map((q) => {
          const c = at(q.hex);
          const dy = subAt.has(q.hex) ? -S * 0.9 : 0;
          const label = `${sideName(q.side)}${q.american ? ' (American)' : ''} HQ ${q.name}, hex ${q.hex}, activation range ${q.activationRange}${q.activatesSubBases ? '' : ', may not activate Sub Bases'}`;
          const short = q.name
            .split(/\s+/)
            .filter((w) => /^[A-Z0-9]/.test(w))
            .map((w) => (/^\d/.test(w) ? w.replace(/\D+$/, '') : w[0]))
            .join('')
            .slice(0, 5);
          return (
            <g key={q.id} class={`hq ${q.side}`} data-hq={q.id} role="img" aria-label={label}>
              <title>{label}</title>
              <rect x={c.x - 13} y={c.y - 6 + dy} width={26} height={12} rx={q.side === 'allied' ? 1 : 5} />
              <Emblem side={q.side} x={c.x - 8} y={c.y + dy} r={3.6} />
              <text x={c.x + 3} y={c.y + 3 + dy} text-anchor="middle">
                {short}
              </text>
            </g>
          );
        })}
        {onMap.map((b) => {
          const c = at(b.location.hex);
          const r = rolled.get(b.id);
          const ok = b.eligibility !== undefined && b.eligibility.length === 0;
          const state = r ? (r.success ? 'success' : 'failure') : ok ? 'eligible' : 'ineligible';
          const hits = view.phase.offensive?.hits[b.id as keyof NonNullable<typeof view.phase.offensive>['hits']];
          const label =
            `Sub Base ${b.name}, hex ${b.location.hex}: ${printedWords(b.printed)}${hits ? `, ${hits} of ${b.printed.displaceHits} hits taken in this combat` : ''}` +
            `${b.sloc ? `, SLOC count ${b.sloc.count}, PV ${b.sloc.pv}` : ''}${r ? `, rolled ${r.die} this turn: ${r.success ? 'success' : 'no effect'}` : ok ? `, may conduct submarine warfare: ${b.odds ?? ''}` : b.eligibility?.length ? `, may not roll: ${b.eligibility.join('; ')}` : ''}`;
          return (
            <g key={b.id} class={`subbase ${state}`} data-subbase={b.id} data-testid={`subbase-${b.id}`} role="img" aria-label={label}>
              <title>{label}</title>
              <rect x={c.x - 17} y={c.y - 9} width={34} height={13} rx={2} />
              <text x={c.x} y={c.y + 0.5} text-anchor="middle">
                {b.name.replace(/ \((\d+)\)$/, '$1')}
              </text>
              {r && (
                <text class="sb-roll" x={c.x + 19} y={c.y + 0.5}>
                  {r.success ? '✓' : '✗'}
                  {r.die}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div class="map-key" aria-hidden="true">
        <span>■A Allied / ●J Japanese control</span>
        <span>⚓ port · ✈ airfield · H home-island port · ◆R resource</span>
        <span>hatched: unneutralized Japanese ZoI · dotted edge: out of Allied supply</span>
        <span>blue dashes: an American HQ's half activation range, where a Sub Base may stand (11.21.C)</span>
        <span>gold dash-dot: a Sub Base's SLOC Proximity Range; gold ring: counted for its SLOC PV</span>
      </div>
      <Panels view={view} />
    </div>
  );
}
