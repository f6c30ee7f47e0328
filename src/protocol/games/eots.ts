/** Empire of the Sun (submarine warfare)'s view (src/games/eots-subwar/view.ts): types only. */
import type { EotsView } from '../../games/eots-subwar/view';

export type { EotsView } from '../../games/eots-subwar/view';
export type { Fact as EotsFact, Report as EotsReport } from '../../games/eots-subwar/fact';
export type { SubBaseLoc, SwRoll } from '../../games/eots-subwar/state';
export type { Side } from '../../games/eots-subwar/data/tables';

export type SubBaseView = EotsView['subBases'][number];
export type EotsHex = EotsView['hexes'][number];
export type EotsHq = EotsView['hqs'][number];
