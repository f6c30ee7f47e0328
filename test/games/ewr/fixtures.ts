/**
 * Test scenarios and policies for East Wind Rain matches: a small map where TFA (start
 * 0,2) comes at TFZ (4,2), with knobs (year, aircraft, morale, reserve, submarines, costs)
 * that make a wanted path of the chart likely, and a planned policy that answers every
 * prompt from a plan so that only the dice vary from seed to seed.
 */
import type { Prompt } from '../../../src/engine';
import type { EwrAction } from '../../../src/games/ewr/actions';
import { distance } from '../../../src/games/ewr/hex';
import type { ScenarioInput } from '../../../src/games/ewr/scenario';
import type { Allocation, Role } from '../../../src/games/ewr/state';
import { choose, game, newMatch, play, walked, type Match, type Policy } from './driver';

export interface Knobs {
  year?: number;
  tfaSide?: 'allied' | 'japanese';
  tfaAir?: number;
  tfzAir?: number;
  tfaMorale?: number;
  tfzMorale?: number;
  tfaReserve?: boolean;
  tfzSubs?: boolean;
  tfaSubs?: boolean;
  initiativeCost?: number;
  maxInitiatives?: number;
  /** ERs of TFA's side: one marker per entry, in TFA's zone. */
  markers?: number[];
  /** ERs of TFZ's side: one marker per entry, in TFZ's zone (none by default). */
  tfzMarkers?: number[];
  /** TFA's mission (default: reach hex 6,2, beyond TFZ). */
  mission?: ScenarioInput['mission'];
  refuelCost?: number;
}

const carrier = (id: string, air: number) => ({ id, name: `Carrier ${id}`, type: 'CV' as const, air, surface: 1, hull: 4 });

export function scenario(k: Knobs = {}): ScenarioInput {
  const tfaSide = k.tfaSide ?? 'japanese';
  const tfzSide: 'allied' | 'japanese' = tfaSide === 'japanese' ? 'allied' : 'japanese';
  return {
    id: 'test-intercept',
    name: 'Test intercept',
    year: k.year ?? 1942,
    map: { width: 7, height: 5 },
    tfaSide,
    tfa: {
      id: 'tfa-force',
      name: 'Force A',
      hex: { col: 0, row: 2 },
      movement: 6,
      morale: k.tfaMorale ?? 4,
      main: [...((k.tfaAir ?? 8) > 0 ? [carrier('a-cv', k.tfaAir ?? 8)] : []), { id: 'a-bb', name: 'Battleship Alpha', type: 'BB', surface: 6, hull: 5 }],
      screen: [
        { id: 'a-ca', name: 'Cruiser Alpha', type: 'CA', surface: 3, hull: 3 },
        { id: 'a-dd', name: 'Destroyer Alpha', type: 'DD', surface: 1, asw: 2, hull: 1 },
      ],
      reserve: k.tfaReserve ? [{ id: 'a-ap', name: 'Transport Alpha', type: 'AP', hull: 1 }] : [],
      submarines: k.tfaSubs ? [{ id: 'a-ss', name: 'Submarine Alpha', type: 'SS', surface: 2, hull: 1 }] : [],
    },
    tfz: {
      id: 'tfz-force',
      name: 'Force Z',
      hex: { col: 4, row: 2 },
      morale: k.tfzMorale ?? 4,
      main: [...((k.tfzAir ?? 8) > 0 ? [carrier('z-cv', k.tfzAir ?? 8)] : []), { id: 'z-bb', name: 'Battleship Zulu', type: 'BB', surface: 6, hull: 5 }],
      screen: [
        { id: 'z-ca', name: 'Cruiser Zulu', type: 'CA', surface: 3, hull: 3 },
        { id: 'z-dd', name: 'Destroyer Zulu', type: 'DD', surface: 1, asw: 2, hull: 1 },
      ],
      submarines: k.tfzSubs ? [{ id: 'z-ss', name: 'Submarine Zulu', type: 'SS', surface: 2, hull: 1 }] : [],
    },
    bases: [
      { id: 'base-a', name: 'Base A', hex: { col: 0, row: 0 }, side: tfaSide, size: 'major' },
      { id: 'base-z', name: 'Base Z', hex: { col: 6, row: 4 }, side: tfzSide, size: 'major' },
    ],
    markers: [
      ...(k.markers ?? [1, 1, 1]).map((value, i) => ({ id: `m${i}`, name: `Marker ${i}`, hex: { col: 0, row: 4 }, value, zone: tfaSide })),
      ...(k.tfzMarkers ?? []).map((value, i) => ({ id: `z${i}`, name: `Zulu marker ${i}`, hex: { col: 6, row: 0 }, value, zone: tfzSide })),
    ],
    mission: k.mission ?? { kind: 'reach', hexes: [{ col: 6, row: 2 }], text: 'reach hex 6,2 beyond TFZ', points: 4, deniedPoints: 4 },
    initiativeCost: k.initiativeCost ?? 1,
    ...(k.refuelCost !== undefined ? { refuelCost: k.refuelCost } : {}),
    maxInitiatives: k.maxInitiatives ?? 2,
  };
}

/** Every enemy ship id and name of a scenario, by the side that must never see them. */
export function secretsOf(sc: ScenarioInput): Record<'allied' | 'japanese', string[]> {
  const names = (tf: ScenarioInput['tfz']) => [...(tf.main ?? []), ...(tf.screen ?? []), ...(tf.reserve ?? []), ...(tf.submarines ?? [])].flatMap((sh) => [sh.id, sh.name]);
  const tfzSide = sc.tfaSide === 'japanese' ? 'allied' : 'japanese';
  return { [sc.tfaSide]: names(sc.tfz), [tfzSide]: names(sc.tfa) } as Record<'allied' | 'japanese', string[]>;
}

export class PlanError extends Error {}

export interface Plan {
  /** Initiatives TFA begins (then it closes the operations phase). */
  initiatives?: number;
  /** Choices by chart step; a list is used in order, one entry per time the step comes up. */
  decide?: Partial<Record<string, string | string[]>>;
  /** Step 2: move adjacent (default) or stay two hexes off (1944–45). */
  approach?: 'adjacent' | 'two-hexes';
  /** After step 6: redeploy to this hex instead of a 'decide' choice. */
  redeployTo?: { col: number; row: number };
  /** Allocations: 'strike' = all strike (default for the striker), 'cap' = all CAP (default for the defender). */
  alloc?: Partial<Record<Role, 'strike' | 'cap' | Allocation>>;
  /** TFA's movement, per initiative: 'chase' (toward TFZ, stop in its hex; default) or 'stop'. */
  move?: ('chase' | 'stop' | 'withdraw' | 'away-then-chase')[];
  /** 6 / B2: launch an immediate second strike when offered (default: decline). */
  second?: boolean;
  /** B4 after sighting from the adjacent hex (B4: 'adjacent'): strike (default) or not. */
  b4Strike?: boolean;
  /** Between initiatives: refuel when offered. */
  refuel?: { tfa?: boolean; tfz?: boolean[] };
}

export function planned(plan: Plan): Policy {
  const used: Record<string, number> = {};
  let tfzRefuels = 0;
  const wentAway = new Set<number>();
  return (m: Match, side: string, prompt: Prompt<EwrAction>) => {
    const s = game(m);
    const has = (t: string) => prompt.actions.find((a) => a.type === t);
    switch (prompt.kind) {
      case 'refuel':
        return plan.refuel?.tfz?.[tfzRefuels++] ? has('refuel') : has('skip-refuel');
      case 'initiative':
        if (plan.refuel?.tfa && has('refuel')) return has('refuel');
        return s.history.length < (plan.initiatives ?? 1) && has('begin-initiative') ? has('begin-initiative') : has('end-operations');
      case 'move': {
        const how = plan.move?.[s.initiative!.number - 1] ?? 'chase';
        if (how === 'withdraw') return has('withdraw');
        const d = distance(s.scenario.map, s.tf.tfa.hex, s.tf.tfz.hex);
        const n = s.initiative!.number;
        if (how === 'away-then-chase' && d >= 3) wentAway.add(n);
        const away = how === 'away-then-chase' && !wentAway.has(n);
        if (how === 'stop' || (d === 0 && !away) || s.tf.tfz.offMap) return has('end-initiative');
        let best: EwrAction | undefined;
        let bestD = Infinity;
        for (const a of prompt.actions) {
          if (a.type !== 'move') continue;
          const nd = distance(s.scenario.map, a.to, s.tf.tfz.hex) * (away ? -1 : 1);
          if (nd < bestD) [best, bestD] = [a, nd];
        }
        return best ?? has('end-initiative');
      }
      case 'approach': {
        const want = plan.approach === 'two-hexes' ? 2 : 1;
        return prompt.actions.find((a) => a.type === 'approach' && distance(s.scenario.map, a.to, s.tf.tfa.hex) === want);
      }
      case 'second-strike':
        return (plan.second && choose(prompt, 'second-strike')) || choose(prompt, 'decline');
      case 'strike-or-not':
        return ((plan.b4Strike ?? true) && choose(prompt, 'airstrike')) || choose(prompt, 'decline');
      case 'allocate': {
        const role: Role = s.roles.tfa === side ? 'tfa' : 'tfz';
        const striker = s.strike!.striker === role;
        const how = plan.alloc?.[role] ?? (striker ? 'strike' : 'cap');
        const allocs = prompt.actions.filter((a): a is Extract<EwrAction, { type: 'allocate' }> => a.type === 'allocate');
        if (how === 'strike') return allocs.reduce((b, a) => (a.strike > b.strike ? a : b));
        if (how === 'cap') return allocs.reduce((b, a) => (a.cap > b.cap ? a : b));
        return allocs.find((a) => a.cap === how.cap && a.escort === how.escort && a.strike === how.strike);
      }
      default: {
        if (prompt.kind === 'sight-or-continue' && plan.decide?.B4 === 'adjacent') {
          return prompt.actions.find((a) => a.type === 'b4-adjacent') ?? choose(prompt, 'continue');
        }
        if (prompt.kind === 'after-strike' && plan.redeployTo) {
          return prompt.actions.find((a) => a.type === 'redeploy' && a.to.col === plan.redeployTo!.col && a.to.row === plan.redeployTo!.row);
        }
        const step = (prompt.actions.find((a) => a.type === 'decide') as { step: string } | undefined)?.step;
        if (!step) return undefined;
        const want = plan.decide?.[step];
        if (want === undefined) return undefined;
        const n = used[step] ?? 0;
        used[step] = n + 1;
        const choice = Array.isArray(want) ? want[Math.min(n, want.length - 1)] : want;
        const found = prompt.actions.find((a) => a.type === 'decide' && a.choice === choice);
        if (!found) throw new PlanError(`plan: "${choice}" is not offered at ${step} (${prompt.actions.map((a) => JSON.stringify(a)).join(' ')})`);
        return found;
      }
    }
  };
}

/** Is `sub` a subsequence of `list`? */
export function inOrder(list: readonly string[], sub: readonly string[]): boolean {
  let i = 0;
  for (const x of list) if (x === sub[i]) i++;
  return i === sub.length;
}

/**
 * Plays the plan with seeds `${tag}-0`, `${tag}-1`, … until the match walks `want` in order
 * (and none of `avoid`); returns that match. Throws if no seed of `tries` does.
 */
export function findMatch(
  sc: ScenarioInput,
  plan: Plan,
  want: string[],
  avoid: string[] = [],
  tag = want.join('|'),
  tries = 400,
  also: (m: Match) => boolean = () => true,
  policy: (plan: Plan) => Policy = planned,
): Match {
  for (let i = 0; i < tries; i++) {
    const m = newMatch({ scenario: sc }, `${tag}-${i}`);
    try {
      play(m, policy(plan));
    } catch (e) {
      if (e instanceof PlanError) continue; // the dice made the plan impossible (a carrier sunk, …): next seed
      throw e;
    }
    const w = walked(m);
    if (inOrder(w, want) && !avoid.some((a) => w.includes(a)) && also(m)) return m;
  }
  throw new Error(`no seed of ${tries} walks ${want.join(' → ')}`);
}

/** A seeded random policy that prefers moving and fighting (so encounters happen) but sometimes stops. */
export function randomPolicy(seed: number): Policy {
  let x = (seed * 2654435761) >>> 0;
  const pick = (n: number) => {
    x = (Math.imul(x ^ (x >>> 15), 2246822519) + 374761393) >>> 0;
    return (x >>> 8) % n;
  };
  return (_m, _side, p) => {
    const acts = p.actions.filter((a) => a.type !== 'end-operations' && a.type !== 'end-initiative' && a.type !== 'withdraw');
    const list = acts.length && pick(12) > 0 ? acts : p.actions;
    return list[pick(list.length)];
  };
}
