/**
 * The sighting and static intercept flowchart (steps 1–6, A1–A4, B1–B4) drawn from the
 * game's public data (GET /api/games/ewr?only=flowchart, which holds no task force), with
 * the step the match stands at highlighted, the arrows this viewer has seen walked drawn
 * solid, and the ways out of the current step marked.
 */
import type { Flowchart, FlowStep } from './types';

/** Reads the flowchart from the game's public data (GET /api/games/ewr?only=flowchart). */
export function readFlowchart(raw: unknown): Flowchart {
  const f = (raw as { flowchart?: Flowchart } | null)?.flowchart;
  if (!f || !Array.isArray(f.steps) || !Array.isArray(f.arrows)) throw new Error('the public data of East Wind Rain lacks its flowchart');
  return f;
}

/** Where each step sits: the main line (1–6) left, the A branch in the middle, the B branch right. */
const PLACE: Record<string, [number, number]> = {
  start: [1, 0],
  '1': [0, 1],
  A1: [1, 1],
  B1: [2, 1],
  '2': [0, 2],
  B4: [2, 2],
  '3': [0, 3],
  A2: [1, 3],
  B2: [2, 3],
  '4': [0, 4],
  A3: [1, 4],
  '5': [0, 5],
  A4: [1, 5],
  end: [2, 5],
  '6': [0, 6],
  B3: [1, 6],
};

const SHORT: Record<string, string> = {
  start: 'TFA moves within 2',
  '1': 'Intercept at 2 hexes?',
  '2': 'TFA halts, TFZ moves',
  '3': 'Sight, or enter?',
  '4': 'TFZ rolls to sight',
  '5': 'Airstrike or surface?',
  '6': 'Airstrikes, then…',
  A1: 'Intercept adjacent?',
  A2: 'TFA sights first?',
  A3: 'TFZ enters, sights',
  A4: 'One strike, combat',
  B1: 'Intercept in own hex?',
  B2: 'TFA airstrike',
  B3: 'Surface / ASW combat',
  B4: 'No intercept',
  end: 'Intercept ends',
};

const BW = 136;
const BH = 46;
const DX = 178;
const DY = 70;
const PAD = 10;

const title = (s: FlowStep) => (s.id === 'start' ? 'Start' : s.id === 'end' ? 'End' : /^\d/.test(s.id) ? `Step ${s.id}` : s.id);

/** Where the line from the centre of a box toward (dx, dy) leaves it. */
function edge(cx: number, cy: number, dx: number, dy: number): [number, number] {
  const sx = dx === 0 ? Infinity : BW / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : BH / 2 / Math.abs(dy);
  const s = Math.min(sx, sy);
  return [cx + dx * s, cy + dy * s];
}

export function FlowchartView({ chart, step, walked }: { chart: Flowchart; step: string; walked: readonly string[] }) {
  // Steps the layout does not know go in a fourth column.
  let extra = 0;
  const pos = new Map<string, { x: number; y: number }>();
  for (const s of chart.steps) {
    const p = PLACE[s.id] ?? [3, extra++];
    pos.set(s.id, { x: PAD + p[0] * DX + BW / 2, y: PAD + p[1] * DY + BH / 2 });
  }
  const cols = extra > 0 ? 4 : 3;
  const rows = Math.max(7, extra);
  const w = PAD * 2 + (cols - 1) * DX + BW;
  const h = PAD * 2 + (rows - 1) * DY + BH;
  const done = new Set(walked);
  // One line per pair of steps (the chart has several arrows between some pairs).
  const pairs = new Map<string, { from: string; to: string; labels: string[]; walked: boolean }>();
  for (const a of chart.arrows) {
    const k = `${a.from}>${a.to}`;
    const p = pairs.get(k) ?? { from: a.from, to: a.to, labels: [], walked: false };
    p.labels.push(a.label);
    p.walked ||= done.has(a.id);
    pairs.set(k, p);
  }
  const current = chart.steps.find((s) => s.id === step);
  return (
    <figure class="flowchart" aria-label="The sighting and intercept flowchart">
      <svg class="flowchart-svg" viewBox={`0 0 ${w} ${h}`} role="group" aria-label={`Flowchart; current step: ${current ? title(current) : step}`} data-testid="flowchart">
        <defs>
          <marker id="fc-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" class="fc-head" />
          </marker>
          <marker id="fc-head-walked" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" class="fc-head walked" />
          </marker>
          <marker id="fc-head-next" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" class="fc-head next" />
          </marker>
        </defs>
        {[...pairs.values()].map((p) => {
          const a = pos.get(p.from);
          const b = pos.get(p.to);
          if (!a || !b) return null;
          const next = p.from === step;
          const cls = `fc-arrow${p.walked ? ' walked' : ''}${next ? ' next' : ''}`;
          if (p.from === p.to) {
            // A loop on the box's right edge (an immediate second strike, B4's move to an adjacent hex).
            const x = a.x + BW / 2;
            return (
              <path
                key={`${p.from}>${p.to}`}
                class={cls}
                data-arrow={`${p.from}>${p.to}`}
                d={`M${x} ${a.y - 9}C${x + 26} ${a.y - 22} ${x + 26} ${a.y + 22} ${x} ${a.y + 9}`}
                marker-end={`url(#${p.walked ? 'fc-head-walked' : next ? 'fc-head-next' : 'fc-head'})`}
              >
                <title>{`${p.from} → ${p.to}: ${p.labels.join('; ')}${p.walked ? ' (walked)' : ''}`}</title>
              </path>
            );
          }
          const dx = b.x - a.x;
          const dy = b.y - a.y;
          const len = Math.hypot(dx, dy) || 1;
          // A slight bend, so that lines between the same columns do not lie on top of each other.
          const bend = Math.abs(dx) < 1 || Math.abs(dy) < 1 ? (len > DY * 1.5 ? 26 : 0) : 14;
          const mx = (a.x + b.x) / 2 + (-dy / len) * bend;
          const my = (a.y + b.y) / 2 + (dx / len) * bend;
          const [x1, y1] = edge(a.x, a.y, mx - a.x, my - a.y);
          const [x2, y2] = edge(b.x, b.y, mx - b.x, my - b.y);
          return (
            <path
              key={`${p.from}>${p.to}`}
              class={cls}
              data-arrow={`${p.from}>${p.to}`}
              d={`M${x1.toFixed(1)} ${y1.toFixed(1)}Q${mx.toFixed(1)} ${my.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}`}
              marker-end={`url(#${p.walked ? 'fc-head-walked' : next ? 'fc-head-next' : 'fc-head'})`}
            >
              <title>{`${p.from} → ${p.to}: ${p.labels.join('; ')}${p.walked ? ' (walked)' : ''}`}</title>
            </path>
          );
        })}
        {chart.steps.map((s) => {
          const p = pos.get(s.id)!;
          const now = s.id === step;
          return (
            <g
              key={s.id}
              class={`fc-step${now ? ' current' : ''}`}
              data-step={s.id}
              aria-current={now ? 'step' : undefined}
              role="img"
              aria-label={`${title(s)}${now ? ' (now)' : ''}: ${s.text}`}
            >
              <title>{`${title(s)} (${s.decides}): ${s.text}`}</title>
              <rect x={p.x - BW / 2} y={p.y - BH / 2} width={BW} height={BH} rx={s.id === 'start' || s.id === 'end' ? BH / 2 : 5} />
              <text class="fc-id" x={p.x - BW / 2 + 8} y={p.y - 5}>
                {now ? `▶ ${title(s)}` : title(s)}
              </text>
              <text class="fc-who" x={p.x + BW / 2 - 7} y={p.y - 5} text-anchor="end">
                {s.decides === 'rule' ? 'roll/rule' : s.decides}
              </text>
              <text class="fc-short" x={p.x - BW / 2 + 8} y={p.y + 13}>
                {SHORT[s.id] ?? (s.text.length > 22 ? `${s.text.slice(0, 21)}…` : s.text)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption data-testid="flow-step">
        <strong>{current ? title(current) : step}</strong>
        {current ? ` — ${current.text}` : ''}
        {pairs.size > 0 && (
          <span class="fc-out">
            {' '}
            {chart.arrows
              .filter((a) => a.from === step)
              .map((a) => `→ ${a.to}: ${a.label}`)
              .join(' · ')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
