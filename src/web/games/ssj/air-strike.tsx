/**
 * An air strike in progress (VI.F.1.a, b, d), drawn from the air stage the server's view
 * gives this viewer: the stage, who acts, your own allocated strikes, and the strike being
 * flown — the struck group's pieces (face up where the rules turned them up for you, the
 * attacker) and the air units still to aim (their names only to their owner). Clicking a
 * struck ship sends the same action as its button.
 */
import type { Side, SsjView } from '../../../protocol/games/ssj';
import { sideName } from '../../links';
import type { Highlight } from '../types';
import { BattlePiece, faceOf, other } from './battle-board';
import type { Target } from './choices';
import { baseName, type SsjData } from './data';
import { ssjNames } from './labels';

const STAGE: Record<string, string> = {
  'morning-land': 'Morning land-based air strikes (VI.F.1.a)',
  carriers: 'Carrier strikes (VI.F.1.b)',
  counter: 'Counterattack on the raiding carriers (VI.F.1.b)',
  'afternoon-land': 'Afternoon land-based air strikes (VI.F.1.d)',
};
const RAID: Record<string, string> = { ground: 'ground units', air: 'airfield', harbour: 'harbour' };

export interface AirStrikeProps {
  view: SsjView;
  data: SsjData;
  you: string;
  /** Pieces a click acts on at once (the prompt's aims: ship ids), from the board's plan. */
  direct?: ReadonlyMap<string, Target> | undefined;
  choose(t: Target): void;
  busy: boolean;
  highlight?: Highlight | null | undefined;
  /** Takes back the player's last decision (the server allows it now). */
  undo?: (() => void) | undefined;
}

export function AirStrikePanel({ view, data, you, direct, choose, busy, highlight, undo }: AirStrikeProps) {
  const a = view.air;
  if (!a) return null;
  const me: Side | null = you === 'allied' || you === 'japanese' ? you : null;
  const n = ssjNames(view, data, you);
  const strikes = me === 'allied' ? (a.alliedStrikes ?? []) : me === 'japanese' ? (a.japaneseStrikes ?? []) : [];
  const flying = a.flying;
  const f = flying ? { side: flying.side, units: flying.units, group: 'group' in flying ? flying.group : undefined, base: 'base' in flying ? flying.base : undefined } : null;
  if (!f && strikes.length === 0) return null;
  const struck = f ? other(f.side) : null;
  const sv = struck ? view.sides[struck] : null;
  /** The struck pieces: the group's (ids to its owner, tags to the others), or the ships in the harbour struck. */
  const keys = (): string[] => {
    if (!f || !sv || !struck) return [];
    if (f.group) {
      const g = sv.groups.find((x) => x.id === f.group);
      return g ? [...(g.ships ?? g.pieces ?? [])] : [];
    }
    if (sv.visibility === 'full') return sv.units.filter((u) => u.kind === 'ship' && u.place.at === 'base' && u.place.base === f.base).map((u) => u.id);
    return sv.hidden.filter((h) => h.place.at === 'base' && h.place.base === f.base && h.place.box === 'harbour').map((h) => h.tag);
  };
  const units = f ? (Array.isArray(f.units) ? f.units.map((u) => n.unit(u)) : null) : null;
  const count = f ? (Array.isArray(f.units) ? f.units.length : f.units) : 0;
  const target = (s: { group?: string; base?: string; target?: string }) =>
    s.group ? n.group(s.group) : `the ${RAID[s.target ?? ''] ?? 'base'} at ${baseName(data, s.base ?? '')}`;
  const aimingNow = a.step === 'aim' && units && units.length ? units[0] : null;
  return (
    <section class="battle-board air-strike" aria-label="Air strike" data-testid="air-strike" data-step={a.step}>
      <header class="bb-head">
        <h3>{STAGE[a.stage] ?? 'Air strikes'}</h3>
        <p class="bb-status">
          <span>
            {a.step === 'allocate' ? `The ${sideName(a.side)} player allocates strikes.` : a.step === 'aim' ? `The ${sideName(a.side)} strike is aimed.` : 'Carrier air lands.'}
          </span>
        </p>
        {aimingNow && direct && direct.size > 0 && (
          <p class="bb-hint" aria-live="polite">
            {aimingNow} attacks: click the highlighted ship it attacks.
          </p>
        )}
      </header>
      {f && struck && sv && (
        <div class="air-flight">
          <h4 class={`bb-col-head ${struck}`}>Struck: {f.group ? n.group(f.group) : `the harbour at ${baseName(data, f.base ?? '')}`}</h4>
          <ul class={`bb-cell ${struck}`} aria-label={`${sideName(struck)} ships struck`} data-side={struck}>
            {keys().map((k) => {
              const id = faceOf(sv, k)?.face.id ?? k;
              const t = me === f.side && !busy ? direct?.get(id) : undefined;
              return (
                <BattlePiece
                  key={k}
                  side={struck}
                  pieceKey={k}
                  sv={sv}
                  click={t ? { label: t.label, act: () => choose(t) } : undefined}
                  marks={[]}
                  firing={false}
                  highlighted={!!highlight?.ships.includes(k)}
                />
              );
            })}
          </ul>
          <p class="air-units">
            {sideName(f.side)} air units still to aim: {units ? units.join(', ') || 'none' : `${count}`}
          </p>
        </div>
      )}
      {strikes.length > 0 && (
        <ul class="air-strikes" aria-label="Your strikes">
          {strikes.map((s, i) => (
            <li key={s.unit}>
              {n.unit(s.unit)} → {target(s)}
              {s.staged ? ' (staged B-17)' : ''}
              {/* While the side still allocates, its last step was its last strike: Undo takes it back. */}
              {undo && i === strikes.length - 1 && a.step === 'allocate' && a.side === me && (
                <>
                  {' '}
                  <button type="button" class="link" disabled={busy} onClick={undo} data-testid="strike-take-back">
                    Take back
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
