/** Empire of the Sun's submarine warfare variant (11.21.B–11.24.A) as a game module (see src/engine/types.ts). */
import { labels } from './labels';
import type { GameModule, Viewer } from '../../engine';
import { EotsAction } from './actions';
import { BASE_MAP } from './data/map';
import * as T from './data/tables';
import { apply, prompt, setup } from './flow';
import { result } from './result';
import { EotsOptions, SCENARIOS, scenarioOf } from './scenario';
import type { EotsState } from './state';
import { viewFor } from './view';

export type { EotsState } from './state';
export type { EotsView } from './view';
export { EotsAction } from './actions';
export { EotsOptions, Scenario, SCENARIOS } from './scenario';

export const eotsSubwar: GameModule<EotsState, EotsAction, EotsOptions> = {
  id: 'eots-subwar',
  name: 'Empire of the Sun: submarine warfare',
  sides: T.SIDES,
  action: EotsAction,
  options: EotsOptions,
  setup: (options) => setup(scenarioOf(options)),
  prompt,
  apply,
  view: (s: EotsState, viewer: Viewer) => viewFor(s, viewer),
  result,
  labels,
  publicData: () => ({
    scenarios: Object.values(SCENARIOS),
    hexes: BASE_MAP,
    hexConvention: 'XXYY = column XX, row YY; flat-topped hexes in vertical columns, even-numbered columns half a hex lower (even-q); distance = cube distance.',
    tables: {
      orderOfBattle: T.ORDER_OF_BATTLE,
      scenarioTable: T.SCENARIO_TABLE,
      startTurns: T.START_TURN,
      years: T.DEFAULT_YEARS,
      japaneseHand: T.DEFAULT_JAPANESE_HAND,
      swm: {
        yearFactor: T.SWM_YEAR_FACTOR,
        card37: T.SWM_CARD_37,
        card38: T.SWM_CARD_38,
        card80: T.SWM_CARD_80,
        step: T.SWM_STEP,
        floor: T.SWM_FLOOR,
      },
      sloc: { defaultRange: T.DEFAULT_SLOC_RANGE, divisor: T.SLOC_DIVISOR, pusan: T.PUSAN },
      displaceHits: T.DISPLACE_HITS,
      emergencyRange: T.EMERGENCY_RANGE,
      minJapaneseHand: T.MIN_JAPANESE_HAND,
      card5: T.CARD5_TABLE,
      card5LastDivisions: T.CARD5_LAST_DIVISIONS,
      lastTurn: T.LAST_TURN,
    },
  }),
};
