/**
 * A scenario's schema: a map extract as data plus the state of everything the variant reads,
 * zod-validated (an invalid one is refused with zod's issues, path and message). The built-in
 * scenarios (data/scenarios.ts) are written against these types, and scenario.ts parses them;
 * this file imports neither, so there is no import cycle between the data and the schema.
 */
import { z } from 'zod';
import {
  DEFAULT_ALLIED_HAND,
  DEFAULT_JAPANESE_HAND,
  DEFAULT_RESHUFFLE_TURNS,
  DEFAULT_SLOC_RANGE,
  DEFAULT_YEARS,
  LAST_TURN,
  ORDER_OF_BATTLE,
  SIDES,
  SUB_BASE_IDS,
  type SubBaseId,
} from './data/tables';
import { computeSwm, signed } from './swm-factors';

export const HexId = z.string().regex(/^\d{4}$/, {
  message: 'a hex is an Empire of the Sun hex number: four digits XXYY (column XX, row YY)',
});
const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: 'an id is 1–40 characters: a–z, 0–9 and "-"' });
const Turn = z.int().min(1).max(LAST_TURN);

export const ScenarioHex = z.strictObject({
  hex: HexId,
  name: z.string().min(1).max(60).optional(),
  port: z.boolean().default(false),
  airfield: z.boolean().default(false),
  /** Coastal, including single hex islands and atolls (11.21.C). A port is coastal. */
  coastal: z.boolean().default(false),
  homeIslandPort: z.boolean().default(false),
  resource: z.boolean().default(false),
  control: z.enum(['allied', 'japanese', 'none']).default('none'),
  /** In Allied supply (11.21.C, 11.22.A.1). */
  alliedSupply: z.boolean().default(false),
  /** Inside an unneutralized Japanese Zone of Influence (11.21.C). */
  japaneseZoi: z.boolean().default(false),
  note: z.string().max(200).optional(),
});

export const ScenarioHq = z.strictObject({
  id: Slug,
  name: z.string().min(1).max(60),
  side: z.enum(SIDES),
  /** An American HQ (11.21.C, 11.22.A): Allied side only. */
  american: z.boolean().default(false),
  /** Where it stands; null when it is not on the map. Any hex number, in the extract or not. */
  hex: HexId.nullable(),
  activationRange: z.int().min(0).max(40),
  /** False when Inter-Service Rivalry or an event bars it from activating a U.S. Naval unit (11.21.C, 11.22.A.2). */
  activatesSubBases: z.boolean().default(true),
  /** RECONSTRUCTED: the hexes it may move in one offensive (default: its activation range). */
  movement: z.int().min(0).max(40).optional(),
});

/** A Scenario Table entry (11.21.B): a hex, "replaced", "trt" (to return next Reinforcement Segment) or the arrival turn. */
export const StartPosition = z.union([HexId, z.literal('replaced'), z.literal('trt'), Turn]);

const Events = z.strictObject({
  card37: z.boolean().default(false),
  card38: z.boolean().default(false),
  card80: z.int().min(0).max(20).default(0),
});

export const Scenario = z
  .strictObject({
    id: Slug,
    name: z.string().min(1).max(80),
    notes: z.string().max(4000).optional(),
    /** The turn the match starts on, at its Reinforcement Segment. */
    turn: Turn,
    lastTurn: Turn.default(LAST_TURN),
    /** The year of each of Turns 1–12 (the turn record track). */
    years: z
      .array(z.int().min(1941).max(1945))
      .length(LAST_TURN)
      .default([...DEFAULT_YEARS]),
    japaneseAsp: z.int().min(0).max(99),
    /** The Japanese hand of each turn before submarine warfare (the turn record track). */
    japaneseHand: z
      .array(z.int().min(0).max(30))
      .length(LAST_TURN)
      .default([...DEFAULT_JAPANESE_HAND]),
    /** The Allied hand of each turn (the turn record track). */
    alliedHand: z
      .array(z.int().min(0).max(30))
      .length(LAST_TURN)
      .default([...DEFAULT_ALLIED_HAND]),
    /** The turns at whose start the discards are shuffled back into the decks. */
    reshuffleTurns: z
      .array(Turn)
      .max(LAST_TURN)
      .default([...DEFAULT_RESHUFFLE_TURNS]),
    chinaDivisions: z.int().min(0).max(99),
    events: Events.default({ card37: false, card38: false, card80: 0 }),
    /** Earlier successes spent on the SWM (11.22.B.7). */
    swmSteps: z.int().min(0).max(20).default(0),
    /** The SWM marker the scenario starts with, if stated: checked against the factors of 11.22.B. */
    swmMarker: z.int().min(-5).max(9).optional(),
    slocRange: z.int().min(0).max(40).default(DEFAULT_SLOC_RANGE),
    subBases: z.strictObject({
      wilkes: StartPosition,
      'lockwood-4': StartPosition,
      fife: StartPosition,
      'lockwood-6': StartPosition,
    }),
    /** 11.21.E: Wilkes's optional emergency move of the 1941 start (after the IAI Offensive) or the 1942 start (at its beginning). */
    iaiEmergencyMove: z.enum(['none', 'at-start', 'after-first-japanese-offensive']).default('none'),
    hexes: z.array(ScenarioHex).min(1).max(3000),
    hqs: z.array(ScenarioHq).max(100),
  })
  .superRefine((s, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const seen = new Map<string, number>();
    s.hexes.forEach((h, i) => {
      if (seen.has(h.hex)) issue(['hexes', i, 'hex'], `hex ${h.hex} is listed twice (also at hexes[${seen.get(h.hex)}])`);
      seen.set(h.hex, i);
      if (h.homeIslandPort && !h.port) issue(['hexes', i, 'port'], `hex ${h.hex} is a home island port, so it must be a port`);
    });
    const hqIds = new Set<string>();
    s.hqs.forEach((q, i) => {
      if (hqIds.has(q.id)) issue(['hqs', i, 'id'], `HQ id "${q.id}" is used twice`);
      hqIds.add(q.id);
      if (q.american && q.side !== 'allied') issue(['hqs', i, 'american'], `HQ "${q.id}" is Japanese, so it cannot be American`);
    });
    if (s.lastTurn < s.turn) issue(['lastTurn'], `the last turn (${s.lastTurn}) is before the first (${s.turn})`);
    for (let i = 1; i < s.years.length; i++) {
      if (s.years[i]! < s.years[i - 1]!) issue(['years', i], `Turn ${i + 1} is in ${s.years[i]}, before Turn ${i}'s year ${s.years[i - 1]}`);
    }
    checkSubBases(s.subBases, s.turn, new Set(seen.keys()), issue);
    const year = s.years[s.turn - 1];
    if (year === undefined) {
      issue(['turn'], `turn ${s.turn} has no year in "years" (turns 1–${s.years.length})`);
      return;
    }
    if (s.swmMarker !== undefined) {
      // The marker moves one change at a time and stops at −5 each time (11.22.B), so it is at
      // least the factors' sum (floored), and at most what the positive factors alone give.
      const swm = computeSwm({ year, events: s.events, swmSteps: s.swmSteps });
      const ceiling = Math.max(swm, computeSwm({ year, events: { ...s.events, card80: 0 }, swmSteps: 0 }));
      if (s.swmMarker < swm || s.swmMarker > ceiling) {
        issue(
          ['swmMarker'],
          swm === ceiling
            ? `the SWM marker ${signed(s.swmMarker)} does not match the factors of 11.22.B, which give ${signed(swm)}`
            : `the SWM marker ${signed(s.swmMarker)} cannot follow from the factors of 11.22.B: between ${signed(swm)} and ${signed(ceiling)}`,
        );
      }
    }
  });

export type ScenarioInput = z.input<typeof Scenario>;
export type ScenarioData = z.output<typeof Scenario>;
export type ScenarioHexData = z.output<typeof ScenarioHex>;
export type ScenarioHqData = z.output<typeof ScenarioHq>;
export type StartPositionData = z.output<typeof StartPosition>;

type Issue = (path: (string | number)[], message: string) => void;

/** The Scenario Table's positions must follow the order of battle (11.21.B). */
function checkSubBases(pos: Record<SubBaseId, StartPositionData>, turn: number, hexes: Set<string>, issue: Issue): void {
  const at = new Map<string, SubBaseId>();
  for (const id of SUB_BASE_IDS) {
    const p = pos[id];
    const path = ['subBases', id];
    if (typeof p === 'number' && p < turn) issue(path, `${id} arrives on Turn ${p}, before the scenario's first turn (${turn})`);
    if (typeof p === 'string' && p !== 'replaced' && p !== 'trt') {
      if (!hexes.has(p)) issue(path, `${id} sets up in hex ${p}, which is not in the scenario's hexes`);
      const other = at.get(p);
      if (other) issue(path, `${id} and ${other} both set up in hex ${p}: one Sub Base a hex (11.21.C)`);
      at.set(p, id);
    }
    const successor = ORDER_OF_BATTLE.find((u) => u.replaces === id);
    const next = successor ? pos[successor.id] : undefined;
    if (p === 'replaced') {
      if (!successor) issue(path, `${id} is not replaced by any unit (11.21.B), so it cannot start "replaced"`);
      else if (typeof next === 'number') issue(path, `${id} is "replaced" but ${successor.id}, which replaces it, has not arrived yet (Turn ${next})`);
    } else if (successor && typeof next !== 'number') {
      issue(['subBases', successor.id], `${successor.id} replaces ${id} in situ (11.21.B): with ${id} not "replaced", ${successor.id} must be a later arrival turn`);
    } else if (successor && typeof p === 'number' && typeof next === 'number' && next <= p) {
      issue(['subBases', successor.id], `${successor.id} (Turn ${next}) must arrive after ${id} (Turn ${p}), which it replaces`);
    }
  }
}
