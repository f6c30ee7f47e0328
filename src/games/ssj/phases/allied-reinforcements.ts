/**
 * VI.A: the Allied reinforcement decisions, first in each turn: where each arriving unit
 * enters (Espiritu Santo or Australia; calendar air due at Guadalcanal there while
 * Henderson Field is Allied), and next turn's cruiser and other ship, chosen a turn ahead.
 * The steps are private (the Allied map is behind the screen) until he closes.
 */
import type { LogEntry } from '../../../engine';
import { AIR_BY_ID, alliedPoolShipsAvailable } from '../data';
import { TURNS, type BaseId } from '../data/types';
import type { SsjAction } from '../actions';
import { decision } from '../flow';
import { alliedArrivals } from '../setup';
import { turnName, type SsjState } from '../state';
import { SHIP_BY_ID, baseName, unitName, own } from '../units';
import { change } from '../shared';

type ReinforcementAction = Extract<SsjAction, { type: 'place' | 'pick' | 'done' }>;

const CRUISERS = new Set(['CA', 'CL', 'CLAA']);

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
    .filter((sh) => s.units.of(sh.id).place.at === 'pool' && !s.units.of(sh.id).arriving)
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
    const u = own(s, a.unit);
    u.place = { at: 'base', base: a.base };
    delete u.arriving;
    // A carrier's air group comes aboard with it; nothing else to move.
    return [mine(`${unitName(u.id)} enters at ${baseName(a.base)}.`, [u.id])];
  }
  if (a.type === 'pick') {
    change(s, 'alliedPicks')[a.slot] = a.ship;
    return [mine(`Chosen to arrive next turn (${a.slot}): ${unitName(a.ship)} (${SHIP_BY_ID.get(a.ship)!.cls}).`, [a.ship])];
  }
  return [];
}

export const alliedReinforcements = decision('allied-reinforcements', ['place', 'pick', 'done'], {
  text: (s) =>
    `${turnName(s)} (VI.A): place your arriving reinforcements at Espiritu Santo or Australia${s.turn < TURNS.length - 1 ? ', and choose the cruiser and the other ship that arrive next turn' : ''}.`,
  choices: (s) => reinforcementChoices(s),
  // Nothing to place or pick (only "close" offered): on to the Japanese deployment. One choice that is not
  // "close" (a lone unit with one place to enter, a calendar air unit due at Guadalcanal) is his decision still.
  arrive: (s) => {
    const offered = reinforcementChoices(s);
    return offered.length === 1 && offered[0]!.type === 'done' ? { log: [], next: { phase: 'japanese-deployment', actor: 'japanese' } } : { log: [] };
  },
  apply(s, _side, a) {
    const log = applyReinforcement(s, a);
    if (a.type !== 'done') return { log, private: true };
    log.push({ to: 'public', text: `${turnName(s)}: the Allied player has placed his reinforcements.` });
    return { log, next: { phase: 'japanese-deployment', actor: 'japanese' }, reveals: true };
  },
});
