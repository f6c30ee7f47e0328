/** Empire of the Sun's submarine warfare in the web client: the turn track, the map extract, the Sub Bases and HQs. */
import { hexGame } from '../hex/game';
import { EotsBoard } from './board';
import { eotsActionHex, eotsDirect, eotsLabeler } from './labels';
import { isEotsView } from './types';

export const game = hexGame({
  isView: isEotsView,
  // The Strategic Warfare rolls are made with a ten-sided die.
  dice: 10,
  label: eotsLabeler,
  hexOf: (view) => (a) => eotsActionHex(a, view),
  direct: eotsDirect,
  Map: EotsBoard,
});
