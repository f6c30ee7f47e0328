/**
 * The engagement half of the chart: 4 (TFZ sights from the adjacent hex), 5, 6, A2, A3,
 * A4, B2, B3, and the end of the static intercept. Each function records the arrows it
 * walks and leaves the state at the next decision.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { openStrike, resolveStrike } from './airstrike';
import { moraleCheck, retreat, surfaceAndAsw } from './combat';
import { availableMarkers, endInitiative, payment } from './initiative';
import { declareComponents, rollSighting } from './sighting';
import { airFactors, inPlay, label, newEncounter, otherRole, walk, type EwrState, type Role, type SecondStep } from './state';
import { ownLine } from './words';

/**
 * The static intercept ends; TFA continues its initiative unless it has retreated or has
 * nothing left afloat. TFZ sunk or driven out of the area ends nothing: TFA goes on, and its
 * mission is judged on what it then does. After B4 ("There is no intercept") the sequence
 * is over: it does not begin again while TFA stays within two hexes (approachCheck).
 */
export function endIntercept(s: EwrState, log: LogEntry[], why: string): void {
  s.enc = s.enc.b4 ? { ...newEncounter(), approach: 'no-intercept', b4: true, sightedAt: { ...s.enc.sightedAt } } : newEncounter();
  s.strike = null;
  s.secondFor = null;
  s.step = 'end';
  log.push({ to: 'public', text: `The static intercept ends: ${why}.` });
  if (!inPlay(s, 'tfa') || s.tf.tfa.retreating) {
    endInitiative(s, log, s.tf.tfa.retreating ? 'TFA has retreated' : 'TFA has left the area');
  } else {
    s.phase = 'move';
  }
}

/** A TF with nothing left afloat after a strike: the intercept cannot go on. */
const sunkTf = (s: EwrState): Role | undefined => (['tfa', 'tfz'] as const).find((r) => !inPlay(s, r));

/** Records a round of combat; X.I.4 counts it against TFA only when TFA started it. */
function combatHappened(s: EwrState, startedByMover: boolean): void {
  if (!s.initiative) return;
  s.initiative.combat = true;
  if (startedByMover) s.initiative.moverCombat = true;
}

/** Morale checks for every TF that took hits; broken TFs retreat. Returns true if any broke. */
function moraleChecks(s: EwrState, ctx: ApplyContext, hits: Record<Role, number>, step: string, first: Role, log: LogEntry[]): boolean {
  const broken: Role[] = [];
  for (const r of [first, otherRole(first)]) {
    if (hits[r] > 0 && inPlay(s, r) && moraleCheck(s, ctx, r, hits[r], step, log)) broken.push(r);
  }
  for (const r of broken) retreat(s, r, log);
  return broken.length > 0;
}

/** Step 4: TFZ rolls to sight TFA from where it is; the sighting number is retained. */
export function step4(s: EwrState, ctx: ApplyContext, log: LogEntry[]): void {
  s.step = '4';
  const r = rollSighting(s, ctx, 'sight', 'tfz', '4', log);
  if (!r.success) {
    walk(s, '4>end');
    endIntercept(s, log, 'TFZ failed to sight TFA (4)');
    return;
  }
  s.enc.retained = r.total;
  declareComponents(s, 'tfa', log);
  walk(s, '4>5');
  s.phase = '5';
  s.step = '5';
}

/** A2: before TFZ enters its hex, TFA may try to sight it (it is always asked, so the question says nothing of its aircraft). */
export function toA2(s: EwrState): void {
  s.phase = 'A2';
  s.step = 'A2';
}

export function decideA2(s: EwrState, ctx: ApplyContext, choice: 'sight' | 'pass', log: LogEntry[]): void {
  if (choice === 'sight') {
    const r = rollSighting(s, ctx, 'sight', 'tfa', 'A2', log);
    if (r.success) {
      declareComponents(s, 'tfz', log);
      walk(s, 'A2>B2');
      log.push({ to: 'public', text: `B2: ${label(s, 'tfa')} sets up an airstrike: it allocates its air factors in secret, then ${label(s, 'tfz')} rolls to countersight.` });
      openStrike(s, 'B2', 'tfa');
      return;
    }
  } else {
    log.push({ to: 'public', text: `A2: ${label(s, 'tfa')} does not try to sight.` });
  }
  walk(s, 'A2>A3');
  stepA3(s, ctx, log);
}

/** A3: TFZ moves into TFA's hex and tries to sight it (step 4's retained sighting stands). */
export function stepA3(s: EwrState, ctx: ApplyContext, log: LogEntry[]): void {
  s.step = 'A3';
  s.tf.tfz.hex = { ...s.tf.tfa.hex };
  log.push({ to: 'public', text: `A3: ${label(s, 'tfz')} moves into ${label(s, 'tfa')}'s hex.` });
  let sighted: boolean;
  if (s.enc.retained !== null) {
    log.push({ to: 'public', text: `A3: ${label(s, 'tfz')}'s retained sighting number ${s.enc.retained} from step 4 stands: TFA is sighted.` });
    sighted = true;
  } else {
    sighted = rollSighting(s, ctx, 'sight', 'tfz', 'A3', log).success;
    if (sighted) declareComponents(s, 'tfa', log);
  }
  if (!sighted) {
    walk(s, 'A3>end');
    endIntercept(s, log, 'TFZ failed to sight TFA in its hex and remains in place (A3)');
    return;
  }
  walk(s, 'A3>A4');
  s.enc.sighter = 'tfz';
  s.phase = 'A4';
  s.step = 'A4';
}

/** A4 entered by a roll (from B1: TFZ in its own hex). B4 rolls before it comes here. */
export function rollA4(s: EwrState, ctx: ApplyContext, sighter: Role, log: LogEntry[]): void {
  s.step = 'A4';
  const r = rollSighting(s, ctx, 'sight', sighter, 'A4', log);
  if (!r.success) {
    walk(s, 'A4>end');
    endIntercept(s, log, `${label(s, sighter)} failed to sight (A4)`);
    return;
  }
  declareComponents(s, otherRole(sighter), log);
  s.enc.sighter = sighter;
  s.phase = 'A4';
}

/** A4's decision: an airstrike (then the countersight roll), or surface/ASW combat at once. */
export function decideA4(s: EwrState, ctx: ApplyContext, choice: 'airstrike' | 'surface', log: LogEntry[]): void {
  const sighter = s.enc.sighter!;
  if (choice === 'surface') {
    walk(s, 'A4>B3');
    stepB3(s, ctx, sighter, log);
    return;
  }
  log.push({
    to: 'public',
    text: `A4: ${label(s, sighter)} sets up an airstrike (one strike, no immediate second): it allocates its air factors in secret, then ${label(s, otherRole(sighter))} rolls to countersight.`,
  });
  openStrike(s, 'A4', sighter);
}

/** Step 5: an airstrike (6), or surface combat only (A2). */
export function decide5(s: EwrState, choice: 'airstrike' | 'surface', log: LogEntry[]): void {
  if (choice === 'airstrike') {
    walk(s, '5>6');
    log.push({ to: 'public', text: `6: ${label(s, 'tfz')} sets up an airstrike: it allocates its air factors in secret, then ${label(s, 'tfa')} rolls to countersight.` });
    openStrike(s, '6', 'tfz');
  } else {
    walk(s, '5>A2');
    log.push({ to: 'public', text: `5: ${label(s, 'tfz')} will engage in surface combat: it declares it will enter ${label(s, 'tfa')}'s hex.` });
    toA2(s);
  }
}

/** Both allocations are in (the countersight rolled between them): reveal, strikes, morale, and on along the chart. */
export function finishStrike(s: EwrState, ctx: ApplyContext, log: LogEntry[]): void {
  const st = s.strike!;
  const out = resolveStrike(s, ctx, log);
  s.strike = null;
  combatHappened(s, (st.step === 'A4' || st.step === 'B4') && st.striker === 'tfa');
  const defender = otherRole(st.striker);
  if (st.step === 'A4') {
    if (out.countersighted) {
      walk(s, 'A4>B3:countersight');
      stepB3(s, ctx, st.striker, log);
      return;
    }
    if (moraleChecks(s, ctx, out.hits, 'A4', defender, log)) {
      walk(s, 'A4>end:morale');
      endIntercept(s, log, 'the airstrike broke the target’s morale (A4)');
      return;
    }
    if (sunkTf(s)) {
      walk(s, 'A4>end:sunk');
      endIntercept(s, log, `${label(s, sunkTf(s)!)} has nothing left afloat (A4)`);
      return;
    }
    walk(s, 'A4>B3:strike');
    if (!s.tf.tfz.refuelling) log.push({ to: 'public', text: `A4: after its one strike ${label(s, st.striker)} must engage in surface combat.` });
    stepB3(s, ctx, st.striker, log);
    return;
  }
  const broke = moraleChecks(s, ctx, out.hits, st.step, defender, log);
  if (broke && st.step !== 'B4') {
    walk(s, st.step === '6' ? '6>end:morale' : 'B2>end:morale');
    endIntercept(s, log, `a TF's morale broke in the airstrikes (${st.step})`);
    return;
  }
  const sunk = sunkTf(s);
  if (sunk && st.step !== 'B4') {
    walk(s, st.step === '6' ? '6>end:sunk' : 'B2>end:sunk');
    endIntercept(s, log, `${label(s, sunk)} has nothing left afloat (${st.step})`);
    return;
  }
  if (!st.second && !broke && !sunk) {
    s.phase = 'second-strike';
    s.step = st.step;
    s.secondFor = { step: st.step, striker: st.striker };
    return;
  }
  afterStrikes(s, ctx, st.step, log);
}

/**
 * After the strikes (and any immediate second strike): 6 waits for TFZ's choice, B2 goes on
 * to A3, and B4's strike from the adjacent hex ends the intercept.
 */
function afterStrikes(s: EwrState, ctx: ApplyContext, step: SecondStep, log: LogEntry[]): void {
  if (step === 'B2') {
    walk(s, 'B2>A3');
    stepA3(s, ctx, log);
    return;
  }
  if (step === 'B4') {
    walk(s, 'B4>end:adjacent-strike');
    endIntercept(s, log, 'TFA struck TFZ from the adjacent hex (B4)');
    return;
  }
  s.phase = '6-after';
  s.step = '6';
}

/**
 * V.B.2.c: an economic marker may pay for "an immediate second strike originating from
 * that area" (and A4's "no immediate second" says the other strikes may have one). After
 * the strikes of 6, B2 or B4's strike from the adjacent hex ("as in 6"), with no morale
 * broken and both TFs afloat, the striker may launch one, paid as one initiative from its
 * side's markers in zones and at bases.
 */
export function secondStrikePayment(s: EwrState, striker: Role) {
  return airFactors(s, striker) > 0 ? payment(availableMarkers(s, striker), s.scenario.initiativeCost) : null;
}

export function decideSecond(s: EwrState, ctx: ApplyContext, yes: boolean, log: LogEntry[]): void {
  const { step, striker } = s.secondFor!;
  s.secondFor = null;
  if (!yes) {
    log.push({ to: 'public', text: `${step}: ${label(s, striker)} launches no immediate second strike.` });
    afterStrikes(s, ctx, step, log);
    return;
  }
  const paid = secondStrikePayment(s, striker)!;
  s.spentMarkers.push(...paid.map((m) => m.id));
  walk(s, `${step}>${step}:second`);
  const cost = s.scenario.initiativeCost;
  log.push({
    to: 'public',
    text: `${step}: ${label(s, striker)} launches an immediate second strike, paid as one initiative (${cost} ER${cost === 1 ? '' : 's'}${paid.length ? ` from ${paid.map((m) => m.name).join(', ')}` : ''}, V.B.2.c); it allocates its air factors in secret, then ${label(s, otherRole(striker))} rolls to countersight.`,
    data: { secondStrike: true, cost, markers: paid.map((m) => m.id) },
  });
  openStrike(s, step, striker, true);
}

/** B4, after sighting TFZ from the adjacent hex: an airstrike (TFZ countersights; strikes and counterstrikes), or none. */
export function decideB4Strike(s: EwrState, yes: boolean, log: LogEntry[]): void {
  if (!yes) {
    walk(s, 'B4>end:adjacent');
    endIntercept(s, log, 'TFA sighted TFZ from the adjacent hex and launched no airstrike (B4)');
    return;
  }
  log.push({
    to: 'public',
    text: `B4: ${label(s, 'tfa')} sets up an airstrike from the adjacent hex: it allocates its air factors in secret, then ${label(s, 'tfz')} rolls to countersight.`,
  });
  openStrike(s, 'B4', 'tfa');
}

/** After step 6's strikes: surface combat (B3), or the intercept ends with TFZ staying, redeploying or retreating. */
export function decide6(s: EwrState, ctx: ApplyContext, choice: 'surface' | 'stay' | 'retreat' | { redeploy: { col: number; row: number } }, log: LogEntry[]): void {
  if (choice === 'surface') {
    walk(s, '6>B3');
    s.tf.tfz.hex = { ...s.tf.tfa.hex };
    log.push({ to: 'public', text: `6: ${label(s, 'tfz')} enters ${label(s, 'tfa')}'s hex to engage in surface combat.` });
    stepB3(s, ctx, 'tfz', log);
    return;
  }
  walk(s, '6>end');
  if (choice === 'retreat') retreat(s, 'tfz', log);
  else if (choice === 'stay') log.push({ to: 'public', text: `6: ${label(s, 'tfz')} stays where it is.` });
  else {
    s.tf.tfz.hex = { ...choice.redeploy };
    log.push({ to: 'public', text: `6: ${label(s, 'tfz')} redeploys in the area.` });
    log.push(
      ownLine(
        s.roles.tfz,
        `Your TF redeploys to ${choice.redeploy.col},${choice.redeploy.row}.`,
        `${label(s, 'tfz')} redeploys to ${choice.redeploy.col},${choice.redeploy.row}.`,
        { hex: choice.redeploy },
      ),
    );
  }
  endIntercept(s, log, 'TFZ does not engage in surface combat (6)');
}

/** B3: surface or ASW combat, morale, then the intercept ends. */
export function stepB3(s: EwrState, ctx: ApplyContext, initiator: Role, log: LogEntry[]): void {
  s.step = 'B3';
  if (s.tf.tfz.refuelling) {
    // VIII.D: "TFs … in port cannot be engaged in surface or ASW warfare".
    log.push({ to: 'public', text: `B3: ${label(s, 'tfz')} is in port: it cannot be engaged in surface or ASW warfare (VIII.D).` });
    walk(s, 'B3>end');
    endIntercept(s, log, 'there is no surface or ASW combat with a TF in port (VIII.D)');
    return;
  }
  combatHappened(s, initiator === 'tfa');
  const hits = surfaceAndAsw(s, ctx, initiator, log);
  moraleChecks(s, ctx, hits, 'B3', otherRole(initiator), log);
  walk(s, 'B3>end');
  endIntercept(s, log, 'the surface/ASW combat is over (B3)');
}
