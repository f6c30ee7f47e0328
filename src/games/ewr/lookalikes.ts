/**
 * What a viewer of East Wind Rain cannot tell apart (for the fog harness, docs/fog.md),
 * read from the hex-knowledge, allocation and loss rulings (RULINGS.md), not from view.ts:
 *
 * - the enemy TF's hex while the viewer may not know it: any other hex at the same
 *   distance from the viewer's own TF (a side knows the enemy's hex adjacent or in the
 *   same hex, TFZ knows TFA's within two hexes, and a sighting tells it for as long as the
 *   TF stays); for the spectator, who sees what both sides know, a TF whose enemy does not
 *   know its hex in a way its own side knows of (TFZ watching TFA from two hexes is TFZ's alone);
 * - which enemy ships took the hits (the public learns how many, the owner which), as
 *   long as no ship sinks or comes back afloat by it;
 * - the enemy's sealed allocation (XI.H.1.c) before the reveal: any other it could have made.
 */
import { SPECTATOR, type Lookalike, type Viewer } from '../../engine';
import { allHexes, distance, hexKey, sameHex, type HexRef } from './hex';
import { ewr } from '.';
import { friendlyBaseNear, inPlay, otherRole, ROLES, type EwrState, type Role } from './state';

/** May the side playing `r` know where the enemy TF is, by the rulings (not by view.ts)? A TF with nothing afloat watches nothing. */
function mayKnowEnemyHex(s: EwrState, r: Role): boolean {
  const e = otherRole(r);
  if (!inPlay(s, r)) return false;
  const d = distance(s.scenario.map, s.tf[r].hex, s.tf[e].hex);
  if (d <= 1 || (r === 'tfz' && d <= 2)) return true;
  return s.enc.sightedAt[r] !== null;
}

/** May the spectator know where `target` is, by the rulings: both sides know it, each knowing the other does (adjacent, same hex, sighted). */
function everyoneMayKnow(s: EwrState, target: Role): boolean {
  if (!inPlay(s, otherRole(target))) return false;
  const d = distance(s.scenario.map, s.tf.tfa.hex, s.tf.tfz.hex);
  return d <= 1 || s.enc.sightedAt[otherRole(target)] !== null;
}

function moveTf(s: EwrState, target: Role, from: Role, pick: (n: number) => number, spectator = false): Lookalike<EwrState>[] {
  const tf = s.tf[target];
  // A retreating TF sits at the base it retreated to, which its enemy may work out.
  if (tf.offMap || tf.retreating || s.tf[from].offMap) return [];
  const d = distance(s.scenario.map, s.tf[from].hex, tf.hex);
  // A friendly base in or next to a hex changes what the TF may do there (refuelling, sighting): keep it alike.
  const bases = (h: HexRef) => [0, 1].map((n) => friendlyBaseNear(s, s.roles[target], h, n)).join();
  const others = allHexes(s.scenario.map).filter((h) => !sameHex(h, tf.hex) && distance(s.scenario.map, s.tf[from].hex, h) === d && bases(h) === bases(tf.hex));
  if (others.length === 0) return [];
  const to = others[pick(others.length)]!;
  return [
    {
      what: `${target.toUpperCase()} at ${hexKey(to)} instead of ${hexKey(tf.hex)} (the same distance from ${from.toUpperCase()})`,
      apply: (x) => {
        x.tf[target].hex = { ...to };
        return x;
      },
      revealedIn: (x) => (spectator ? everyoneMayKnow(x, target) : mayKnowEnemyHex(x, from)) || x.tf[target].offMap || x.tf[from].offMap,
    },
  ];
}

function moveHit(s: EwrState, e: Role, pick: (n: number) => number): Lookalike<EwrState>[] {
  const ships = (['main', 'screen', 'reserve', 'submarines'] as const).flatMap((p) => s.scenario[e][p]);
  const st = s.tf[e].ships;
  const from = ships.filter((sh) => st[sh.id]!.hits >= 1 && st[sh.id]!.hits < sh.hull);
  const to = ships.filter((sh) => st[sh.id]!.hits + 1 < sh.hull);
  const pairs = from.flatMap((a) => to.filter((b) => b.id !== a.id && (a.type === 'SS') === (b.type === 'SS')).map((b) => [a, b] as const));
  if (pairs.length === 0) return [];
  const [a, b] = pairs[pick(pairs.length)]!;
  return [
    {
      what: `a hit on ${e.toUpperCase()}'s ${a.id} moved to ${b.id}`,
      apply: (x) => {
        x.tf[e].ships[a.id]!.hits--;
        x.tf[e].ships[b.id]!.hits++;
        return x;
      },
    },
  ];
}

function otherAllocation(s: EwrState, e: Role, pick: (n: number) => number): Lookalike<EwrState>[] {
  const mine = s.strike?.alloc[e];
  if (!s.strike || !mine) return [];
  const before = structuredClone(s);
  delete before.strike!.alloc[e];
  const choices = (ewr.prompt(before, s.roles[e])?.actions ?? []).filter(
    (a) => a.type === 'allocate' && (a.cap !== mine.cap || a.escort !== mine.escort || a.strike !== mine.strike),
  );
  if (choices.length === 0) return [];
  const c = choices[pick(choices.length)]! as { cap: number; escort: number; strike: number };
  return [
    {
      what: `${e.toUpperCase()}'s sealed allocation CAP ${c.cap}, escort ${c.escort}, strike ${c.strike} instead of ${mine.cap}/${mine.escort}/${mine.strike}`,
      apply: (x) => {
        x.strike!.alloc[e] = { cap: c.cap, escort: c.escort, strike: c.strike };
        return x;
      },
    },
  ];
}

export function ewrLookalikes(s: EwrState, viewer: Viewer, pick: (n: number) => number): Lookalike<EwrState>[] {
  if (s.phase === 'over') return [];
  const out: Lookalike<EwrState>[] = [];
  for (const e of ROLES) {
    if (s.roles[e] === viewer) continue;
    const r = otherRole(e);
    // The spectator knows a TF's hex once both sides do; a side, by the rulings above.
    const spectator = viewer === SPECTATOR;
    if (spectator ? !everyoneMayKnow(s, e) : !mayKnowEnemyHex(s, r)) out.push(...moveTf(s, e, r, pick, spectator));
    out.push(...moveHit(s, e, pick), ...otherAllocation(s, e, pick));
    if (viewer !== SPECTATOR) break;
  }
  return out;
}
