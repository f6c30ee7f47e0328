/**
 * VI.F.1.c/f, VI.F.2 (a, b): the course of the surface battles of a stage, sea area by sea
 * area (SP, SL, CS). Daylight: by choice (VI.F.1.c) in each sea area where both sides have a
 * group by day, each side (the Japanese first) chooses to engage or not, and a battle is
 * fought when both do — or when the side that will not (the "pursued" side) will not
 * abandon its slow and heavily damaged ships there either; at the end of the day (VI.F.1.f)
 * battles must be fought until one side is left. Each side picks the task force that
 * fights, all its ships are turned face up, carriers and transports are held back, no
 * surprise; afterwards the undamaged ships are turned face down again. In the Slot the
 * Allied PT units may join a daylight battle instead of hiding. Night: while both sides
 * have surface ships in an area's "Day and Night" or "Night Only" boxes, each side picks the
 * task force that fights (the Japanese first), places its ships face down on the Battle
 * Board above or below the night-time size perception line, and the Japanese player rolls
 * for night surprise. The surprising side may open with torpedoes, with gunfire, or
 * withdraw; then gunfire is simultaneous, round after round, the Japanese deciding first
 * after each round whether to withdraw. Damage is resolved (VII.A, in secret) after the
 * phase, by damage.ts.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { nightSurprise, NIGHT_COLUMN, SEA_AREAS, SEA_AREA_NAMES, TURNS } from '../data';
import type { SeaAreaId, Side } from '../data/types';
import { learn, SIDE_NAME, type SsjState } from '../state';
import { unitName } from '../units';
import { battleActor, bothThere, cls, contested, foughtTaskForces, damagedTF, defaultRows, groupsThere, pursued, readyDayPts, surfaceShips, tfChoices } from './legality';
import { resolveFire } from './resolution';
import { checkRescued, nightfall } from './rescue';
import type { BattleMode, BattleState } from './state';
import { change } from '../shared';

/** Starts the night battles of the phase: null when no sea area has both sides present. */
export function startNightBattles(s: SsjState, ctx: ApplyContext): LogEntry[] {
  return startBattles(s, 'night', ctx);
}

const stageName = (b: Pick<BattleState, 'mode' | 'voluntary'>) =>
  b.mode === 'night'
    ? 'Night (VI.F.2): surface battle'
    : b.voluntary
      ? 'Day (VI.F.1.c): daylight surface battle, if both sides engage,'
      : 'Day (VI.F.1.f): mandatory daylight surface battle';

/**
 * Where the stage has a battle to fight (or, VI.F.1.c, to offer): by choice, wherever both sides have a group at that
 * time of day (what everyone sees); otherwise wherever both have surface ships whose task forces may still meet.
 */
const open = (s: SsjState, area: SeaAreaId, b: Pick<BattleState, 'mode' | 'voluntary' | 'standoffs' | 'foughtBefore'>) =>
  b.voluntary ? bothThere(s, area, b.mode) : contested(s, area, b);

/**
 * Starts the battles of a stage, sea area by sea area; s.battle stays null when no sea area has both sides present.
 * `voluntary`: VI.F.1.c, the battles both sides choose to fight.
 */
export function startBattles(s: SsjState, mode: BattleMode, ctx: ApplyContext, torpedoBattles: Record<string, number> = {}, voluntary = false, afterMidnight = false): LogEntry[] {
  // RULING (VI.F.2): at nightfall the ships left under protection by day are a task force like any other.
  if (mode === 'night' && !afterMidnight) nightfall(s);
  const foughtBefore = afterMidnight ? foughtTaskForces(s) : undefined;
  const areas = SEA_AREAS.filter((a) => open(s, a, { mode, voluntary, foughtBefore }));
  s.battle = null;
  if (areas.length === 0) return [];
  s.battle = {
    mode,
    ...(voluntary ? { voluntary, engage: {} } : {}),
    ...(foughtBefore ? { foughtBefore } : {}),
    area: areas[0]!,
    queue: areas.slice(1),
    tf: { allied: null, japanese: null },
    row: {},
    placed: [],
    surprise: null,
    step: voluntary ? 'engage' : 'choose-tf',
    order: 'both',
    round: 0,
    fire: { allied: {}, japanese: {} },
    torpedoes: [],
    wild: [],
    decided: [],
    torpedoBattles: { ...torpedoBattles },
  };
  return [{ to: 'public', text: `${stageName(s.battle)} in ${SEA_AREA_NAMES[areas[0]!]}.` }, ...autoAdvance(s, ctx)];
}

/** Runs every step that needs no decision; stops at a decision or when the stage is over (s.battle null). */
export function autoAdvance(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const b = s.battle;
    if (!b) return log;
    // A battle is over when one task force has no surface ship left — but a forced withdrawal (neither could fire) waits for both.
    if (
      !b.forced &&
      b.step !== 'choose-tf' &&
      b.step !== 'engage' &&
      b.step !== 'pursuit' &&
      (surfaceShips(s, b.tf.japanese).length === 0 || surfaceShips(s, b.tf.allied).length === 0)
    ) {
      log.push(...endBattle(s));
      continue;
    }
    switch (b.step) {
      case 'engage': {
        // VI.F.1.c: the Japanese decide first, then the Allies.
        const e = b.engage ?? {};
        if (e.japanese === undefined || e.allied === undefined) return log;
        if (pursued(b)) {
          b.step = 'pursuit';
          log.push({
            to: 'public',
            text: `The ${SIDE_NAME[pursued(b)!]} player, pursued, must fight or abandon his slow and heavily damaged ships in ${SEA_AREA_NAMES[b.area]} (VI.F.1.c).`,
          });
          return log;
        }
        if (e.japanese && e.allied) log.push(...toBattle(s));
        else log.push({ to: 'public', text: `No daylight surface battle in ${SEA_AREA_NAMES[b.area]}: not both sides engage (VI.F.1.c).` }, ...nextArea(s));
        continue;
      }
      case 'pursuit':
        return log;
      case 'choose-tf': {
        let moved = false;
        for (const side of ['japanese', 'allied'] as const) {
          if (b.tf[side] !== null && !s.groups[b.tf[side]!]) b.tf[side] = null;
          if (b.tf[side] !== null) continue;
          const tfs = tfChoices(s, b, side);
          if (tfs.length === 1 && groupsThere(s, side, b.area, b.mode) === 1) {
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
        // RULING (VI.F.2.b note): each side closes its placement itself, even when its ships have
        // no choice of row (destroyers and capital ships only): whether it is asked would tell the
        // other side what its face-down task force holds.
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
      case 'continue':
        // Each side decides, the Japanese first, to fight on or withdraw — also when neither can fire (decisions.ts: a standoff).
        return log;
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
  b.pts = [];
  b.surprise = 'none';
  if (readyDayPts(s, b).length) {
    b.step = 'pt-day';
    b.round = 0;
    b.decided = [];
  } else beginRounds(b);
  const log: LogEntry[] = [];
  for (const side of ['japanese', 'allied'] as const) {
    const ships = surfaceShips(s, b.tf[side]);
    for (const id of ships) {
      change(s, 'revealed')[id] = ['allied', 'japanese'];
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

/**
 * After the task forces are face up (and the PT boats have joined or hidden): by choice (VI.F.1.c) both sides have
 * engaged, and the first round is fired; at the end of the day (VI.F.1.f) each side, the Japanese first, may still
 * withdraw rather than fight ("If one side doesn't withdraw at the end of the day voluntarily").
 */
export function beginRounds(b: BattleState): void {
  b.decided = [];
  b.order = 'both';
  if (b.voluntary) {
    b.round = 1;
    b.step = 'fire';
  } else {
    b.round = 0;
    b.step = 'continue';
  }
}

/** VI.F.1.c: both sides fight in the sea area under way: to the choice of task forces, if any two may still meet. */
export function toBattle(s: SsjState): LogEntry[] {
  const b = s.battle!;
  if (contested(s, b.area, b)) {
    b.step = 'choose-tf';
    return [{ to: 'public', text: `A daylight surface battle is fought in ${SEA_AREA_NAMES[b.area]} (VI.F.1.c).` }];
  }
  return [{ to: 'public', text: `No daylight surface battle can be fought in ${SEA_AREA_NAMES[b.area]}: no two task forces there can meet.` }, ...nextArea(s)];
}

/** The ships of both task forces have fought a surface battle this turn (no bombardment for them, VI.F.1.h, F.2.f). */
function markEngaged(s: SsjState): void {
  const b = s.battle!;
  const ids = [...surfaceShips(s, b.tf.japanese), ...surfaceShips(s, b.tf.allied)];
  // A new battle: the list of pieces sunk in it starts empty.
  b.sunk = [];
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

/** The battle between two task forces is over: the next one in this area, the next area, or the end of the stage. */
export function endBattle(s: SsjState): LogEntry[] {
  const b = s.battle!;
  // VI.F.2 note, VII.A example: a protecting task force sunk in the battle leaves the ships under its protection.
  const log0: LogEntry[] = checkRescued(s, b.mode);
  if (b.mode === 'day') {
    // RULING (VI.F.1.c): as after an air strike (VI.F.1.b), the undamaged ships are turned face down again.
    for (const id of Object.keys(s.revealed)) {
      const u = s.units.of(id);
      if ((u.kind === 'ship' && u.damage === null) || u.kind === 'pt') delete change(s, 'revealed')[id];
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
  delete b.forced;
  b.step = 'choose-tf';
  b.order = 'both';
  const when = b.mode === 'night' ? 'Night' : 'Daylight';
  if (b.voluntary && bothThere(s, b.area, b.mode)) {
    // VI.F.1.c: both sides are still there: each chooses again whether to engage.
    b.step = 'engage';
    b.engage = {};
    return [...log0, { to: 'public', text: `${when} battle in ${SEA_AREA_NAMES[b.area]} is over; both sides are still there.` }];
  }
  if (!b.voluntary && contested(s, b.area, b)) return [...log0, { to: 'public', text: `Another ${when.toLowerCase()} battle in ${SEA_AREA_NAMES[b.area]}.` }];
  return [...log0, { to: 'public', text: `${when} battle in ${SEA_AREA_NAMES[b.area]} is over.` }, ...nextArea(s)];
}

/** On to the next sea area of the stage with a battle to fight (or offer), or the end of the stage (s.battle null). */
export function nextArea(s: SsjState): LogEntry[] {
  const b = s.battle!;
  const next = b.queue.find((a) => open(s, a, b));
  if (!next) {
    // The night's surprise torpedo battles carry over to the battles after After Midnight (VI.F.2.b.1).
    if (s.phase === 'night-combat') s.torpedoBattles = { ...b.torpedoBattles };
    s.battle = null;
    return [];
  }
  b.queue = b.queue.slice(b.queue.indexOf(next) + 1);
  b.area = next;
  b.step = b.voluntary ? 'engage' : 'choose-tf';
  if (b.voluntary) b.engage = {};
  return [{ to: 'public', text: `${stageName(b)} in ${SEA_AREA_NAMES[next]}.` }];
}
