/**
 * 11.22.B The Submarine Warfare Modifier's factors: the algebraic sum of those that apply,
 * never below −5. RULING: the SWM is a marker on the Strategic Record Track ("We recommend
 * recording changes to the SWM as they occur"). It starts where the scenario's factors put
 * it, and every change — a new year's factor, cards #37, #38 and #80, an Allied SWM step
 * (11.23) — moves it as it occurs, the −5 floor applying at each move: a raw −9 followed
 * by +4 is −1, not −5.
 */
import { SWM_CARD_37, SWM_CARD_38, SWM_CARD_80, SWM_FLOOR, SWM_STEP, SWM_YEAR_FACTOR } from './data/tables';

export interface SwmInputs {
  year: number;
  events: { card37: boolean; card38: boolean; card80: number };
  /** Earlier successes on which the Allied player chose to reduce the SWM (11.23). */
  swmSteps: number;
}

export interface SwmFactor {
  factor: string;
  value: number;
}

/** The factors of 11.22.B that apply, each with its value (zero-valued ones left out, except the year). */
export function swmFactors(i: SwmInputs): SwmFactor[] {
  const year = SWM_YEAR_FACTOR[i.year];
  if (year === undefined) throw new RangeError(`no SWM year factor for ${i.year}`);
  const out: SwmFactor[] = [{ factor: `year ${i.year} (11.22.B.1–3)`, value: year }];
  if (i.events.card37) out.push({ factor: 'card #37 First Convoy Escort Fleet played (11.22.B.4)', value: SWM_CARD_37 });
  if (i.events.card38) out.push({ factor: 'card #38 Grand Escort Command played (11.22.B.5)', value: SWM_CARD_38 });
  if (i.events.card80 > 0) out.push({ factor: `card #80 New Submarine Doctrine played ${i.events.card80}× (11.22.B.6)`, value: SWM_CARD_80 * i.events.card80 });
  if (i.swmSteps > 0) out.push({ factor: `${i.swmSteps} earlier ${i.swmSteps === 1 ? 'success' : 'successes'} spent on the SWM (11.22.B.7)`, value: SWM_STEP * i.swmSteps });
  return out;
}

/** The sum of the factors before the floor. */
export function rawSwm(i: SwmInputs): number {
  return swmFactors(i).reduce((a, f) => a + f.value, 0);
}

/** The SWM: the sum of the factors, never below −5. */
export function computeSwm(i: SwmInputs): number {
  return Math.max(SWM_FLOOR, rawSwm(i));
}

/** "+2", "0", "−3": how the rules print a modifier. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
