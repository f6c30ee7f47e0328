/**
 * V set-up and the start of each turn: VI.A reinforcements (the Japanese calendar at
 * Truk; Allied ships chosen a turn ahead, the calendar's air units and four ground units
 * a turn, placed by the Allied player), destroyed air, ground and PT units coming back,
 * ships leaving the Returning to Truk box and the repair yards, and the screen going up.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { AIR_UNITS, BASES, CARRIER_AIR, GROUND_UNITS, PT_UNITS, SHIPS, SHIPS_BY_ID, alliedDestroyerOrder, alliedGroundDue, arrivalsOn } from './data';
import { TURNS, type Arrival, type BaseId, type Side } from './data/types';
import type { Place, SsjState, UnitKind, UnitState } from './state';
import { TagTable } from './tag-table';
import { SORTED_UNIT_IDS, UnitTable } from './unit-table';
import { own, slotsOf, unitName } from './units';

function startPlace(a: Arrival): Place {
  if (a.kind !== 'start') return { at: 'pool' };
  if (a.carrier) return { at: 'aboard', ship: a.carrier };
  return { at: 'base', base: a.at };
}

export function setupState(ctx: ApplyContext): { state: SsjState; log: LogEntry[] } {
  const units: UnitState[] = [];
  const add = (id: string, side: Side, kind: UnitKind, arrival: Arrival, capacity?: number) => {
    units.push({ id, side, kind, place: startPlace(arrival), damage: null, from: null, ...(capacity !== undefined ? { capacity } : {}) });
  };
  for (const u of SHIPS) add(u.id, u.side, 'ship', u.arrival, u.airCapacity);
  for (const u of AIR_UNITS) add(u.id, u.side, 'air', u.arrival);
  for (const u of GROUND_UNITS) add(u.id, u.side, 'ground', u.arrival);
  for (const u of PT_UNITS) add(u.id, u.side, 'pt', u.arrival);
  const holder = Object.fromEntries(Object.values(BASES).map((b) => [b.id, b.heldBy])) as Record<BaseId, Side>;
  const state: SsjState = {
    turn: 0,
    phase: 'early-activation',
    actor: 'japanese',
    units: UnitTable.of(units),
    groups: {},
    tags: TagTable.none(),
    fogLiftedFor: [],
    revealed: {},
    known: {},
    rabaulSorties: 0,
    magic: { successes: 0, rolls: [] },
    early: null,
    alliedPicks: { cruiser: null, other: null },
    detection: { allied: {}, japanese: {} },
    subsDone: [],
    airSupply: {},
    holder,
    volcano: { streak: 0, erupted: false, rolls: [] },
    vp: { allied: 0, japanese: 0 },
    vpLog: [],
    engaged: [],
    airTurn: { staged: [], stagedFrom: [], raids: [] },
  };
  const log = beginTurn(state, ctx);
  return { state, log };
}

/** Units that arrive this turn and must be placed by the Allied player (ES or Australia). */
export function alliedArrivals(s: SsjState): string[] {
  const out: string[] = [];
  // Only Allied units arrive to be placed (the Japanese arrive at Truk, `beginTurn`).
  for (const slot of slotsOf('allied')) {
    const u = s.units.at(slot);
    if (u.arriving && u.place.at === 'pool') out.push(u.id);
  }
  return out.sort();
}

const mark = (s: SsjState, u: UnitState) => {
  own(s, u.id).arriving = true;
};

/** The positions 0…n−1 of `SORTED_UNIT_IDS`, which a turn's tags shuffle (`beginTurn`). */
const SORTED_POSITIONS: readonly number[] = SORTED_UNIT_IDS.map((_, i) => i);

/** VI.A and the screen going up (the flow then enters the turn's first phase). */
export function beginTurn(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const turn = TURNS[s.turn]!;
  const log: LogEntry[] = [{ to: 'public', text: `Turn ${turn} begins. The Fog Of War screen is up.` }];
  const arrived: Record<Side, string[]> = { allied: [], japanese: [] };
  const arrive = (u: UnitState, base: BaseId) => {
    own(s, u.id).place = { at: 'base', base };
    arrived[u.side].push(u.id);
  };
  // Calendar arrivals: Japanese at Truk; Allied calendar units are placed by the Allied player.
  const due = arrivalsOn(turn);
  for (const d of [...due.ships, ...due.air, ...due.ground, ...due.pt]) {
    const u = s.units.of(d.id);
    if (u.place.at !== 'pool') continue;
    if (u.side === 'japanese') arrive(u, 'truk');
    else mark(s, u);
  }
  if (s.turn >= 1) {
    // VI.A: one destroyer division in numerical order, the cruiser and the other ship chosen last turn.
    const dd = alliedDestroyerOrder().find((d) => s.units.of(d.id).place.at === 'pool' && !s.units.of(d.id).arriving);
    if (dd) mark(s, s.units.of(dd.id));
    for (const pick of [s.alliedPicks.cruiser, s.alliedPicks.other]) {
      if (!pick) continue;
      mark(s, s.units.of(pick));
      // US carriers come with their full complement of aircraft.
      for (const airId of CARRIER_AIR[pick] ?? []) own(s, airId).place = { at: 'aboard', ship: pick };
    }
    s.alliedPicks = { cruiser: null, other: null };
    for (const g of alliedGroundDue(turn)) mark(s, s.units.of(g.id));
  }
  // One pass over the units finds those the turn changes (three passes over all 284 units were a
  // sixth of the end of a turn); the changes are then made in the order the rules give them.
  const destroyed: UnitState[] = [];
  const back: UnitState[] = [];
  const moved: string[] = [];
  for (const u of s.units.live()) {
    const p = u.place;
    if (p.at === 'destroyed') {
      if (u.kind !== 'ship') destroyed.push(u);
    } else if ((p.at === 'returning-to-truk' && (u.readyTurn ?? 0) <= s.turn) || (p.at === 'repair' && p.until <= s.turn)) back.push(u);
    if (u.from !== null || u.transferred !== undefined || u.recon !== undefined) moved.push(u.id);
  }
  // Destroyed air, ground and PT units come back as reinforcements (VI.A).
  for (const u of destroyed) {
    if (u.side === 'japanese') arrive(u, 'truk');
    else {
      own(s, u.id).place = { at: 'pool' };
      mark(s, u);
    }
  }
  // Ships back from the Returning to Truk box and from repair.
  for (const u of back) {
    if (u.place.at === 'returning-to-truk') {
      delete own(s, u.id).readyTurn;
      arrive(u, 'truk');
    } else if (u.place.at === 'repair') {
      arrive(u, s.holder[u.place.base] === u.side ? u.place.base : u.side === 'japanese' ? 'truk' : 'espiritu-santo');
      // RULING (VII.A): a repaired carrier has its full air capacity again.
      const cap = SHIPS_BY_ID.get(u.id)?.airCapacity;
      if (cap !== undefined) own(s, u.id).capacity = cap;
    }
  }
  for (const side of ['japanese', 'allied'] as const) {
    if (arrived[side].length > 0) {
      log.push({ to: [side], text: `Arrived and ready: ${arrived[side].map(unitName).join(', ')}.`, data: { units: arrived[side] } });
    }
  }
  const pending = alliedArrivals(s);
  if (pending.length > 0) log.push({ to: ['allied'], text: `Reinforcements to place: ${pending.map(unitName).join(', ')}.`, data: { units: pending } });
  // New tags in a shuffled order, so neither the tags nor the order they were drawn in follow the ids.
  // (Positions in SORTED_UNIT_IDS shuffled: the same draws as a shuffle of the ids themselves.)
  const order = ctx.tags.shuffle(SORTED_POSITIONS);
  // With each tag's number that sorts as its text (the face-down pieces' order, tag-table.ts), from the draw itself.
  const textOrder = new Float64Array(order.length);
  s.tags = TagTable.drawn(order, ctx.tags.distinctTags(order.length, textOrder), textOrder);
  for (const id of moved) {
    const w = own(s, id);
    w.from = null;
    delete w.transferred;
    delete w.recon;
  }
  s.fogLiftedFor = [];
  s.revealed = {};
  s.rabaulSorties = 0;
  s.detection = { allied: {}, japanese: {} };
  s.subsDone = [];
  s.subsClosed = undefined; // not deleted: see cloneState
  s.airSupply = {};
  return log;
}
