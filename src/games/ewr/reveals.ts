/**
 * What the rules of East Wind Rain tell each viewer about what it cannot see for itself, as
 * data (docs/fog.md, "Reveals"): read from the hex-knowledge, rolls-and-losses and chart
 * rulings (RULINGS.md), not from view.ts. The fog harness lets two worlds a viewer cannot
 * otherwise tell apart differ for it only once these facts differ.
 */
import { canSee, SPECTATOR, type Reveal, type Reveals, type Viewer } from '../../engine';
import { distance, hexKey } from './hex';
import { inPlay, otherRole, roleOf, ROLES, type EwrState, type Role } from './state';

const HEX_RULE = 'EWR RULINGS, hex knowledge';

/** Does the side playing `r` know where the enemy TF is: adjacent or the same hex, TFZ within two hexes, or sighted in this encounter while it stays. */
function sideKnows(s: EwrState, r: Role): boolean {
  const e = otherRole(r);
  if (s.tf.tfa.offMap || s.tf.tfz.offMap || !inPlay(s, r)) return false;
  const d = distance(s.scenario.map, s.tf[r].hex, s.tf[e].hex);
  return d <= 1 || (r === 'tfz' && d <= 2) || s.enc.sightedAt[r] === hexKey(s.tf[e].hex);
}

/** Do both sides know where `target` is, each knowing the other does: adjacent, the same hex, or sighted by its enemy (not TFZ watching from two hexes). */
function everyoneKnows(s: EwrState, target: Role): boolean {
  const e = otherRole(target);
  if (s.tf.tfa.offMap || s.tf.tfz.offMap || !inPlay(s, e)) return false;
  return distance(s.scenario.map, s.tf.tfa.hex, s.tf.tfz.hex) <= 1 || s.enc.sightedAt[e] === hexKey(s.tf[target].hex);
}

export const ewrReveals: Reveals<EwrState> = (s, viewer: Viewer, read = []) => {
  const out: Reveal[] = [];
  const own = roleOf(s, viewer);
  for (const target of ROLES) {
    const tf = s.tf[target];
    // RULINGS "Morale": "A TF whose morale breaks retreats at once"; X.N.3: it "goes to the nearest friendly base on the
    // map, or off the map if there is none"; X.N.3.g, VIII.D: a retreat, leaving the map and going into port are announced.
    // That holds for the viewer's own TF too (its morale roll is public): its hex is where the retreat took it. And a
    // retreating TF at a friendly base is asked whether to refuel at the next pause, TFZ first (RULINGS X.N.3.g), so whose
    // decision it is then — the prompt, the waiting, the due times — follows from who retreated.
    out.push({
      rule: 'EWR RULINGS "Morale", X.N.3, X.N.3.g, VIII.D: retreats, where they go, and refuelling are announced',
      what: `${target} movements`,
      value: [tf.retreating, tf.offMap, tf.refuelling],
      shows: [
        `view.tfs.${target}.retreating`,
        `view.tfs.${target}.offMap`,
        `view.tfs.${target}.refuelling`,
        `view.tfs.${target}.hex`,
        'view.waitingFor',
        'prompt',
        'deadline',
        'stage',
      ],
    });
    if (target === own) continue;
    const known = viewer === SPECTATOR ? everyoneKnows(s, target) : own ? sideKnows(s, own) : true;
    // Where the enemy is known to be shapes the viewer's own decision: the hexes it may approach, whether it may enter or
    // fight at one hex (prompts.ts reads the range), so the prompt follows from the fact.
    // And the viewer's own TF, where it enters the enemy's hex (step 3 "enter TFA's hex", an action naming no hex: it goes
    // where the enemy is known to be).
    out.push({
      rule: HEX_RULE,
      what: `${target} hex`,
      value: known ? hexKey(s.tf[target].hex) : null,
      shows: [`view.tfs.${target}.hex`, 'prompt', ...(own ? [`view.tfs.${own}.hex`] : [])],
    });
  }
  // XI.H.1.c, VI.F.2: declared components, "contains submarines"; RULINGS "Rolls and losses": hits and losses are public.
  out.push({
    rule: 'EWR XI.H.1.c, VI.F.2: declared components and submarines',
    what: 'declarations',
    value: s.revealed,
    shows: ['view.tfs.*.components', 'view.tfs.*.hasSubmarines'],
  });
  // The hits fall on the viewer's own ships too: their hits, factors and morale follow, and so do the viewer's next
  // choices (the air factors it may allocate: the prompt's caps, and the replies to an allocation out of bounds).
  out.push({
    rule: 'EWR RULINGS, rolls and losses: hits and losses are public',
    what: 'losses',
    value: s.losses,
    shows: ['view.losses', 'view.tfs.*.parts', 'view.tfs.*.factors', 'view.tfs.*.morale', 'prompt'],
  });
  // The allocations revealed, their air combat follows in the open (RULINGS "Rolls and losses"): the air factors each TF has left.
  out.push({
    rule: 'EWR XI.H.1.c: allocations revealed together',
    what: 'last strike',
    value: s.lastStrike,
    shows: ['view.lastStrike', 'view.tfs.*.parts', 'view.tfs.*.factors', 'view.tfs.*.morale', 'prompt'],
  });
  // The chart: which arrows were walked, as far as the viewer may know (a pause, a sighting, a combat are public).
  // A3 "TFZ moves into TFAs hex" is an arrow of the chart, not a choice TFZ makes then (it comes after A2, where TFA may
  // sight first and go to B2, and after B2's strikes): TFZ's own hex follows from the arrows walked.
  out.push({
    rule: 'EWR flowchart: the arrows walked; A3 "TFZ moves into TFAs hex"',
    what: 'chart',
    value: s.walked.filter((w) => canSee({ to: w.to }, viewer)).map((w) => w.arrow),
    shows: ['view.walked', ...(own === 'tfz' ? ['view.tfs.tfz.hex'] : [])],
  });
  out.push({
    rule: 'EWR flowchart: where the match stands',
    what: 'step',
    value: [s.phase, s.step],
    // The viewer's allocation in the making is there while the chart's step asks for one.
    shows: ['view.phase', 'view.step', 'view.stepText', 'view.waitingFor', 'view.initiative', 'view.yourAllocation', 'prompt', 'deadline', 'stage'],
  });
  out.push({ rule: 'EWR mission: its achievement is announced', what: 'mission', value: s.mission, shows: ['view.mission'] });
  out.push({
    rule: 'EWR V.B: the markers spent, and those set aside for the initiative under way, are public',
    what: 'markers',
    value: [s.spentMarkers, s.initiative?.reserved ?? []],
    shows: ['view.scenario.markers', 'view.history', 'view.nextInitiative', 'view.initiative'],
  });
  // RULINGS "Rolls and losses": every roll is public with its reason, die, modifiers and the number needed — a
  // sighting's among them: the range, and whether the roller is within one hex of a friendly base.
  for (const e of read) {
    const roll = e.data?.roll;
    // The match's first die also seals its dice (docs/fairness.md): the body's `dice` block and each seat's `by` change with it.
    if (roll !== undefined)
      out.push({ rule: 'EWR RULINGS, rolls and losses: every roll is public, with its modifiers', what: `roll at ${e.seq}`, value: roll, shows: ['dice', 'players.*.by'] });
  }
  return out;
};
