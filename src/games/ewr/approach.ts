/**
 * The approach half of the chart: TFA's moves and what they set off (1 at two hexes, A1
 * adjacent, B1 in TFZ's hex), step 2's one-hex move, step 3's choice, and B4.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { endIntercept, rollA4, step4, toA2 } from './engage';
import { distance, hexKey, neighbours, sameHex, type HexRef } from './hex';
import { declareComponents, rollSighting } from './sighting';
import { noteMove } from './initiative';
import { noteExit } from './mission';
import { airFactors, inPlay, knowsHex, label, newEncounter, range, walk, type EwrState } from './state';
import { ownLine } from './words';

/**
 * May TFZ try to intercept now? Not twice in one initiative (B1), not while retreating
 * before it refuels (X.N.3.g), not in port (VIII.D: it "cannot move or intercept at all").
 */
export function canIntercept(s: EwrState): boolean {
  return !!s.initiative && !s.initiative.intercepted && !s.tf.tfz.retreating && !s.tf.tfz.refuelling && inPlay(s, 'tfz');
}

/**
 * Step 2: the hexes TFZ may move to, one and only one hex, adjacent to TFA — "except in
 * 1944-45 for an airstrike": then a TFZ with aircraft need not close at all. It may stay
 * where it is, two hexes from TFA, or move one hex and end adjacent or two hexes off.
 */
export function approachHexes(s: EwrState): HexRef[] {
  const map = s.scenario.map;
  const late = s.scenario.year >= 1944 && airFactors(s, 'tfz') > 0;
  const moves = neighbours(map, s.tf.tfz.hex).filter((h) => {
    const d = distance(map, h, s.tf.tfa.hex);
    return d === 1 || (late && d === 2);
  });
  return late ? [{ ...s.tf.tfz.hex }, ...moves] : moves;
}

/**
 * The sequence begins when TFA, on its initiative, is within two hexes of TFZ: the move
 * that brings it there, or the beginning of an initiative it starts there (after an
 * intercept ended nearby, or TFZ stayed or redeployed close by). Called after each of
 * TFA's moves and when an initiative begins. Step 1 asks about an intercept at two hexes;
 * when TFA is already adjacent or in TFZ's hex that cannot be tried and the chart passes
 * to A1 (and from TFZ's hex to B1). A TFZ that may not intercept — in port refuelling
 * among others (VIII.D) — is not asked, and TFA in its hex comes to B4. After B4 the
 * sequence does not begin again until TFA has moved three or more hexes away.
 */
export function approachCheck(s: EwrState, log: LogEntry[]): void {
  if (!inPlay(s, 'tfz') || !inPlay(s, 'tfa')) return;
  const d = range(s);
  const tfz = s.roles.tfz;
  if (d >= 3) {
    if (s.enc.approach !== 'none') s.enc = newEncounter();
    return;
  }
  if (s.enc.approach === 'no-intercept') return;
  if (s.enc.approach === 'none') {
    if (d === 2) {
      if (canIntercept(s) && approachHexes(s).length > 0) {
        walk(s, 'start>1');
        s.phase = '1';
        s.step = '1';
        log.push({ to: 'public', text: `1: ${label(s, 'tfa')} is within two hexes of ${label(s, 'tfz')}. Does TFZ intercept at two hexes?` });
      } else {
        // TFZ cannot intercept: nothing pauses, so TFA learns nothing; TFZ's side sees TFA pass.
        walk(s, 'start>1', [tfz]);
        walk(s, '1>A1', [tfz]);
        s.enc.approach = 'declined-1';
        log.push(
          ownLine(
            tfz,
            `1: ${label(s, 'tfa')} is within two hexes; your TF cannot intercept now (${interceptBar(s)}).`,
            `1: ${label(s, 'tfa')} is within two hexes; ${label(s, 'tfz')} cannot intercept now (${interceptBar(s)}).`,
          ),
        );
      }
      return;
    }
    walk(s, 'start>1');
    walk(s, '1>A1');
    s.enc.approach = 'declined-1';
    log.push({
      to: 'public',
      text: `1: ${label(s, 'tfa')} is within two hexes of ${label(s, 'tfz')}, already ${d === 1 ? 'adjacent' : 'in its hex'}: there is no intercept at two hexes.`,
    });
  }
  if (s.enc.approach === 'declined-1' && d <= 1) {
    s.step = 'A1';
    if (d === 1 && canIntercept(s)) {
      s.phase = 'A1';
      log.push({ to: 'public', text: `A1: ${label(s, 'tfa')} is adjacent to ${label(s, 'tfz')}. Does TFZ intercept at adjacent hex range?` });
      return;
    }
    s.enc.approach = 'declined-A1';
    log.push({
      to: 'public',
      text:
        d === 1
          ? `A1: ${label(s, 'tfz')} cannot intercept (${interceptBar(s)}).`
          : `A1: ${label(s, 'tfa')} is in ${label(s, 'tfz')}'s hex: there is no intercept at adjacent hex range.`,
    });
  }
  if (s.enc.approach === 'declined-A1' && d === 0 && s.enc.sightedAt.tfa === null) {
    walk(s, 'A1>B1');
    s.enc.approach = 'engaged';
    s.step = 'B1';
    if (canIntercept(s)) {
      s.phase = 'B1';
      log.push({ to: 'public', text: `B1: ${label(s, 'tfa')} is in ${label(s, 'tfz')}'s hex. Does TFZ try to intercept in its own hex?` });
    } else {
      log.push({ to: 'public', text: `B1: ${label(s, 'tfa')} is in ${label(s, 'tfz')}'s hex; TFZ may not intercept (${interceptBar(s)}).` });
      walk(s, 'B1>B4');
      toB4(s);
    }
  }
}

function interceptBar(s: EwrState): string {
  if (s.tf.tfz.refuelling) return 'it is in port refuelling and "cannot move or intercept at all", VIII.D';
  if (s.tf.tfz.retreating) return 'it is retreating and has not refuelled, X.N.3.g';
  if (s.initiative?.intercepted) return 'it has already tried during this initiative, B1';
  return 'it has no hex to move to';
}

/** Steps 1, A1 and B1: TFZ's answer. */
export function decideIntercept(s: EwrState, ctx: ApplyContext, step: '1' | 'A1' | 'B1', yes: boolean, log: LogEntry[]): void {
  log.push({ to: 'public', text: `${step}: ${label(s, 'tfz')} ${yes ? 'attempts to intercept' : 'does not intercept'}.` });
  if (yes) {
    s.initiative!.intercepted = true;
    s.enc.approach = 'engaged';
  }
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

/**
 * Step 2: TFZ's one-hex move (in 1944–45, for an airstrike, it may stay). TFA sees where it
 * went only if it is now adjacent; two hexes off, it is told that much and no more, the same
 * whether TFZ stayed or moved.
 */
export function stepTwo(s: EwrState, to: HexRef, log: LogEntry[]): void {
  const stayed = sameHex(to, s.tf.tfz.hex);
  s.tf.tfz.hex = { ...to };
  const seen = knowsHex(s, 'tfa', 'tfz');
  log.push({
    to: 'public',
    text: seen
      ? `2: ${label(s, 'tfz')} moves one hex to ${hexKey(to)}, adjacent to TFA.`
      : `2: ${label(s, 'tfz')} does not close: it stays two hexes from TFA, for an airstrike (1944–45).`,
    ...(seen ? { data: { hex: to } } : {}),
  });
  const where = `${stayed ? 'stays at' : 'moves to'} ${hexKey(to)}, two hexes from TFA, for an airstrike (1944–45).`;
  if (!seen) log.push(ownLine(s.roles.tfz, `Your TF ${where}`, `${label(s, 'tfz')} ${where}`, { hex: to }));
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
  s.enc.b4 = true;
  s.phase = 'B4';
  s.step = 'B4';
}

/**
 * B4: no intercept. TFA may try to sight TFZ in the same hex (then A4, roles reversed),
 * move to an adjacent hex and then try to sight it ("TFA could move to an adjacent hex and
 * then try to sight TFZ"), or continue moving.
 */
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

/** B4's aside: TFA moves to an adjacent hex, then tries to sight TFZ from there. */
export function b4Adjacent(s: EwrState, ctx: ApplyContext, to: HexRef, log: LogEntry[]): void {
  walk(s, 'B4>B4:adjacent');
  s.tf.tfa.hex = { ...to };
  s.initiative!.movesLeft--;
  noteMove(s);
  noteExit(s);
  log.push({ to: 'public', text: `B4: ${label(s, 'tfa')} moves to the adjacent hex ${hexKey(to)} and tries to sight ${label(s, 'tfz')} from there.`, data: { hex: to } });
  const r = rollSighting(s, ctx, 'sight', 'tfa', 'B4', log);
  if (!r.success) {
    walk(s, 'B4>end:adjacent-fail');
    endIntercept(s, log, 'TFA failed to sight TFZ from the adjacent hex (B4)');
    return;
  }
  declareComponents(s, 'tfz', log);
  s.phase = 'B4-strike';
  s.step = 'B4';
}

/** The hexes TFA may move to for B4's adjacent sighting. */
export function b4AdjacentHexes(s: EwrState): HexRef[] {
  if (!s.initiative || s.initiative.movesLeft <= 0) return [];
  return neighbours(s.scenario.map, s.tf.tfa.hex);
}

/** The hexes TFZ may redeploy to after step 6: any other hex of the map but TFA's. */
export function redeployHexes(s: EwrState, all: HexRef[]): HexRef[] {
  return all.filter((h) => !sameHex(h, s.tf.tfz.hex) && !sameHex(h, s.tf.tfa.hex));
}
