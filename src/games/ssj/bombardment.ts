/**
 * VI.F.1.h and VI.F.2.f: shore bombardment (the bombard-day and bombard-night phases).
 *
 * By day, ships in the Day Only and Day and Night boxes of the Slot or the Coral Sea that
 * did not fight a daylight battle, on the side left in daylight control of the area, may
 * each make one bombardment of enemy ground or air units at a base in the Slot or at Port
 * Moresby (Bombardment table); then they are withdrawn home at once — but a slow ship, which
 * may not be withdrawn (RULING VII.A), stays in its task force. At night any ship in
 * the Day and Night or Night Only boxes that has neither fought nor bombarded may bombard
 * the same way. The Japanese bombard first. A bombarding ship is turned face up.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { SEA_AREA_NAMES, bombarderOf, bombardment } from './data';
import type { BaseId, SeaAreaId, Side } from './data/types';
import type { SsjAction } from './actions';
import { enemyAt } from './air/legality';
import { controls } from './control';
import { destroyUnit } from './damage';
import { after, decision, handTo, inTurn, type Goto } from './flow';
import { checkRescued, leftBehind } from './battle/rescue';
import { mayLeave, placeName, sendHome } from './home';
import { returnChoices } from './routes';
import { learn, other, SIDE_NAME, turnName, type SsjState } from './state';
import { SHIP_BY_ID, baseName, isSub, unitName } from './units';
import { change } from './shared';
import { bombardOdds } from './odds';

type BombardAction = Extract<SsjAction, { type: 'bombard' | 'done' }>;

/**
 * VI.F.1.h: "enemy land and land-based air units in the Slot or in (or on the perimeter of)
 * Port Moresby". The bases in the Slot are its islands, Guadalcanal and Bougainville; Rabaul
 * is not in the Slot (ships are based at Rabaul, and "PT Boats are the only naval units
 * that may be based in the Slot", VI.F.2.d), so it is not open to bombardment. The air units at
 * a base are those `enemyAt` counts for air raids (carrier air in port included, RULINGS VI.F.1.b),
 * though none of these bases has a harbour.
 */
export const BOMBARD_TARGETS: Readonly<Record<SeaAreaId, readonly BaseId[]>> = {
  SL: ['guadalcanal', 'bougainville'],
  CS: ['port-moresby'],
  SP: [],
};

const BOXES = { day: ['day', 'daynight'], night: ['daynight', 'night'] } as const;

/** Ships of `side` that may bombard now. */
function bombarders(s: SsjState, side: Side, time: 'day' | 'night'): { ship: string; area: SeaAreaId }[] {
  const used = new Set(s.engaged ?? []);
  const out: { ship: string; area: SeaAreaId }[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side !== side || !(BOXES[time] as readonly string[]).includes(g.box) || BOMBARD_TARGETS[g.area].length === 0) continue;
    if (time === 'day' && !controls(s, side, g.area, 'day')) continue;
    for (const id of g.ships) {
      if (used.has(id) || isSub(id) || !bombarderOf(SHIP_BY_ID.get(id)!.cls) || s.units.of(id).damage === 'HD') continue;
      out.push({ ship: id, area: g.area });
    }
  }
  return out;
}

export function bombardChoices(s: SsjState, side: Side): BombardAction[] {
  const time = s.phase === 'bombard-day' ? 'day' : 'night';
  const out: BombardAction[] = [];
  for (const { ship, area } of bombarders(s, side, time)) {
    // By day the ship is withdrawn at once, where its owner chooses (VI.H's places from its sea area) — a slow one stays (RULING VII.A).
    const homes = time === 'day' && mayLeave(s, ship) ? returnChoices(s, side, area) : [undefined];
    for (const base of BOMBARD_TARGETS[area]) {
      for (const target of ['ground', 'air'] as const) {
        if (!enemyAt(s, side, base, target).length) continue;
        for (const to of homes) out.push(to ? { type: 'bombard', ship, base, target, to } : { type: 'bombard', ship, base, target });
      }
    }
  }
  if (out.length || hasBombard(s, side)) out.push({ type: 'done' });
  return out;
}

export function applyBombard(s: SsjState, side: Side, a: Extract<BombardAction, { type: 'bombard' }>, ctx: ApplyContext): LogEntry[] {
  const time = s.phase === 'bombard-day' ? 'day' : 'night';
  const u = s.units.of(a.ship);
  const area = s.groups[(u.place as { group: string }).group]!.area;
  s.engaged = [...(s.engaged ?? []), a.ship];
  change(s, 'revealed')[a.ship] = ['allied', 'japanese'];
  learn(s, a.ship, 'public');
  const by = bombarderOf(SHIP_BY_ID.get(a.ship)!.cls)!;
  const die = ctx.dice.d6(`bombardment (${side})`);
  const victims = enemyAt(s, side, a.base, a.target);
  const n = Math.min(victims.length, bombardment(by, a.target, die));
  const lost = victims.slice(0, n);
  for (const v of lost) destroyUnit(s, v, `bombardment of ${baseName(a.base)}`);
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `${time === 'day' ? 'Daytime' : 'Night'} bombardment (VI.F.${time === 'day' ? '1.h' : '2.f'}): ${unitName(a.ship)} shells the ${a.target === 'ground' ? 'ground units' : 'airfield'} at ${baseName(a.base)} — rolled ${die}, ${n} ${SIDE_NAME[other(side)]} unit${n === 1 ? '' : 's'} eliminated.`,
      data: { units: [a.ship], roll: { why: 'bombardment', die } },
    },
  ];
  if (lost.length) log.push({ to: [other(side)], text: `Lost to the bombardment: ${lost.map((x) => unitName(x.id)).join(', ')}.`, data: { units: lost.map((x) => x.id) } });
  if (time === 'day' && !mayLeave(s, a.ship)) {
    // RULING (VII.A): "HD-ed and Slow ships cannot be 'withdrawn' from a sea area (except at 'midnight')" prevails over
    // VI.F.1.h's "immediately withdrawn": a slow ship bombards and stays in its task force (it may not bombard at night).
    log.push({ to: 'public', text: `${unitName(a.ship)} is slow and may not be withdrawn (VII.A): it stays in ${SEA_AREA_NAMES[area]}.` });
  } else if (time === 'day') {
    // "After doing so, they are immediately withdrawn" — to the base (or box) its owner chose.
    const group = (u.place as { group: string }).group;
    const to = a.to ?? returnChoices(s, side, area)[0]!;
    sendHome(s, u, to);
    log.push({ to: 'public', text: `${unitName(a.ship)} withdraws from ${SEA_AREA_NAMES[area]}.` });
    log.push({ to: [side], text: `${unitName(a.ship)} goes to ${placeName(to)}.`, data: { units: [a.ship] } });
    // VI.F.1.b: if it was the last ship of its task force that could go, the slow and HD ships left are abandoned.
    log.push(...leftBehind(s, group));
    // VII.A example: it may have been the last task force protecting ships left behind.
    log.push(...checkRescued(s, 'day'));
  }
  return log;
}

/**
 * Whether `side` has a bombardment to decide in the current bombardment phase. RULING (VI.F.1.h,
 * VI.F.2.f): a side is asked whenever it has a group (which everyone sees) in that time of day's
 * boxes of a sea area with an enemy unit at a base it could shell, whether or not the group holds
 * a ship that may bombard (a submarine does not; by day only the side holding the area by day), and
 * it closes itself: so neither the question nor its end tells what its face-down groups hold.
 */
export function hasBombard(s: SsjState, side: Side): boolean {
  const time = s.phase === 'bombard-day' ? 'day' : 'night';
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side !== side || !(BOXES[time] as readonly string[]).includes(g.box)) continue;
    if (BOMBARD_TARGETS[g.area].some((base) => enemyAt(s, side, base, 'ground').length || enemyAt(s, side, base, 'air').length)) return true;
  }
  return false;
}

const TEXT = {
  'bombard-day': (s: SsjState) =>
    `${turnName(s)} (VI.F.1.h): your ships holding the Slot or the Coral Sea by day that did not fight may each shell one base's ground units or airfield once (then they go home), or close.`,
  'bombard-night': (s: SsjState) =>
    `${turnName(s)} (VI.F.2.f): your ships at sea at night that have neither fought nor bombarded may each shell one base's ground units or airfield once, or close.`,
};

/** The entry of a bombardment phase: the Japanese bombard first, ship by ship, then the Allies; then the flow goes to `next`. */
export function bombardPhase(phase: 'bombard-day' | 'bombard-night', next: () => Goto) {
  return decision(phase, ['bombard', 'done'], {
    text: (s, side) => {
      const odds = bombardOdds(bombarders(s, side, phase === 'bombard-day' ? 'day' : 'night').map((b) => b.ship));
      return odds ? `${TEXT[phase](s)} ${odds}` : TEXT[phase](s);
    },
    choices: (s, side) => bombardChoices(s, side),
    arrive: (s) =>
      inTurn(
        s,
        (side) => hasBombard(s, side),
        () => ({ log: [], next: next() }),
      ),
    apply(s, side, a, ctx) {
      if (a.type === 'done') return { log: [], next: handTo(after(side)), reveals: true };
      const log = applyBombard(s, side, a, ctx);
      // The side goes on until it closes, unless nothing is left for anyone to shell (which everyone sees).
      return { log, ...(hasBombard(s, side) ? {} : { next: handTo(after(side)) }), reveals: true };
    },
  });
}
