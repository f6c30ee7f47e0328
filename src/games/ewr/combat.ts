/**
 * Losses, morale and retreat, and B3's surface and ASW combat. Hits land ship by ship in
 * the order of HIT_ORDER; the public learns how many hits a TF took, its owner which ships.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { ASW_TABLE, HIT_ORDER, MORALE_HITS_PER_POINT, MORALE_RESERVE_PENALTY, SUBMARINE_TABLE, SURFACE_TABLE, lookup, moraleBreaks } from './data/tables';
import { distance, hexKey } from './hex';
import { afloatIn, aswFactors, label, otherRole, subFactors, surfaceFactors, surfaceShips, type EwrState, type Part, type Role } from './state';
import { countOf, ownLine } from './words';

/** Puts `n` hits on `r`'s ships, part by part in `order`, each ship until it sinks. Returns the hits that landed. */
export function applyHits(s: EwrState, r: Role, n: number, order: readonly Part[], log: LogEntry[]): number {
  let left = n;
  const hitShips: string[] = [];
  const sunk: string[] = [];
  for (const part of order) {
    for (const sh of afloatIn(s, r, part)) {
      if (left === 0) break;
      const st = s.tf[r].ships[sh.id]!;
      const take = Math.min(left, sh.hull - st.hits);
      st.hits += take;
      left -= take;
      hitShips.push(`${sh.name} (${take})`);
      if (st.hits >= sh.hull) sunk.push(sh.name);
    }
  }
  const landed = n - left;
  s.losses[s.roles[r]] += landed;
  if (landed > 0) {
    const what = `${hitShips.join(', ')}.${sunk.length ? ` Sunk: ${sunk.join(', ')}.` : ''}`;
    log.push(ownLine(s.roles[r], `Hits on your TF: ${what}`, `Hits on ${label(s, r)}: ${what}`, { hits: hitShips, sunk }));
  }
  return landed;
}

/** Removes `n` air factors from `r`'s carriers, in order (planes shot down). */
export function loseAir(s: EwrState, r: Role, n: number): void {
  let left = n;
  for (const sh of surfaceShips(s, r)) {
    const st = s.tf[r].ships[sh.id]!;
    const take = Math.min(left, Math.max(0, sh.air - st.airLost));
    st.airLost += take;
    left -= take;
  }
  s.losses[s.roles[r]] += n - left;
}

/** XIII.M.6.c: one less with any ship (afloat) in the reserve component. */
export function moraleBase(s: EwrState, r: Role): { morale: number; reservePenalty: number } {
  const reservePenalty = afloatIn(s, r, 'reserve').length > 0 ? MORALE_RESERVE_PENALTY : 0;
  return { morale: s.scenario[r].morale - reservePenalty, reservePenalty };
}

/** The morale check of a TF that took `hits`: true if it breaks. Logged with its roll. */
export function moraleCheck(s: EwrState, ctx: ApplyContext, r: Role, hits: number, step: string, log: LogEntry[]): boolean {
  const { morale, reservePenalty } = moraleBase(s, r);
  const lossPenalty = Math.floor(hits / MORALE_HITS_PER_POINT);
  const effective = morale - lossPenalty;
  const why = `${step}: morale of ${label(s, r)}`;
  const die = ctx.dice.d6(why);
  const broke = moraleBreaks(effective, die);
  log.push({
    to: 'public',
    text: `${why} (rating ${s.scenario[r].morale}${reservePenalty ? `, −${reservePenalty} reserve component (XIII.M.6.c)` : ''}${lossPenalty ? `, −${lossPenalty} for ${countOf(hits, 'hit')}` : ''} = ${effective}): rolls ${die}: ${broke ? 'morale breaks' : 'holds'}.`,
    data: { roll: { why, die, sides: 6, rating: s.scenario[r].morale, reservePenalty, lossPenalty, effective, broke } },
  });
  return broke;
}

/**
 * X.N.3: a TF retreats to the nearest friendly base on the map (off the map if there is
 * none) and, X.N.3.g, performs no operation until it refuels.
 */
export function retreat(s: EwrState, r: Role, log: LogEntry[]): void {
  const tf = s.tf[r];
  const side = s.roles[r];
  const bases = s.scenario.bases
    .filter((b) => b.side === side)
    .map((b) => ({ b, d: distance(s.scenario.map, tf.hex, b.hex) }))
    .sort((x, y) => x.d - y.d || x.b.id.localeCompare(y.b.id));
  tf.retreating = true;
  const to = bases[0]?.b;
  if (to) tf.hex = { ...to.hex };
  else tf.offMap = true;
  log.push({ to: 'public', text: `${label(s, r)} retreats${to ? '' : ' out of the area'}; it performs no operation until it refuels (X.N.3.g).` });
  if (to) log.push(ownLine(side, `Your TF retreats to ${to.name} (${hexKey(to.hex)}).`, `${label(s, r)} retreats to ${to.name} (${hexKey(to.hex)}).`, { hex: to.hex }));
}

/** A table roll, logged; returns the result. */
function tableRoll(ctx: ApplyContext, why: string, table: string, factors: number, result: (die: number) => number, log: LogEntry[]): number {
  const die = ctx.dice.d6(why);
  const value = result(die);
  log.push({
    to: 'public',
    text: `${why}: ${countOf(factors, 'factor')}, rolls ${die}: ${countOf(value, 'hit')}.`,
    data: { roll: { why, die, sides: 6, table, factors, result: value } },
  });
  return value;
}

/**
 * B3: one round of surface combat between the TFs' surface ships, and ASW warfare where a
 * TF has submarines (its submarines attack, the other TF's ASW attacks them). Rolls are
 * made first, the initiator's first, then the hits land together. Returns hits taken by role.
 */
export function surfaceAndAsw(s: EwrState, ctx: ApplyContext, initiator: Role, log: LogEntry[]): Record<Role, number> {
  const pending: { target: Role; hits: number; order: readonly Part[] }[] = [];
  for (const r of [initiator, otherRole(initiator)]) {
    const enemy = otherRole(r);
    const enemyShips = surfaceShips(s, enemy).length > 0;
    const sf = surfaceFactors(s, r);
    if (sf > 0 && enemyShips) {
      const hits = tableRoll(ctx, `B3: surface fire of ${label(s, r)}`, 'surface', sf, (die) => lookup(SURFACE_TABLE, sf, die), log);
      pending.push({ target: enemy, hits, order: HIT_ORDER.surface });
    }
    const subs = subFactors(s, r);
    if (subs > 0 && enemyShips) {
      const hits = tableRoll(ctx, `B3: submarines of ${label(s, r)}`, 'submarine', subs, (die) => lookup(SUBMARINE_TABLE, subs, die), log);
      pending.push({ target: enemy, hits, order: HIT_ORDER.submarine });
    }
    const asw = aswFactors(s, r);
    if (asw > 0 && afloatIn(s, enemy, 'submarines').length > 0) {
      const hits = tableRoll(ctx, `B3: ASW of ${label(s, r)}`, 'asw', asw, (die) => lookup(ASW_TABLE, asw, die), log);
      pending.push({ target: enemy, hits, order: ['submarines'] });
    }
  }
  if (pending.length === 0) log.push({ to: 'public', text: 'B3: neither TF can fight the other here; no combat.' });
  const taken: Record<Role, number> = { tfa: 0, tfz: 0 };
  for (const p of pending) taken[p.target] += applyHits(s, p.target, p.hits, p.order, log);
  for (const r of ['tfa', 'tfz'] as const) {
    if (pending.some((p) => p.target === r))
      log.push({ to: 'public', text: `B3: ${label(s, r)} takes ${countOf(taken[r], 'hit')}.`, data: { hitsTaken: { role: r, hits: taken[r] } } });
  }
  return taken;
}
