/**
 * The Sub Bases on the map: their order of battle (11.21.B), where they may be placed
 * (11.21.C), Japanese attacks on them (11.21.D) and emergency moves (11.21.E).
 */
import type { LogEntry } from '../../engine';
import type { ActionOf } from './actions';
import { DISPLACE_HITS, EMERGENCY_RANGE, ORDER_OF_BATTLE, SUB_BASE_IDS, type SubBaseId } from './data/tables';
import { halfRoundedUp, hexDistance } from './hex';
import { isReported } from './report-keys';
import { baseName, basesOnMap, hexOf, hexOfBase, hqOf, type EmergencyDue, type EotsState, type Offensive, type SubBaseLoss } from './state';
import { countOf } from './words';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });

// ───────────────────────────── HQs and the one-HQ-each rule ─────────────────────────────

/** The American HQs on the map whose half activation range (FRU) reaches `hex` (11.21.C, 11.22.A.3). */
export function halfRangeHqs(s: EotsState, hex: string): string[] {
  return s.hqs
    .filter((q) => q.side === 'allied' && q.american && q.hex !== null && hexDistance(q.hex, hex) <= halfRoundedUp(q.activationRange))
    .map((q) => q.id)
    .sort();
}

/** The size of a largest matching of items to distinct HQs (Kuhn's augmenting paths). */
export function maxMatching(options: readonly (readonly string[])[]): number {
  const owner = new Map<string, number>();
  const tryItem = (i: number, seen: Set<string>): boolean => {
    for (const hq of options[i]!) {
      if (seen.has(hq)) continue;
      seen.add(hq);
      const o = owner.get(hq);
      if (o === undefined || tryItem(o, seen)) {
        owner.set(hq, i);
        return true;
      }
    }
    return false;
  };
  let n = 0;
  for (let i = 0; i < options.length; i++) if (tryItem(i, new Set())) n++;
  return n;
}

/**
 * 11.21.C "Each Sub Base must be within half the HQ activation range of a different American
 * HQ": a Sub Base in `hex` has an HQ of its own next to the Sub Bases in `others` — adding it
 * makes the largest matching of Sub Bases to distinct HQs one larger (RULING: a Sub Base that
 * already lacks an HQ of its own does not stop another from being placed).
 */
export function hasOwnHq(s: EotsState, hex: string, others: readonly string[]): boolean {
  const sets = others.map((h) => halfRangeHqs(s, h));
  return maxMatching([...sets, halfRangeHqs(s, hex)]) === maxMatching(sets) + 1;
}

// ───────────────────────────── 11.21.C placement ─────────────────────────────

/** The hexes of the other Sub Bases a placement must share the American HQs with (not those being moved). */
function otherBaseHexes(s: EotsState, base: SubBaseId): string[] {
  const moving = new Set<SubBaseId>([base, ...s.emergency.map((e) => e.base)]);
  return basesOnMap(s)
    .filter((b) => !moving.has(b.base))
    .map((b) => b.hex);
}

/** Why `base` may not be placed in `hex` (empty when it may), each reason with its rule. */
export function placementProblems(s: EotsState, base: SubBaseId, hex: string, within?: { of: string; range: number }): string[] {
  const h = hexOf(s, hex);
  if (!h) return [`hex ${hex} is not in the scenario's map extract`];
  const out: string[] = [];
  if (!(h.port || (h.airfield && h.coastal))) out.push('11.21.C: neither a port nor an airfield in a coastal hex');
  if (h.control !== 'allied') out.push('11.21.C: not a friendly (Allied-controlled) hex');
  if (!h.alliedSupply) out.push('11.21.C: not in Allied supply');
  if (h.japaneseZoi) out.push('11.21.C: inside an unneutralized Japanese ZoI');
  const there = basesOnMap(s).find((b) => b.hex === hex && b.base !== base);
  if (there) out.push(`11.21.C: ${baseName(there.base)} is already there (one Sub Base a hex)`);
  if (within && hexDistance(within.of, hex) > within.range) out.push(`11.21.E: more than ${within.range} hexes from ${within.of}`);
  if (halfRangeHqs(s, hex).length === 0) out.push('11.21.C: not within half (FRU) the activation range of an American HQ');
  else if (!hasOwnHq(s, hex, otherBaseHexes(s, base))) out.push('11.21.C: every American HQ in reach is needed by another Sub Base (each needs a different HQ)');
  return out;
}

/** Every hex of the extract where `base` may be placed now, in hex-number order. */
export function legalPlacements(s: EotsState, base: SubBaseId, within?: { of: string; range: number }): string[] {
  return s.hexes
    .map((h) => h.hex)
    .filter((hex) => placementProblems(s, base, hex, within).length === 0)
    .sort();
}

// ───────────────────────────── 11.21.B order of battle ─────────────────────────────

/**
 * The start of a Reinforcement Segment: note which Sub Bases are on the map (11.22.A.4),
 * make this turn's in-situ replacements, and list the Sub Bases to be placed: a new unit
 * (Lockwood on Turn 6) and any on the Turn Record Track (11.21.D, 11.21.E).
 */
export function beginReinforcement(s: EotsState): LogEntry[] {
  s.record.onMapAtReinforcement = basesOnMap(s).map((b) => b.base);
  const log: LogEntry[] = [];
  for (const u of ORDER_OF_BATTLE) {
    const l = s.subBases[u.id];
    if (l.at !== 'pending' || l.turn !== s.turn) continue;
    const pred = u.replaces ? s.subBases[u.replaces] : null;
    if (u.replaces && pred && (pred.at === 'map' || pred.at === 'trt')) {
      s.subBases[u.id] = pred.at === 'map' ? { at: 'map', hex: pred.hex } : { at: 'trt' };
      s.subBases[u.replaces] = { at: 'replaced' };
      s.history.arrivals.push({ turn: s.turn, base: u.id, replaces: u.replaces, where: pred.at });
      log.push(
        pub(
          pred.at === 'map'
            ? `${u.name} replaces ${baseName(u.replaces)} in situ in hex ${pred.hex} (11.21.B); it conducts submarine warfare this turn.`
            : `${u.name} replaces ${baseName(u.replaces)} in situ on the Turn Record Track (11.21.B); it may not conduct submarine warfare this turn.`,
          { base: u.id, replaces: u.replaces },
        ),
      );
    } else {
      s.subBases[u.id] = { at: 'trt' };
      s.history.arrivals.push({ turn: s.turn, base: u.id, replaces: null, where: 'new' });
      log.push(pub(`${u.name} arrives as a new unit (11.21.B); it may not conduct submarine warfare before next turn.`, { base: u.id }));
    }
  }
  const toPlace = SUB_BASE_IDS.filter((id) => s.subBases[id].at === 'trt');
  s.phase = { kind: 'reinforcement', toPlace };
  return log;
}

export function placementChoices(s: EotsState): ActionOf<'place-sub-base'>[] {
  if (s.phase.kind !== 'reinforcement') return [];
  return s.phase.toPlace.flatMap((base) => legalPlacements(s, base).map((hex) => ({ type: 'place-sub-base' as const, base, hex })));
}

/** Drops from the list the Sub Bases no hex can take: they stay on the Turn Record Track. */
export function dropUnplaceable(s: EotsState): LogEntry[] {
  if (s.phase.kind !== 'reinforcement') return [];
  const log: LogEntry[] = [];
  const keep: SubBaseId[] = [];
  for (const base of s.phase.toPlace) {
    if (legalPlacements(s, base).length > 0) keep.push(base);
    else log.push(pub(`${baseName(base)} stays on the Turn Record Track: no hex meets 11.21.C (it tries again next Reinforcement Segment).`, { base }));
  }
  s.phase.toPlace = keep;
  return log;
}

export function placeSubBase(s: EotsState, a: ActionOf<'place-sub-base'>): LogEntry[] {
  if (s.phase.kind !== 'reinforcement') return [];
  s.subBases[a.base] = { at: 'map', hex: a.hex };
  s.phase.toPlace = s.phase.toPlace.filter((b) => b !== a.base);
  return [pub(`${baseName(a.base)} is placed in hex ${a.hex} (11.21.C).`, { base: a.base, hex: a.hex })];
}

// ───────────────────────────── 11.21.C relocation ─────────────────────────────

/** Relocations open to an Allied offensive: two activations each, by an HQ that can activate the Sub Base. */
export function relocationChoices(s: EotsState, off: Offensive): ActionOf<'relocate-sub-base'>[] {
  if (off.side !== 'allied' || off.activations === null || off.activations - off.used < 2) return [];
  const hq = hqOf(s, off.hq);
  if (!hq || hq.side !== 'allied' || !hq.activatesSubBases || hq.hex === null) return [];
  const out: ActionOf<'relocate-sub-base'>[] = [];
  for (const { base, hex } of basesOnMap(s)) {
    if (off.relocated.includes(base) || hexDistance(hq.hex, hex) > hq.activationRange) continue;
    for (const to of legalPlacements(s, base)) if (to !== hex) out.push({ type: 'relocate-sub-base', base, to });
  }
  return out;
}

export function relocate(s: EotsState, off: Offensive, a: ActionOf<'relocate-sub-base'>): LogEntry[] {
  const from = hexOfBase(s, a.base);
  s.subBases[a.base] = { at: 'map', hex: a.to };
  off.used += 2;
  off.relocated.push(a.base);
  if (!s.record.relocated.includes(a.base)) s.record.relocated.push(a.base);
  return [
    pub(`${baseName(a.base)} is activated with two activations and relocated from ${from} to ${a.to} (11.21.C); ${countOf(off.activations! - off.used, 'activation')} left.`, {
      base: a.base,
      from,
      to: a.to,
    }),
  ];
}

// ───────────────────────────── 11.21.D Japanese attacks ─────────────────────────────

/** Sub Bases on the map in a declared Battle Hex of this offensive. */
export function basesInBattleHexes(s: EotsState, off: Offensive): SubBaseId[] {
  return basesOnMap(s)
    .filter((b) => off.battleHexes.includes(b.hex))
    .map((b) => b.base);
}

/** The hits the Japanese may report on a Sub Base in a confirmed Battle Hex (not a report already made and left unconfirmed). */
export function attackChoices(s: EotsState, off: Offensive): ActionOf<'japanese-attack'>[] {
  const out: ActionOf<'japanese-attack'>[] = [];
  for (const base of basesInBattleHexes(s, off)) {
    for (const critical of [false, true]) {
      for (let hits = 1; hits <= DISPLACE_HITS; hits++)
        if (!isReported(s, { kind: 'sub-base-hits', base, hits, critical })) out.push({ type: 'japanese-attack', base, hits, critical });
    }
  }
  return out;
}

/** Removes a Sub Base to the Turn Record Track, to return in the next Reinforcement Segment. */
function toTrt(s: EotsState, base: SubBaseId, how: SubBaseLoss['how']): void {
  s.subBases[base] = { at: 'trt' };
  s.history.lost.push({ turn: s.turn, base, how });
}

export function japaneseAttack(s: EotsState, off: Offensive, a: ActionOf<'japanese-attack'>): LogEntry[] {
  const hex = hexOfBase(s, a.base)!;
  const total = (off.hits[a.base] ?? 0) + a.hits;
  off.hits[a.base] = total;
  const how = a.critical ? 'as the target of a Critical Hit' : 'after reducing every other Allied air and naval unit in the combat';
  const log = [
    pub(`The Japanese apply ${countOf(a.hits, 'hit')} to ${baseName(a.base)} in ${hex} ${how} (11.21.D): ${total} of ${DISPLACE_HITS} this combat.`, {
      base: a.base,
      hits: a.hits,
      total,
      critical: a.critical,
    }),
  ];
  if (total >= DISPLACE_HITS) {
    toTrt(s, a.base, 'hits');
    log.push(pub(`${baseName(a.base)} is displaced: removed to the Turn Record Track, to return in the next Reinforcement Segment (11.21.D).`, { base: a.base, displaced: true }));
  }
  return log;
}

export function groundChoices(s: EotsState, off: Offensive): ActionOf<'japanese-ground-unit'>[] {
  if (off.side !== 'japanese') return [];
  return basesInBattleHexes(s, off)
    .filter((base) => !isReported(s, { kind: 'ground-unit', base }))
    .map((base) => ({ type: 'japanese-ground-unit' as const, base }));
}

/** 11.21.D: a Japanese ground unit in the hex after ground combat: to the TRT, no emergency move; the hex is Japanese. */
export function japaneseGroundUnit(s: EotsState, a: ActionOf<'japanese-ground-unit'>): LogEntry[] {
  const hex = hexOfBase(s, a.base)!;
  toTrt(s, a.base, 'ground');
  const h = hexOf(s, hex);
  if (h) h.control = 'japanese';
  return [
    pub(
      `A Japanese ground unit occupies ${hex} at the end of ground combat: ${baseName(a.base)} is removed to the Turn Record Track without an emergency move (11.21.D), and the hex is Japanese-controlled.`,
      {
        base: a.base,
        hex,
      },
    ),
  ];
}

// ───────────────────────────── 11.21.E emergency moves ─────────────────────────────

/**
 * The Sub Bases that must make an emergency move now: those in a hex the Japanese control.
 * With `iai`, Wilkes (if on the map and not already due) may make one as well (17.11/17.25).
 */
export function emergenciesDue(s: EotsState, iai: boolean): EmergencyDue[] {
  const due: EmergencyDue[] = [];
  for (const { base, hex } of basesOnMap(s)) {
    if (s.emergency.some((e) => e.base === base)) continue;
    if (hexOf(s, hex)?.control === 'japanese') due.push({ base, optional: false });
    else if (iai && base === 'wilkes') due.push({ base, optional: true });
  }
  return due;
}

export function emergencyChoices(s: EotsState, due: EmergencyDue): (ActionOf<'emergency-move'> | ActionOf<'no-emergency-move'>)[] {
  const from = hexOfBase(s, due.base);
  if (from === null) return [];
  const hexes = legalPlacements(s, due.base, { of: from, range: EMERGENCY_RANGE }).filter((h) => h !== from);
  return [
    ...hexes.map((to) => ({ type: 'emergency-move' as const, base: due.base, to })),
    { type: 'emergency-move' as const, base: due.base, to: 'trt' },
    ...(due.optional ? [{ type: 'no-emergency-move' as const, base: due.base }] : []),
  ];
}

/** A forced emergency move with nowhere to go is no decision: the Sub Base goes to the TRT (11.21.E). */
export function forceStuckEmergencies(s: EotsState): LogEntry[] {
  const log: LogEntry[] = [];
  for (const due of [...s.emergency]) {
    if (due.optional) continue;
    const from = hexOfBase(s, due.base);
    if (from !== null && legalPlacements(s, due.base, { of: from, range: EMERGENCY_RANGE }).some((h) => h !== from)) continue;
    if (from !== null) toTrt(s, due.base, 'emergency');
    s.emergency = s.emergency.filter((e) => e.base !== due.base);
    log.push(
      pub(`${baseName(due.base)} cannot be placed within ${EMERGENCY_RANGE} hexes of ${from} under 11.21.C: it goes to the Turn Record Track (11.21.E).`, { base: due.base }),
    );
  }
  return log;
}

export function emergencyMove(s: EotsState, a: ActionOf<'emergency-move'> | ActionOf<'no-emergency-move'>): LogEntry[] {
  const from = hexOfBase(s, a.base);
  s.emergency = s.emergency.filter((e) => e.base !== a.base);
  if (a.type === 'no-emergency-move') return [pub(`${baseName(a.base)} stays in ${from}: the Allied player declines its emergency move (11.21.E).`, { base: a.base })];
  if (a.to === 'trt') {
    toTrt(s, a.base, 'emergency');
    return [pub(`${baseName(a.base)} makes an emergency move from ${from} to the Turn Record Track (11.21.E).`, { base: a.base, from, to: 'trt' })];
  }
  s.subBases[a.base] = { at: 'map', hex: a.to };
  return [pub(`${baseName(a.base)} makes an emergency move from ${from} to ${a.to} (11.21.E).`, { base: a.base, from, to: a.to })];
}
