/**
 * 11.22 The Strategic Warfare Segment: which Sub Bases may conduct submarine warfare
 * (11.22.A), the SLOC PV (11.22.C) and the roll (DR ± SWM) − SLOC PV ≤ 0.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { PUSAN, SLOC_DIVISOR, unitOf, type SubBaseId } from './data/tables';
import { hexDistance } from './hex';
import { effectChoices } from './effects';
import { halfRangeHqs, maxMatching } from './sub-bases';
import { baseName, basesOnMap, hexOf, hexOfBase, yearOf, type EotsState, type SwRoll } from './state';
import { currentSwm, signed } from './swm';

const pub = (text: string, data?: Record<string, unknown>): LogEntry => ({ to: 'public', text, ...(data ? { data } : {}) });

/**
 * 11.22.C: the count divided by five, rounded to the nearest integer (half up). A whole
 * count over five ends in .0, .2, .4, .6 or .8, so the .5 case never arises: 2 → 0, 3 → 1,
 * 7 → 1, 8 → 2. Integer arithmetic: floor((2·count + 5) / 10) = floor(count/5 + 1/2).
 */
export function slocPv(count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`a SLOC count is a whole number ≥ 0, got ${count}`);
  return Math.floor((2 * count + SLOC_DIVISOR) / (2 * SLOC_DIVISOR));
}

export interface SlocDetail {
  /** Hexes counted once each: home island ports, Pusan, Japanese-controlled resource hexes (11.22.C.1–3). */
  hexes: string[];
  /** Japanese HQs counted in addition to their hexes (11.22.C.4). */
  hqs: string[];
  count: number;
  pv: number;
}

/** What 11.22.C reads: the hexes and HQs and the SLOC Proximity Range (the state, or a player's view of it, which shows them all). */
export type SlocBoard = Pick<EotsState, 'hexes' | 'hqs'> & { scenario: Pick<EotsState['scenario'], 'slocRange'> };

/** 11.22.C for a Sub Base in `hex`, within the scenario's SLOC Proximity Range (both ends counted). */
export function sloc(s: SlocBoard, hex: string): SlocDetail {
  const range = s.scenario.slocRange;
  const near = (h: string) => hexDistance(h, hex) <= range;
  const counted = new Set<string>();
  for (const h of s.hexes) {
    if (!near(h.hex)) continue;
    if (h.homeIslandPort || h.hex === PUSAN || (h.resource && h.control === 'japanese')) counted.add(h.hex);
  }
  if (near(PUSAN)) counted.add(PUSAN); // Pusan counts by its number, in the extract or not (11.22.C.2)
  const hqs = s.hqs
    .filter((q) => q.side === 'japanese' && q.hex !== null && near(q.hex))
    .map((q) => q.id)
    .sort();
  const count = counted.size + hqs.length;
  return { hexes: [...counted].sort(), hqs, count, pv: slocPv(count) };
}

/** 11.22.A: (DR ± SWM) − SLOC PV ≤ 0 succeeds. */
export function swOutcome(die: number, swm: number, pv: number): { total: number; success: boolean } {
  const total = die + swm - pv;
  return { total, success: total <= 0 };
}

/** The unit and its predecessors (11.22.A.4: "it (or its predecessor unit)"). */
export function lineage(base: SubBaseId): SubBaseId[] {
  const out: SubBaseId[] = [];
  for (let u: SubBaseId | null = base; u; u = unitOf(u).replaces) out.push(u);
  return out;
}

export interface Eligibility {
  base: SubBaseId;
  hex: string | null;
  /** Why it may not conduct submarine warfare (empty when conditions 1–4 hold for it alone). */
  reasons: string[];
}

/** 11.22.A conditions 1–4 for one Sub Base (condition 3's "unique" across Sub Bases is checked by `rollable`). */
export function eligibility(s: EotsState, base: SubBaseId): Eligibility {
  const hex = hexOfBase(s, base);
  if (hex === null) return { base, hex, reasons: ['not on the map'] };
  const reasons: string[] = [];
  if (!hexOf(s, hex)?.alliedSupply) reasons.push('11.22.A.1: not in supply');
  const activator = s.hqs.some((q) => q.side === 'allied' && q.american && q.activatesSubBases && q.hex !== null && hexDistance(q.hex, hex) <= q.activationRange);
  if (!activator) reasons.push('11.22.A.2: no American HQ is eligible to activate it');
  if (halfRangeHqs(s, hex).length === 0) reasons.push('11.22.A.3: not within half the activation range of an American HQ');
  if (!lineage(base).some((u) => s.record.onMapAtReinforcement.includes(u))) {
    reasons.push("11.22.A.4: neither it nor a predecessor was on the map at the beginning of this turn's Reinforcement Segment");
  }
  return { base, hex, reasons };
}

/**
 * The Sub Bases that may roll now: eligible, not rolled yet this segment, and with an
 * American HQ of their own besides those of the Sub Bases that have rolled (11.22.A.3
 * "a unique American HQ").
 */
export function rollable(s: EotsState): SubBaseId[] {
  if (s.phase.kind !== 'strategic-warfare') return [];
  const rolled = s.phase.rolled;
  const sets = rolled.map((b) => halfRangeHqs(s, hexOfBase(s, b)!));
  const base = maxMatching(sets);
  return basesOnMap(s)
    .map((b) => b.base)
    .filter((b) => !rolled.includes(b) && eligibility(s, b).reasons.length === 0)
    .filter((b) => maxMatching([...sets, halfRangeHqs(s, hexOfBase(s, b)!)]) === base + 1);
}

export function beginStrategicWarfare(s: EotsState): LogEntry[] {
  s.phase = { kind: 'strategic-warfare', rolled: [], effectFor: null };
  const lines = basesOnMap(s).map(({ base, hex }) => {
    const e = eligibility(s, base);
    return e.reasons.length === 0 ? `${baseName(base)} (${hex}) may conduct submarine warfare` : `${baseName(base)} (${hex}) may not: ${e.reasons.join('; ')}`;
  });
  return [
    pub(`Turn ${s.turn} (${yearOf(s)}), Strategic Warfare Segment: SWM ${signed(currentSwm(s))}. ${lines.length ? lines.join('. ') + '.' : 'No Sub Base is on the map.'}`, {
      swm: currentSwm(s),
      eligible: basesOnMap(s).map(({ base }) => ({ base, reasons: eligibility(s, base).reasons })),
    }),
  ];
}

/** Logs the eligible Sub Bases left without an HQ of their own when the segment ends. */
export function endStrategicWarfare(s: EotsState): LogEntry[] {
  if (s.phase.kind !== 'strategic-warfare') return [];
  const rolled = s.phase.rolled;
  const left = basesOnMap(s)
    .map((b) => b.base)
    .filter((b) => !rolled.includes(b) && eligibility(s, b).reasons.length === 0);
  return left.map((b) =>
    pub(`${baseName(b)} does not conduct submarine warfare: the American HQs in its reach serve the Sub Bases that did (11.22.A.3, a unique American HQ).`, { base: b }),
  );
}

export function rollSubmarineWarfare(s: EotsState, base: SubBaseId, ctx: ApplyContext): LogEntry[] {
  if (s.phase.kind !== 'strategic-warfare') return [];
  const hex = hexOfBase(s, base)!;
  const swm = currentSwm(s);
  const d = sloc(s, hex);
  const why = `submarine warfare: ${baseName(base)}`;
  const die = ctx.dice.d10(why);
  const { total, success } = swOutcome(die, swm, d.pv);
  const roll: SwRoll = { turn: s.turn, base, hex, die, swm, slocCount: d.count, slocPv: d.pv, total, success, effect: null };
  s.history.rolls.push(roll);
  s.phase.rolled.push(base);
  const text =
    `Submarine warfare, ${baseName(base)} in ${hex}: die ${die}, SWM ${signed(swm)}, SLOC PV ${d.pv} ` +
    `(${d.count} counted ÷ 5: ${[...d.hexes, ...d.hqs.map((q) => `HQ ${s.hqs.find((h) => h.id === q)?.name ?? q}`)].join(', ') || 'nothing'}) → ${die} ${swm < 0 ? '−' : '+'} ${Math.abs(swm)} − ${d.pv} = ${total}: ` +
    (success ? 'success (11.22.A).' : 'no effect.');
  const log = [pub(text, { roll: { why, die, swm, slocCount: d.count, slocPv: d.pv, total, success, base, hex, counted: d.hexes, hqs: d.hqs } })];
  if (success) {
    s.record.successes.push(base);
    if (effectChoices(s).length > 0) s.phase.effectFor = base;
    else log.push(pub('Neither an ASP nor an SWM step can be taken for this success (11.23: one of each a turn, never the last ASP, never below −5).'));
  }
  return log;
}

export function submarineWarfareChoices(s: EotsState): { type: 'submarine-warfare'; base: SubBaseId }[] {
  if (s.phase.kind !== 'strategic-warfare' || s.phase.effectFor !== null) return [];
  return rollable(s).map((base) => ({ type: 'submarine-warfare' as const, base }));
}
