/**
 * Ground combat (VI.F.2.g) and the advance over the Kokoda Trail (VI.G), drawn from what
 * this viewer already has: the view's open decision (`groundCombat`: the base, the side
 * deciding, and for an advance the base it would attack), each side's ground units at those
 * bases as the view shows them (your own face up, the enemy's face down by tag unless turned
 * up for you, nothing behind the Fog Of War screen), and the lines of this turn's ground
 * combat in the log the viewer was sent (the odds column, the die and the losses; your own
 * losses by name, from the lines addressed to you).
 */
import type { LogEntry } from '../../../protocol';
import type { GroundNote, Side, SideView, SsjView } from '../../../protocol/games/ssj';
import { sideName } from '../../links';
import { Die } from '../../prompt';
import type { Highlight } from '../types';
import { BattlePiece, other } from './battle-board';
import { baseName, type SsjData } from './data';
import { ssjNames } from './labels';

/** The phases in which this turn's ground combat is still worth showing: its own, and the two after it. */
const SHOWN_IN = new Set(['ground-combat', 'supply', 'return']);
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A ground combat's roll, as its log line carries it. */
export interface GroundRoll {
  die: number;
  column: string;
  attackersLost: number;
  defendersLost: number;
}

export interface GroundLine {
  note: GroundNote;
  roll: GroundRoll | null;
  /** Units named by the line (your own losses, your units that marched). */
  units: string[];
  /** A 'lost' line: the attacker's own losses (else the defender's). */
  attackers: boolean;
  seq: number;
}

const isSide = (v: unknown): v is Side => v === 'allied' || v === 'japanese';

/** The note of a ground-combat log line, or null for any other line. */
function noteOf(e: LogEntry): GroundNote | null {
  const g = e.data?.ground as Partial<GroundNote> | undefined;
  if (!g || typeof g !== 'object' || typeof g.turn !== 'number' || !isSide(g.side) || typeof g.base !== 'string') return null;
  if (g.kind !== 'attack' && g.kind !== 'pass' && g.kind !== 'advance' && g.kind !== 'lost') return null;
  return g as GroundNote;
}

function rollOf(e: LogEntry): GroundRoll | null {
  const r = e.data?.roll as Partial<GroundRoll> | undefined;
  if (!r || typeof r.die !== 'number' || typeof r.attackersLost !== 'number' || typeof r.defendersLost !== 'number') return null;
  return { die: r.die, column: String(r.column ?? ''), attackersLost: r.attackersLost, defendersLost: r.defendersLost };
}

/** The ground-combat lines of turn `turn` in a viewer's log, oldest first. */
export function groundLines(log: readonly LogEntry[], turn: number): GroundLine[] {
  const out: GroundLine[] = [];
  for (const e of log) {
    const note = noteOf(e);
    if (!note || note.turn !== turn) continue;
    const units = Array.isArray(e.data?.units) ? (e.data.units as unknown[]).filter((x): x is string => typeof x === 'string') : [];
    // An advance is told twice: to everyone (how many) and to the side that marched (which units): one line, with the names.
    const told = note.kind === 'advance' ? out.find((l) => l.seq === e.seq && l.note.kind === 'advance' && l.note.side === note.side) : undefined;
    if (told) {
      told.units.push(...units);
      continue;
    }
    out.push({ note, roll: rollOf(e), units, attackers: Array.isArray(e.to) && e.to.includes(note.side), seq: e.seq });
  }
  return out;
}

/** A side's ground units at `base` as this viewer sees them: ids (own, or a full view), or face-down tags; null behind the screen. */
export function groundPieces(sv: SideView, base: string): string[] | null {
  if (sv.visibility === 'screened') return null;
  if (sv.visibility === 'full') return sv.units.filter((u) => u.kind === 'ground' && u.place.at === 'base' && u.place.base === base).map((u) => u.id);
  return sv.hidden.filter((h) => h.place.at === 'base' && h.place.base === base && h.place.box === 'land').map((h) => h.tag);
}

export interface GroundCombatProps {
  view: SsjView;
  data: SsjData;
  you: string;
  log: readonly LogEntry[];
  highlight?: Highlight | null | undefined;
}

export function GroundCombatPanel({ view, data, you, log, highlight }: GroundCombatProps) {
  const gc = view.groundCombat;
  const lines = SHOWN_IN.has(view.phase) ? groundLines(log, view.turn) : [];
  if (!gc && lines.length === 0) return null;
  const me: Side | null = isSide(you) ? you : null;
  const n = ssjNames(view, data, you);
  const base = (id: string) => baseName(data, id);
  const who = (s: Side) => (s === me ? 'You' : `The ${sideName(s)} player`);
  // The bases to draw: the open decision's (an advance: both ends of the trail), else the last one fought over.
  // The units are drawn while a decision is open (after it, the results say what happened; the map shows where they are now).
  const bases = gc ? [gc.base, ...(gc.to ? [gc.to] : [])] : [];
  const left: Side = me ?? 'japanese';
  const right = other(left);

  const pending = (): string => {
    if (!gc) return 'Ground combat is over for this turn.';
    const mine = groundPieces(view.sides[gc.side], gc.base);
    const units = mine ? `${gc.side === me ? 'your' : 'his'} ${plural(mine.length, 'unit')}` : '';
    const decides = `${who(gc.side)} ${gc.side === me ? 'decide' : 'decides'}`;
    if (gc.to) return `${decides} whether to advance ${units ? `some of ${units} at ${base(gc.base)}` : `from ${base(gc.base)}`} over the Kokoda Trail to attack ${base(gc.to)}.`;
    return `${decides} whether to attack at ${base(gc.base)}${units ? `, risking some or all of ${units} there` : ''}.`;
  };

  const column = (sd: Side, at: string) => {
    const keys = groundPieces(view.sides[sd], at);
    return (
      <div class="gc-side" key={`${sd}-${at}`}>
        <h5 class={`bb-col-head ${sd}`}>
          {sideName(sd)}
          {me === sd ? ' (you)' : ''} · {keys === null ? 'hidden' : plural(keys.length, 'ground unit')}
        </h5>
        {keys === null ? (
          <p class="bb-waiting">Behind the Fog Of War screen.</p>
        ) : (
          <ul class={`bb-cell ${sd}`} aria-label={`${sideName(sd)} ground units at ${base(at)}`} data-side={sd} data-base={at}>
            {keys.map((k) => (
              <BattlePiece key={k} side={sd} pieceKey={k} sv={view.sides[sd]} marks={[]} firing={false} highlighted={!!highlight?.ships.includes(k)} />
            ))}
            {keys.length === 0 && <li class="bb-empty">none</li>}
          </ul>
        )}
      </div>
    );
  };

  const said = (l: GroundLine) => {
    const { note: g, roll } = l;
    switch (g.kind) {
      case 'pass':
        return g.to ? `${who(g.side)} did not advance from ${base(g.base)}.` : `${who(g.side)} did not attack at ${base(g.base)}.`;
      case 'advance':
        return `${who(g.side)} advanced ${plural(g.risked ?? 0, 'unit')}${l.units.length ? ` (${l.units.map((u) => n.unit(u)).join(', ')})` : ''} over the Kokoda Trail from ${base(g.base)} to attack ${base(g.to ?? '')}.`;
      case 'lost':
        return `${l.attackers ? 'Lost in the attack' : 'Lost in defence'}: ${l.units.map((u) => n.unit(u)).join(', ')}.`;
      default:
        return roll
          ? `${who(g.side)} attacked at ${base(g.base)} with ${plural(g.risked ?? 0, 'unit')} against ${g.defenders ?? '?'} (column ${roll.column}): ${plural(roll.attackersLost, 'attacker')} and ${plural(roll.defendersLost, 'defender')} lost.`
          : `${who(g.side)} attacked at ${base(g.base)}.`;
    }
  };

  return (
    <section class="battle-board ground-combat" aria-label="Ground combat" data-testid="ground-combat" data-base={gc?.base ?? ''}>
      <header class="bb-head">
        <h3>{!gc ? 'Ground combat this turn (VI.F.2.g, VI.G)' : gc.to ? 'Kokoda Trail (VI.G)' : `Ground combat at ${base(gc.base)} (VI.F.2.g)`}</h3>
        <p class="bb-status" data-testid="ground-status">
          <span>{pending()}</span>
        </p>
      </header>
      {bases.map((at) => (
        <div class="gc-base" key={at}>
          {bases.length > 1 && <h4>{base(at)}</h4>}
          <div class="bb-grid">
            {column(left, at)}
            {column(right, at)}
          </div>
        </div>
      ))}
      {lines.length > 0 && (
        <ol class="gc-results" aria-label="Ground combat this turn" data-testid="ground-results">
          {lines.map((l) => (
            <li key={`${l.seq}-${l.note.kind}-${l.note.base}`} data-kind={l.note.kind}>
              {l.roll && (
                <span class="gc-die" role="img" aria-label={`die ${l.roll.die}`}>
                  <Die value={l.roll.die} size={22} />
                </span>
              )}
              {said(l)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
