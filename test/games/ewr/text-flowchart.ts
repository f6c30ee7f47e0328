/**
 * The sighting / static intercept flowchart AS THE TEXT WRITES IT, transcribed arrow by
 * arrow from shared/rules/east-wind-rain-sighting-and-addenda.txt with the sentence that
 * draws each arrow. This is the tests' independent model: it does not import the module's
 * own list of arrows (src/games/ewr/data/flowchart.ts). "end" is "the static intercept
 * ends" (TFA may go on with its initiative). Arrows marked `implied` are not written as a
 * "go to" but follow from a sentence of the text, which is quoted.
 */
export interface TextArrow {
  from: string;
  to: string;
  quote: string;
  implied?: boolean;
}

export const TEXT_ARROWS: readonly TextArrow[] = [
  { from: 'start', to: '1', quote: 'The sequence begins when TFA moves within two hexes of TFZ.' },
  { from: '1', to: '2', quote: '1. … If YES, go to 2.' },
  { from: '1', to: 'A1', quote: '1. … If NO, go to Al.' },
  { from: '2', to: '3', quote: '2. TFA halts. TFZ moves one and only one hex … Go to 3.' },
  { from: '3', to: '4', quote: '3. … If TFZ sights from the adjacent hex, go to 4.' },
  { from: '3', to: 'A2', quote: '3. … If TFZ wishes to first enter TFAs hex, go to A2.' },
  { from: '4', to: '5', quote: '4. … If TFZ sights, go to 5.' },
  { from: '4', to: 'end', quote: '4. … If TFZ fails to sight, this ends the static intercept of TFA by TFZ.' },
  { from: '5', to: '6', quote: '5. If TFZ wishes to launch an airstrike, go to 6.' },
  { from: '5', to: 'A2', quote: '5. … If TFZ only wishes to engage in surface combat, go to A2.' },
  { from: '6', to: 'B3', quote: '6. … If neither side loses morale and breaks and TPZ wishes to engage in surface combat, go to B3 immediately.' },
  { from: '6', to: 'end', quote: '6. … If TFZ does not wish to engage in surface combat following carier strikes, the intercept ends' },
  { from: '6', to: 'end', quote: '6. … If neither side loses morale and breaks … (so a TF whose morale breaks ends it)', implied: true },
  {
    from: '6',
    to: '6',
    quote: 'A4: "TFZ launches one strike (no immediate second)"; V.B.2.C: an economic marker may pay "for one initiative—including an immediate second strike"',
    implied: true,
  },
  { from: 'A1', to: '4', quote: 'Al. Does TFZ attempt to statically intercept TFA at adjacent hex range? If YES, go to 4.' },
  { from: 'A1', to: 'B1', quote: 'Al. … If no, go to Bl.' },
  { from: 'A2', to: 'B2', quote: 'A2. … If TFA succeeds in sighting, go to B2.' },
  { from: 'A2', to: 'A3', quote: 'A2. … If TFA fails to sight, go to A3.' },
  { from: 'A3', to: 'end', quote: 'A3. … If TFZ fails to sight TFA, that ends the static intercept.' },
  { from: 'A3', to: 'A4', quote: 'A3. … If TFZ sights TFA go to A4' },
  { from: 'A4', to: 'end', quote: 'A4. TFZ rolls to sight using the usual rules. If it fails, that ends the static intercept.' },
  {
    from: 'A4',
    to: 'B3',
    quote: 'A4. … launches one strike (no immediate second) and then must engage in surface combat … TFA and TFZ immediately engage in surface or ASW warefare.',
  },
  { from: 'A4', to: 'end', quote: 'A4. … must engage in surface combat (unless TFAs morale was broken by the airstrike)', implied: true },
  { from: 'B1', to: 'A4', quote: 'Bl. … If TFZ tries, go to A4.' },
  { from: 'B1', to: 'B4', quote: 'Bl. … If not, go to B4.' },
  { from: 'B2', to: 'A3', quote: 'B2. … If neither TF has its morale broken by the airstrikes, go to A3.' },
  { from: 'B2', to: 'end', quote: 'B2. … If neither TF has its morale broken by the airstrikes, go to A3. (so a broken TF ends it)', implied: true },
  { from: 'B2', to: 'B2', quote: 'V.B.2.C: "an immediate second strike" (A4 alone says "no immediate second")', implied: true },
  { from: 'B3', to: 'end', quote: 'B3. Follow the surface combat or ASW combat rules.' },
  { from: 'B4', to: 'A4', quote: 'B4. … If TFA sights TFZ in the same hex, its options are identical to the situation in A4 but with the roles reversed.' },
  { from: 'B4', to: 'end', quote: 'B4. There is no intercept. TFA may attempts to sight TFZ, or will continue moving.' },
  { from: 'B4', to: 'B4', quote: 'B4. … (TFA could move to an adjacent hex and then try to sight TFZ).' },
  {
    from: 'B4',
    to: 'B4',
    quote: 'V.B.2.C: an economic marker may pay for "an immediate second strike" (A4 alone says "no immediate second"); the strike from the adjacent hex is one of them',
    implied: true,
  },
];

/** "from>to" of every arrow of the text. */
export const TEXT_PAIRS: ReadonlySet<string> = new Set(TEXT_ARROWS.map((a) => `${a.from}>${a.to}`));

/** The from>to pair of an arrow id the module records ("4>end", "A4>B3:strike"). */
export function pairOf(arrowId: string): string {
  return arrowId.split(':')[0]!;
}
