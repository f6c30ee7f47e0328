/**
 * Airstrikes (6, B2, A4, B4) in the order of XI.H.1.c: the target has declared its components
 * (it was sighted), so the striker allocates its air factors to CAP, Escort and Strike in
 * secret; the target rolls to countersight, and a successful countersight is a sighting of
 * the striker, which declares its components; only then does the target allocate, in secret
 * (its strike factors fly a counterstrike). Both allocations are revealed together, and the
 * strike and any counterstrike fly.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { AIRSTRIKE_TABLE, AIR_COMBAT_TABLE, HIT_ORDER, lookup } from './data/tables';
import { applyHits, loseAir } from './combat';
import { declareComponents, rollSighting } from './sighting';
import { airFactors, label, otherRole, type Allocation, type EwrState, type Role, type Strike } from './state';
import { countOf } from './words';

/** Every split of `air` factors over CAP, Escort and Strike; a striker must send at least one strike factor. */
export function allocationChoices(air: number, striker: boolean): Allocation[] {
  const out: Allocation[] = [];
  for (let strike = striker ? 1 : 0; strike <= air; strike++) {
    for (let escort = 0; escort + strike <= air; escort++) out.push({ cap: air - strike - escort, escort, strike });
  }
  return out;
}

/**
 * The allocation the rules make for a side that has no choice, or null when it must decide.
 * Only A4's target: it cannot strike back (a countersight cancels the strike), so all its air
 * flies CAP. In 6, B2 and B4 the target is always asked after its countersight roll, even with
 * no air (its one choice is all zeros) or no countersight (its one choice is all CAP), so that
 * whether it is asked says nothing about its aircraft.
 */
export function forcedAllocation(s: EwrState, st: Strike, r: Role): Allocation | null {
  if (r === st.striker || st.step !== 'A4') return null;
  return { cap: airFactors(s, r), escort: 0, strike: 0 };
}

/** Opens an airstrike at `step`: the sides that must allocate are asked; forced allocations are made now. */
export function openStrike(s: EwrState, step: Strike['step'], striker: Role, second = false): void {
  const st: Strike = { step, striker, alloc: {}, second, countersighted: null };
  for (const r of ['tfa', 'tfz'] as const) {
    const forced = forcedAllocation(s, st, r);
    if (forced) st.alloc[r] = forced;
  }
  s.strike = st;
  s.phase = 'alloc';
  s.step = step;
}

/** The allocations of `r` the prompt offers now: the target's wait for its countersight roll. */
export function allocationOptions(s: EwrState, st: Strike, r: Role): Allocation[] {
  const air = airFactors(s, r);
  if (r === st.striker) return allocationChoices(air, true);
  return st.countersighted ? allocationChoices(air, false) : [{ cap: air, escort: 0, strike: 0 }];
}

/**
 * The striker has allocated: the target rolls to countersight. XI.H.1.c: a countersight is a
 * successful sighting of the striker, which must declare its components before the target
 * (now striking back) allocates.
 */
export function countersight(s: EwrState, ctx: ApplyContext, log: LogEntry[]): void {
  const st = s.strike!;
  const defender = otherRole(st.striker);
  const cs = rollSighting(s, ctx, 'countersight', defender, st.step, log);
  st.countersighted = cs.success;
  if (cs.success) declareComponents(s, st.striker, log);
  if (st.alloc[defender]) return; // A4: its air flies CAP, and a countersight cancels the strike
  log.push({
    to: 'public',
    text: cs.success
      ? `${st.step}: ${label(s, defender)} has countersighted: it allocates its air factors in secret (XI.H.1.c); its strike factors fly a counterstrike.`
      : `${st.step}: ${label(s, defender)} has not countersighted: it cannot strike back, and its air factors fly CAP.`,
  });
}

/** One strike of `attacker` with `alloc` against the `defender`'s CAP. Returns hits landed. */
function fly(s: EwrState, ctx: ApplyContext, attacker: Role, alloc: Allocation, defCap: number, what: string, log: LogEntry[]): number {
  const defender = otherRole(attacker);
  if (alloc.strike === 0) return 0;
  const effectiveCap = Math.max(0, defCap - alloc.escort);
  let shot = 0;
  if (effectiveCap > 0) {
    const why = `${what}: CAP of ${label(s, defender)} against ${label(s, attacker)}'s strike`;
    const die = ctx.dice.d6(why);
    shot = Math.min(alloc.strike, lookup(AIR_COMBAT_TABLE, effectiveCap, die));
    log.push({
      to: 'public',
      text: `${why}: CAP ${defCap} − escort ${alloc.escort} = ${effectiveCap}, rolls ${die}: ${countOf(shot, 'strike factor')} shot down.`,
      data: { roll: { why, die, sides: 6, table: 'air-combat', factors: effectiveCap, result: shot } },
    });
    loseAir(s, attacker, shot);
  }
  const through = alloc.strike - shot;
  if (through === 0) return 0;
  const why = `${what}: ${label(s, attacker)} strikes ${label(s, defender)}`;
  const die = ctx.dice.d6(why);
  const hits = lookup(AIRSTRIKE_TABLE, through, die);
  log.push({
    to: 'public',
    text: `${why} with ${countOf(through, 'factor')}, rolls ${die}: ${countOf(hits, 'hit')}.`,
    data: { roll: { why, die, sides: 6, table: 'airstrike', factors: through, result: hits } },
  });
  const landed = applyHits(s, defender, hits, HIT_ORDER.air, log);
  log.push({ to: 'public', text: `${label(s, defender)} takes ${countOf(landed, 'hit')}.`, data: { hitsTaken: { role: defender, hits: landed } } });
  return landed;
}

export interface StrikeOutcome {
  countersighted: boolean;
  /** Hits taken by each role. */
  hits: Record<Role, number>;
}

/**
 * Both allocations are in (and the countersight rolled): the allocations are revealed
 * together, and the strikes fly. In A4 a countersight cancels the strike; in 6, B2 and B4 it
 * lets the defender's strike allocation fly a counterstrike (resolved after the strike, from
 * the allocations made before either flew).
 */
export function resolveStrike(s: EwrState, ctx: ApplyContext, log: LogEntry[]): StrikeOutcome {
  const st = s.strike!;
  const striker = st.striker;
  const defender = otherRole(striker);
  const a = st.alloc[striker]!;
  const b = st.alloc[defender]!;
  const cs = { success: st.countersighted === true };
  s.lastStrike = {
    step: st.step,
    second: st.second,
    striker: s.roles[striker],
    allocations: { [s.roles[striker]]: { ...a }, [s.roles[defender]]: { ...b } },
    countersighted: cs.success,
  };
  const show = (x: Allocation) => `CAP ${x.cap}, escort ${x.escort}, strike ${x.strike}`;
  log.push({
    to: 'public',
    text: `${st.step}: the allocations are revealed (XI.H.1.c). ${label(s, striker)}: ${show(a)}. ${label(s, defender)}: ${show(b)}.`,
    data: { allocations: s.lastStrike.allocations },
  });
  const hits: Record<Role, number> = { tfa: 0, tfz: 0 };
  if (st.step === 'A4' && cs.success) {
    log.push({ to: 'public', text: `A4: ${label(s, defender)} countersights: ${label(s, striker)} may not launch the airstrike.` });
    return { countersighted: true, hits };
  }
  const what = `${st.step}${st.second ? ' second strike' : ''}`;
  hits[defender] += fly(s, ctx, striker, a, b.cap, what, log);
  if (cs.success && b.strike > 0) {
    hits[striker] += fly(s, ctx, defender, b, a.cap, `${what} counterstrike`, log);
  }
  return { countersighted: cs.success, hits };
}
