/**
 * V's early activation and VI.A's Allied reinforcement decisions: where each arriving
 * unit enters (Espiritu Santo or Australia; calendar air due at Guadalcanal there while
 * Henderson Field is Allied), and next turn's cruiser and other ship, chosen a turn ahead.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { AIR_BY_ID, EARLY_ACTIVATION_ALLIED_VP, earlyActivation, alliedPoolShipsAvailable } from './data';
import { TURNS, type BaseId } from './data/types';
import type { SsjAction } from './actions';
import { alliedArrivals, baseName } from './setup';
import type { SsjState } from './state';
import { SHIP_BY_ID, unitName } from './units';

type Early = Extract<SsjAction, { type: 'early-activation' }>;
type ReinforcementAction = Extract<SsjAction, { type: 'place' | 'pick' | 'done' }>;

const CRUISERS = new Set(['CA', 'CL', 'CLAA']);

export function earlyChoices(): Early[] {
  return [
    { type: 'early-activation', roll: true },
    { type: 'early-activation', roll: false },
  ];
}

/** V: the Japanese player may roll for early activation of his Truk forces (success: Allies +5 VP). */
export function applyEarly(s: SsjState, a: Early, ctx: ApplyContext): LogEntry[] {
  if (!a.roll) {
    s.early = { rolled: false, success: false };
    return [{ to: 'public', text: 'The Japanese player does not roll for early activation: his air and ground units at Truk stay there until the end of AugI.' }];
  }
  const die = ctx.dice.d6('early activation');
  const success = earlyActivation(die);
  s.early = { rolled: true, success };
  if (success) awardVp(s, 'allied', EARLY_ACTIVATION_ALLIED_VP, 'Japanese early activation (V)');
  return [
    {
      to: 'public',
      text: success
        ? `Early activation: the Japanese player rolled ${die} — his Truk forces may move on the first turn; the Allies get ${EARLY_ACTIVATION_ALLIED_VP} VP.`
        : `Early activation: the Japanese player rolled ${die} — no early activation.`,
      data: { roll: { why: 'early activation', die, success } },
    },
  ];
}

export function awardVp(s: SsjState, side: 'allied' | 'japanese', points: number, why: string): void {
  if (points === 0) return;
  s.vp[side] += points;
  s.vpLog.push({ turn: s.turn, side, points, why });
}

function entryBases(s: SsjState, unitId: string): BaseId[] {
  const air = AIR_BY_ID.get(unitId);
  if (air?.arrival.kind === 'calendar' && air.arrival.at === 'guadalcanal' && s.holder.guadalcanal === 'allied') return ['guadalcanal'];
  return ['espiritu-santo', 'australia'];
}

/** The ships that may be chosen now for next turn: cruisers for the cruiser slot, any other pool ship for the other. */
function pickable(s: SsjState, slot: 'cruiser' | 'other'): string[] {
  const next = TURNS[s.turn + 1];
  if (!next) return [];
  return alliedPoolShipsAvailable(next)
    .filter((sh) => s.units[sh.id]!.place.at === 'pool' && !s.units[sh.id]!.arriving)
    .filter((sh) => CRUISERS.has(sh.cls) === (slot === 'cruiser'))
    .filter((sh) => sh.id !== (slot === 'cruiser' ? s.alliedPicks.other : s.alliedPicks.cruiser))
    .map((sh) => sh.id);
}

export function reinforcementChoices(s: SsjState): ReinforcementAction[] {
  const out: ReinforcementAction[] = [];
  const waiting = alliedArrivals(s);
  for (const id of waiting) for (const base of entryBases(s, id)) out.push({ type: 'place', unit: id, base });
  for (const slot of ['cruiser', 'other'] as const) {
    for (const ship of pickable(s, slot)) if (s.alliedPicks[slot] !== ship) out.push({ type: 'pick', slot, ship });
  }
  // Every arrival must be placed before the phase closes.
  if (waiting.length === 0) out.push({ type: 'done' });
  return out;
}

export function applyReinforcement(s: SsjState, a: ReinforcementAction): LogEntry[] {
  const mine = (text: string, units: string[]): LogEntry => ({ to: ['allied'], text, data: { units } });
  if (a.type === 'place') {
    const u = s.units[a.unit]!;
    u.place = { at: 'base', base: a.base };
    delete u.arriving;
    // A carrier's air group comes aboard with it; nothing else to move.
    return [mine(`${unitName(u.id)} enters at ${baseName(a.base)}.`, [u.id])];
  }
  if (a.type === 'pick') {
    s.alliedPicks[a.slot] = a.ship;
    return [mine(`Chosen to arrive next turn (${a.slot}): ${unitName(a.ship)} (${SHIP_BY_ID.get(a.ship)!.cls}).`, [a.ship])];
  }
  return [];
}
