/** Setting up battles and ground combats directly, and stepping them with scripted dice and the checks of every campaign. */
import type { LogEntry } from '../../../src/engine';
import { canSee } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { battleActor, startBattles, startNightBattles } from '../../../src/games/ssj/battle';
import { advanceAir, airActor, startAir, type AirStage } from '../../../src/games/ssj/air';
import type { BaseId } from '../../../src/games/ssj/data/types';
import { invariantErrors } from '../../../src/games/ssj/invariants';
import type { SsjState } from '../../../src/games/ssj/state';
import type { SsjView } from '../../../src/games/ssj/view';
import { act, advance, ctxWith, newMatch, putInGroup, type M } from './helpers';
import { leakErrors } from './leaks';
import { ownGroup } from '../../../src/games/ssj/groups';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';

/** A match at AugI (night column A) with one Japanese and one Allied task force in the Slot at night, the screen down. */
export function nightMatch(jp: string[], al: string[], o: { jpBox?: 'night' | 'daynight'; alBox?: 'night' | 'daynight'; area?: 'SL' | 'SP' | 'CS' } = {}): M {
  const m = newMatch('battle');
  const s = m.game;
  s.fogLiftedFor = ['allied', 'japanese'];
  const area = o.area ?? 'SL';
  putInGroup(m, 'japanese', area, o.jpBox ?? 'night', jp, 'g-jp');
  putInGroup(m, 'allied', area, o.alBox ?? 'daynight', al, 'g-al');
  s.detection = { allied: { SP: false, SL: false, CS: false }, japanese: { SP: false, SL: false, CS: false } };
  s.phase = 'night-combat';
  s.actor = null;
  return m;
}

/**
 * A match at AugI with one Japanese and one Allied task force in the Slot by day, the screen down, in a daylight-battle
 * phase: by default the mandatory battles at the end of the day (VI.F.1.f); `byChoice`, the battles by choice (VI.F.1.c).
 */
export function dayMatch(jp: string[], al: string[], o: { jpBox?: 'day' | 'daynight'; alBox?: 'day' | 'daynight'; byChoice?: boolean } = {}): M {
  const m = nightMatch(jp, al);
  ownGroup(m.game, 'g-jp').box = o.jpBox ?? 'day';
  ownGroup(m.game, 'g-al').box = o.alBox ?? 'daynight';
  m.game.phase = o.byChoice ? 'day-combat' : 'day-end-combat';
  return m;
}

export function startDay(m: M, dice: number[] = []): LogEntry[] {
  const log = startBattles(m.game, 'day', ctxWith(dice), {}, m.game.phase === 'day-combat');
  m.game.actor = battleActor(m.game);
  return log;
}

export type Sail = { ships: string[]; area: 'SP' | 'SL' | 'CS'; box: 'day' | 'daynight' | 'night' };

/**
 * AugI through the real flow: the Japanese sail each `jp` task force (a new group each), close, the Allies sail each
 * `al` one and close; then minimal decisions are played until `until` holds.
 */
export function sailed(seed: string, jp: Sail[], al: Sail[], until: (m: M) => boolean): M {
  let m = newMatch(seed);
  const sail = (side: 'allied' | 'japanese', tfs: Sail[]) => {
    for (const tf of tfs) {
      let group = 'new';
      for (const ship of tf.ships) {
        m = act(m, side, { type: 'deploy', ship, area: tf.area, box: tf.box, group });
        group = (m.game.units.of(ship).place as { group: string }).group;
      }
    }
    m = act(m, side, { type: 'done' });
  };
  sail('japanese', jp);
  m = advance(m, (x) => x.game.phase === 'allied-deployment');
  sail('allied', al);
  return advance(m, until);
}

/**
 * A match at AugI for air strikes: the screen down, every air unit off the map but those
 * placed at bases by `air`, no morning detection unless given, in the given air phase.
 */
export function airMatch(air: Record<string, BaseId>, o: { detection?: Partial<Record<'allied' | 'japanese', ('SP' | 'SL' | 'CS')[]>> } = {}): M {
  const m = newMatch('air');
  const s = m.game;
  s.fogLiftedFor = ['allied', 'japanese'];
  for (const u of s.units.values()) if (u.kind === 'air' && u.place.at === 'base') own(s, u.id).place = { at: 'pool' };
  for (const [id, base] of Object.entries(air)) own(s, id).place = { at: 'base', base };
  s.detection = { allied: {}, japanese: {} };
  for (const side of ['allied', 'japanese'] as const) for (const a of ['SP', 'SL', 'CS'] as const) change(s, 'detection')[side][a] = (o.detection?.[side] ?? []).includes(a);
  return m;
}

/** SHOKAKU (its air aboard) with DesDiv 4 against SARATOGA with DesRon 4, both in the South Pacific's Day and Night box, both sides with detection there. */
export function carrierDuel(): M {
  const m = airMatch({}, { detection: { allied: ['SP'], japanese: ['SP'] } });
  const s = m.game;
  for (const id of ['ijn-shokaku-fighters', 'ijn-shokaku-divebombers']) own(s, id).place = { at: 'aboard', ship: 'ijn-shokaku' };
  own(s, 'ijn-shokaku').capacity = 3;
  putInGroup(m, 'japanese', 'SP', 'daynight', ['ijn-shokaku', 'ijn-desdiv-4'], 'g-jp');
  putInGroup(m, 'allied', 'SP', 'daynight', ['usn-saratoga', 'usn-desron-4'], 'g-al');
  return m;
}

export function startAirStage(m: M, stage: AirStage, dice: number[] = []): LogEntry[] {
  m.game.phase = stage === 'morning-land' ? 'air-morning' : stage === 'carriers' ? 'carrier-strikes' : 'air-afternoon';
  startAir(m.game, stage);
  const log = advanceAir(m.game, ctxWith(dice));
  m.game.actor = airActor(m.game);
  return log;
}

/** Starts the night stage (no dice needed until both sides have placed). */
export function startNight(m: M, dice: number[] = []): LogEntry[] {
  const log = startNightBattles(m.game, ctxWith(dice));
  m.game.actor = battleActor(m.game);
  return log;
}

export interface Stepped {
  log: LogEntry[];
  private: boolean;
  /** Dice left unused. */
  left: number;
}

/**
 * Plays one action the way the engine does (it must be offered), with scripted dice,
 * and runs the invariants and the leak checks on the step.
 */
export function play(m: M, side: 'allied' | 'japanese', action: SsjAction, dice: number[] = []): Stepped {
  const offered = ssj.prompt(m.game, side)?.actions ?? [];
  expect(offered).toContainEqual(action);
  const before = { game: ssj.clone!(m.game), dice: { s: [1, 2, 3, 4] }, tags: { s: [1, 2, 3, 4] } } as never;
  const ctx = ctxWith([...dice, ...Array(40).fill(3)]);
  const out = ssj.apply(m.game, side, action, ctx);
  m.game = out.state;
  const step = { state: { game: m.game, dice: null, tags: null }, log: out.log, rolls: [], reveals: true, private: out.private === true } as never;
  expect(leakErrors(before, side, step)).toEqual([]);
  expect(invariantErrors(m.game, (before as { game: SsjState }).game)).toEqual([]);
  return { log: out.log, private: out.private === true, left: ctx.dice.left - 40 };
}

export const view = (m: M, viewer: string) => ssj.view(m.game, viewer) as SsjView;

/** The faces of `owner`'s pieces turned up for `viewer`, by unit id. */
export function facesSeen(m: M, viewer: 'allied' | 'japanese', owner: 'allied' | 'japanese'): string[] {
  return Object.values(view(m, viewer).sides[owner].faces)
    .map((f) => f.id)
    .sort();
}

/** The lines of `log` `viewer` reads: its own text where a line has one (`LogEntry.texts`). */
export const logFor = (log: LogEntry[], viewer: string) => log.filter((e) => canSee(e, viewer)).map((e) => e.texts?.[viewer] ?? e.text);
export const tag = (m: M, id: string) => m.game.tags.of(id)!;
