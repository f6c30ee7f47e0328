/**
 * VI.E: strategic/daylight detection. Each player rolls for each sea area; the table
 * gives the roll needed by who holds the area's key bases; 1, 3 and 5 reconning units
 * (land and naval air sent over the area, carrier air sent on recon from a carrier in it, surviving submarines) add 1, 2
 * and 3, and a successful Magic roll adds 1 to every Allied roll. Each roll and its
 * modifiers are the roller's own (the recon count would betray face-down submarines);
 * whether he has morning detection is public.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { MAGIC_DETECTION_BONUS, SEA_AREA_NAMES, SEA_AREAS, detectionNeeded, reconBonus } from './data';
import type { Holding } from './data/tables-types';
import type { BaseId, SeaAreaId, Side } from './data/types';
import type { SsjState } from './state';
import { idsOf, isSub } from './units';
import { carrierAreaOf } from './deployment';
import { change } from './shared';

/** Who has ground units at each base ('both' when contested); an empty base counts for its last holder. */
export function holdings(s: SsjState): Partial<Record<BaseId, Holding>> {
  const present: Partial<Record<BaseId, Set<Side>>> = {};
  for (const side of ['allied', 'japanese'] as const) {
    for (const id of idsOf(side, 'ground')) {
      const u = s.units.get(id);
      if (!u || u.place.at !== 'base') continue;
      (present[u.place.base] ??= new Set()).add(u.side);
    }
  }
  const out: Partial<Record<BaseId, Holding>> = {};
  for (const b of Object.keys(s.holder) as BaseId[]) {
    const p = present[b];
    out[b] = p && p.size === 2 ? 'both' : p && p.size === 1 ? [...p][0]! : s.holder[b];
  }
  return out;
}

/** The side's reconning units in each sea area (VI.E), counted in one pass over its units. */
export function reconCounts(s: SsjState, side: Side): Partial<Record<SeaAreaId, number>> {
  const n: Partial<Record<SeaAreaId, number>> = {};
  const add = (area: SeaAreaId | undefined) => {
    if (area) n[area] = (n[area] ?? 0) + 1;
  };
  for (const id of idsOf(side, 'air')) {
    const u = s.units.get(id);
    if (!u) continue;
    if (u.place.at === 'recon') add(u.place.area);
    // VI.E "reconning ... naval air units": carrier air counts only when its owner sent it on recon (deployment.ts), over its carrier's area.
    else if (u.recon !== undefined && carrierAreaOf(s, u) === u.recon) add(u.recon);
  }
  for (const id of idsOf(side, 'ship')) {
    const u = s.units.get(id);
    if (u && isSub(u.id) && u.place.at === 'group') add(s.groups[u.place.group]?.area);
  }
  return n;
}

export function magicWorkedThisTurn(s: SsjState): boolean {
  return s.magic.rolls.some((r) => r.turn === s.turn && r.success);
}

export function rollDetection(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  const held = holdings(s);
  for (const side of ['allied', 'japanese'] as const) {
    const recons = reconCounts(s, side);
    for (const area of SEA_AREAS) {
      const need = detectionNeeded(side, area, held);
      const recon = recons[area] ?? 0;
      const magic = side === 'allied' && magicWorkedThisTurn(s) ? MAGIC_DETECTION_BONUS : 0;
      // VI.E: the roll and its modifiers are the roller's (RULINGS); only whether it detects is public.
      const die = ctx.dice.d6(`detection ${side} ${area}`, [side]);
      const total = die + reconBonus(recon) + magic;
      const hit = total >= need;
      change(s, 'detection')[side][area] = hit;
      const plus = [reconBonus(recon) ? `+${reconBonus(recon)} recon` : '', magic ? '+1 Magic' : ''].filter(Boolean).join(' ');
      const who = side === 'allied' ? 'Allied' : 'Japanese';
      log.push({
        to: [side],
        text: `Your detection roll in ${SEA_AREA_NAMES[area]}: ${die}${plus ? ` ${plus}` : ''} = ${total}, needs ${need}.`,
        data: { roll: { why: 'detection', die, area, need, total, success: hit } },
      });
      log.push({
        to: 'public',
        text: `${who} ${hit ? 'have' : 'do not have'} morning detection in ${SEA_AREA_NAMES[area]} (VI.E).`,
        data: { detection: { side, area, success: hit } },
      });
    }
  }
  return log;
}
