/**
 * The sequence of play of Sky, Sea, and JUNGLE (V, VI), registered in one place: each phase
 * and automatic step by name → its entry (each in its own file here). The order below is
 * the order of a turn; each entry says where the flow goes next. See docs/architecture.md
 * ("How to add a rule / a phase").
 */
import { createFlow } from '../../../engine';
import type { SsjAction } from '../actions';
import type { Side } from '../data/types';
import { end, go, type Entry, type Goto } from '../flow';
import type { SsjState } from '../state';
import { airAfternoon } from './air-afternoon';
import { airMorning } from './air-morning';
import { alliedDeployment } from './allied-deployment';
import { alliedReinforcements } from './allied-reinforcements';
import { afterMidnight } from './after-midnight';
import { bombardDay } from './bombard-day';
import { bombardNight } from './bombard-night';
import { carrierStrikes } from './carrier-strikes';
import { combat } from './combat';
import { counterattack } from './counterattack';
import { dayCombat } from './day-combat';
import { dayEndCombat } from './day-end-combat';
import { dayLandings } from './day-landings';
import { dayOnly } from './day-only';
import { earlyActivation } from './early-activation';
import { endTurn } from './end-turn';
import { groundCombatPhase } from './ground-combat';
import { japaneseDeployment } from './japanese-deployment';
import { magic } from './magic';
import { nightCombat } from './night-combat';
import { ptBoats } from './pt-boats';
import { returnPhase } from './return';
import { submarines } from './submarines';
import { supply } from './supply';
import { withdrawal } from './withdrawal';

export const TABLE = {
  'early-activation': earlyActivation, // V (AugI only)
  'allied-reinforcements': alliedReinforcements, // VI.A
  'japanese-deployment': japaneseDeployment, // VI.B
  magic, // VI.C (from AugII)
  'allied-deployment': alliedDeployment, // VI.C
  submarines, // VI.D, then VII.A damage and VI.E detection
  'air-morning': airMorning, // VI.F.1.a
  'carrier-strikes': carrierStrikes, // VI.F.1.b
  counterattack, // VI.F.1.b
  // VI.F.1 "After any phase below": a withdrawal step after a, b, c, d, g and h (and within the Day Only step after f);
  // the phase it follows is its `withdrawAfter`.
  withdrawal, // VI.F.1
  'day-combat': dayCombat, // VI.F.1.c: by choice
  'air-afternoon': airAfternoon, // VI.F.1.d
  'day-end-combat': dayEndCombat, // VI.F.1.f: mandatory
  'day-only': dayOnly, // VI.F.1.f: withdrawal, and the shift to Day Only
  'day-landings': dayLandings, // VI.F.1.g
  'bombard-day': bombardDay, // VI.F.1.h
  'night-combat': nightCombat, // VI.F.2.a–b (and again after After Midnight)
  'after-midnight': afterMidnight, // VI.F.2.c
  'pt-boats': ptBoats, // VI.F.2.d
  combat, // VI.F.2.e landings
  'bombard-night': bombardNight, // VI.F.2.f
  'ground-combat': groundCombatPhase, // VI.F.2.g
  supply, // VI.G
  return: returnPhase, // VI.H
  'end-turn': endTurn, // VI.I volcano, IV objectives, the next turn
  over: end(),
} satisfies Record<Entry, unknown>;

/** The flow of a match: prompts, actions applied, and every automatic step between decisions. */
export const sequence = createFlow<SsjState, SsjAction, Side, Entry, Goto>({
  table: TABLE,
  at: (s) => s.phase,
  actor: (s) => s.actor,
  go,
});
