/**
 * A scenario of the static intercept procedure, as data: the map, the year, the two task
 * forces (TFA moving on its initiative, TFZ intercepting), the bases and the economic
 * markers of the area. zod validates a scenario given in the match options, with errors
 * that name the offending field.
 */
import { z } from 'zod';
import { distance, onMap, type MapSize } from './hex';

export const SIDES = ['allied', 'japanese'] as const;
export type Side = (typeof SIDES)[number];
export const COMPONENTS = ['main', 'screen', 'reserve'] as const;
export type Component = (typeof COMPONENTS)[number];
export const SHIP_TYPES = ['CV', 'CVL', 'CVE', 'BB', 'BC', 'CA', 'CL', 'DD', 'DE', 'AP', 'SS'] as const;
export const CARRIER_TYPES: readonly string[] = ['CV', 'CVL', 'CVE'];

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}$/, 'lower-case letters, digits and dashes');
const factor = z.number().int().min(0).max(20);

export const HexSchema = z.strictObject({ col: z.number().int().min(0).max(40), row: z.number().int().min(0).max(40) });

export const ShipSchema = z.strictObject({
  id: slug,
  name: z.string().min(1).max(60),
  type: z.enum(SHIP_TYPES),
  /** Surface combat factors (for a submarine: its torpedo attack factors). */
  surface: factor.default(0),
  /** ASW factors. */
  asw: factor.default(0),
  /** Air factors (carriers only). */
  air: factor.default(0),
  /** Hits it takes to sink. */
  hull: z.number().int().min(1).max(10),
});
export type Ship = z.infer<typeof ShipSchema>;

export const TaskForceSchema = z.strictObject({
  id: slug,
  name: z.string().min(1).max(60),
  hex: HexSchema,
  /** The TF's morale rating before XIII.M.6.c. */
  morale: z.number().int().min(1).max(6),
  main: z.array(ShipSchema).max(12).default([]),
  screen: z.array(ShipSchema).max(12).default([]),
  reserve: z.array(ShipSchema).max(12).default([]),
  submarines: z.array(ShipSchema).max(8).default([]),
});
export type TaskForce = z.infer<typeof TaskForceSchema>;

export const BaseSchema = z.strictObject({
  id: slug,
  name: z.string().min(1).max(60),
  hex: HexSchema,
  side: z.enum(SIDES),
  size: z.enum(['major', 'minor']),
});
export type Base = z.infer<typeof BaseSchema>;

export const EconomicMarkerSchema = z.strictObject({
  id: slug,
  name: z.string().min(1).max(60),
  hex: HexSchema,
  value: z.number().int().min(1).max(10),
  /** The side whose zone the hex lies in, if any (V.B.2.c). */
  zone: z.enum(SIDES).nullable().default(null),
});
export type EconomicMarker = z.infer<typeof EconomicMarkerSchema>;

export const MISSION_KINDS = ['reach', 'land', 'pass-through', 'strike'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];

/**
 * What TFA is trying to do in the operations phase, and what it is worth (RULING, ours: the
 * text gives the procedure, not the scenario's aim). `reach`: end an initiative in one of the
 * hexes; `land`: end an initiative there with a transport (AP) of the reserve afloat;
 * `pass-through`: move through one of the hexes (an exit); `strike`: end an initiative within
 * two hexes of one of them with at least `minAir` air factors. TFA's side scores `points`
 * when it is achieved; TFZ's side scores `deniedPoints` if the phase ends without it.
 */
export const MissionSchema = z.strictObject({
  kind: z.enum(MISSION_KINDS),
  hexes: z.array(HexSchema).min(1).max(20),
  text: z.string().min(1).max(300),
  points: z.number().int().min(0).max(50),
  deniedPoints: z.number().int().min(0).max(50),
  minAir: z.number().int().min(1).max(60).default(1),
});
export type Mission = z.infer<typeof MissionSchema>;

export const ScenarioSchema = z
  .strictObject({
    id: slug,
    name: z.string().min(1).max(80),
    description: z.string().max(600).default(''),
    year: z.number().int().min(1941).max(1945),
    map: z.strictObject({ width: z.number().int().min(3).max(20), height: z.number().int().min(3).max(20) }),
    /** The side whose TF is TFA, the moving TF on its initiative. */
    tfaSide: z.enum(SIDES),
    /** TFA, with the hexes it may move per initiative. */
    tfa: TaskForceSchema.extend({ movement: z.number().int().min(1).max(12) }),
    tfz: TaskForceSchema,
    bases: z.array(BaseSchema).max(20).default([]),
    markers: z.array(EconomicMarkerSchema).max(20).default([]),
    /** What TFA is trying to do, and what counts for each side at the end. */
    mission: MissionSchema,
    /** ERs one initiative of TFA expends once it moves (X.I.4 doubles it after a combat TFA started). */
    initiativeCost: z.number().int().min(0).max(10).default(1),
    /** VIII.D / X.N.3.g: ERs a retreating TF pays to refuel at a friendly base (reconstructed). */
    refuelCost: z.number().int().min(0).max(10).default(1),
    /** How many initiatives TFA may perform in this operations phase. */
    maxInitiatives: z.number().int().min(1).max(4).default(2),
  })
  .superRefine((s, ctx) => {
    const map: MapSize = s.map;
    const at = (h: { col: number; row: number }, path: (string | number)[]) => {
      if (!onMap(map, h)) ctx.addIssue({ code: 'custom', path, message: `hex ${h.col},${h.row} is not on the ${map.width}×${map.height} map` });
    };
    at(s.tfa.hex, ['tfa', 'hex']);
    at(s.tfz.hex, ['tfz', 'hex']);
    s.bases.forEach((b, i) => at(b.hex, ['bases', i, 'hex']));
    s.markers.forEach((m, i) => at(m.hex, ['markers', i, 'hex']));
    s.mission.hexes.forEach((h, i) => at(h, ['mission', 'hexes', i]));
    if (s.mission.kind === 'land' && s.tfa.reserve.every((sh) => sh.type !== 'AP')) {
      ctx.addIssue({ code: 'custom', path: ['mission', 'kind'], message: "a landing needs a transport (AP) in TFA's reserve" });
    }
    if (onMap(map, s.tfa.hex) && onMap(map, s.tfz.hex) && distance(map, s.tfa.hex, s.tfz.hex) < 3) {
      ctx.addIssue({ code: 'custom', path: ['tfa', 'hex'], message: 'TFA must start at least three hexes from TFZ: the sequence begins when it moves within two' });
    }
    const ids = new Set<string>();
    for (const role of ['tfa', 'tfz'] as const) {
      const tf = s[role];
      if (tf.main.length + tf.screen.length + tf.reserve.length + tf.submarines.length === 0) {
        ctx.addIssue({ code: 'custom', path: [role], message: 'a TF needs at least one ship' });
      }
      for (const part of [...COMPONENTS, 'submarines'] as const) {
        tf[part].forEach((sh, i) => {
          const path = [role, part, i];
          if (ids.has(sh.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `ship id "${sh.id}" is used twice` });
          ids.add(sh.id);
          if ((part === 'submarines') !== (sh.type === 'SS')) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, 'type'],
              message: part === 'submarines' ? 'only submarines (SS) go in "submarines"' : 'submarines go in "submarines", not in a component',
            });
          }
          if (sh.air > 0 && !CARRIER_TYPES.includes(sh.type)) {
            ctx.addIssue({ code: 'custom', path: [...path, 'air'], message: 'only carriers (CV, CVL, CVE) have air factors' });
          }
        });
      }
    }
    const uniq = (list: { id: string }[], what: string) => {
      const seen = new Set<string>();
      list.forEach((x, i) => {
        if (seen.has(x.id)) ctx.addIssue({ code: 'custom', path: [what, i, 'id'], message: `${what} id "${x.id}" is used twice` });
        seen.add(x.id);
      });
    };
    uniq(s.bases, 'bases');
    uniq(s.markers, 'markers');
  });
export type Scenario = z.infer<typeof ScenarioSchema>;
/** A scenario as written (defaults not yet filled in). */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
