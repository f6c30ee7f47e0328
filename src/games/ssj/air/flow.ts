/**
 * VI.F.1.a, b, d: the course of an air strike stage. Morning land-based air: the Allies
 * allocate and resolve first, then the Japanese; carrier strikes: the Japanese allocate
 * first and the strikes are simultaneous (air already launched survives its carrier's
 * loss); the counterattack on the raiding carriers; afternoon land-based air (no detection
 * needed). Allocation steps are private until the side closes them. A strike at a
 * face-down task force turns it face up for the attacker, who aims his air units one at a
 * time at its ships; afterwards the undamaged ships are turned face down again.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { theSeaArea } from '../data';
import type { BaseId, Side } from '../data/types';
import { learn, other, SIDE_NAME, type SsjState } from '../state';
import { baseName, unitName } from '../units';
import { FIRST, aimTargets, asked, carrierOf, groupArea, reach, type AirAction } from './legality';
import { aim, harbourUp, landAt, markStaged, noteRaid, raidLand, recoverAirborne } from './resolution';
import type { AirStage, Flight, Strike } from './state';
import { change } from '../shared';

/** Starts an air stage; the morning stage begins the turn's air record (staged B-17s, carrier raids). */
export function startAir(s: SsjState, stage: AirStage): void {
  if (stage === 'morning-land') s.airTurn = { staged: [], stagedFrom: [], raids: [] };
  s.air = {
    stage,
    side: FIRST[stage],
    step: 'allocate',
    strikes: { allied: [], japanese: [] },
    closed: [],
    flying: null,
    flown: [],
    airborne: [],
  };
}

/** Moves the stage on through everything that needs no decision. Returns true while a decision is pending. */
export function advanceAir(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  const a = s.air!;
  for (let guard = 0; guard < 500; guard++) {
    if (a.step === 'land') {
      log.push(...recoverAirborne(s));
      return log;
    }
    if (a.step === 'aim') {
      const f = a.flying!;
      // Units with nothing to attack (their targets sunk, or submarines only) go home without attacking.
      let idle = 0;
      while (f.units.length && aimTargets(s, f, f.units[0]!).length === 0) {
        f.units.shift();
        idle++;
      }
      if (idle) log.push({ to: 'public', text: `${idle} ${SIDE_NAME[f.side]} air unit${idle === 1 ? ' finds' : 's find'} no ship to attack and return${idle === 1 ? 's' : ''}.` });
      if (f.units.length) return log;
      log.push(...endFlight(s));
      continue;
    }
    // Allocation.
    if (!a.closed.includes(a.side)) {
      if (asked(s, a.side) || a.strikes[a.side].length) return log;
      a.closed.push(a.side);
    }
    if (a.stage === 'carriers') {
      if (a.closed.length < 2) {
        a.side = other(a.side);
        continue;
      }
      // Both closed: the strikes fly together (Japanese resolved first; launched air survives).
      if (!a.launched) {
        a.launched = true;
        a.airborne = [...a.strikes.japanese, ...a.strikes.allied].map((x) => x.unit);
        a.airborneArea = {};
        for (const id of a.airborne) {
          const c = carrierOf(s, s.units.of(id));
          const area = c ? groupArea(s, c) : null;
          if (area) a.airborneArea[id] = area;
        }
      }
      const next = nextFlight(s, ctx, log);
      if (next) continue;
      a.step = 'land';
      log.push(...recoverAirborne(s));
      return log;
    }
    // Land-based and counterattacks: each side resolves its own strikes once closed, in turn.
    if (nextFlight(s, ctx, log)) continue;
    if (a.side === FIRST[a.stage]) {
      a.side = other(a.side);
      continue;
    }
    return log;
  }
  return log;
}

/** Resolves strikes of the resolving side(s) until one needs aiming; false when there are none left. */
function nextFlight(s: SsjState, ctx: ApplyContext, log: LogEntry[]): boolean {
  const a = s.air!;
  const sides: Side[] = a.stage === 'carriers' ? ['japanese', 'allied'] : [a.side];
  for (const side of sides) {
    const list = a.strikes[side];
    if (!list.length) continue;
    const first = list[0]!;
    if (first.group) {
      const batch = list.filter((x) => x.group === first.group);
      a.strikes[side] = list.filter((x) => x.group !== first.group);
      if (!s.groups[first.group]) {
        // The group is gone (sunk or withdrawn): the strike finds nothing and goes home.
        for (const x of batch) a.flown.push(x.unit);
        const flight: Flight = { side, gone: true, units: batch.length };
        log.push({ to: 'public', text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} find their target gone.`, data: { flight } });
        return true;
      }
      startFlight(s, side, batch, undefined, first.group, log);
      return true;
    }
    if (first.target === 'harbour') {
      const batch = list.filter((x) => x.base === first.base && x.target === 'harbour');
      a.strikes[side] = list.filter((x) => !(x.base === first.base && x.target === 'harbour'));
      startFlight(s, side, batch, first.base, undefined, log);
      return true;
    }
    a.strikes[side] = list.slice(1);
    log.push(...raidLand(s, side, first, ctx));
    return true;
  }
  return false;
}

function startFlight(s: SsjState, side: Side, batch: Strike[], base: BaseId | undefined, group: string | undefined, log: LogEntry[]): void {
  const a = s.air!;
  if (base) for (const x of batch) noteRaid(s, side, x.unit, base);
  for (const x of batch) a.flown.push(x.unit);
  for (const x of batch) if (x.staged) markStaged(s, x);
  let ships: string[];
  if (group) {
    const g = s.groups[group]!;
    // VI.F.1.b "The task forces' ships are then turned up": all of them, submarines too (which are not aimed at).
    ships = [...g.ships];
    for (const id of ships) {
      change(s, 'revealed')[id] = [...new Set([...(s.revealed[id] ?? []), side])];
      learn(s, id, side);
    }
    const flight: Flight = { side, area: g.area, units: batch.length };
    log.push({
      to: 'public',
      text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} strike a group in ${theSeaArea(g.area)}; it is turned face up for the ${SIDE_NAME[side]} player.`,
      data: { group, flight },
    });
    log.push({ to: [side], text: `The group: ${ships.map(unitName).join(', ')}.`, data: { units: ships, group } });
  } else {
    const flight: Flight = { side, base: base!, units: batch.length };
    log.push({ to: 'public', text: `${batch.length} ${SIDE_NAME[side]} air unit${batch.length === 1 ? '' : 's'} strike the harbour of ${baseName(base!)}.`, data: { flight } });
    const up = harbourUp(s, side, base!);
    ships = up.ships;
    log.push(...up.log);
  }
  a.step = 'aim';
  a.flying = { side, units: batch.map((x) => x.unit), ships, ...(group ? { group } : { base: base! }) };
}

/** After a flight: the undamaged ships go face down again; the damaged stay face up for everyone. */
function endFlight(s: SsjState): LogEntry[] {
  const a = s.air!;
  const f = a.flying!;
  // RULING (VI.F.1.a): a harbour turned face up for the attacker stays up for him for the rest of the turn.
  for (const id of f.group ? f.ships : []) {
    const u = s.units.of(id);
    if (u.kind === 'ship' && (u.damage === null || u.place.at === 'sunk')) {
      const r = (s.revealed[id] ?? []).filter((x) => x !== f.side);
      if (r.length) change(s, 'revealed')[id] = r;
      else delete change(s, 'revealed')[id];
    }
  }
  a.flying = null;
  a.step = 'allocate';
  return [{ to: 'public', text: 'The strike is over; undamaged ships are turned face down again.' }];
}

export interface AirApplied {
  log: LogEntry[];
  private: boolean;
}

export function applyAir(s: SsjState, side: Side, act: AirAction, ctx: ApplyContext): AirApplied {
  const a = s.air!;
  switch (act.type) {
    case 'air-strike':
      a.strikes[side].push({ unit: act.unit, group: act.group });
      return {
        log: [{ to: [side], text: `${unitName(act.unit)} will strike a group in ${theSeaArea(s.groups[act.group]!.area)}.`, data: { units: [act.unit], group: act.group } }],
        private: true,
      };
    case 'air-raid': {
      const u = s.units.of(act.unit);
      const staged = !reach(s, u, a.stage).bases.includes(act.base);
      a.strikes[side].push({ unit: act.unit, base: act.base, target: act.target, ...(staged ? { staged: true } : {}) });
      if (staged && u.place.at === 'base') change(s, 'airTurn').stagedFrom.push(u.place.base);
      return {
        log: [{ to: [side], text: `${unitName(act.unit)} will raid ${baseName(act.base)} (${act.target})${staged ? ', staging' : ''}.`, data: { units: [act.unit] } }],
        private: true,
      };
    }
    case 'done': {
      a.closed.push(side);
      const log: LogEntry[] = [
        { to: 'public', text: `The ${SIDE_NAME[side]} player has allocated his ${a.stage === 'carriers' ? 'carrier strikes' : 'air strikes'} (${a.strikes[side].length}).` },
      ];
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
    case 'air-land': {
      const log = landAt(s, act.unit, act.ship ? { ship: act.ship } : { base: act.base! });
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
    case 'air-target': {
      const log = aim(s, side, act.unit, act.ship, ctx);
      log.push(...advanceAir(s, ctx));
      return { log, private: false };
    }
  }
}
