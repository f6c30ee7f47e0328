/**
 * VI.F.1.c, VI.F.2.b, VII.A: what happens in a surface battle — gunfire and torpedoes
 * resolved on the Anti-Ship table (damage turns a ship face up, VI.F.2.b note), PT boats by
 * day, and a task force's withdrawal (slow and HD ships scuttled unless another task force
 * of their side is left to take them, VI.F.2 note).
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { PT_DAY_SUNK_FROM, PT_LOSS_VP, antiShipResult, antiShipShift, torpedoTurns, SEA_AREA_NAMES } from '../data';
import type { SeaAreaId, Side } from '../data/types';
import { hitShip } from '../damage';
import { ownGroup } from '../groups';
import { placeName, sendHome } from '../home';
import type { ReturnPlace } from '../routes';
import { learn, SIDE_NAME, type SsjState } from '../state';
import { hitWords, knewBefore, namedLine, turnedUpLine } from '../naming';
import { SHIP_BY_ID, unitName, own } from '../units';
import { checkRescued, scuttle } from './rescue';
import { awardVp } from '../victory';
import { allowedTargets, cls, firers, fireSides, isPt, targetsOf } from './legality';
import { change } from '../shared';

/** Fires: resolves this step's allocated gunfire (simultaneous within the step). */
export function resolveFire(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const b = s.battle!;
  const log: LogEntry[] = [];
  const hits: [string, ReturnType<typeof antiShipResult>, string, Side][] = [];
  const ptsSunk: string[] = [];
  for (const side of fireSides(s, b)) {
    for (const [ship, target] of Object.entries(b.fire[side])) {
      const t = s.units.of(target);
      if (isPt(s, target)) {
        // VI.F.1.c: each gunfire roll at a PT unit that attacked by day sinks it on a 4–6.
        if (t.place.at !== 'slot') continue;
        const die = ctx.dice.d6(`gunfire (${side})`);
        const sunk = die >= PT_DAY_SUNK_FROM;
        if (sunk && !ptsSunk.includes(target)) ptsSunk.push(target);
        log.push(
          namedLine(
            s,
            (n) =>
              `${SIDE_NAME[side]} gunfire: ${n.piece(ship)} rolled ${die} at ${n.knows(target) ? unitName(target) : `the PT boats (${n.piece(target)})`}${sunk ? ' — sunk' : ' — no effect'}.`,
            {
              roll: { why: 'gunfire at PT boats', die },
            },
          ),
        );
        continue;
      }
      if (t.place.at !== 'group') continue;
      const die = ctx.dice.d6(`${isPt(s, ship) ? 'PT boat attack' : 'gunfire'} (${side})`);
      // HD targets are attacked with +1 (the damage as the round began: fire is simultaneous).
      const result = antiShipResult(cls(target), die, antiShipShift({ targetHeavilyDamaged: t.damage === 'HD' }));
      hits.push([target, result, `${side} gunfire`, side]);
      log.push(namedLine(s, (n) => `${SIDE_NAME[side]} gunfire: ${n.piece(ship)} rolled ${die} at ${n.piece(target)}.`, { roll: { why: 'gunfire', die } }));
    }
  }
  for (const [target, result, why] of hits) log.push(...applyHit(s, target, result, why));
  for (const id of ptsSunk) {
    b.sunk = [...(b.sunk ?? []), id];
    own(s, id).place = { at: 'destroyed' };
    awardVp(s, 'japanese', PT_LOSS_VP, 'an Allied PT unit sunk by day');
  }
  b.fire = { allied: {}, japanese: {} };
  if (b.order === 'first') {
    b.order = 'second';
    b.step = 'fire';
  } else {
    b.step = 'continue';
    b.decided = [];
  }
  return log;
}

/** A result on a ship in battle: damage turns it face up (VI.F.2.b note); a sinking is seen too. */
export function applyHit(s: SsjState, target: string, result: ReturnType<typeof antiShipResult>, why: string): LogEntry[] {
  const u = s.units.of(target);
  if (u.place.at !== 'group') return [];
  const area = s.battle!.area;
  if (result === 'miss') return [namedLine(s, (n) => `${n.Piece(target)}: no effect.`)];
  // Who could name the ship before the hit turned it up: the others learn its name from this line.
  const knew = knewBefore(s, target);
  const after = hitShip(s, u, result, area, why);
  if (after === 'sunk') s.battle!.sunk = [...(s.battle!.sunk ?? []), target];
  change(s, 'revealed')[target] = ['allied', 'japanese'];
  learn(s, target, 'public');
  return [turnedUpLine(s, target, knew, hitWords(result, after), { units: [target], result, after })];
}

export function resolveTorpedoes(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const b = s.battle!;
  const side = b.surprise as Side;
  const log: LogEntry[] = [];
  for (const [ship, target] of b.torpedoes) {
    const t = s.units.of(target);
    const die = ctx.dice.d6(`torpedo (${side})`);
    const data = SHIP_BY_ID.get(ship)!;
    if (die === 1) {
      const again = ctx.dice.d6(`torpedo reroll (${side})`);
      const turned = torpedoTurns(data.nation, again);
      log.push(
        namedLine(s, (n) => `${SIDE_NAME[side]} torpedo from ${n.piece(ship)}: rolled 1, again ${again} — ${turned ? 'the torpedo has turned (a wild torpedo)' : 'a miss'}.`, {
          roll: { why: 'torpedo', die, again },
        }),
      );
      if (turned) b.wild.push(ship);
      continue;
    }
    if (t.place.at !== 'group') {
      log.push(namedLine(s, (n) => `${SIDE_NAME[side]} torpedo from ${n.piece(ship)}: its target is gone.`, { roll: { why: 'torpedo', die } }));
      continue;
    }
    const result = antiShipResult(cls(target), die, antiShipShift({ longLance: data.torpedo === 'T*', targetHeavilyDamaged: t.damage === 'HD' }));
    log.push(namedLine(s, (n) => `${SIDE_NAME[side]} torpedo from ${n.piece(ship)} rolled ${die} at ${n.piece(target)}.`, { roll: { why: 'torpedo', die } }));
    log.push(...applyHit(s, target, result, `${side} torpedo`));
  }
  b.torpedoes = [];
  b.step = b.wild.length ? 'wild' : 'after-torpedo';
  return log;
}

/**
 * A side's task force leaves the battle (and the sea area): its undamaged and D ships go
 * home to `to`, the place its owner chose ("to base (or to the back-to-Truk holding box)").
 * Slow and HD ships "may not be voluntarily withdrawn": they are scuttled, unless another
 * task force of their side is left in the sea area at that time of day — the rescue of the
 * VI.F.2 note ("Slow or HD-ed ships may be 'saved' by a rescuing task force"). Saved ships
 * stay in their own task force, marked withdrawn ("Ships from 'Day and Night' task forces
 * may not be re-combined with ships from other task forces", VI.F.2), and are scuttled once
 * "all friendly task forces are ultimately withdrawn" (VII.A example).
 */
export function withdraw(s: SsjState, side: Side, to: ReturnPlace): LogEntry[] {
  const b = s.battle!;
  const g = b.tf[side] ? s.groups[b.tf[side]!] : undefined;
  if (!g) return [];
  const area = g.area;
  const home: string[] = [];
  const left: string[] = [];
  for (const id of [...g.ships]) {
    const u = s.units.of(id);
    if (u.damage === 'HD' || SHIP_BY_ID.get(id)!.slow) left.push(id);
    else {
      sendHome(s, u, to);
      home.push(id);
    }
  }
  if (s.groups[g.id]) ownGroup(s, g.id).withdrawn = true;
  b.tf[side] = null;
  // The ships left behind (these, and those of task forces that withdrew before) are scuttled unless a task force of their side is still there.
  const rescue = checkRescued(s, b.mode);
  const scuttled = left.filter((id) => s.units.of(id).place.at === 'sunk');
  const saved = left.length - scuttled.length;
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `The ${SIDE_NAME[side]} task force withdraws from ${SEA_AREA_NAMES[area]}: ${home.length} piece${home.length === 1 ? '' : 's'} go home${scuttled.length ? `, ${scuttled.length} slow or heavily damaged scuttled` : ''}${saved ? `, ${saved} left under the protection of another task force` : ''}.`,
    },
  ];
  if (home.length) log.push({ to: [side], text: `Home to ${placeName(to)}: ${home.map(unitName).join(', ')}.`, data: { units: home } });
  return [...log, ...rescue];
}

/**
 * VI.F.1.c: the pursued side abandons its slow and HD ships in the sea area's Day Only and Day and Night boxes:
 * they are scuttled (with what they carry); its other ships evade and stay (not "withdrawing", the note).
 */
export function abandon(s: SsjState, side: Side, area: SeaAreaId): LogEntry[] {
  const scuttled: string[] = [];
  for (const g of Object.values(s.groups).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (g.side !== side || g.area !== area || (g.box !== 'day' && g.box !== 'daynight')) continue;
    for (const id of [...g.ships]) if (s.units.of(id).damage === 'HD' || SHIP_BY_ID.get(id)!.slow) scuttled.push(...scuttle(s, id));
  }
  const n = scuttled.length;
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `The ${SIDE_NAME[side]} player evades the daylight battle in ${SEA_AREA_NAMES[area]}${n ? `, abandoning ${n} slow or heavily damaged piece${n === 1 ? '' : 's'} (scuttled)` : ''}; his other ships stay in the sea area (VI.F.1.c).`,
    },
  ];
  if (n) log.push({ to: [side], text: `Scuttled: ${scuttled.map(unitName).join(', ')}.`, data: { units: scuttled } });
  return log;
}

/** Spread the remaining firing ships' shots over the enemy pieces, fewest-targeted first. */
export function spreadFire(s: SsjState, side: Side): void {
  const b = s.battle!;
  const targets = targetsOf(s, b, side);
  const n = new Map(targets.map((t) => [t, 0]));
  for (const t of Object.values(b.fire[side])) if (n.has(t)) n.set(t, n.get(t)! + 1);
  for (const ship of firers(s, side, b)) {
    if (ship in b.fire[side]) continue;
    const allowed = allowedTargets(s, b, side, ship);
    let best = allowed[0]!;
    for (const t of allowed) if (n.get(t)! < n.get(best)!) best = t;
    b.fire[side][ship] = best;
    n.set(best, n.get(best)! + 1);
  }
}
