/**
 * The sighting / static intercept flowchart (steps 1–6, A1–A4, B1–B4) as data, for the
 * rules (which record each arrow a match walks) and for clients (which draw the chart and
 * highlight the current step). "start" and "end" are the chart's entry and exits; "move"
 * (TFA moving on its initiative) and "between" (between two initiatives) lie outside it.
 */

export const STEP_IDS = ['start', '1', '2', '3', '4', '5', '6', 'A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'end'] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface FlowStep {
  id: StepId;
  /** Who decides there: TFZ, TFA, the sighter (A4), both (sealed), or no one (a roll or a rule). */
  decides: 'TFZ' | 'TFA' | 'sighter' | 'both' | 'rule';
  text: string;
}

export const STEPS: readonly FlowStep[] = [
  { id: 'start', decides: 'TFA', text: 'TFA, on its initiative, moves within two hexes of TFZ (or begins its initiative there).' },
  { id: '1', decides: 'TFZ', text: 'Does TFZ attempt to statically intercept TFA at 2 hex range?' },
  { id: '2', decides: 'TFZ', text: 'TFA halts. TFZ moves one and only one hex, adjacent to TFA (in 1944–45, for an airstrike, it may stay two hexes off).' },
  { id: '3', decides: 'TFZ', text: 'TFZ sights from the adjacent hex, or declares intent to enter TFA’s hex first.' },
  { id: '4', decides: 'rule', text: 'TFZ rolls to sight with all normal modifiers; the sighting number is retained.' },
  { id: '5', decides: 'TFZ', text: 'TFZ launches an airstrike, or engages in surface combat only.' },
  {
    id: '6',
    decides: 'both',
    text: 'TFZ sets up the airstrike; TFA rolls to countersight; strikes and counterstrikes (and perhaps an immediate second strike); then surface combat, or the intercept ends.',
  },
  { id: 'A1', decides: 'TFZ', text: 'Does TFZ attempt to statically intercept TFA at adjacent hex range?' },
  { id: 'A2', decides: 'TFA', text: 'Before TFZ enters its hex, TFA may try to sight TFZ in the adjacent hex (to launch an airstrike).' },
  { id: 'A3', decides: 'rule', text: 'TFZ moves into TFA’s hex and tries to sight TFA.' },
  { id: 'A4', decides: 'sighter', text: 'The sighter may set up an airstrike (countersight cancels it; otherwise one strike), then surface or ASW combat.' },
  { id: 'B1', decides: 'TFZ', text: 'TFA enters TFZ’s hex: TFZ may intercept in its own hex, if it has not tried during this initiative.' },
  { id: 'B2', decides: 'both', text: 'TFA sets up its airstrike; TFZ rolls to countersight; the airstrikes are flown (and perhaps an immediate second strike).' },
  { id: 'B3', decides: 'rule', text: 'Surface combat or ASW combat.' },
  {
    id: 'B4',
    decides: 'TFA',
    text: 'No intercept. TFA may try to sight TFZ in the same hex (A4 with roles reversed), move to an adjacent hex and then try to sight it (and strike, as in 6), or continue moving.',
  },
  { id: 'end', decides: 'rule', text: 'The static intercept ends; TFA may continue its initiative.' },
];

export interface Arrow {
  id: string;
  from: StepId;
  to: StepId;
  label: string;
}

/** Every arrow of the chart. The rules record each one a match walks (state.walked). */
export const ARROWS: readonly Arrow[] = [
  { id: 'start>1', from: 'start', to: '1', label: 'TFA moves within two hexes of TFZ' },
  { id: '1>2', from: '1', to: '2', label: 'yes' },
  { id: '1>A1', from: '1', to: 'A1', label: 'no, or TFA is already adjacent or in TFZ’s hex' },
  { id: '2>3', from: '2', to: '3', label: 'TFZ has moved one hex' },
  { id: '3>4', from: '3', to: '4', label: 'sight from the adjacent hex' },
  { id: '3>A2', from: '3', to: 'A2', label: 'declare intent to enter TFA’s hex first' },
  { id: '4>5', from: '4', to: '5', label: 'TFZ sights' },
  { id: '4>end', from: '4', to: 'end', label: 'TFZ fails to sight' },
  { id: '5>6', from: '5', to: '6', label: 'airstrike' },
  { id: '5>A2', from: '5', to: 'A2', label: 'surface combat only' },
  { id: '6>B3', from: '6', to: 'B3', label: 'no morale broken; TFZ engages in surface combat' },
  { id: '6>end', from: '6', to: 'end', label: 'no surface combat: TFZ stays, redeploys or retreats' },
  { id: '6>end:morale', from: '6', to: 'end', label: 'a TF’s morale breaks' },
  { id: '6>end:sunk', from: '6', to: 'end', label: 'a TF has nothing left afloat' },
  { id: '6>6:second', from: '6', to: '6', label: 'TFZ launches an immediate second strike (V.B.2.c)' },
  { id: 'A1>4', from: 'A1', to: '4', label: 'yes' },
  { id: 'A1>B1', from: 'A1', to: 'B1', label: 'no (TFA enters TFZ’s hex)' },
  { id: 'A2>B2', from: 'A2', to: 'B2', label: 'TFA sights' },
  { id: 'A2>A3', from: 'A2', to: 'A3', label: 'TFA fails to sight, or does not try' },
  { id: 'A3>A4', from: 'A3', to: 'A4', label: 'TFZ sights' },
  { id: 'A3>end', from: 'A3', to: 'end', label: 'TFZ fails to sight; it remains in place' },
  { id: 'A4>end', from: 'A4', to: 'end', label: 'the sighting roll fails' },
  { id: 'A4>B3', from: 'A4', to: 'B3', label: 'surface or ASW combat without an airstrike' },
  { id: 'A4>B3:countersight', from: 'A4', to: 'B3', label: 'the target countersights: no strike, immediate surface or ASW combat' },
  { id: 'A4>B3:strike', from: 'A4', to: 'B3', label: 'one strike, then surface combat' },
  { id: 'A4>end:morale', from: 'A4', to: 'end', label: 'the strike breaks the target’s morale' },
  { id: 'A4>end:sunk', from: 'A4', to: 'end', label: 'the strike leaves the target nothing afloat' },
  { id: 'B1>A4', from: 'B1', to: 'A4', label: 'TFZ tries to intercept in its own hex' },
  { id: 'B1>B4', from: 'B1', to: 'B4', label: 'TFZ does not (or may not) try' },
  { id: 'B2>A3', from: 'B2', to: 'A3', label: 'no morale broken' },
  { id: 'B2>end:morale', from: 'B2', to: 'end', label: 'a TF’s morale breaks' },
  { id: 'B2>end:sunk', from: 'B2', to: 'end', label: 'a TF has nothing left afloat' },
  { id: 'B2>B2:second', from: 'B2', to: 'B2', label: 'TFA launches an immediate second strike (V.B.2.c)' },
  { id: 'B3>end', from: 'B3', to: 'end', label: 'combat resolved' },
  { id: 'B4>A4', from: 'B4', to: 'A4', label: 'TFA sights TFZ in the same hex (roles reversed)' },
  { id: 'B4>end', from: 'B4', to: 'end', label: 'TFA does not try to sight and continues moving' },
  { id: 'B4>end:fail', from: 'B4', to: 'end', label: 'TFA fails to sight' },
  { id: 'B4>B4:adjacent', from: 'B4', to: 'B4', label: 'TFA moves to an adjacent hex and then tries to sight TFZ' },
  { id: 'B4>end:adjacent-fail', from: 'B4', to: 'end', label: 'TFA fails to sight from the adjacent hex' },
  { id: 'B4>end:adjacent', from: 'B4', to: 'end', label: 'TFA sights from the adjacent hex and does not strike' },
  { id: 'B4>B4:second', from: 'B4', to: 'B4', label: 'TFA launches an immediate second strike from the adjacent hex (V.B.2.c)' },
  { id: 'B4>end:adjacent-strike', from: 'B4', to: 'end', label: 'TFA sights from the adjacent hex and strikes' },
];

export const ARROW_IDS: readonly string[] = ARROWS.map((a) => a.id);
