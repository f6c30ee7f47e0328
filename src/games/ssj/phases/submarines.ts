/**
 * VI.D: each submarine in a sea area may attack one ship or division in one enemy group
 * of that area. A "Day Only" or "Day and Night" group is turned face up for the sub's
 * owner, who picks the target; a "Night Only" target is picked blindly among the face-down
 * pieces and resolved in secret (its owner alone learns the result). On a 1 the sub is
 * sunk instead if a destroyer is in the group; a Japanese sub also on a 2 with two
 * destroyers, or a destroyer and a carrier. Damaged ships return to base at once, where
 * their owner picks "to base (or to the back-to-Truk holding box)". The Japanese subs
 * attack first (RULINGS.md).
 *
 * RULING (VI.D, VII.A): a ship hit by a blind attack is gone at once for its owner (home to
 * the place he picks, or sunk), but its face-down piece stays in the Night Only group until
 * the phase ends, when VII.A's damage resolution takes every hit ship off the board alike;
 * a later blind pick of that piece finds nothing. So the attacker learns, at the end of the
 * phase, which pieces were hit, and never whether they were damaged or sunk.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { antiShipResult, antiShipShift, submarineSunk } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { destroyUnit, hitShip, resolveDamage } from '../damage';
import { BOX_NAMES } from '../deployment';
import { rollDetection } from '../detection';
import { after, decision, handTo } from '../flow';
import { placeName, sendHome } from '../home';
import { returnChoices } from '../routes';
import { A_SIDE, learn, other, SIDE_NAME, turnName, type SsjState } from '../state';
import { SHIP_BY_ID, isCarrier, isSub, unitName, unitsOf, own } from '../units';
import { change } from '../shared';
import { subRuleText, subTargetOdds } from '../odds';

type SubAction = Extract<SsjAction, { type: 'sub-attack' | 'sub-target' | 'sub-pass' | 'return' | 'done' }>;

/** Own submarines at sea that may still attack this turn. */
function readySubs(s: SsjState, side: Side): string[] {
  return unitsOf(s, side, 'ship')
    .filter((u) => isSub(u.id) && u.place.at === 'group' && !s.subsDone.includes(u.id))
    .map((u) => u.id);
}

const areaOfGroup = (s: SsjState, group: string) => s.groups[group]!.area;

export function subChoices(s: SsjState, side: Side): SubAction[] {
  const at = s.subAttack;
  if (at?.resolve) {
    if (at.resolve.owner !== side) return [];
    const ship = at.resolve.ship;
    if (!ship) return [{ type: 'done' }];
    return returnChoices(s, side, areaOfGroup(s, at.group)).map((to) => ({ type: 'return', ship, to }) as SubAction);
  }
  if (at) {
    const g = s.groups[at.group]!;
    if (g.box === 'night') {
      // Chosen blindly: any face-down piece, by its tag (a submarine picked this way is simply missed).
      return g.ships
        .map((id) => s.tags.of(id)!)
        .sort()
        .map((piece) => ({ type: 'sub-target', piece }) as SubAction);
    }
    return g.ships
      .filter((id) => !isSub(id))
      .sort()
      .map((ship) => ({ type: 'sub-target', ship }) as SubAction);
  }
  const out: SubAction[] = [];
  for (const sub of readySubs(s, side)) {
    const u = s.units.of(sub);
    const area = u.place.at === 'group' ? s.groups[u.place.group]!.area : null;
    const targets = Object.values(s.groups)
      .filter((g) => g.side !== side && g.area === area)
      .map((g) => g.id)
      .sort();
    for (const group of targets) out.push({ type: 'sub-attack', sub, group });
    out.push({ type: 'sub-pass', sub });
  }
  out.push({ type: 'done' });
  return out;
}

/**
 * Whether `side` has a submarine decision to make. RULING (VI.D "Each submarine in a sea area
 * may (if the owning player so wishes) attack"): a side is asked whenever one of its groups
 * shares a sea area with an enemy group — which everyone sees —, whether or not it has a
 * submarine there, and its decision ends only when it closes; its passes are private steps.
 * So neither the question, nor how long the answer takes, tells the other side how many
 * submarines it has at sea, nor which of its face-down pieces they are.
 */
export function hasSubDecision(s: SsjState, side: Side): boolean {
  const at = s.subAttack;
  if (at) return at.resolve ? at.resolve.owner === side : s.units.of(at.sub).side === side;
  if (s.subsClosed?.includes(side)) return false;
  const areas = (x: Side) =>
    new Set(
      Object.values(s.groups)
        .filter((g) => g.side === x)
        .map((g) => g.area),
    );
  const enemy = areas(other(side));
  return [...areas(side)].some((a) => enemy.has(a));
}

function attack(s: SsjState, side: Side, a: Extract<SubAction, { type: 'sub-attack' }>): { log: LogEntry[]; reveals: boolean } {
  const enemy = other(side);
  const g = s.groups[a.group]!;
  s.subAttack = { sub: a.sub, group: g.id };
  const log: LogEntry[] = [
    { to: [side], text: `${unitName(a.sub)} attacks an enemy group in the ${g.area} ${BOX_NAMES[g.box]} box.`, data: { units: [a.sub], group: g.id } },
    {
      to: 'public',
      text:
        g.box === 'night'
          ? `${A_SIDE[side]} submarine attacks ${enemy === 'allied' ? 'an' : 'a'} ${SIDE_NAME[enemy]} group in the ${g.area} Night Only box; the target is chosen blindly.`
          : `${A_SIDE[side]} submarine attacks ${enemy === 'allied' ? 'an' : 'a'} ${SIDE_NAME[enemy]} group in the ${g.area} ${BOX_NAMES[g.box]} box; the group is turned face up for the ${SIDE_NAME[side]} player.`,
      data: { group: g.id },
    },
  ];
  if (g.box !== 'night') {
    for (const id of g.ships) {
      change(s, 'revealed')[id] = [...new Set([...(s.revealed[id] ?? []), side])];
      learn(s, id, side);
    }
    log.push({ to: [side], text: `The group: ${g.ships.map(unitName).join(', ')}.`, data: { units: [...g.ships], group: g.id } });
  }
  if (g.box !== 'night' && g.ships.every(isSub)) {
    // Nothing a submarine can attack: the attack is spent.
    change(s, 'subsDone').push(a.sub);
    s.subAttack = null;
    s.revealed = {};
    log.push({ to: 'public', text: 'The group holds no target for a submarine.' });
  }
  return { log, reveals: g.box !== 'night' };
}

/** The attack is rolled against the target; returns the log and whether the owner now has a step to resolve it. */
function fire(s: SsjState, side: Side, a: Extract<SubAction, { type: 'sub-target' }>, ctx: ApplyContext): { log: LogEntry[]; owner: boolean } {
  const enemy = other(side);
  const { sub, group } = s.subAttack!;
  const g = s.groups[group]!;
  const secret = g.box === 'night';
  const target = a.ship ?? g.ships.find((id) => s.tags.of(id) === a.piece)!;
  // A ship already hit by a blind attack has left (its piece is still shown): its escorts are not counted.
  const present = g.ships.filter((id) => !s.units.of(id).leaving);
  const dds = present.filter((id) => ['DD', 'DL'].includes(SHIP_BY_ID.get(id)!.cls)).length;
  const carriers = present.filter(isCarrier).length;
  // VI.D: "If at 'Night Only,' the ship owner does this secretly": the die is the target's owner's.
  const die = ctx.dice.d6(`submarine attack (${side})`, secret ? [enemy] : undefined);
  change(s, 'subsDone').push(sub);
  s.subAttack = null;
  s.revealed = {};
  const log: LogEntry[] = [];
  const subName = unitName(sub);
  const tName = unitName(target);
  if (submarineSunk(side, die, dds, carriers)) {
    destroyUnit(s, s.units.of(sub), 'sunk by escorts');
    learn(s, target, secret ? null : 'public');
    // VI.D "(If at Night Only, the ship owner does this secretly)": the attacker learns that his sub is lost, not the die
    // (a 2 would tell him that the group holds two destroyers, or a destroyer and a carrier).
    log.push(
      secret
        ? { to: [side], text: `${subName} is sunk by the escorts (the die is the ${SIDE_NAME[enemy]} player's secret).`, data: { units: [sub] } }
        : { to: [side], text: `${subName} rolled ${die} and is sunk by the escorts.`, data: { units: [sub], roll: { why: 'submarine attack', die } } },
    );
    log.push({
      to: secret ? [enemy] : 'public',
      text: `The ${SIDE_NAME[side]} submarine rolled ${die} against ${tName} and was sunk by the escorts.`,
      data: { units: [target], roll: { why: 'submarine attack', die } },
    });
    if (secret) log.push({ to: 'public', text: `${A_SIDE[side]} submarine was sunk attacking a Night Only group.` });
    return { log, owner: false };
  }
  const u = s.units.of(target);
  const gone = !!u.leaving;
  const cls = SHIP_BY_ID.get(target)!.cls;
  // VI.F.1.c / VII.A: a Heavily Damaged target is attacked with a bonus of 1 (RULINGS).
  const result = cls === 'SS' || gone ? 'miss' : antiShipResult(cls, die, antiShipShift({ targetHeavilyDamaged: u.damage === 'HD' }));
  const places = returnChoices(s, u.side, g.area);
  // A blind hit that sinks the ship takes effect when the phase ends, with the others (the RULING above).
  const state = gone ? 'none' : secret && result === 'sunk' ? 'sunk' : hitShip(s, u, result, g.area, 'submarine attack', secret ? enemy : undefined);
  const damaged = state === 'D' || state === 'HD';
  if (secret && state === 'sunk') own(s, target).leaving = 'sunk';
  else if (secret && damaged) own(s, target).leaving = places[0]!;
  else if (damaged && places.length === 1) sendHome(s, u, places[0]!, 'stay');
  learn(s, target, secret ? null : 'public');
  const outcome = gone
    ? 'the ship had already left: no effect'
    : result === 'miss'
      ? 'no effect'
      : state === 'sunk'
        ? 'sunk'
        : `${result}${state !== result ? ` (now ${state})` : ''}, back to base`;
  const text = `${A_SIDE[side]} submarine attacked ${tName}: rolled ${die} — ${outcome}.`;
  // The owner resolves a blind attack whenever he could have a choice of home (whatever the result), a public one when his ship is damaged and has one.
  const owner = places.length > 1 && (secret || damaged);
  if (owner) s.subAttack = { sub, group, resolve: { owner: enemy, ship: damaged ? target : null } };
  if (secret) {
    log.push({
      to: [enemy],
      text: `In secret: ${text}${state === 'sunk' || damaged ? ' Its piece leaves the board when the submarine phase ends.' : ''}`,
      data: { units: [target], roll: { why: 'submarine attack', die } },
    });
    log.push({
      to: [side],
      text: `${subName} attacked a piece of the Night Only group blindly; the result is known only to the ${SIDE_NAME[enemy]} player.`,
      data: { units: [sub] },
    });
    log.push({ to: 'public', text: `A submarine attack on a Night Only group was resolved in secret.` });
  } else {
    log.push({ to: 'public', text, data: { units: [target], roll: { why: 'submarine attack', die } } });
    log.push({ to: [side], text: `(${subName} made the attack.)`, data: { units: [sub] } });
  }
  return { log, owner };
}

/** The target's owner resolves the attack: where his damaged ship goes (at once, or, after a blind attack, when the phase ends). */
function resolveAttack(s: SsjState, side: Side, a: Extract<SubAction, { type: 'return' | 'done' }>): LogEntry[] {
  const { group } = s.subAttack!;
  const secret = s.groups[group]!.box === 'night';
  s.subAttack = null;
  const log: LogEntry[] = [];
  if (a.type === 'return') {
    const u = s.units.of(a.ship);
    if (secret) own(s, u.id).leaving = a.to;
    else sendHome(s, u, a.to, 'stay');
    log.push({
      to: [side],
      text: `${unitName(a.ship)} returns to ${placeName(a.to)}${secret ? ' (its piece leaves the Night Only box when the submarine phase ends)' : ''}.`,
      data: { units: [a.ship] },
    });
  }
  log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player has resolved the submarine attack.` });
  return log;
}

/**
 * VII.A at the end of the phase: the ships hit by blind attacks leave their Night Only
 * groups — home, or sunk — all alike for the other side, which is told which pieces left.
 */
export function leaveNightGroups(s: SsjState): { log: LogEntry[]; sunk: string[] } {
  const log: LogEntry[] = [];
  const sunk: string[] = [];
  const leaving = s.units
    .values()
    .filter((u) => u.leaving && u.place.at === 'group')
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const groups = [...new Set(leaving.map((u) => (u.place as { group: string }).group))].sort();
  for (const id of groups) {
    const g = s.groups[id]!;
    const tags = leaving
      .filter((u) => (u.place as { group: string }).group === id)
      .map((u) => s.tags.of(u.id)!)
      .sort();
    log.push({
      to: 'public',
      text: `After the submarine attacks, ${tags.length} face-down ${SIDE_NAME[g.side]} piece${tags.length > 1 ? 's' : ''} (${tags.join(', ')}) leave${tags.length > 1 ? '' : 's'} the ${g.area} Night Only group, damaged or sunk by submarines: only their owner knows which.`,
      data: { group: id },
    });
  }
  for (const u of leaving) {
    const to = u.leaving!;
    delete own(s, u.id).leaving;
    const area = s.groups[(u.place as { group: string }).group]!.area;
    if (to === 'sunk') {
      hitShip(s, u, 'sunk', area, 'submarine attack', u.side);
      sunk.push(u.id);
    } else sendHome(s, u, to, 'stay');
  }
  return { log, sunk };
}

export function applySub(s: SsjState, side: Side, a: SubAction, ctx: ApplyContext): { log: LogEntry[]; reveals: boolean; owner?: boolean; private?: boolean } {
  if (a.type === 'return' || (a.type === 'done' && s.subAttack?.resolve)) {
    // The decision passes back to the attacker: no undo reaches past it.
    return { log: resolveAttack(s, side, a), reveals: true };
  }
  if (a.type === 'sub-pass') {
    change(s, 'subsDone').push(a.sub);
    return { log: [{ to: [side], text: `${unitName(a.sub)} does not attack.`, data: { units: [a.sub] } }], reveals: false, private: true };
  }
  if (a.type === 'done') {
    change(s, 'subsDone').push(...readySubs(s, side));
    s.subsClosed = [...(s.subsClosed ?? []), side];
    return { log: [], reveals: false };
  }
  if (a.type === 'sub-attack') return attack(s, side, a);
  const out = fire(s, side, a, ctx);
  return { log: out.log, reveals: true, owner: out.owner };
}

export const submarines = decision('submarines', ['sub-attack', 'sub-target', 'sub-pass', 'return', 'done'], {
  text: (s, side) =>
    s.subAttack?.resolve
      ? `${turnName(s)} (VI.D): a submarine attack on your ${SIDE_NAME[side]} group is resolved${s.groups[s.subAttack.group]!.box === 'night' ? ' in secret' : ''}: ${s.subAttack.resolve.ship ? `send ${unitName(s.subAttack.resolve.ship)}, damaged, home` : 'nothing of yours is to go home; close'}.`
      : s.subAttack
        ? `${turnName(s)} (VI.D): choose your submarine's target. ${subTargetOdds(s, side)}`
        : `${turnName(s)} (VI.D): your submarines may attack one ship or division of an enemy group in their sea area. ${subRuleText(side)}`,
  choices: (s, side) => subChoices(s, side),
  // The Japanese subs first, then the Allied (actor null: both are through).
  arrive(s, ctx) {
    const actor = s.actor;
    if (actor && hasSubDecision(s, actor)) return { log: [] };
    if (actor === 'japanese') return { log: [], next: handTo('allied') };
    // VII.A after the phase (the ships hit blindly leave first), then VI.E; a new turn of combat begins.
    // The public detection dice are rolled before the owners' secret ones (the log keeps the rules' order),
    // and a ship sunk in secret rolls its damage die all the same, so that how many ships were damaged
    // rather than sunk in secret shifts no later die (RULINGS VI.D).
    const left = leaveNightGroups(s);
    const detection = rollDetection(s, ctx);
    const log = [...left.log, ...resolveDamage(s, ctx, left.sunk), ...detection];
    s.engaged = [];
    return { log, next: { phase: 'air-morning', actor: null, air: null } };
  },
  apply(s, side, a, ctx) {
    const resolving = !!s.subAttack?.resolve;
    const attacker = resolving ? s.units.of(s.subAttack!.sub).side : side;
    const out = applySub(s, side, a, ctx);
    // The owner's step (VI.D): then the attacker goes on (the arrival moves on when he has nothing left).
    if (resolving) return { log: out.log, next: handTo(attacker), reveals: out.reveals };
    if (out.owner) return { log: out.log, next: handTo(other(side)), reveals: true };
    const done = a.type === 'done';
    return {
      log: out.log,
      ...(done || !hasSubDecision(s, side) ? { next: handTo(after(side)) } : {}),
      reveals: out.reveals || done,
      ...(out.private ? { private: true } : {}),
    };
  },
});
