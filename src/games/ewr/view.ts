/**
 * What each viewer sees. A side sees its own TF whole; of the enemy TF only what the
 * procedure has revealed: its hex while it knows it (adjacent, same hex, sighted; TFZ
 * watches TFA from two hexes), the declared components and "has submarines" (XI.H.1.c,
 * VI.F.2). The spectator sees what both sides know: a TF's hex once its enemy knows it
 * and its own side knows that it does (never TFA's hex that TFZ watches from two hexes).
 * The referee sees everything. A sealed allocation is its owner's alone until the reveal.
 */
import { REFEREE, SPECTATOR, canSee, type Viewer } from '../../engine';
import { STEPS, type StepId } from './data/flowchart';
import { availableMarkers, nextInitiativeCost } from './initiative';
import { allocators, decider } from './prompts';
import { COMPONENTS, type Component, type Side } from './scenario';
import { moraleBase } from './combat';
import {
  airFactors,
  afloat,
  aswFactors,
  everyoneKnowsHex,
  knowsHex,
  roleOf,
  subFactors,
  surfaceFactors,
  type Allocation,
  type EwrState,
  type Part,
  type Role,
  type StrikeRecord,
} from './state';
import type { HexRef } from './hex';

export interface ShipView {
  id: string;
  name: string;
  type: string;
  surface: number;
  asw: number;
  air: number;
  airLost: number;
  hull: number;
  hits: number;
  sunk: boolean;
}

export interface OwnTfView {
  role: Role;
  side: Side;
  name: string;
  hex: HexRef | null;
  retreating: boolean;
  offMap: boolean;
  refuelling: boolean;
  morale: { rating: number; effective: number; reservePenalty: number };
  factors: { air: number; surface: number; asw: number; submarines: number };
  parts: Record<Part, ShipView[]>;
}

export interface EnemyTfView {
  role: Role;
  side: Side;
  name: string;
  /** Null while the viewer does not know where it is. */
  hex: HexRef | null;
  retreating: boolean;
  offMap: boolean;
  /** VIII.D: in port refuelling (public: going into port is announced). */
  refuelling: boolean;
  /** The components it has declared (XI.H.1.c), or null before any declaration. */
  components: Component[] | null;
  /** VI.F.2 / XI.H.1.c: known to have submarines (never how many). */
  hasSubmarines: boolean;
}

export interface EwrView {
  viewer: Viewer;
  you: Role | null;
  scenario: {
    id: string;
    name: string;
    description: string;
    year: number;
    map: { width: number; height: number };
    bases: EwrState['scenario']['bases'];
    markers: (EwrState['scenario']['markers'][number] & { spent: boolean; reserved: boolean })[];
  };
  /** TFA's mission (public), and whether it has been achieved. */
  mission: EwrState['scenario']['mission'] & { achieved: boolean; achievedIn: number | null };
  roles: Record<Role, Side>;
  phase: EwrState['phase'];
  /** The chart step the match stands at (STEPS in the public data). */
  step: StepId;
  stepText: string;
  /** The sides that must decide now (for a sealed allocation: every side asked, done or not). */
  waitingFor: Side[];
  initiative: {
    number: number;
    kind: 'operation' | 'refuel';
    /** ERs expended once TFA moves, and the markers set aside for them. */
    due: number;
    doubled: boolean;
    reserved: string[];
    intercepted: boolean;
    combat: boolean;
    moverCombat: boolean;
    /** TFA's own: moves left, and whether it has moved (so will expend its ERs). */
    movesLeft?: number;
    moved?: boolean;
  } | null;
  history: { number: number; kind: 'operation' | 'refuel'; cost: number; paidWith: string[]; combat: boolean; moverCombat: boolean }[];
  nextInitiative: { cost: number; doubled: boolean; ersAvailable?: number };
  tfs: Partial<Record<Role, OwnTfView | EnemyTfView>>;
  /** Your own allocation while it is sealed. */
  yourAllocation?: Allocation;
  /** Referee only: both sealed allocations. */
  allocations?: Partial<Record<Role, Allocation>>;
  lastStrike: StrikeRecord | null;
  walked: string[];
  losses: Record<Side, number>;
  endText: string | null;
}

function ownTf(s: EwrState, r: Role): OwnTfView {
  const tf = s.tf[r];
  const sc = s.scenario[r];
  const parts = {} as Record<Part, ShipView[]>;
  for (const p of [...COMPONENTS, 'submarines'] as const) {
    parts[p] = sc[p].map((sh) => {
      const st = tf.ships[sh.id]!;
      return { id: sh.id, name: sh.name, type: sh.type, surface: sh.surface, asw: sh.asw, air: sh.air, airLost: st.airLost, hull: sh.hull, hits: st.hits, sunk: !afloat(s, r, sh) };
    });
  }
  const { morale, reservePenalty } = moraleBase(s, r);
  return {
    role: r,
    side: s.roles[r],
    name: sc.name,
    hex: tf.offMap ? null : { ...tf.hex },
    retreating: tf.retreating,
    offMap: tf.offMap,
    refuelling: tf.refuelling,
    morale: { rating: sc.morale, effective: morale, reservePenalty },
    factors: { air: airFactors(s, r), surface: surfaceFactors(s, r), asw: aswFactors(s, r), submarines: subFactors(s, r) },
    parts,
  };
}

/** The enemy TF as `knows` lets the viewer see it. */
function enemyTf(s: EwrState, r: Role, knows: boolean): EnemyTfView {
  const tf = s.tf[r];
  const rev = s.revealed[r];
  return {
    role: r,
    side: s.roles[r],
    name: s.scenario[r].name,
    hex: knows && !tf.offMap ? { ...tf.hex } : null,
    retreating: tf.retreating,
    offMap: tf.offMap,
    refuelling: tf.refuelling,
    components: rev.components ? [...rev.components] : null,
    hasSubmarines: rev.submarines,
  };
}

export function viewFor(s: EwrState, viewer: Viewer): EwrView {
  const you = roleOf(s, viewer);
  const referee = viewer === REFEREE;
  const tfs: EwrView['tfs'] = {};
  for (const r of ['tfa', 'tfz'] as const) {
    if (referee || you === r) tfs[r] = ownTf(s, r);
    else if (you) tfs[r] = enemyTf(s, r, knowsHex(s, you, r));
    else tfs[r] = enemyTf(s, r, everyoneKnowsHex(s, r)); // spectator: what both sides know
  }
  const d = decider(s);
  const waiting = s.phase === 'alloc' ? allocators(s) : d ? [d] : [];
  const init = s.initiative;
  const seesTfa = referee || you === 'tfa';
  const { cost, doubled } = nextInitiativeCost(s);
  const view: EwrView = {
    viewer,
    you,
    scenario: {
      id: s.scenario.id,
      name: s.scenario.name,
      description: s.scenario.description,
      year: s.scenario.year,
      map: { ...s.scenario.map },
      bases: s.scenario.bases.map((b) => ({ ...b, hex: { ...b.hex } })),
      markers: s.scenario.markers.map((m) => ({ ...m, hex: { ...m.hex }, spent: s.spentMarkers.includes(m.id), reserved: !!init?.reserved.includes(m.id) })),
    },
    mission: { ...structuredClone(s.scenario.mission), achieved: s.mission.achieved, achievedIn: s.mission.initiative },
    roles: { ...s.roles },
    phase: s.phase,
    step: s.step,
    stepText: STEPS.find((x) => x.id === s.step)!.text,
    waitingFor: waiting.map((r) => s.roles[r]),
    initiative: init
      ? {
          number: init.number,
          kind: init.kind,
          due: init.due,
          doubled: init.doubled,
          reserved: [...init.reserved],
          intercepted: init.intercepted,
          combat: init.combat,
          moverCombat: init.moverCombat,
          ...(seesTfa ? { movesLeft: init.movesLeft, moved: init.moved } : {}),
        }
      : null,
    history: s.history.map((h) => ({ number: h.number, kind: h.kind, cost: h.cost, paidWith: [...h.paidWith], combat: h.combat, moverCombat: h.moverCombat })),
    nextInitiative: { cost, doubled, ...(seesTfa ? { ersAvailable: availableMarkers(s).reduce((n, m) => n + m.value, 0) } : {}) },
    tfs,
    lastStrike: s.lastStrike ? structuredClone(s.lastStrike) : null,
    walked: s.walked.filter((w) => canSee(w, viewer === SPECTATOR ? SPECTATOR : viewer)).map((w) => w.arrow),
    losses: { ...s.losses },
    endText: s.endText,
  };
  if (s.phase === 'alloc' && s.strike) {
    const mine = you ? s.strike.alloc[you] : undefined;
    if (mine && !referee) view.yourAllocation = { ...mine };
    if (referee) view.allocations = structuredClone(s.strike.alloc);
  }
  return view;
}
