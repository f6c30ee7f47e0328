/**
 * VI.D: each submarine in a sea area may attack one ship or division in one enemy group
 * of that area. A "Day Only" or "Day and Night" group is turned face up for the sub's
 * owner, who picks the target; a "Night Only" target is picked blindly among the face-down
 * pieces and resolved in secret (its owner alone learns the result). On a 1 the sub is
 * sunk instead if a destroyer is in the group; a Japanese sub also on a 2 with two
 * destroyers, or a destroyer and a carrier. Damaged ships return to base at once. The
 * Japanese subs attack first (RULINGS.md).
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { antiShipResult, submarineSunk } from '../data';
import type { Side } from '../data/types';
import type { SsjAction } from '../actions';
import { destroyUnit, hitShip, resolveDamage } from '../damage';
import { BOX_NAMES } from '../deployment';
import { rollDetection } from '../detection';
import { after, decision, handTo } from '../flow';
import { sendHome } from '../home';
import { returnChoices } from '../routes';
import { learn, other, SIDE_NAME, turnName, type SsjState } from '../state';
import { SHIP_BY_ID, isCarrier, isSub, unitName, unitsOf } from '../units';

type SubAction = Extract<SsjAction, { type: 'sub-attack' | 'sub-target' | 'sub-pass' | 'done' }>;

/** Own submarines at sea that may still attack this turn. */
function readySubs(s: SsjState, side: Side): string[] {
  return unitsOf(s, side, 'ship')
    .filter((u) => isSub(u.id) && u.place.at === 'group' && !s.subsDone.includes(u.id))
    .map((u) => u.id);
}

export function subChoices(s: SsjState, side: Side): SubAction[] {
  if (s.subAttack) {
    const g = s.groups[s.subAttack.group]!;
    if (g.box === 'night') {
      // Chosen blindly: any face-down piece, by its tag (a submarine picked this way is simply missed).
      return g.ships.map((id) => s.tags[id]!).sort().map((piece) => ({ type: 'sub-target', piece }) as SubAction);
    }
    return g.ships.filter((id) => !isSub(id)).sort().map((ship) => ({ type: 'sub-target', ship }) as SubAction);
  }
  const out: SubAction[] = [];
  for (const sub of readySubs(s, side)) {
    const u = s.units[sub]!;
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

/** Whether `side` has a submarine decision to make. */
export function hasSubDecision(s: SsjState, side: Side): boolean {
  return !!s.subAttack || readySubs(s, side).some((sub) => subChoices(s, side).some((a) => a.type === 'sub-attack' && a.sub === sub));
}

export function applySub(s: SsjState, side: Side, a: SubAction, ctx: ApplyContext): { log: LogEntry[]; reveals: boolean } {
  const enemy = other(side);
  if (a.type === 'sub-pass') {
    s.subsDone.push(a.sub);
    return { log: [{ to: [side], text: `${unitName(a.sub)} does not attack.`, data: { units: [a.sub] } }], reveals: false };
  }
  if (a.type === 'done') {
    s.subsDone.push(...readySubs(s, side));
    return { log: [], reveals: false };
  }
  if (a.type === 'sub-attack') {
    const g = s.groups[a.group]!;
    s.subAttack = { sub: a.sub, group: g.id };
    const log: LogEntry[] = [
      { to: [side], text: `${unitName(a.sub)} attacks an enemy group in the ${g.area} ${BOX_NAMES[g.box]} box.`, data: { units: [a.sub], group: g.id } },
      {
        to: 'public',
        text:
          g.box === 'night'
            ? `A ${SIDE_NAME[side]} submarine attacks a ${SIDE_NAME[enemy]} group in the ${g.area} Night Only box; the target is chosen blindly.`
            : `A ${SIDE_NAME[side]} submarine attacks a ${SIDE_NAME[enemy]} group in the ${g.area} ${BOX_NAMES[g.box]} box; the group is turned face up for the ${SIDE_NAME[side]} player.`,
        data: { group: g.id },
      },
    ];
    if (g.box !== 'night') {
      for (const id of g.ships) {
        s.revealed[id] = [...new Set([...(s.revealed[id] ?? []), side])];
        learn(s, id, side);
      }
      log.push({ to: [side], text: `The group: ${g.ships.map(unitName).join(', ')}.`, data: { units: [...g.ships], group: g.id } });
    }
    if (g.box !== 'night' && g.ships.every(isSub)) {
      // Nothing a submarine can attack: the attack is spent.
      s.subsDone.push(a.sub);
      s.subAttack = null;
      s.revealed = {};
      log.push({ to: 'public', text: 'The group holds no target for a submarine.' });
    }
    return { log, reveals: g.box !== 'night' };
  }
  // The target.
  const { sub, group } = s.subAttack!;
  const g = s.groups[group]!;
  const secret = g.box === 'night';
  const target = a.ship ?? g.ships.find((id) => s.tags[id] === a.piece)!;
  const dds = g.ships.filter((id) => ['DD', 'DL'].includes(SHIP_BY_ID.get(id)!.cls)).length;
  const carriers = g.ships.filter(isCarrier).length;
  // VI.D: "If at 'Night Only,' the ship owner does this secretly": the die is the target's owner's.
  const die = ctx.dice.d6(`submarine attack (${side})`, secret ? [enemy] : undefined);
  s.subsDone.push(sub);
  s.subAttack = null;
  s.revealed = {};
  const log: LogEntry[] = [];
  const subName = unitName(sub);
  const tName = unitName(target);
  if (submarineSunk(side, die, dds, carriers)) {
    destroyUnit(s, s.units[sub]!, 'sunk by escorts');
    learn(s, target, secret ? null : 'public');
    log.push({ to: [side], text: `${subName} rolled ${die} and is sunk by the escorts.`, data: { units: [sub], roll: { why: 'submarine attack', die } } });
    log.push({
      to: secret ? [enemy] : 'public',
      text: `The ${SIDE_NAME[side]} submarine rolled ${die} against ${tName} and was sunk by the escorts.`,
      data: { units: [target], roll: { why: 'submarine attack', die } },
    });
    if (secret) log.push({ to: 'public', text: `A ${SIDE_NAME[side]} submarine was sunk attacking a Night Only group.` });
    return { log, reveals: true };
  }
  const cls = SHIP_BY_ID.get(target)!.cls;
  const result = cls === 'SS' ? 'miss' : antiShipResult(cls, die);
  const u = s.units[target]!;
  const after = hitShip(s, u, result, g.area, 'submarine attack', secret ? enemy : undefined);
  if (after === 'D' || after === 'HD') {
    // Submarine-damaged ships go back to base at once (their troops land when the damage is resolved).
    sendHome(s, u, returnChoices(s, u.side, g.area)[0]!, 'stay');
  }
  learn(s, target, secret ? null : 'public');
  const outcome = result === 'miss' ? 'no effect' : after === 'sunk' ? 'sunk' : `${result}${after !== result ? ` (now ${after})` : ''}, back to base`;
  const text = `A ${SIDE_NAME[side]} submarine attacked ${tName}: rolled ${die} — ${outcome}.`;
  if (secret) {
    log.push({ to: [enemy], text: `In secret: ${text}`, data: { units: [target], roll: { why: 'submarine attack', die } } });
    log.push({ to: [side], text: `${subName} attacked a piece of the Night Only group blindly; the result is known only to the ${SIDE_NAME[enemy]} player.`, data: { units: [sub] } });
    log.push({ to: 'public', text: `A submarine attack on a Night Only group was resolved in secret.` });
  } else {
    log.push({ to: 'public', text, data: { units: [target], roll: { why: 'submarine attack', die } } });
    log.push({ to: [side], text: `(${subName} made the attack.)`, data: { units: [sub] } });
  }
  return { log, reveals: true };
}

export const submarines = decision('submarines', ['sub-attack', 'sub-target', 'sub-pass', 'done'], {
  text: (s) => (s.subAttack ? `${turnName(s)} (VI.D): choose your submarine's target.` : `${turnName(s)} (VI.D): your submarines may attack one ship or division of an enemy group in their sea area.`),
  choices: (s, side) => subChoices(s, side),
  // The Japanese subs first, then the Allied (actor null: both are through).
  arrive(s, ctx) {
    const actor = s.actor;
    if (actor && hasSubDecision(s, actor)) return { log: [] };
    if (actor === 'japanese') return { log: [], next: handTo('allied') };
    // VII.A after the phase, then VI.E; a new turn of combat begins.
    const log = [...resolveDamage(s, ctx), ...rollDetection(s, ctx)];
    s.engaged = [];
    return { log, next: { phase: 'air-morning', actor: null, air: null } };
  },
  apply(s, side, a, ctx) {
    const out = applySub(s, side, a, ctx);
    const done = a.type === 'done';
    return { log: out.log, ...(done || !hasSubDecision(s, side) ? { next: handTo(after(side)) } : {}), reveals: out.reveals || done };
  },
});
