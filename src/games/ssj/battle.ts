/**
 * VI.F.1.c/f: daylight surface battles, and VI.F.2 (a, b): night-time surface battles, both
 * with VII.A damage. Daylight: each side picks the task force that fights, all its ships
 * are turned face up, carriers and transports are held back, no surprise, and ships may
 * not fire at a higher class while an enemy ship of their own or a lower class is not
 * being fired on; afterwards the undamaged ships are turned face down again.
 * In the Slot the Allied PT units may join a daylight battle instead of hiding (then Japanese
 * gunfire sinks them on a 4–6).
 *
 * Night: sea area by sea area
 * (SP, SL, CS). While both sides have surface ships in an area's "Day and Night" or
 * "Night Only" boxes, each side picks the task force that fights (the Japanese first),
 * places its ships face down on the Battle Board above or below the night-time size
 * perception line, and the Japanese player rolls for night surprise. The surprising side
 * may open with torpedoes, with gunfire, or withdraw; then gunfire is simultaneous, round
 * after round, the Japanese deciding first after each round whether to withdraw. A ship
 * is turned face up only when it is damaged (or sunk). Damage is resolved (VII.A, in
 * secret) after the phase, by damage.ts.
 *
 * Enemy pieces are always named by their tag in actions; internal allocations keep ids.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { PT_DAY_SUNK_FROM, PT_LOSS_VP, antiShipResult, antiShipShift, nightSurprise, NIGHT_COLUMN, SURPRISE_TORPEDO_BATTLES, torpedoTurns, SEA_AREAS, SEA_AREA_NAMES, TURNS } from './data';
import type { SeaAreaId, Side } from './data/types';
import type { SsjAction } from './actions';
import { destroyUnit, hitShip, leaveGroup } from './damage';
import { returnChoices } from './routes';
import { learn, other, SIDE_NAME, type SsjState, type UnitState } from './state';
import { SHIP_BY_ID, aboard, isCarrier, isSub, isTransport, unitName } from './units';
import { FIRE_RANK } from './data';
import { awardVp } from './reinforcements';

export type Row = 'above' | 'below';
export type BattleStep = 'pt-day' | 'choose-tf' | 'place' | 'surprise' | 'torpedo' | 'wild' | 'after-torpedo' | 'fire' | 'continue';
/** Who fires in a 'fire' step: the surpriser first, then the surprised side, then both at once. */
export type FireOrder = 'first' | 'second' | 'both';

export type BattleMode = 'day' | 'night';

export interface BattleState {
  mode: BattleMode;
  area: SeaAreaId;
  /** Sea areas still to be fought over in this stage, after `area`. */
  queue: SeaAreaId[];
  /** The task force (group id) each side has in the battle. */
  tf: Record<Side, string | null>;
  /** Every ship on the Battle Board: its row. */
  row: Record<string, Row>;
  /** Sides that have closed their placement. */
  placed: Side[];
  /** The night surprise result of this battle (null until rolled). */
  surprise: Side | 'none' | null;
  step: BattleStep;
  order: FireOrder;
  round: number;
  /** This round's gunfire allocations: firing ship → target ship. */
  fire: Record<Side, Record<string, string>>;
  /** The surprise torpedo allocations: [firing ship, target ship]. */
  torpedoes: [string, string][];
  /** Wild torpedoes waiting for the other player's blind choice of target: the firing ships. */
  wild: string[];
  /** Sides that have said "continue" after this round. */
  decided: Side[];
  /** Surprise torpedo battles each task force has fought this turn (VI.F.2.b.1). */
  torpedoBattles: Record<string, number>;
  /** VI.F.1.c: the Allied PT units that have joined this daylight battle in the Slot (instead of hiding). */
  pts?: string[];
}

type BattleAction = Extract<
  SsjAction,
  { type: 'set-aside' | 'battle-pt' | 'battle-tf' | 'battle-row' | 'battle-open' | 'torpedo' | 'wild-target' | 'fire' | 'fire-spread' | 'battle-continue' | 'battle-withdraw' | 'done' }
>;

const BOXES_OF: Record<BattleMode, string[]> = { night: ['daynight', 'night'], day: ['day', 'daynight'] };
const FIXED_BELOW = new Set(['DD', 'DL']);
const FIXED_ABOVE = new Set(['SBB', 'BB', 'B', 'BC', 'CV', 'CVL', 'CVE']);
const cls = (id: string) => SHIP_BY_ID.get(id)!.cls;

/** The ships of a group that fight surface battles (submarines do not: RULING). */
export function surfaceShips(s: SsjState, group: string | null): string[] {
  const g = group ? s.groups[group] : undefined;
  return g ? g.ships.filter((id) => !isSub(id)) : [];
}

/** Task forces of `side` eligible for a battle in `area`: by day in the Day Only and Day and Night boxes (VI.F.1.c), at night in the Day and Night and Night Only boxes (VI.F.2). */
export function taskForces(s: SsjState, side: Side, area: SeaAreaId, mode: BattleMode): string[] {
  const boxes = BOXES_OF[mode];
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side === side && g.area === area && boxes.includes(g.box) && g.ships.some((id) => !isSub(id))) out.push(g.id);
  }
  return out.sort();
}

export const nightTaskForces = (s: SsjState, side: Side, area: SeaAreaId) => taskForces(s, side, area, 'night');

const isPt = (s: SsjState, id: string) => s.units[id]!.kind === 'pt';
/** RULING (VI.F.1.c): for the order of fire a PT unit ranks with the destroyers. */
const rankOf = (s: SsjState, id: string) => (isPt(s, id) ? FIRE_RANK.DD : FIRE_RANK[cls(id)]);
/** The PT units still afloat in the daylight battle (VI.F.1.c). */
const livePts = (s: SsjState, b: BattleState) => (b.mode === 'day' ? (b.pts ?? []).filter((id) => s.units[id]!.place.at === 'slot') : []);
/** Allied PT units in the Slot that may still join the daylight battle there (one PT attack a turn: RULING). */
function readyDayPts(s: SsjState, b: BattleState): string[] {
  if (b.mode !== 'day' || b.area !== 'SL') return [];
  const done = new Set([...(s.engaged ?? []), ...(b.pts ?? [])]);
  return Object.keys(s.units)
    .filter((id) => s.units[id]!.kind === 'pt' && s.units[id]!.side === 'allied' && s.units[id]!.place.at === 'slot' && !done.has(id))
    .sort();
}

/** VI.F.1.c.1: by day carriers and transports are held back, out of the battle, until their escorts are gone. */
const heldBack = (id: string) => isCarrier(id) || isTransport(id);

/** The enemy ships `side` may fire at: by day not the held-back ships while any other ship of their task force is left. */
function targetsOf(s: SsjState, b: BattleState, side: Side): string[] {
  const ships = surfaceShips(s, b.tf[other(side)]);
  if (b.mode === 'night') return ships;
  const escorts = ships.filter((id) => !heldBack(id));
  // VI.F.1.c: PT units that joined the battle may be fired on (they do not shield the held-back ships).
  return [...(escorts.length ? escorts : ships), ...(side === 'japanese' ? livePts(s, b) : [])];
}

/**
 * The targets one ship may be allocated (VI.F.1.c.3): at night any; by day none of a higher
 * class than its own unless every target of its own or a lower class is already being fired on.
 */
function allowedTargets(s: SsjState, b: BattleState, side: Side, ship: string): string[] {
  const all = targetsOf(s, b, side);
  if (b.mode === 'night') return all;
  const rank = rankOf(s, ship);
  const fired = new Set(Object.values(b.fire[side]));
  const lower = all.filter((t) => rankOf(s, t) <= rank);
  if (lower.every((t) => fired.has(t))) return all;
  return lower;
}

/** A ship that may fire its guns: not HD, not a carrier, transport or submarine (VI.F.1.c, VII.A). */
export function canFire(u: UnitState): boolean {
  return u.damage !== 'HD' && !isCarrier(u.id) && !isTransport(u.id) && !isSub(u.id);
}

/** A ship that may fire a surprise torpedo: a T or T* ship with no damage (VII.A). */
export function canTorpedo(u: UnitState): boolean {
  return !!SHIP_BY_ID.get(u.id)!.torpedo && u.damage === null;
}

const firers = (s: SsjState, side: Side, b: BattleState) => [
  ...surfaceShips(s, b.tf[side]).filter((id) => canFire(s.units[id]!)),
  ...(side === 'allied' ? livePts(s, b) : []),
];

/** Whose decision it is in the battle now (null: nothing to decide). */
export function battleActor(s: SsjState): Side | null {
  const b = s.battle;
  if (!b) return null;
  switch (b.step) {
    case 'pt-day':
      return 'allied';
    case 'choose-tf':
      return b.tf.japanese === null ? 'japanese' : 'allied';
    case 'place':
      return b.placed.includes('japanese') ? 'allied' : 'japanese';
    case 'surprise':
    case 'torpedo':
    case 'after-torpedo':
      return b.surprise as Side;
    case 'wild':
      return other(b.surprise as Side);
    case 'fire':
      return fireSides(s, b).find((side) => firers(s, side, b).some((id) => !(id in b.fire[side]))) ?? null;
    case 'continue':
      return b.decided.includes('japanese') ? 'allied' : 'japanese';
  }
}

/** The sides that fire in the current 'fire' step. */
function fireSides(s: SsjState, b: BattleState): Side[] {
  if (b.order === 'first') return [b.surprise as Side];
  if (b.order === 'second') return [other(b.surprise as Side)];
  void s;
  return ['japanese', 'allied'];
}

const tagOf = (s: SsjState, id: string) => s.tags[id]!;
const byTag = (s: SsjState, ids: string[], piece: string) => ids.find((id) => s.tags[id] === piece);

/** Default placement: DD/DL below, capital ships and carriers above, cruisers above, transports below; then at least one each side if possible. */
function defaultRows(ships: string[]): Record<string, Row> {
  const row: Record<string, Row> = {};
  for (const id of ships) row[id] = FIXED_BELOW.has(cls(id)) || isTransport(id) ? 'below' : 'above';
  const flex = ships.filter(flexible);
  const count = (r: Row) => ships.filter((id) => row[id] === r).length;
  if (ships.length >= 2) {
    if (count('below') === 0 && flex.length) row[flex[flex.length - 1]!] = 'below';
    if (count('above') === 0 && flex.length) row[flex[0]!] = 'above';
  }
  return row;
}

const canSetAside = (s: SsjState, id: string) => s.units[id]!.damage === 'D' && !SHIP_BY_ID.get(id)!.slow;

const flexible = (id: string) => !FIXED_BELOW.has(cls(id)) && !FIXED_ABOVE.has(cls(id));

/** VI.F.2.b note: is this placement legal ("at least one unit each side of the line ... if at all possible")? */
export function placementLegal(ships: string[], row: Record<string, Row>): boolean {
  const above = ships.filter((id) => row[id] === 'above').length;
  const below = ships.length - above;
  if (above > 0 && below > 0) return true;
  const flex = ships.filter(flexible).length;
  const fA = ships.filter((id) => FIXED_ABOVE.has(cls(id))).length;
  const fB = ships.filter((id) => FIXED_BELOW.has(cls(id))).length;
  const possible = ships.length >= 2 && (fA > 0 || flex > 0) && (fB > 0 || flex > 0);
  return !possible;
}

// ─────────────────────────────── choices ───────────────────────────────

export function battleChoices(s: SsjState, side: Side): BattleAction[] {
  const b = s.battle!;
  const enemy = other(side);
  const alive = (sd: Side) => surfaceShips(s, b.tf[sd]);
  switch (b.step) {
    case 'pt-day':
      // VI.F.1.c: each PT unit in the Slot may join the battle; the rest hide (close).
      return side === 'allied' ? [...readyDayPts(s, b).map((unit) => ({ type: 'battle-pt' as const, unit })), { type: 'done' }] : [];
    case 'choose-tf':
      return taskForces(s, side, b.area, b.mode).map((group) => ({ type: 'battle-tf', group }));
    case 'place': {
      const mine = alive(side);
      const out: BattleAction[] = mine.filter(flexible).map((ship) => ({ type: 'battle-row', ship, row: b.row[ship] === 'above' ? 'below' : 'above' }));
      // VI.F.2.a: a damaged (D, not slow) ship may be set aside — withdrawn — so that its task force keeps its chance of surprise.
      if (mine.length > 1) for (const ship of mine.filter((id) => canSetAside(s, id))) out.push({ type: 'set-aside', ship });
      if (placementLegal(mine, b.row)) out.push({ type: 'done' });
      return out;
    }
    case 'surprise': {
      const out: BattleAction[] = [];
      const tf = b.tf[side]!;
      if ((b.torpedoBattles[tf] ?? 0) < SURPRISE_TORPEDO_BATTLES[side] && alive(side).some((id) => canTorpedo(s.units[id]!))) out.push({ type: 'battle-open', first: 'torpedoes' });
      if (firers(s, side, b).length) out.push({ type: 'battle-open', first: 'gunfire' });
      out.push({ type: 'battle-withdraw' });
      return out;
    }
    case 'torpedo': {
      // Spread as much as possible: only the pieces with the fewest torpedoes so far.
      const targets = alive(enemy);
      const n = new Map(targets.map((t) => [t, 0]));
      for (const [, t] of b.torpedoes) if (n.has(t)) n.set(t, n.get(t)! + 1);
      const least = Math.min(...n.values());
      return targets
        .filter((t) => n.get(t) === least)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'torpedo', piece }));
    }
    case 'wild':
      return alive(enemy)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'wild-target', piece }));
    case 'after-torpedo':
      return [{ type: 'battle-continue' }, { type: 'battle-withdraw' }];
    case 'fire': {
      const ship = firers(s, side, b).find((id) => !(id in b.fire[side]));
      if (!ship) return [];
      const out: BattleAction[] = allowedTargets(s, b, side, ship)
        .map((t) => tagOf(s, t))
        .sort()
        .map((piece) => ({ type: 'fire', ship, piece }));
      out.push({ type: 'fire-spread' });
      return out;
    }
    case 'continue':
      return [{ type: 'battle-continue' }, { type: 'battle-withdraw' }];
  }
}

// ─────────────────────────────── flow ───────────────────────────────

/** Starts the night battles of the phase: null when no sea area has both sides present. */
export function startNightBattles(s: SsjState, ctx: ApplyContext): LogEntry[] {
  return startBattles(s, 'night', ctx);
}

const STAGE: Record<BattleMode, string> = { night: 'Night (VI.F.2): surface battle', day: 'Day (VI.F.1.c, f): daylight surface battle' };

/** Starts the battles of a stage, sea area by sea area; s.battle stays null when no sea area has both sides present. */
export function startBattles(s: SsjState, mode: BattleMode, ctx: ApplyContext, torpedoBattles: Record<string, number> = {}): LogEntry[] {
  const areas = SEA_AREAS.filter((a) => contested(s, a, mode));
  s.battle = null;
  if (areas.length === 0) return [];
  s.battle = {
    mode,
    area: areas[0]!,
    queue: areas.slice(1),
    tf: { allied: null, japanese: null },
    row: {},
    placed: [],
    surprise: null,
    step: 'choose-tf',
    order: 'both',
    round: 0,
    fire: { allied: {}, japanese: {} },
    torpedoes: [],
    wild: [],
    decided: [],
    torpedoBattles: { ...torpedoBattles },
  };
  return [{ to: 'public', text: `${STAGE[mode]} in ${SEA_AREA_NAMES[areas[0]!]}.` }, ...autoAdvance(s, ctx)];
}

const contested = (s: SsjState, area: SeaAreaId, mode: BattleMode) =>
  taskForces(s, 'japanese', area, mode).length > 0 && taskForces(s, 'allied', area, mode).length > 0;

/** Runs every step that needs no decision; stops at a decision or when the stage is over (s.battle null). */
function autoAdvance(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const b = s.battle;
    if (!b) return log;
    // A battle is over when one task force has no surface ship left.
    if (b.step !== 'choose-tf' && (surfaceShips(s, b.tf.japanese).length === 0 || surfaceShips(s, b.tf.allied).length === 0)) {
      log.push(...endBattle(s));
      continue;
    }
    switch (b.step) {
      case 'choose-tf': {
        let moved = false;
        for (const side of ['japanese', 'allied'] as const) {
          if (b.tf[side] !== null && !s.groups[b.tf[side]!]) b.tf[side] = null;
          if (b.tf[side] !== null) continue;
          const tfs = taskForces(s, side, b.area, b.mode);
          if (tfs.length === 1) {
            b.tf[side] = tfs[0]!;
            moved = true;
          } else break;
        }
        if (b.tf.japanese && b.tf.allied) {
          log.push(...(b.mode === 'night' ? enterPlacement(s) : enterDayBattle(s)));
          continue;
        }
        if (moved) continue;
        return log;
      }
      case 'place': {
        for (const side of ['japanese', 'allied'] as const) {
          const ships = surfaceShips(s, b.tf[side]);
          if (!b.placed.includes(side) && !ships.some(flexible) && !(ships.length > 1 && ships.some((id) => canSetAside(s, id)))) b.placed.push(side);
        }
        if (b.placed.length < 2) return log;
        log.push(...boardPublic(s), ...rollSurprise(s, ctx));
        continue;
      }
      case 'pt-day': {
        if (readyDayPts(s, b).length) return log;
        b.step = 'continue';
        continue;
      }
      case 'fire': {
        if (battleActor(s)) return log;
        log.push(...resolveFire(s, ctx));
        continue;
      }
      case 'continue': {
        // Neither side able to fire: the battle cannot go on; both withdraw, the Japanese first (RULING).
        if (firers(s, 'japanese', b).length === 0 && firers(s, 'allied', b).length === 0) {
          log.push({ to: 'public', text: 'Neither task force can fire: both withdraw.' });
          log.push(...withdraw(s, 'japanese'), ...withdraw(s, 'allied'));
          log.push(...endBattle(s));
          continue;
        }
        return log;
      }
      default:
        return log;
    }
  }
  return log;
}

/** VI.F.1.c.2: by day both chosen task forces are turned face up; then each side decides, the Japanese first, whether to fight or withdraw. */
function enterDayBattle(s: SsjState): LogEntry[] {
  const b = s.battle!;
  markEngaged(s);
  b.step = readyDayPts(s, b).length ? 'pt-day' : 'continue';
  b.pts = [];
  b.round = 0;
  b.decided = [];
  b.surprise = 'none';
  const log: LogEntry[] = [];
  for (const side of ['japanese', 'allied'] as const) {
    const ships = surfaceShips(s, b.tf[side]);
    for (const id of ships) {
      s.revealed[id] = ['allied', 'japanese'];
      learn(s, id, 'public');
    }
    log.push({
      to: 'public',
      text: `${SEA_AREA_NAMES[b.area]}, by day: the ${SIDE_NAME[side]} task force is turned face up: ${ships.map((id) => `${unitName(id)} (${cls(id)})`).join(', ')}.`,
      data: { units: ships, group: b.tf[side] },
    });
  }
  return log;
}

/** The ships of both task forces have fought a surface battle this turn (no bombardment for them, VI.F.1.h, F.2.f). */
function markEngaged(s: SsjState): void {
  const b = s.battle!;
  const ids = [...surfaceShips(s, b.tf.japanese), ...surfaceShips(s, b.tf.allied)];
  s.engaged = [...new Set([...(s.engaged ?? []), ...ids])];
}

function enterPlacement(s: SsjState): LogEntry[] {
  const b = s.battle!;
  markEngaged(s);
  b.step = 'place';
  b.placed = [];
  b.row = {};
  for (const side of ['japanese', 'allied'] as const) Object.assign(b.row, defaultRows(surfaceShips(s, b.tf[side])));
  const size = (side: Side) => surfaceShips(s, b.tf[side]).length;
  return [
    {
      to: 'public',
      text: `${SEA_AREA_NAMES[b.area]}: a Japanese task force of ${size('japanese')} and an Allied task force of ${size('allied')} pieces meet at night; each is placed face down on the Battle Board.`,
      data: { groups: [b.tf.japanese, b.tf.allied] },
    },
  ];
}

function boardPublic(s: SsjState): LogEntry[] {
  const b = s.battle!;
  const rows = (side: Side) => {
    const ships = surfaceShips(s, b.tf[side]);
    return `${ships.filter((id) => b.row[id] === 'above').length} above, ${ships.filter((id) => b.row[id] === 'below').length} below`;
  };
  return [{ to: 'public', text: `The Battle Board: Japanese ${rows('japanese')} the size perception line; Allied ${rows('allied')}.` }];
}

const damagedTF = (s: SsjState, group: string | null) => surfaceShips(s, group).some((id) => s.units[id]!.damage !== null);

function rollSurprise(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const b = s.battle!;
  const die = ctx.dice.d6('night surprise (japanese)');
  const column = NIGHT_COLUMN[TURNS[s.turn]!];
  b.surprise = nightSurprise(column, die, {
    japaneseDaylightDetection: !!s.detection.japanese[b.area],
    alliedDaylightDetection: !!s.detection.allied[b.area],
    japaneseDamaged: damagedTF(s, b.tf.japanese),
    alliedDamaged: damagedTF(s, b.tf.allied),
  });
  b.round = 1;
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `Night surprise (column ${column}): the Japanese player rolled ${die} — ${b.surprise === 'none' ? 'no surprise; gunfire is simultaneous' : `the ${SIDE_NAME[b.surprise]} player has surprise`}.`,
      data: { roll: { why: 'night surprise', die, column, result: b.surprise } },
    },
  ];
  if (b.surprise === 'none') {
    b.step = 'fire';
    b.order = 'both';
  } else b.step = 'surprise';
  return log;
}

/** Fires: resolves this step's allocated gunfire (simultaneous within the step). */
function resolveFire(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const b = s.battle!;
  const log: LogEntry[] = [];
  const hits: [string, ReturnType<typeof antiShipResult>, string, Side][] = [];
  const ptsSunk: string[] = [];
  for (const side of fireSides(s, b)) {
    for (const [ship, target] of Object.entries(b.fire[side])) {
      const t = s.units[target]!;
      if (isPt(s, target)) {
        // VI.F.1.c: each gunfire roll at a PT unit that attacked by day sinks it on a 4–6.
        if (t.place.at !== 'slot') continue;
        const die = ctx.dice.d6(`gunfire (${side})`);
        const sunk = die >= PT_DAY_SUNK_FROM;
        if (sunk && !ptsSunk.includes(target)) ptsSunk.push(target);
        log.push({
          to: 'public',
          text: `${SIDE_NAME[side]} gunfire: piece ${tagOf(s, ship)} rolled ${die} at the PT boats (piece ${tagOf(s, target)})${sunk ? ' — sunk' : ' — no effect'}.`,
          data: { roll: { why: 'gunfire at PT boats', die } },
        });
        continue;
      }
      if (t.place.at !== 'group') continue;
      const die = ctx.dice.d6(`${isPt(s, ship) ? 'PT boat attack' : 'gunfire'} (${side})`);
      // HD targets are attacked with +1 (the damage as the round began: fire is simultaneous).
      const result = antiShipResult(cls(target), die, antiShipShift({ targetHeavilyDamaged: t.damage === 'HD' }));
      hits.push([target, result, `${side} gunfire`, side]);
      log.push({
        to: 'public',
        text: `${SIDE_NAME[side]} gunfire: piece ${tagOf(s, ship)} rolled ${die} at piece ${tagOf(s, target)}.`,
        data: { roll: { why: 'gunfire', die } },
      });
    }
  }
  for (const [target, result, why] of hits) log.push(...applyHit(s, target, result, why));
  for (const id of ptsSunk) {
    s.units[id]!.place = { at: 'destroyed' };
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
function applyHit(s: SsjState, target: string, result: ReturnType<typeof antiShipResult>, why: string): LogEntry[] {
  const u = s.units[target]!;
  if (u.place.at !== 'group') return [];
  const area = s.battle!.area;
  const tag = tagOf(s, target);
  if (result === 'miss') return [{ to: 'public', text: `Piece ${tag}: no effect.` }];
  const after = hitShip(s, u, result, area, why);
  s.revealed[target] = ['allied', 'japanese'];
  learn(s, target, 'public');
  return [
    {
      to: 'public',
      text: after === 'sunk' ? `Piece ${tag} is turned up: ${unitName(target)} — sunk.` : `Piece ${tag} is turned up: ${unitName(target)} — ${result}${after !== result ? ` (now ${after})` : ''}.`,
      data: { units: [target], result, after },
    },
  ];
}

function resolveTorpedoes(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const b = s.battle!;
  const side = b.surprise as Side;
  const log: LogEntry[] = [];
  for (const [ship, target] of b.torpedoes) {
    const t = s.units[target]!;
    const die = ctx.dice.d6(`torpedo (${side})`);
    const data = SHIP_BY_ID.get(ship)!;
    if (die === 1) {
      const again = ctx.dice.d6(`torpedo reroll (${side})`);
      const turned = torpedoTurns(data.nation, again);
      log.push({
        to: 'public',
        text: `${SIDE_NAME[side]} torpedo from piece ${tagOf(s, ship)}: rolled 1, again ${again} — ${turned ? 'the torpedo has turned (a wild torpedo)' : 'a miss'}.`,
        data: { roll: { why: 'torpedo', die, again } },
      });
      if (turned) b.wild.push(ship);
      continue;
    }
    if (t.place.at !== 'group') {
      log.push({ to: 'public', text: `${SIDE_NAME[side]} torpedo from piece ${tagOf(s, ship)}: its target is gone.`, data: { roll: { why: 'torpedo', die } } });
      continue;
    }
    const result = antiShipResult(cls(target), die, antiShipShift({ longLance: data.torpedo === 'T*', targetHeavilyDamaged: t.damage === 'HD' }));
    log.push({ to: 'public', text: `${SIDE_NAME[side]} torpedo from piece ${tagOf(s, ship)} rolled ${die} at piece ${tagOf(s, target)}.`, data: { roll: { why: 'torpedo', die } } });
    log.push(...applyHit(s, target, result, `${side} torpedo`));
  }
  b.torpedoes = [];
  b.step = b.wild.length ? 'wild' : 'after-torpedo';
  return log;
}

/** A side leaves the battle (and the sea area): slow and HD ships are scuttled, the rest go home (VI.F.1, VII.A). */
export function withdraw(s: SsjState, side: Side): LogEntry[] {
  const b = s.battle!;
  const g = b.tf[side] ? s.groups[b.tf[side]!] : undefined;
  if (!g) return [];
  const area = g.area;
  const scuttled: string[] = [];
  const home: string[] = [];
  const saved: string[] = [];
  // RULING (VI.F.2 note, VII.A example): slow and HD ships are scuttled only if no other task force of their side is
  // left at that time of day in the sea area; otherwise it "rescues" them (a slow ship only by a Day and Night task force).
  const rescuers = taskForces(s, side, area, b.mode).filter((x) => x !== g.id);
  for (const id of [...g.ships]) {
    const u = s.units[id]!;
    const slow = !!SHIP_BY_ID.get(id)!.slow;
    const rescuer = (u.damage === 'HD' || slow) && rescuers.find((x) => !slow || s.groups[x]!.box === 'daynight');
    if (rescuer) {
      leaveGroup(s, u);
      s.groups[rescuer]!.ships.push(id);
      u.place = { at: 'group', group: rescuer };
      saved.push(id);
      continue;
    }
    if (u.damage === 'HD' || slow) {
      destroyUnit(s, u, 'scuttled');
      for (const c of aboard(s, id)) destroyUnit(s, c, 'scuttled');
      scuttled.push(id);
    } else {
      const to = returnChoices(s, side, area)[0]!;
      leaveGroup(s, u);
      const base = to === 'returning-to-truk' ? 'truk' : to;
      for (const c of aboard(s, id, 'ground')) c.place = { at: 'base', base };
      if (to === 'returning-to-truk') {
        u.place = { at: 'returning-to-truk' };
        u.readyTurn = s.turn + 2;
      } else u.place = { at: 'base', base: to };
      home.push(id);
    }
  }
  b.tf[side] = null;
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `The ${SIDE_NAME[side]} task force withdraws from ${SEA_AREA_NAMES[area]}: ${home.length} piece${home.length === 1 ? '' : 's'} go home${scuttled.length ? `, ${scuttled.length} slow or heavily damaged scuttled` : ''}${saved.length ? `, ${saved.length} taken under the protection of another task force` : ''}.`,
    },
  ];
  if (home.length || scuttled.length) {
    log.push({
      to: [side],
      text: `${home.length ? `Home: ${home.map(unitName).join(', ')}.` : ''}${scuttled.length ? ` Scuttled: ${scuttled.map(unitName).join(', ')}.` : ''}`.trim(),
      data: { units: [...home, ...scuttled] },
    });
  }
  return log;
}

/** The battle between two task forces is over: the next one in this area, the next area, or the end of the stage. */
function endBattle(s: SsjState): LogEntry[] {
  const b = s.battle!;
  const log0: LogEntry[] = [];
  if (b.mode === 'day') {
    // RULING (VI.F.1.c): as after an air strike (VI.F.1.b), the undamaged ships are turned face down again.
    for (const id of Object.keys(s.revealed)) {
      const u = s.units[id]!;
      if ((u.kind === 'ship' && u.damage === null) || u.kind === 'pt') delete s.revealed[id];
    }
  }
  b.tf = { allied: null, japanese: null };
  b.row = {};
  b.pts = [];
  b.placed = [];
  b.surprise = null;
  b.round = 0;
  b.fire = { allied: {}, japanese: {} };
  b.torpedoes = [];
  b.wild = [];
  b.decided = [];
  b.step = 'choose-tf';
  b.order = 'both';
  const when = b.mode === 'night' ? 'Night' : 'Daylight';
  if (contested(s, b.area, b.mode)) return [...log0, { to: 'public', text: `Another ${when.toLowerCase()} battle in ${SEA_AREA_NAMES[b.area]}.` }];
  const next = b.queue.find((a) => contested(s, a, b.mode));
  const log: LogEntry[] = [...log0, { to: 'public', text: `${when} battle in ${SEA_AREA_NAMES[b.area]} is over.` }];
  if (!next) {
    s.torpedoBattles = { ...b.torpedoBattles };
    s.battle = null;
    return log;
  }
  b.queue = b.queue.slice(b.queue.indexOf(next) + 1);
  b.area = next;
  log.push({ to: 'public', text: `${STAGE[b.mode]} in ${SEA_AREA_NAMES[next]}.` });
  return log;
}

/** Spread the remaining firing ships' shots over the enemy pieces, fewest-targeted first. */
function spreadFire(s: SsjState, side: Side): void {
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

export interface BattleApplied {
  log: LogEntry[];
  private: boolean;
}

export function applyBattle(s: SsjState, side: Side, a: BattleAction, ctx: ApplyContext): BattleApplied {
  const b = s.battle!;
  const enemy = other(side);
  const log: LogEntry[] = [];
  let priv = false;
  switch (a.type) {
    case 'battle-tf':
      b.tf[side] = a.group;
      log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player sends a task force into the battle.`, data: { group: a.group } });
      break;
    case 'battle-row':
      b.row[a.ship] = a.row;
      priv = true;
      log.push({ to: [side], text: `${unitName(a.ship)} is placed ${a.row} the size perception line.`, data: { units: [a.ship] } });
      break;
    case 'set-aside': {
      const u = s.units[a.ship]!;
      const to = returnChoices(s, side, b.area)[0]!;
      leaveGroup(s, u);
      const base = to === 'returning-to-truk' ? 'truk' : to;
      for (const c of aboard(s, a.ship, 'ground')) c.place = { at: 'base', base };
      if (to === 'returning-to-truk') {
        u.place = { at: 'returning-to-truk' };
        u.readyTurn = s.turn + 2;
      } else u.place = { at: 'base', base: to };
      delete b.row[a.ship];
      // A damaged ship is face up: everyone sees it leave.
      s.revealed[a.ship] = ['allied', 'japanese'];
      learn(s, a.ship, 'public');
      log.push({ to: 'public', text: `${unitName(a.ship)} (damaged) is set aside and withdrawn (VI.F.2.a).`, data: { units: [a.ship] } });
      break;
    }
    case 'battle-pt': {
      // VI.F.1.c: the PT unit attacks: it is turned face up and may be fired on; one PT attack a turn (RULING).
      (b.pts ??= []).push(a.unit);
      s.engaged = [...new Set([...(s.engaged ?? []), a.unit])];
      s.revealed[a.unit] = ['allied', 'japanese'];
      learn(s, a.unit, 'public');
      log.push({ to: 'public', text: `Allied PT boats (piece ${tagOf(s, a.unit)}) come out of hiding to join the daylight battle in the Slot.`, data: { units: [a.unit] } });
      break;
    }
    case 'done':
      if (b.step === 'pt-day') {
        b.step = 'continue';
        log.push({ to: 'public', text: 'The Allied PT boats in the Slot hide (VI.F.1.c).' });
        break;
      }
      b.placed.push(side);
      log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player has placed his task force on the Battle Board.` });
      break;
    case 'battle-open':
      if (a.first === 'torpedoes') {
        b.torpedoBattles[b.tf[side]!] = (b.torpedoBattles[b.tf[side]!] ?? 0) + 1;
        b.step = 'torpedo';
        b.torpedoes = [];
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player opens with a surprise torpedo attack.` });
      } else {
        b.step = 'fire';
        b.order = 'first';
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player opens with surprise gunfire.` });
      }
      break;
    case 'torpedo': {
      const ready = surfaceShips(s, b.tf[side]).filter((id) => canTorpedo(s.units[id]!));
      const target = byTag(s, surfaceShips(s, b.tf[enemy]), a.piece)!;
      b.torpedoes.push([ready[b.torpedoes.length]!, target]);
      if (b.torpedoes.length < ready.length) {
        priv = true;
        log.push({ to: [side], text: `A torpedo aimed at piece ${a.piece}.` });
      } else log.push(...resolveTorpedoes(s, ctx));
      break;
    }
    case 'wild-target': {
      const ship = b.wild.shift()!;
      const target = byTag(s, surfaceShips(s, b.tf[enemy]), a.piece)!;
      const die = ctx.dice.d6(`wild torpedo (${enemy})`);
      const result = antiShipResult(cls(target), die, antiShipShift({ longLance: SHIP_BY_ID.get(ship)!.torpedo === 'T*', targetHeavilyDamaged: s.units[target]!.damage === 'HD' }));
      log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player picks piece ${a.piece} for the wild torpedo: rolled ${die}.`, data: { roll: { why: 'wild torpedo', die } } });
      log.push(...applyHit(s, target, result, 'wild torpedo'));
      if (b.wild.length === 0 || surfaceShips(s, b.tf[enemy]).length === 0) {
        b.wild = [];
        b.step = 'after-torpedo';
      }
      break;
    }
    case 'fire': {
      b.fire[side][a.ship] = byTag(s, targetsOf(s, b, side), a.piece)!;
      priv = battleActor(s) === side;
      if (priv) log.push({ to: [side], text: `${unitName(a.ship)} will fire at piece ${a.piece}.`, data: { units: [a.ship] } });
      break;
    }
    case 'fire-spread':
      spreadFire(s, side);
      log.push({ to: [side], text: `The rest of your ships' fire is spread over the enemy pieces.` });
      break;
    case 'battle-continue':
      if (b.step === 'after-torpedo') {
        b.step = 'fire';
        b.order = 'both';
        b.round = 1;
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player fights on with gunfire.` });
      } else {
        b.decided.push(side);
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player fights on.` });
        if (b.decided.length === 2) {
          b.round++;
          b.step = 'fire';
          b.order = 'both';
          b.decided = [];
          log.push({ to: 'public', text: `Round ${b.round}.` });
        }
      }
      break;
    case 'battle-withdraw':
      log.push(...withdraw(s, side), ...endBattle(s));
      break;
  }
  if (!priv) log.push(...autoAdvance(s, ctx));
  return { log, private: priv };
}

/** What a viewer sees of the battle: the board once both sides have placed, pieces by tag for the enemy, own allocations. */
export function battleView(s: SsjState, viewer: string) {
  const b = s.battle;
  if (!b) return null;
  const full = viewer === 'referee';
  const boardShown = b.placed.length === 2 || b.step !== 'place';
  const side = (sd: Side) => {
    const own = full || viewer === sd;
    const ships = [...surfaceShips(s, b.tf[sd]), ...(sd === 'allied' ? livePts(s, b) : [])];
    const name = (id: string) => (own ? id : tagOf(s, id));
    const show = own || (b.mode === 'day' ? b.step !== 'choose-tf' : boardShown && b.step !== 'choose-tf');
    const night = b.mode === 'night';
    return {
      taskForce: b.tf[sd],
      /** Every piece on the Battle Board (by day all face up; at night the enemy's by tag). */
      pieces: show ? ships.map(name).sort() : [],
      above: show && night ? ships.filter((id) => b.row[id] === 'above').map(name).sort() : [],
      below: show && night ? ships.filter((id) => b.row[id] === 'below').map(name).sort() : [],
      /** By day: the carriers and transports held back (VI.F.1.c.1). */
      heldBack: show && !night ? ships.filter(heldBack).map(name).sort() : [],
      ...(own
        ? {
            fire: Object.fromEntries(Object.entries(b.fire[sd]).map(([f, t]) => [f, tagOf(s, t)])),
            torpedoes: b.surprise === sd ? b.torpedoes.map(([f, t]) => [f, tagOf(s, t)]) : [],
          }
        : {}),
    };
  };
  return {
    mode: b.mode,
    area: b.area,
    step: b.step,
    round: b.round,
    surprise: b.surprise,
    order: b.order,
    wildTorpedoes: b.wild.length,
    allied: side('allied'),
    japanese: side('japanese'),
  };
}
