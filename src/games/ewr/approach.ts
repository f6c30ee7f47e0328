/**
 * The approach half of the chart: TFA's moves and what they set off (1 at two hexes, A1
 * adjacent, B1 in TFZ's hex), step 2's one-hex move, step 3's choice, and B4.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { endIntercept, rollA4, step4, toA2 } from './engage';
import { distance, hexKey, neighbours, sameHex, type HexRef } from './hex';
import { declareComponents, rollSighting } from './sighting';
import { airFactors, inPlay, knowsHex, label, range, walk, type EwrState } from './state';

/**
 * May TFZ try to intercept now? Not twice in one initiative (B1), not while retreating
 * before it refuels (X.N.3.g).
 */
export function canIntercept(s: EwrState): boolean {
  return !!s.initiative && !s.initiative.intercepted && !s.tf.tfz.retreating && inPlay(s, 'tfz');
}

/**
 * Step 2: the hexes TFZ may move to, one and only one hex, adjacent to TFA — except in
 * 1944–45 for an airstrike, when a TFZ with aircraft may also stay two hexes from TFA.
 */
export function approachHexes(s: EwrState): HexRef[] {
  const map = s.scenario.map;
  const late = s.scenario.year >= 1944 && airFactors(s, 'tfz') > 0;
  return neighbours(map, s.tf.tfz.hex).filter((h) => {
    const d = distance(map, h, s.tf.tfa.hex);
    return d === 1 || (late && d === 2);
  });
}

/**
 * TFA has moved (a move TFZ could see: one that starts or ends within two hexes of it).
 * `prev` is the range before the move.
 */
export function afterTfaMove(s: EwrState, prev: number, log: LogEntry[]): void {
  const d = range(s);
  const tfz = s.roles.tfz;
  if (d >= 3) {
    s.enc.approach = 'none';
    return;
  }
  if (d === 2 && prev >= 3) {
    if (canIntercept(s) && approachHexes(s).length > 0) {
      walk(s, 'start>1');
      s.phase = '1';
      s.step = '1';
      log.push({ to: 'public', text: `1: ${label(s, 'tfa')} has moved within two hexes of ${label(s, 'tfz')}. Does TFZ intercept at two hexes?` });
    } else {
      // TFZ cannot intercept: nothing pauses, so TFA learns nothing; TFZ's side sees TFA pass.
      walk(s, 'start>1', [tfz]);
      walk(s, '1>A1', [tfz]);
      s.enc.approach = 'declined-1';
      log.push({ to: [tfz], text: `1: ${label(s, 'tfa')} is within two hexes; your TF cannot intercept now (${interceptBar(s)}).` });
    }
    return;
  }
  if (d === 1 && prev === 2 && s.enc.approach === 'declined-1') {
    s.step = 'A1';
    if (canIntercept(s)) {
      s.phase = 'A1';
      log.push({ to: 'public', text: `A1: ${label(s, 'tfa')} is adjacent to ${label(s, 'tfz')}. Does TFZ intercept at adjacent hex range?` });
    } else {
      s.enc.approach = 'declined-A1';
      log.push({ to: 'public', text: `A1: ${label(s, 'tfz')} cannot intercept (${interceptBar(s)}).` });
    }
    return;
  }
  if (d === 0 && s.enc.sightedAt.tfa === null) {
    walk(s, s.enc.approach === 'declined-A1' ? 'A1>B1' : 'start>B1');
    s.step = 'B1';
    if (canIntercept(s)) {
      s.phase = 'B1';
      log.push({ to: 'public', text: `B1: ${label(s, 'tfa')} enters ${label(s, 'tfz')}'s hex. Does TFZ try to intercept in its own hex?` });
    } else {
      log.push({ to: 'public', text: `B1: ${label(s, 'tfa')} enters ${label(s, 'tfz')}'s hex; TFZ may not intercept (${interceptBar(s)}).` });
      walk(s, 'B1>B4');
      toB4(s);
    }
  }
}

function interceptBar(s: EwrState): string {
  if (s.tf.tfz.retreating) return 'it is retreating and has not refuelled, X.N.3.g';
  if (s.initiative?.intercepted) return 'it has already tried during this initiative, B1';
  return 'it has no hex to move to';
}

/** Steps 1, A1 and B1: TFZ's answer. */
export function decideIntercept(s: EwrState, ctx: ApplyContext, step: '1' | 'A1' | 'B1', yes: boolean, log: LogEntry[]): void {
  log.push({ to: 'public', text: `${step}: ${label(s, 'tfz')} ${yes ? 'attempts to intercept' : 'does not intercept'}.` });
  if (yes) s.initiative!.intercepted = true;
  if (step === '1') {
    if (yes) {
      walk(s, '1>2');
      s.phase = '2';
      s.step = '2';
      log.push({ to: 'public', text: `2: ${label(s, 'tfa')} halts. ${label(s, 'tfz')} moves one hex.` });
    } else {
      walk(s, '1>A1');
      s.enc.approach = 'declined-1';
      s.phase = 'move';
    }
  } else if (step === 'A1') {
    if (yes) {
      walk(s, 'A1>4');
      step4(s, ctx, log);
    } else {
      s.enc.approach = 'declined-A1';
      s.phase = 'move';
    }
  } else if (yes) {
    walk(s, 'B1>A4');
    rollA4(s, ctx, 'tfz', log);
  } else {
    walk(s, 'B1>B4');
    toB4(s);
  }
}

/** Step 2: TFZ's one-hex move. TFA sees where it went only if it is now adjacent. */
export function stepTwo(s: EwrState, to: HexRef, log: LogEntry[]): void {
  s.tf.tfz.hex = { ...to };
  const seen = knowsHex(s, 'tfa', 'tfz');
  log.push({ to: 'public', text: `2: ${label(s, 'tfz')} moves one hex${seen ? ` to ${hexKey(to)}, adjacent to TFA` : ''}.`, ...(seen ? { data: { hex: to } } : {}) });
  if (!seen) log.push({ to: [s.roles.tfz], text: `Your TF moves to ${hexKey(to)}, two hexes from TFA, for an airstrike (1944–45).`, data: { hex: to } });
  walk(s, '2>3');
  s.phase = '3';
  s.step = '3';
}

/** Step 3: sight from where TFZ is (4), or declare intent to enter TFA's hex first (A2). */
export function decide3(s: EwrState, ctx: ApplyContext, choice: 'sight' | 'enter', log: LogEntry[]): void {
  if (choice === 'sight') {
    walk(s, '3>4');
    log.push({ to: 'public', text: `3: ${label(s, 'tfz')} will try to sight from where it is.` });
    step4(s, ctx, log);
  } else {
    walk(s, '3>A2');
    log.push({ to: 'public', text: `3: ${label(s, 'tfz')} declares intent to enter ${label(s, 'tfa')}'s hex.` });
    toA2(s);
  }
}

export function toB4(s: EwrState): void {
  s.phase = 'B4';
  s.step = 'B4';
}

/** B4: no intercept; TFA may try to sight TFZ in the same hex (then A4, roles reversed) or move on. */
export function decideB4(s: EwrState, ctx: ApplyContext, choice: 'sight' | 'continue', log: LogEntry[]): void {
  if (choice === 'continue') {
    walk(s, 'B4>end');
    endIntercept(s, log, 'there is no intercept and TFA moves on (B4)');
    return;
  }
  const r = rollSighting(s, ctx, 'sight', 'tfa', 'B4', log);
  if (!r.success) {
    walk(s, 'B4>end:fail');
    endIntercept(s, log, 'TFA failed to sight TFZ (B4)');
    return;
  }
  declareComponents(s, 'tfz', log);
  walk(s, 'B4>A4');
  s.enc.sighter = 'tfa';
  s.phase = 'A4';
  s.step = 'A4';
}

/** The hexes TFZ may redeploy to after step 6: any other hex of the map but TFA's. */
export function redeployHexes(s: EwrState, all: HexRef[]): HexRef[] {
  return all.filter((h) => !sameHex(h, s.tf.tfz.hex) && !sameHex(h, s.tf.tfa.hex));
}
