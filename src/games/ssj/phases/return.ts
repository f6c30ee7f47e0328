/**
 * VI.H: return to base and strategic transfers. Japanese ships from the SP go to Rabaul or
 * the Returning to Truk box, from the SL and CS to Rabaul; Allied ships to Espiritu Santo
 * or Australia (not Australia from the SP). Then ground units move between home bases,
 * air units between active airfields (and onto carriers in harbour; carrier air from its
 * carrier, in harbour or in a sea area, to an airfield), PT boats into the Slot. The
 * Japanese player goes first; the screen is down, so the other side sees the pieces move
 * (face down). Then the end of the turn.
 */
import type { LogEntry } from '../../../engine';
import { BASES, HOME_BASES } from '../data';
import type { BaseId, SeaAreaId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { decision, handTo } from '../flow';
import { sendHome } from '../home';
import { baseUsable, returnChoices, type ReturnPlace } from '../routes';
import { SIDE_NAME, turnName, type SsjState, type UnitState } from '../state';
import { airUnit, baseName, cargoCounts, isCarrier, unitName, unitsOf, own } from '../units';

type ReturnAction = Extract<SsjAction, { type: 'return' | 'transfer' | 'embark' | 'pt-slot' | 'done' }>;

const areaOf = (s: SsjState, u: UnitState): SeaAreaId | null => (u.place.at === 'group' ? s.groups[u.place.group]!.area : null);

/** Recon flights land and ships with one way home take it; returns what is left to decide. */
export function autoReturn(s: SsjState, side: Side): LogEntry[] {
  const moved: string[] = [];
  for (const u of unitsOf(s, side)) {
    if (u.kind === 'air' && u.place.at === 'recon') own(s, u.id).place = { at: 'base', base: u.place.base };
    const area = areaOf(s, u);
    if (u.kind === 'ship' && area) {
      const options = returnChoices(s, side, area);
      if (options.length === 1) {
        sendHome(s, u, options[0]!);
        moved.push(u.id);
      }
    }
  }
  return moved.length ? [{ to: [side], text: `Back to base: ${moved.map(unitName).join(', ')}.`, data: { units: moved } }] : [];
}

const activeAirfield = (s: SsjState, side: Side, b: BaseId) => BASES[b].airfield && s.holder[b] === side && baseUsable(s, b);
/** The bases with an airfield, in the order of BASES. */
const AIRFIELDS = (Object.keys(BASES) as BaseId[]).filter((b) => BASES[b].airfield);

export function returnStepChoices(s: SsjState, side: Side): ReturnAction[] {
  const out: ReturnAction[] = [];
  let atSea = 0;
  // Where a ship may return from each sea area, worked out once an area (most ships at sea share a few).
  const homes = new Map<SeaAreaId, readonly ReturnPlace[]>();
  for (const u of unitsOf(s, side, 'ship')) {
    const area = areaOf(s, u);
    if (!area) continue;
    atSea++;
    let to = homes.get(area);
    if (!to) homes.set(area, (to = returnChoices(s, side, area)));
    for (const place of to) out.push({ type: 'return', ship: u.id, to: place });
  }
  // The side's active airfields, in the order of BASES, found once (not once for each air unit and base).
  const fields = AIRFIELDS.filter((b) => activeAirfield(s, side, b));
  const airAboard = cargoCounts(s, 'air');
  const carriers = unitsOf(s, side, 'ship').filter((c) => isCarrier(c.id) && c.place.at === 'base');
  for (const u of unitsOf(s, side)) {
    if (u.place.at !== 'base') continue;
    const here = u.place.base;
    if (u.kind === 'ground' && HOME_BASES[side].includes(here) && !u.transferred) {
      for (const to of HOME_BASES[side]) if (to !== here && s.holder[to] === side && baseUsable(s, to)) out.push({ type: 'transfer', unit: u.id, to });
    }
    if (u.kind === 'air' && !u.transferred) {
      for (const to of fields) if (to !== here) out.push({ type: 'transfer', unit: u.id, to });
      const naval = ['NAV', 'IJN'].includes(airUnit(u.id).type);
      if (naval) {
        for (const c of carriers) {
          if ((c.place as { base: BaseId }).base === here && (airAboard.get(c.id) ?? 0) < (c.capacity ?? 0)) {
            out.push({ type: 'embark', unit: u.id, carrier: c.id });
          }
        }
      }
    }
    if (u.kind === 'pt' && !u.transferred) out.push({ type: 'pt-slot', unit: u.id });
  }
  // VI.F.1.b "Carriers in the Slot ... may still ... fly their offensive squadrons to another base in the later, Strategic
  // Transfer phase"; VI.H "air units may be freely moved between any bases having active airfields": air aboard a carrier,
  // in harbour or (before she returns) at sea, may fly to any active airfield of its side.
  for (const u of unitsOf(s, side, 'air')) {
    if (u.place.at !== 'aboard' || u.transferred) continue;
    const carrier = s.units.of(u.place.ship).place;
    if (carrier.at !== 'base' && carrier.at !== 'group') continue;
    for (const to of fields) out.push({ type: 'transfer', unit: u.id, to });
  }
  if (atSea === 0) out.push({ type: 'done' });
  return out;
}

export function applyReturnStep(s: SsjState, side: Side, a: ReturnAction): LogEntry[] {
  const mine = (text: string, units: string[]): LogEntry => ({ to: [side], text, data: { units } });
  switch (a.type) {
    case 'return': {
      sendHome(s, s.units.of(a.ship), a.to);
      return [mine(`${unitName(a.ship)} returns to ${a.to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(a.to)}.`, [a.ship])];
    }
    case 'transfer': {
      const u = own(s, a.unit);
      u.place = { at: 'base', base: a.to };
      u.transferred = true;
      return [mine(`${unitName(u.id)} transfers to ${baseName(a.to)}.`, [u.id])];
    }
    case 'embark': {
      const u = own(s, a.unit);
      u.place = { at: 'aboard', ship: a.carrier };
      u.transferred = true;
      return [mine(`${unitName(u.id)} flies aboard ${unitName(a.carrier)}.`, [u.id, a.carrier])];
    }
    case 'pt-slot': {
      const u = own(s, a.unit);
      u.place = { at: 'slot' };
      u.transferred = true;
      return [mine(`${unitName(u.id)} moves into the Slot.`, [u.id])];
    }
    default:
      return [];
  }
}

export const returnPhase = decision('return', ['return', 'transfer', 'embark', 'pt-slot', 'done'], {
  text: (s) => `${turnName(s)} (VI.H): return your ships to base, then transfer ground units between home bases, air units between airfields, PT boats into the Slot.`,
  choices: (s, side) => returnStepChoices(s, side),
  // Recon flights land and ships with one way home take it.
  arrive: (s) => ({ log: autoReturn(s, s.actor!) }),
  apply(s, side, a) {
    const log = applyReturnStep(s, side, a);
    if (a.type !== 'done') return { log };
    log.push({ to: 'public', text: `${turnName(s)}: the ${SIDE_NAME[side]} player has returned to base.` });
    return { log, next: side === 'japanese' ? handTo('allied') : { auto: 'end-turn' }, reveals: true };
  },
});
