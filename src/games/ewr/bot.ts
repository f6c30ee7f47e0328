/**
 * A plausible player of East Wind Rain's intercept procedure (issue #42): it sees only its
 * seat's view and prompt, and keeps no memory between decisions (a bot seat is made afresh
 * for each step). As TFA it plays to its mission: it begins initiatives until the mission is
 * achieved, sails for the mission's hexes by the shortest way, refuels when it must, avoids a
 * fight it cannot start from the air, and strikes when it has sighted with aircraft; with its
 * mission achieved and nothing lost it plays on, hunting TFZ with its initiatives left. As TFZ
 * it hunts while its TF is fit to fight — intercepting, closing, sighting, striking and
 * engaging TFA — and evades once it is badly hurt (declines, stays or retreats).
 */
import { Rng, seedState } from '../../engine';
import type { Bot, BotTurn } from '../../bots';
import type { EwrAction } from './actions';
import { distance, type HexRef, type MapSize } from './hex';
import type { EwrView, OwnTfView } from './view';

type Decide = Extract<EwrAction, { type: 'decide' }>;
type Allocate = Extract<EwrAction, { type: 'allocate' }>;

/** The share of its hull a TF may have lost and still seek a fight. */
export const FIT = 0.5;

/** Hull lost, as a share of the TF's whole hull (submarines left aside). */
export function hurt(tf: OwnTfView): number {
  const ships = [...tf.parts.main, ...tf.parts.screen, ...tf.parts.reserve];
  const hull = ships.reduce((n, sh) => n + sh.hull, 0);
  const lost = ships.reduce((n, sh) => n + (sh.sunk ? sh.hull : Math.min(sh.hits, sh.hull)), 0);
  return hull === 0 ? 1 : lost / hull;
}

/** How far `h` is from doing the mission: 0 where an initiative ending there achieves it. */
function missionGap(v: EwrView, h: HexRef): number {
  const m = v.mission;
  const map: MapSize = v.scenario.map;
  const d = Math.min(...m.hexes.map((x) => distance(map, x, h)));
  return m.kind === 'strike' ? Math.max(0, d - 2) : d;
}

/**
 * With its mission achieved, does TFA play on to hunt TFZ? Only while its side has lost nothing
 * (no hit taken, no air factor shot down: the public tally) and it has air or surface factors to
 * fight with: the mission's points are kept whatever follows, so another fight can only add the
 * enemy's ships to them, and a TF the enemy has already hurt banks what it has instead.
 */
export function huntsOn(v: EwrView, tf: OwnTfView): boolean {
  return tf.factors.air + tf.factors.surface > 0 && !tf.retreating && v.losses[tf.side] === 0;
}

/**
 * TFA's hunt after its mission: toward TFZ's hex while it knows it (to the adjacent hex, from
 * where it sights at B4), else toward the enemy's nearest base, where TFZ works from. Undefined
 * when no move closes (it then ends the initiative).
 */
function hunt(v: EwrView, here: HexRef, acts: EwrAction[]): EwrAction | undefined {
  const map: MapSize = v.scenario.map;
  const enemy = (v.tfs[v.you === 'tfa' ? 'tfz' : 'tfa'] as { hex: HexRef | null } | undefined)?.hex ?? null;
  const enemySide = v.roles[v.you === 'tfa' ? 'tfz' : 'tfa'];
  const goals = enemy ? [enemy] : v.scenario.bases.filter((b) => b.side === enemySide).map((b) => b.hex);
  if (goals.length === 0) return undefined;
  const gap = (h: HexRef) => Math.min(...goals.map((g) => distance(map, g, h)));
  const want = enemy ? 1 : 0;
  if (gap(here) <= want) return undefined;
  const moves = acts.filter((a): a is Extract<EwrAction, { type: 'move' }> => a.type === 'move');
  const best = [...moves].sort((a, b) => gap(a.to) - gap(b.to))[0];
  return best && gap(best.to) < gap(here) && gap(best.to) >= want ? best : undefined;
}

export function plausibleBot(seed: string): Bot<EwrAction> {
  const rng = new Rng(seedState(seed, 'bot'));
  return {
    name: 'plausible',
    choose({ view, prompt }: BotTurn<EwrAction>): EwrAction {
      const v = view as EwrView;
      const acts = prompt.actions;
      const me = v.you ? (v.tfs[v.you] as OwnTfView | undefined) : undefined;
      const isTfa = v.you === 'tfa';
      const fit = !!me && hurt(me) < FIT;
      const air = me?.factors.air ?? 0;
      const surface = me?.factors.surface ?? 0;
      const choice = (...prefs: Decide['choice'][]): EwrAction | undefined => {
        for (const c of prefs) {
          const a = acts.find((x) => x.type === 'decide' && x.choice === c);
          if (a) return a;
        }
        return undefined;
      };
      const first = <T extends EwrAction['type']>(t: T) => acts.find((a) => a.type === t) as Extract<EwrAction, { type: T }> | undefined;

      switch (prompt.kind) {
        case 'initiative': {
          // TFA: on until the mission is done; a TF that may not begin refuels if it can. With the
          // mission done, a TF still fit and armed plays on to hunt TFZ for its ships' points (a
          // longer line that wins more); a hurt one banks what it has and closes the phase.
          if (v.mission.achieved) return (me && huntsOn(v, me) ? first('begin-initiative') : undefined) ?? first('end-operations') ?? acts[0]!;
          return first('begin-initiative') ?? first('refuel') ?? acts[0]!;
        }
        case 'refuel':
          // TFZ retreating: back into port to be able to intercept again.
          return first('refuel') ?? acts[0]!;
        case 'move': {
          const here = me?.hex;
          if (!here) return first('end-initiative') ?? acts[0]!;
          if (v.mission.achieved) return (me && huntsOn(v, me) ? hunt(v, here, acts) : undefined) ?? first('end-initiative') ?? acts[0]!;
          // Badly hurt with the mission far off: withdraw rather than be sunk on the way.
          if (!fit && missionGap(v, here) > 1) return first('withdraw') ?? acts[0]!;
          if (missionGap(v, here) === 0) return first('end-initiative') ?? acts[0]!;
          const moves = acts.filter((a): a is Extract<EwrAction, { type: 'move' }> => a.type === 'move');
          // The move that closes on the mission most; among equals, one away from a TFZ it knows of.
          const enemy = (v.tfs.tfz as { hex: HexRef | null } | undefined)?.hex ?? null;
          const score = (to: HexRef) => missionGap(v, to) * 10 - (enemy && air === 0 ? Math.min(3, distance(v.scenario.map, enemy, to)) : 0);
          const best = [...moves].sort((a, b) => score(a.to) - score(b.to))[0];
          if (best && missionGap(v, best.to) < missionGap(v, here)) return best;
          return first('end-initiative') ?? acts[0]!;
        }
        case 'intercept':
          // TFZ hunts while fit, and evades once badly hurt.
          return (fit && (air > 0 || surface > 0) ? choice('intercept') : undefined) ?? choice('decline')!;
        case 'approach': {
          const approaches = acts.filter((a): a is Extract<EwrAction, { type: 'approach' }> => a.type === 'approach');
          const tfa = (v.tfs.tfa as { hex: HexRef | null } | undefined)?.hex ?? null;
          if (!tfa) return approaches[0] ?? acts[0]!;
          // With aircraft and the 1944–45 option, strike from two hexes off; else close to the adjacent hex.
          const want = air > 0 && air >= surface && v.scenario.year >= 1944 ? 2 : 1;
          return (
            approaches.find((a) => distance(v.scenario.map, a.to, tfa) === want) ?? approaches.find((a) => distance(v.scenario.map, a.to, tfa) === 1) ?? approaches[0] ?? acts[0]!
          );
        }
        case 'sight-or-enter':
          // Without aircraft only a surface fight hurts TFA: enter its hex when strong enough on the surface.
          return (air === 0 && surface > 0 ? choice('enter') : undefined) ?? choice('sight')!;
        case 'strike-or-surface':
          // From the air first (the enemy cannot shoot back at a strike it does not countersight).
          return (air > 0 ? choice('airstrike') : undefined) ?? choice('surface', 'airstrike')!;
        case 'after-strike': {
          // TFZ: fight on on the surface while fit and strong there; otherwise stay in the area (or retreat, hurt).
          if (fit && surface > 0) {
            const s = choice('surface');
            if (s) return s;
          }
          return (fit ? choice('stay') : choice('retreat')) ?? choice('stay', 'retreat') ?? acts[0]!;
        }
        case 'sight-first':
          // TFA (A2): try to sight first when it can strike.
          return (air > 0 ? choice('sight') : undefined) ?? choice('pass')!;
        case 'sight-or-continue':
          // TFA (B4): on with the mission, unless its aircraft can strike TFZ first.
          return (air > 0 && fit ? choice('sight') : undefined) ?? choice('continue')!;
        case 'strike-or-not':
          return (air > 0 ? choice('airstrike') : undefined) ?? choice('decline')!;
        case 'second-strike':
          // TFA keeps its ERs for its mission; TFZ strikes again while it may.
          return (!isTfa || v.mission.achieved ? choice('second-strike') : undefined) ?? choice('decline')!;
        case 'allocate':
          return (
            allocate(
              acts.filter((a): a is Allocate => a.type === 'allocate'),
              rng,
            ) ?? acts[0]!
          );
        default:
          return acts[0]!;
      }
    },
  };
}

/**
 * The secret allocation (XI.H.1.c): about a third of the air flies escort and the rest
 * strikes (a striker), or half flies CAP and half strikes back (a countersighting target).
 * A little noise keeps it from being read off the table.
 */
function allocate(options: Allocate[], rng: Rng): Allocate | undefined {
  if (options.length <= 1) return options[0];
  const air = options[0]!.cap + options[0]!.escort + options[0]!.strike;
  const striker = options.every((a) => a.strike > 0);
  const jitter = rng.int(0, 1);
  const target: { cap: number; escort: number } = striker
    ? { cap: 0, escort: Math.min(air - 1, Math.floor(air / 3) + jitter) }
    : { cap: Math.min(air, Math.ceil(air / 2) + jitter), escort: 0 };
  const cost = (a: Allocate) => Math.abs(a.cap - target.cap) + Math.abs(a.escort - target.escort);
  return [...options].sort((a, b) => cost(a) - cost(b))[0];
}
