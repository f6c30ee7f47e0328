/**
 * A plausible player of Sky, Sea, and JUNGLE for tests and benchmarks: it sees only its
 * view and prompt. It keeps slow ships home unless they carry troops to Guadalcanal,
 * sends a surface force, submarines and recon into the Slot, attacks with submarines
 * only where it can pick its target (Day and Day and Night groups), and lands its troops
 * on Guadalcanal. The Japanese fly their naval air aboard their carriers at the deployment
 * and sail them into the South Pacific by day, to strike the Slot and Guadalcanal.
 */
import { Rng, seedState } from '../../engine';
import type { Bot, BotTurn } from '../../bots';
import type { SsjAction } from './actions';
import type { Side } from './data/types';
import type { SsjView, UnitFace } from './view';

const VALUE: Record<string, number> = { CV: 9, CVL: 7, CVE: 5, SBB: 8, BB: 8, BC: 7, B: 6, CA: 5, CL: 4, CLAA: 4, TR: 4, DL: 3, DD: 3 };
const SURFACE_FORCE = 6;
const CARRIERS = ['CV', 'CVL', 'CVE'];

export function plausibleBot(seed: string): Bot<SsjAction> {
  const rng = new Rng(seedState(seed, 'bot'));
  const pick = <T>(xs: T[]): T => xs[rng.int(0, xs.length - 1)]!;

  return {
    name: 'plausible',
    choose({ side, view, prompt }: BotTurn<SsjAction>): SsjAction {
      const v = view as SsjView;
      const acts = prompt.actions;
      // The actions by type, and own units by id, each gathered once a decision (a deployment offers hundreds).
      const byType = new Map<string, SsjAction[]>();
      // A prompt offers its actions in runs of one type (a deployment: each ship's steps, then the loads, the recons):
      // the list of the run's type is kept at hand, and the map read only where the type changes.
      let runType: string | undefined;
      let run: SsjAction[] = [];
      for (const a of acts) {
        if (a.type !== runType) {
          runType = a.type;
          const list = byType.get(runType);
          if (list) run = list;
          else byType.set(runType, (run = []));
        }
        run.push(a);
      }
      const of = <K extends SsjAction['type']>(t: K) => (byType.get(t) ?? []) as Extract<SsjAction, { type: K }>[];
      const done = of('done')[0];
      const mine = v.sides[side as Side].units;
      const unit = (id: string) => ownUnit(mine, id);

      // A ship knocked out at sea is repaired at the first place offered (Rabaul, Espiritu Santo: the nearer base).
      const repair = of('repair');
      if (repair.length) return repair[0]!;
      switch (prompt.kind) {
        case 'early-activation':
          return of('early-activation').find((a) => !a.roll)!;
        case 'allied-reinforcements': {
          const place = of('place');
          if (place.length) return place.find((a) => a.base === 'espiritu-santo') ?? place[0]!;
          const picks = v.sides.allied.picks;
          for (const slot of ['cruiser', 'other'] as const) {
            const options = of('pick').filter((a) => a.slot === slot);
            if (picks && !picks[slot] && options.length) return options[0]!;
          }
          return done ?? acts[0]!;
        }
        case 'magic':
          return of('magic')[0]!;
        case 'japanese-deployment':
        case 'allied-deployment':
          return deploy(side as Side, mine, acts, of, unit, v.sides.allied.airSupply ?? {}) ?? done!;
        case 'submarines': {
          // A damaged ship of its own goes home (VI.D): the first place offered.
          const home = of('return');
          if (home.length) return home[0]!;
          const targets = [...of('sub-target')];
          if (targets.length) {
            const faced = targets.filter((a): a is { type: 'sub-target'; ship: string } => a.ship !== undefined);
            if (faced.length) {
              const faces = Object.values(v.sides[side === 'allied' ? 'japanese' : 'allied'].faces);
              const worth = (id: string) => VALUE[faces.find((f) => f.id === id)?.cls ?? ''] ?? 0;
              return faced.sort((a, b) => worth(b.ship) - worth(a.ship))[0]!;
            }
            return pick(targets);
          }
          const enemyGroups = v.sides[side === 'allied' ? 'japanese' : 'allied'].groups;
          const good = of('sub-attack').filter((a) => enemyGroups.find((g) => g.id === a.group)?.box !== 'night');
          if (good.length) return pick(good);
          return of('sub-pass')[0] ?? done!;
        }
        case 'combat': {
          const lands = of('land');
          return lands.find((a) => a.base === 'guadalcanal') ?? lands[0]!;
        }
        case 'air-morning':
        case 'carrier-strikes':
        case 'counterattack':
        case 'air-afternoon': {
          // Carrier air in the air lands on its own carrier when it can, else on the first place offered.
          const land = of('air-land');
          if (land.length) return land[0]!;
          const aims = of('air-target');
          if (aims.length) {
            // The most valuable ship, the heavily damaged first among equals (they are hit with +1).
            const faces = Object.values(v.sides[side === 'allied' ? 'japanese' : 'allied'].faces);
            const worth = (id: string) => {
              const f = faces.find((x) => x.id === id);
              return (VALUE[f?.cls ?? ''] ?? 0) + (f?.damage === 'HD' ? 2 : 0);
            };
            return [...aims].sort((a, b) => worth(b.ship) - worth(a.ship))[0]!;
          }
          // Every air unit strikes once: ships at sea first, then airfields, then troops, then harbours.
          const rank = (a: SsjAction) => (a.type === 'air-strike' ? 0 : a.type === 'air-raid' ? ({ air: 1, ground: 2, harbour: 3 } as const)[a.target] : 9);
          const strikes = acts.filter((a) => a.type === 'air-strike' || a.type === 'air-raid').sort((a, b) => rank(a) - rank(b));
          return strikes[0] ?? done!;
        }
        case 'bombard-day':
        case 'bombard-night':
          // Shell the enemy airfields first, then his troops.
          return of('bombard').find((a) => a.target === 'air') ?? of('bombard')[0] ?? done!;
        case 'after-midnight': {
          // Sail only against an enemy no bigger than the task force (by the count of its face-down pieces).
          const enemyGroups = v.sides[side === 'allied' ? 'japanese' : 'allied'].groups;
          const ownGroups = v.sides[side as Side].groups;
          const go = of('after-midnight').find((a) => {
            const mineSize = ownGroups.find((g) => g.id === a.group)?.size ?? 0;
            const theirs = enemyGroups.filter((g) => g.area === a.area && g.box !== 'day').reduce((n, g) => n + g.size, 0);
            return mineSize >= theirs + 1;
          });
          return go ?? done!;
        }
        case 'withdrawal': {
          // A carrier at sea with no air aboard only waits to be sunk: send it home.
          const flying = new Set(mine.filter((u) => u.place.at === 'aboard').map((u) => (u.place as { ship: string }).ship));
          return of('withdraw-ship').find((a) => ['CV', 'CVL', 'CVE'].includes(unit(a.ship)?.cls ?? '') && !flying.has(a.ship)) ?? done!;
        }
        case 'day-only':
          return done!;
        case 'day-landings':
          // Land by day on Guadalcanal (what lands now cannot be lost with its ship at night).
          return of('land').find((a) => a.base === 'guadalcanal') ?? done!;
        case 'pt-boats':
          return of('pt-attack')[0] ?? done!;
        case 'day-combat':
        case 'day-end-combat':
        case 'night-combat':
          return nightBattle(side as Side, v, acts, of, rng) ?? acts[0]!;
        case 'ground-combat': {
          // Attack with everything at 3:2 or better (the table's first column where a 4+ costs fewer than it kills); otherwise hold.
          const attacks = of('ground-attack');
          const base = attacks[0]?.base ?? of('ground-pass')[0]?.base;
          const enemy = v.sides[side === 'allied' ? 'japanese' : 'allied'].hidden.filter((p) => p.place.at === 'base' && p.place.base === base && p.place.box === 'land').length;
          const all = attacks[attacks.length - 1];
          if (all && enemy > 0 && all.units * 2 >= enemy * 3) return all;
          return of('ground-pass')[0] ?? acts[0]!;
        }
        case 'return':
          return of('return')[0] ?? of('embark')[0] ?? of('pt-slot')[0] ?? done!;
        default:
          return acts.find((a) => a.type !== 'recall') ?? acts[0]!;
      }
    },
  };
}

/** Night battle: open with torpedoes when it can, spread the fire, fight on while not outnumbered. */
function nightBattle(side: Side, v: SsjView, acts: SsjAction[], of: Of, rng: Rng): SsjAction | undefined {
  const b = v.battle;
  if (!b) return undefined;
  const engage = of('battle-engage');
  if (engage.length) {
    // VI.F.1.c: engage by day when its pieces there are at least as many as the enemy's; pursued, it fights for its slow ships.
    const count = (sd: Side) => v.sides[sd].groups.filter((g) => g.area === b.area && g.box !== 'night').reduce((n, g) => n + g.size, 0);
    const strong = count(side) >= count(side === 'allied' ? 'japanese' : 'allied');
    return engage.find((a) => a.engage === (b.step === 'pursuit' || strong));
  }
  // A damaged ship costs the task force its surprise: set it aside first.
  const aside = acts.find((a) => a.type === 'set-aside');
  if (aside) return aside;
  const done = acts.find((a) => a.type === 'done');
  if (done) return done;
  const open = of('battle-open');
  if (open.length) return open.find((a) => a.first === 'torpedoes') ?? open[0];
  const torpedo = of('torpedo');
  if (torpedo.length) {
    // The big ships are above the line: aim there first.
    const enemy = b[side === 'allied' ? 'japanese' : 'allied'];
    return torpedo.find((a) => enemy.above.includes(a.piece)) ?? torpedo[0];
  }
  const wild = of('wild-target');
  if (wild.length) return wild[rng.int(0, wild.length - 1)];
  const spread = acts.find((a) => a.type === 'fire-spread');
  if (spread) return spread;
  if (of('battle-continue').length) {
    const mine = b[side];
    const enemy = b[side === 'allied' ? 'japanese' : 'allied'];
    const myUnits = v.sides[side].units;
    const able = mine.pieces.filter((id) => {
      const u = myUnits.find((x) => x.id === id);
      return u && u.damage !== 'HD' && !['CV', 'CVL', 'CVE', 'TR'].includes(u.cls ?? '');
    }).length;
    const theirs = enemy.pieces.length - enemy.heldBack.length;
    return able >= theirs && b.round < 4 ? of('battle-continue')[0] : of('battle-withdraw')[0];
  }
  return of('battle-tf')[0] ?? of('battle-row')[0];
}

type DeployStep = Extract<SsjAction, { type: 'deploy' }>;

/**
 * Of the steps that pass `test`, the first that joins a group at sea, else the first (a new group);
 * undefined if none passes. The bot's cheap tests (sea area, box) come first in `test`: a deployment
 * offers hundreds of steps.
 */
function joinOrNew(steps: readonly DeployStep[], test: (a: DeployStep) => boolean): DeployStep | undefined {
  let first: DeployStep | undefined;
  for (const a of steps) {
    if (!test(a)) continue;
    if (a.group !== 'new') return a;
    first ??= a;
  }
  return first;
}

type Of = <K extends SsjAction['type']>(t: K) => Extract<SsjAction, { type: K }>[];

/**
 * Where each unit id was last found in a side's array of faces: a side's view lists its units in
 * the counter sheet's fixed order, so a unit is at the same position in every view of it. A
 * look-up checks the id found there and searches the array only when it is not (the first time,
 * or another order), so it always finds the unit with that id (ids are unique in a side's view);
 * a deployment's hundreds of look-ups a decision had each built a map of the side's ~150 units.
 */
const POSITION = new Map<string, number>();
function ownUnit(mine: readonly UnitFace[], id: string): UnitFace | undefined {
  const at = POSITION.get(id);
  if (at !== undefined && mine[at]?.id === id) return mine[at];
  const i = mine.findIndex((u) => u.id === id);
  if (i < 0) return undefined;
  POSITION.set(id, i);
  return mine[i];
}

function deploy(
  side: Side,
  mine: UnitFace[],
  acts: SsjAction[],
  of: Of,
  unit: (id: string) => UnitFace | undefined,
  airSupply: Readonly<Record<string, string>>,
): SsjAction | undefined {
  const atSea = mine.filter((u) => u.place.at === 'group');
  // Troops onto transports (a transport division carries 3).
  const load = of('load').find((a) => unit(a.ship)?.cls === 'TR');
  if (load) return load;
  // VI.A "the Japanese already have most of their Navy to use in AugII": their naval air flies aboard the carriers at its
  // base (as troops embark, RULINGS VI.A), and the carriers so loaded sail together into the South Pacific by day, whence
  // they strike the Slot and Guadalcanal (VI.F.1.b: never from the Slot itself).
  const carrierAir = new Set(mine.filter((u) => u.kind === 'air' && u.place.at === 'aboard').map((u) => (u.place as { ship: string }).ship));
  const strikeForce = side === 'japanese' ? (id: string) => carrierAir.has(id) && CARRIERS.includes(unit(id)?.cls ?? '') : () => false;
  if (side === 'japanese') {
    const aboard = of('load').find((a) => unit(a.unit)?.kind === 'air' && CARRIERS.includes(unit(a.ship)?.cls ?? ''));
    if (aboard) return aboard;
    const sail = joinOrNew(of('deploy'), (a) => a.area === 'SP' && a.box === 'day' && strikeForce(a.ship) && unit(a.ship)?.place.at === 'base');
    if (sail) return sail;
  }
  const loaded = new Set(mine.filter((u) => u.place.at === 'aboard').map((u) => (u.place as { ship: string }).ship));
  // Loaded transports sail for the Slot together.
  const convoy = joinOrNew(of('deploy'), (a) => a.area === 'SL' && a.box === 'daynight' && loaded.has(a.ship) && !strikeForce(a.ship));
  if (convoy) return convoy;
  // VI.G: B-17s fly supply to Guadalcanal, one for each 3 ground units there (before any flies recon).
  const onGuadalcanal = mine.filter((u) => u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'guadalcanal').length;
  const flying = Object.values(airSupply).filter((b) => b === 'guadalcanal').length;
  const supply = of('air-supply').find((a) => a.base === 'guadalcanal');
  if (supply && flying * 3 < onGuadalcanal) return supply;
  // Recon over the Slot.
  const recon = of('recon').find((a) => a.area === 'SL' && ['B-17', 'Betty'].includes(unit(a.unit)?.type ?? ''));
  if (recon) return recon;
  // Submarines each into the Slot's Night Only box.
  if (atSea.filter((u) => u.cls === 'SS').length < 2) {
    const sub = of('deploy').find((a) => a.group === 'new' && a.area === 'SL' && a.box === 'night' && unit(a.ship)?.cls === 'SS');
    if (sub) return sub;
  }
  // A surface force of fast warships into the Slot, Day and Night.
  const warships = atSea.filter((u) => u.cls !== 'SS' && u.cls !== 'TR');
  if (warships.length < SURFACE_FORCE) {
    const fast = of('deploy').filter((a) => {
      if (a.area !== 'SL' || a.box !== 'daynight') return false;
      const u = unit(a.ship);
      return u && !u.slow && !['SS', 'TR', 'CV', 'CVL', 'CVE'].includes(u.cls ?? '');
    });
    const join = fast.find((a) => a.group !== 'new' && !loaded.has(a.ship));
    if (join) return join;
    if (fast.length) return fast[0];
  }
  return undefined;
}
