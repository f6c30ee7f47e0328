/**
 * What each side must decide now, with every legal choice. A prompt depends only on what
 * its side may know: the sealed allocation never shows in the other side's prompt.
 */
import type { Prompt } from '../../engine';
import type { EwrAction } from './actions';
import { allocationOptions } from './airstrike';
import { approachHexes, b4AdjacentHexes, canIntercept, redeployHexes } from './approach';
import { secondStrikePayment } from './engage';
import { cannotBegin, nextInitiativeCost, refuelPayment, tfaMayRefuel, tfzMayRefuel } from './initiative';
import { allHexes, distance, hexKey, neighbours, type HexRef } from './hex';
import { allocationOdds, sightOdds, strikeOdds, surfaceOdds } from './odds';
import { airFactors, otherRole, range, roleOf, type EwrState, type Role } from './state';
import { countOf } from './words';

type Step = Extract<EwrAction, { type: 'decide' }>['step'];
type Choice = Extract<EwrAction, { type: 'decide' }>['choice'];
const decide = (step: Step, ...choices: Choice[]): EwrAction[] => choices.map((choice) => ({ type: 'decide', step, choice }));

/** The role that decides in the current phase (for 'alloc': null; allocators() says who allocates now). */
export function decider(s: EwrState): Role | null {
  switch (s.phase) {
    case 'between':
      return tfzMayRefuel(s) ? 'tfz' : 'tfa';
    case 'move':
    case 'A2':
    case 'B4':
    case 'B4-strike':
      return 'tfa';
    case 'second-strike':
      return s.secondFor?.striker ?? null;
    case 'A4':
      return s.enc.sighter;
    case 'alloc':
    case 'over':
      return null;
    default:
      return 'tfz';
  }
}

/**
 * The side asked to allocate now in the airstrike being set up (XI.H.1.c): the striker
 * first (its target has declared), then, after the countersight roll, the target (A4's
 * target never: its allocation is forced).
 */
export function allocators(s: EwrState): Role[] {
  const st = s.strike;
  if (!st) return [];
  if (!st.alloc[st.striker]) return [st.striker];
  const target = otherRole(st.striker);
  return st.alloc[target] ? [] : [target];
}

export function promptFor(s: EwrState, side: string): Prompt<EwrAction> | null {
  const r = roleOf(s, side);
  if (!r || s.phase === 'over') return null;
  if (s.phase === 'alloc') {
    const st = s.strike!;
    if (!allocators(s).includes(r)) return null;
    const air = airFactors(s, r);
    const text =
      st.striker === r
        ? `${st.step}: the target has declared its components. Allocate your ${countOf(air, 'air factor')} to CAP, escort and strike, in secret (XI.H.1.c); then it rolls to countersight.`
        : st.countersighted
          ? `${st.step}: you have countersighted and the striker has declared its components. Allocate your ${countOf(air, 'air factor')} to CAP, escort and strike, in secret (XI.H.1.c); your strike factors fly a counterstrike.`
          : `${st.step}: you have not countersighted, so you cannot strike back: your ${countOf(air, 'air factor')} ${air === 1 ? 'flies' : 'fly'} CAP (XI.H.1.c).`;
    return { kind: 'allocate', text: `${text} ${allocationOdds()}`, actions: allocationOptions(s, st, r).map((a) => ({ type: 'allocate', ...a })) };
  }
  if (decider(s) !== r) return null;
  const d = range(s);
  switch (s.phase) {
    case 'between': {
      if (r === 'tfz') {
        const can = refuelPayment(s, 'tfz') !== null;
        return {
          kind: 'refuel',
          text: `Your TF is retreating: go into port to refuel (${countOf(s.scenario.refuelCost, 'ER')}; it cannot intercept during TFA's next initiative, VIII.D)?${can ? '' : ' Your side cannot pay for it now.'}`,
          actions: can ? [{ type: 'refuel' }, { type: 'skip-refuel' }] : [{ type: 'skip-refuel' }],
        };
      }
      const actions: EwrAction[] = [];
      const why = cannotBegin(s);
      if (!why) actions.push({ type: 'begin-initiative' });
      if (tfaMayRefuel(s)) actions.push({ type: 'refuel' });
      actions.push({ type: 'end-operations' });
      const { cost, doubled } = nextInitiativeCost(s);
      const mission = s.mission.achieved
        ? 'Your mission is achieved.'
        : `Your mission: ${s.scenario.mission.text} — closing the phase without it gives the enemy ${s.scenario.mission.deniedPoints} VP.`;
      return {
        kind: 'initiative',
        text: why
          ? `${why} Close the operations phase${actions.length > 1 ? ' or spend an initiative refuelling in port (VIII.D)' : ''}. ${mission}`
          : `Begin initiative ${s.history.length + 1} (${countOf(cost, 'ER')} once you move${doubled ? ', doubled by X.I.4' : ''}), or close the operations phase. ${mission}`,
        actions,
      };
    }
    case 'move': {
      const init = s.initiative!;
      const moves: EwrAction[] = init.movesLeft > 0 ? neighbours(s.scenario.map, s.tf.tfa.hex).map((to) => ({ type: 'move', to })) : [];
      return {
        kind: 'move',
        text: `Initiative ${init.number}: move one hex (${init.movesLeft} left), end the initiative, or withdraw (retreat).`,
        actions: [...moves, { type: 'end-initiative' }, { type: 'withdraw' }],
      };
    }
    case '1': {
      const to = approachHexes(s);
      const odds = to.length ? ` If you intercept, TFA halts and you move one hex (2), then sight it from there (3): ${sightFromOdds(s, 'tfz', to)}` : '';
      return { kind: 'intercept', text: `1: TFA is within two hexes. Attempt to intercept it at 2 hex range?${odds}`, actions: decide('1', 'intercept', 'decline') };
    }
    case '2':
      return {
        kind: 'approach',
        text: `2: TFA halts. Move one hex${s.scenario.year >= 1944 ? ' (adjacent to TFA, or in 1944–45 two hexes off for an airstrike)' : ', adjacent to TFA'}.`,
        actions: approachHexes(s).map((to) => ({ type: 'approach', to })),
      };
    case '3':
      return {
        kind: 'sight-or-enter',
        text: `3: sight TFA from where you are, or declare intent to enter its hex first? Sight: ${sightOdds(s, 'tfz', d)}${d === 1 ? ` Enter (TFA may try to sight you first at A2, then A3): ${sightOdds(s, 'tfz', 0, s.tf.tfa.hex)}` : ''}`,
        actions: d === 1 ? decide('3', 'sight', 'enter') : decide('3', 'sight'),
      };
    case '5': {
      const choices: Choice[] = [];
      if (airFactors(s, 'tfz') > 0) choices.push('airstrike');
      if (d === 1) choices.push('surface');
      const odds = [choices.includes('airstrike') ? strikeOdds(s, 'tfz', d) : '', choices.includes('surface') ? surfaceOdds(s, 'tfz') : ''].filter(Boolean).join(' ');
      return { kind: 'strike-or-surface', text: `5: TFA is sighted. Launch an airstrike (6), or engage in surface combat only (A2)? ${odds}`, actions: decide('5', ...choices) };
    }
    case '6-after': {
      const actions: EwrAction[] = d === 1 ? decide('6', 'surface') : [];
      actions.push(...decide('6', 'stay', 'retreat'));
      actions.push(...redeployHexes(s, allHexes(s.scenario.map)).map((to): EwrAction => ({ type: 'redeploy', to })));
      const odds = d === 1 ? ` ${surfaceOdds(s, 'tfz')}` : '';
      return {
        kind: 'after-strike',
        text: `6: the strikes are over. Engage in surface combat (B3), or end the intercept: stay, redeploy in the area, or retreat.${odds}`,
        actions,
      };
    }
    case 'A1':
    case 'B1': {
      const yes = canIntercept(s);
      const text = s.phase === 'A1' ? 'A1: TFA is adjacent. Attempt to intercept it at adjacent hex range?' : 'B1: TFA has entered your hex. Try to intercept it in your own hex?';
      const odds = !yes
        ? ''
        : s.phase === 'A1'
          ? ` If you intercept, you try to sight it at once (4): ${sightOdds(s, 'tfz', 1)}`
          : ` If you intercept, you try to sight it at once in this hex (A4): ${sightOdds(s, 'tfz', 0)}`;
      return { kind: 'intercept', text: text + odds, actions: yes ? decide(s.phase, 'intercept', 'decline') : decide(s.phase, 'decline') };
    }
    case 'A2':
      return {
        kind: 'sight-first',
        text: `A2: TFZ means to enter your hex. Try to sight it first in the adjacent hex (only worth it if you can launch an airstrike)?${airFactors(s, 'tfa') > 0 ? ` ${sightOdds(s, 'tfa', 1)}` : ''}`,
        actions: airFactors(s, 'tfa') > 0 ? decide('A2', 'sight', 'pass') : decide('A2', 'pass'),
      };
    case 'A4': {
      // VIII.D: a TF in port "cannot be engaged in surface or ASW warfare": only the airstrike is left.
      const port = s.tf[otherRole(r)].refuelling;
      const choices: Choice[] = airFactors(s, r) > 0 ? ['airstrike'] : [];
      if (!port) choices.push('surface');
      const odds = [choices.includes('airstrike') ? strikeOdds(s, r, 0) : '', choices.includes('surface') ? surfaceOdds(s, r) : ''].filter(Boolean).join(' ');
      return {
        kind: 'strike-or-surface',
        text: `${
          port
            ? 'A4: you have sighted the enemy TF in port in the same hex. It cannot be engaged in surface or ASW warfare (VIII.D): set up one airstrike (it may be countersighted).'
            : 'A4: you have sighted the enemy in the same hex. Set up one airstrike (it may be countersighted), or engage in surface/ASW combat now?'
        } ${odds}`,
        actions: decide('A4', ...choices),
      };
    }
    case 'B4': {
      // VIII.D: TFZ in port is "attacked as for TFs in port", from the air only: sighting it is worth it only with aircraft.
      const port = s.tf.tfz.refuelling;
      const sight = !port || airFactors(s, 'tfa') > 0;
      const adjacent = b4AdjacentHexes(s);
      const odds = sight ? ` Here: ${sightOdds(s, 'tfa', 0)}${adjacent.length ? ` From an adjacent hex: ${sightFromOdds(s, 'tfa', adjacent)}` : ''}` : '';
      return {
        kind: 'sight-or-continue',
        text:
          (port
            ? `B4: TFZ is in port (VIII.D): it cannot intercept, nor be engaged in surface or ASW warfare, but it may be attacked from the air. ${sight ? 'Try to sight it in this hex, move to an adjacent hex and then try to sight it, or continue moving?' : 'You have no aircraft: continue moving.'}`
            : 'B4: there is no intercept. Try to sight TFZ in this hex, move to an adjacent hex and then try to sight it, or continue moving?') + odds,
        actions: sight ? [...decide('B4', 'sight', 'continue'), ...adjacent.map((to): EwrAction => ({ type: 'b4-adjacent', to }))] : decide('B4', 'continue'),
      };
    }
    case 'B4-strike':
      return {
        kind: 'strike-or-not',
        text: `B4: you have sighted TFZ from the adjacent hex. Launch an airstrike (it may countersight and strike back), or move on?${airFactors(s, 'tfa') > 0 ? ` ${strikeOdds(s, 'tfa', d)}` : ''}`,
        actions: airFactors(s, 'tfa') > 0 ? decide('B4', 'airstrike', 'decline') : decide('B4', 'decline'),
      };
    case 'second-strike': {
      const step = s.secondFor!.step;
      const can = secondStrikePayment(s, r) !== null;
      return {
        kind: 'second-strike',
        text: `${step}: no morale broke. Launch an immediate second strike, paid as one initiative (${countOf(s.scenario.initiativeCost, 'ER')} from your zone and bases, V.B.2.c)?${can ? ` ${strikeOdds(s, r, d)}` : ' You cannot: no air factors left or no ERs to pay.'}`,
        actions: can ? decide(step, 'second-strike', 'decline') : decide(step, 'decline'),
      };
    }
    default:
      return null;
  }
}

/**
 * The sighting `sighter` would roll from each of `hexes` it may move to (step 2's approach, B4's
 * adjacent hex), at that hex's range from the enemy TF (known to it there: two hexes or less);
 * grouped, since a friendly base near one changes the modifiers.
 */
function sightFromOdds(s: EwrState, sighter: Role, hexes: readonly HexRef[]): string {
  const enemy = s.tf[otherRole(sighter)].hex;
  const by = new Map<string, string[]>();
  for (const h of hexes) {
    const t = sightOdds(s, sighter, distance(s.scenario.map, h, enemy), h);
    by.set(t, [...(by.get(t) ?? []), hexKey(h)]);
  }
  return by.size === 1 ? [...by.keys()][0]! : [...by].map(([t, hs]) => `from ${hs.join(', ')}: ${t}`).join(' ');
}
