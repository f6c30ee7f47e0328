/**
 * East Wind Rain's sighting and static intercept procedure as a game module (see
 * src/engine/types.ts for the contract): a moving TF (TFA) on its initiatives, an
 * intercepting TF (TFZ), and the flowchart of steps 1–6, A1–A4, B1–B4 between them.
 */
import { labels } from './labels';
import { z } from 'zod';
import { RuleError, SPECTATOR, canonicalJson, type Applied, type ApplyContext, type GameModule, type LogEntry, type Result, type Viewer } from '../../engine';
import { EwrAction, EwrOptions, resolveScenario } from './actions';
import { countersight } from './airstrike';
import { approachCheck, b4Adjacent, decideIntercept, decide3, decideB4, stepTwo } from './approach';
import { retreat } from './combat';
import { decide5, decide6, decideA2, decideA4, decideB4Strike, decideSecond, finishStrike } from './engage';
import { ARROWS, STEPS } from './data/flowchart';
import { BUILTIN_SCENARIOS } from './data/scenarios';
import * as TABLES from './data/tables';
import { allHexes, hexKey } from './hex';
import { beginInitiative, endInitiative, endMatch, noteMove, refuel } from './initiative';
import { missionResult, noteExit } from './mission';
import { allocators, promptFor } from './prompts';
import { COMPONENTS, SIDES, ScenarioSchema, type Scenario, type Side } from './scenario';
import { NAMES, PARTS, inPlay, label, newEncounter, range, roleOf, type EwrState, type Role, type TfState } from './state';
import { viewFor } from './view';
import { countOf, ownLine } from './words';

function setup(options: EwrOptions): Applied<EwrState> {
  const scenario: Scenario = resolveScenario(options);
  const tfz: Side = scenario.tfaSide === 'allied' ? 'japanese' : 'allied';
  const tfState = (r: Role): TfState => ({
    hex: { ...scenario[r].hex },
    ships: Object.fromEntries(PARTS.flatMap((p) => scenario[r][p].map((sh) => [sh.id, { hits: 0, airLost: 0 }]))),
    retreating: false,
    offMap: false,
    refuelling: false,
  });
  const s: EwrState = {
    scenario,
    roles: { tfa: scenario.tfaSide, tfz },
    tf: { tfa: tfState('tfa'), tfz: tfState('tfz') },
    phase: 'between',
    step: 'start',
    initiative: null,
    history: [],
    spentMarkers: [],
    enc: newEncounter(),
    strike: null,
    secondFor: null,
    revealed: { tfa: { components: null, submarines: false }, tfz: { components: null, submarines: false } },
    lastStrike: null,
    walked: [],
    tfzRefuelAsked: false,
    losses: { allied: 0, japanese: 0 },
    mission: { achieved: false, initiative: null },
    endText: null,
  };
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `${scenario.name} (${scenario.year}). TFA: ${NAMES[scenario.tfaSide]} ${scenario.tfa.name}, moving on its initiative; TFZ: ${NAMES[tfz]} ${scenario.tfz.name}, intercepting.`,
    },
    {
      to: 'public',
      text: `TFA's mission: ${scenario.mission.text} (${NAMES[scenario.tfaSide]} ${scenario.mission.points} VP if achieved, ${NAMES[tfz]} ${scenario.mission.deniedPoints} VP if not; ships sunk and damaged and aircraft shot down count too).`,
      data: { mission: scenario.mission },
    },
  ];
  for (const r of ['tfa', 'tfz'] as const) {
    const tf = scenario[r];
    const parts = [...COMPONENTS, 'submarines' as const].filter((p) => tf[p].length > 0).map((p) => `${p}: ${tf[p].map((sh) => sh.name).join(', ')}`);
    const line = `${label(s, r)} ${tf.name} at ${hexKey(tf.hex)} — ${parts.join('; ')}.`;
    log.push(ownLine(s.roles[r], `Your ${line}`, line, { hex: tf.hex }));
    // VI.F.2: a Japanese TF containing submarines reveals that it does, not how many, at the end of naval staging.
    if (s.roles[r] === 'japanese' && tf.submarines.length > 0) {
      s.revealed[r].submarines = true;
      log.push({ to: 'public', text: `VI.F.2: the Japanese ${label(s, r)} ${tf.name} contains submarines.` });
    }
  }
  return { state: s, log };
}

function applyMove(s: EwrState, side: string, to: { col: number; row: number }): Applied<EwrState> {
  const gone = !inPlay(s, 'tfz');
  const prev = gone ? Infinity : range(s);
  const publicBefore = canonicalJson(viewFor(s, SPECTATOR));
  s.tf.tfa.hex = { ...to };
  s.initiative!.movesLeft--;
  noteMove(s);
  noteExit(s);
  const d = gone ? Infinity : range(s);
  const moved = `moves to ${hexKey(to)} (${countOf(s.initiative!.movesLeft, 'move')} left).`;
  const log: LogEntry[] = [ownLine(side, `Your TF ${moved}`, `${label(s, 'tfa')} ${moved}`, { hex: to })];
  // Out of TFZ's sight before and after: nothing anyone else sees changes, so the step is
  // private. Every move is a cut-off for undo, in sight or not: TFA learns from each one
  // whether the sequence began, and whether it could take a move back would tell it where
  // TFZ is (RULINGS, "Undo").
  if (prev >= 3 && d >= 3) return { state: s, log, private: true, reveals: true };
  // TFZ's side alone is told: an entry TFA could read would tell it that TFZ is near.
  log.push(
    d <= 2
      ? { to: [s.roles.tfz], text: `${label(s, 'tfa')} moves to ${hexKey(to)}.`, data: { hex: to } }
      : ownLine(s.roles.tfz, `${label(s, 'tfa')} moves on, out of your sight.`, `${label(s, 'tfa')} moves on, out of ${label(s, 'tfz')}'s sight.`),
  );
  approachCheck(s, log);
  // TFZ saw the move. Unless it set something public off (a pause at step 1, A1, B1) or changed
  // what the spectator sees (TFA adjacent before or after), TFA cannot know that TFZ saw it: the
  // step is known to both sides but not in common, and the spectator, who sees what both sides
  // know, neither sees nor counts it (RULINGS "Hex knowledge").
  const shared = log.some((e) => e.to === 'public') || canonicalJson(viewFor(s, SPECTATOR)) !== publicBefore;
  return { state: s, log, reveals: true, ...(shared ? {} : { unshared: true }) };
}

function apply(s: EwrState, side: string, action: EwrAction, ctx: ApplyContext): Applied<EwrState> {
  const r = roleOf(s, side);
  const legal = promptFor(s, side)?.actions ?? [];
  if (!r || !legal.some((a) => canonicalJson(a) === canonicalJson(action))) throw new RuleError('That action is not one of your choices now.', 'illegal');
  const log: LogEntry[] = [];
  switch (action.type) {
    case 'begin-initiative':
      log.push(...beginInitiative(s));
      approachCheck(s, log);
      break;
    case 'end-operations':
      endMatch(s, log, `${label(s, 'tfa')} closes the operations phase.`);
      break;
    case 'refuel':
      log.push(...refuel(s, r));
      if (r === 'tfz') s.tfzRefuelAsked = true;
      break;
    case 'skip-refuel':
      s.tfzRefuelAsked = true;
      log.push({ to: 'public', text: `${label(s, 'tfz')} does not refuel.` });
      break;
    case 'move':
      return applyMove(s, side, action.to);
    case 'end-initiative':
      endInitiative(s, log, 'TFA ends it');
      break;
    case 'withdraw':
      retreat(s, 'tfa', log);
      endInitiative(s, log, 'TFA withdraws');
      break;
    case 'b4-adjacent':
      b4Adjacent(s, ctx, action.to, log);
      break;
    case 'approach':
      stepTwo(s, action.to, log);
      break;
    case 'redeploy':
      decide6(s, ctx, { redeploy: action.to }, log);
      break;
    case 'allocate': {
      // XI.H.1.c: the striker allocates, then the target rolls to countersight (a success makes
      // the striker declare), then the target allocates; with both in, the strikes fly.
      const st = s.strike!;
      st.alloc[r] = { cap: action.cap, escort: action.escort, strike: action.strike };
      const alloc = `CAP ${action.cap}, escort ${action.escort}, strike ${action.strike} (sealed).`;
      log.push(ownLine(side, `${st.step}: you allocate ${alloc}`, `${st.step}: ${label(s, r)} allocates ${alloc}`));
      if (r === st.striker) countersight(s, ctx, log);
      if (allocators(s).length === 0) finishStrike(s, ctx, log);
      break;
    }
    case 'decide': {
      const c = action.choice;
      switch (action.step) {
        case '1':
        case 'A1':
        case 'B1':
          decideIntercept(s, ctx, action.step, c === 'intercept', log);
          break;
        case '3':
          decide3(s, ctx, c as 'sight' | 'enter', log);
          break;
        case '5':
          decide5(s, c as 'airstrike' | 'surface', log);
          break;
        case '6':
          if (s.phase === 'second-strike') decideSecond(s, ctx, c === 'second-strike', log);
          else decide6(s, ctx, c as 'surface' | 'stay' | 'retreat', log);
          break;
        case 'B2':
          decideSecond(s, ctx, c === 'second-strike', log);
          break;
        case 'A2':
          decideA2(s, ctx, c as 'sight' | 'pass', log);
          break;
        case 'A4':
          decideA4(s, ctx, c as 'airstrike' | 'surface', log);
          break;
        case 'B4':
          if (s.phase === 'B4-strike') decideB4Strike(s, c === 'airstrike', log);
          else if (s.phase === 'second-strike') decideSecond(s, ctx, c === 'second-strike', log);
          else decideB4(s, ctx, c as 'sight' | 'continue', log);
          break;
      }
      break;
    }
  }
  return { state: s, log, reveals: true };
}

function result(s: EwrState): Result | null {
  return s.phase === 'over' ? missionResult(s) : null;
}

/** What anyone may know of a scenario: its map, bases and markers, not what the TFs hold. */
function publicScenario(input: (typeof BUILTIN_SCENARIOS)[number]) {
  const sc = ScenarioSchema.parse(input);
  return {
    id: sc.id,
    name: sc.name,
    description: sc.description,
    year: sc.year,
    tfaSide: sc.tfaSide,
    tfa: { name: sc.tfa.name },
    tfz: { name: sc.tfz.name },
    map: { ...sc.map, hexes: allHexes(sc.map) },
    bases: sc.bases,
    markers: sc.markers,
    mission: sc.mission,
    initiativeCost: sc.initiativeCost,
    refuelCost: sc.refuelCost,
    maxInitiatives: sc.maxInitiatives,
  };
}

export const ewr: GameModule<EwrState, EwrAction, EwrOptions> = {
  id: 'ewr',
  name: 'East Wind Rain: sighting and intercept',
  sides: SIDES,
  action: EwrAction,
  options: EwrOptions,
  setup: (options) => setup(options),
  prompt: (s, side) => promptFor(s, side),
  apply,
  view: (s: EwrState, viewer: Viewer) => viewFor(s, viewer),
  result,
  labels,
  publicData: () => ({
    sides: SIDES,
    scenarios: BUILTIN_SCENARIOS.map(publicScenario),
    scenarioSchema: z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }),
    hexMap: { library: 'honeycomb-grid', orientation: 'pointy', offset: -1, coordinates: 'offset {col, row}; a map is a width × height rectangle' },
    flowchart: { steps: STEPS, arrows: ARROWS },
    tables: {
      sightingNumber: TABLES.SIGHTING_NUMBER,
      countersightNumber: TABLES.COUNTERSIGHT_NUMBER,
      sightingModifiers: TABLES.SIGHTING_MODIFIERS,
      sightingAutomaticFailure: TABLES.SIGHTING_AUTOMATIC_FAILURE,
      airCombat: TABLES.AIR_COMBAT_TABLE,
      airstrike: TABLES.AIRSTRIKE_TABLE,
      surface: TABLES.SURFACE_TABLE,
      submarine: TABLES.SUBMARINE_TABLE,
      asw: TABLES.ASW_TABLE,
      hitOrder: TABLES.HIT_ORDER,
      moraleBreaksOn: TABLES.MORALE_BREAKS_ON,
      moraleHitsPerPoint: TABLES.MORALE_HITS_PER_POINT,
      moraleReservePenalty: TABLES.MORALE_RESERVE_PENALTY,
      shipValues: TABLES.SHIP_VALUES,
      airFactorsPerVp: TABLES.AIR_FACTORS_PER_VP,
    },
  }),
};
