/**
 * The flow of a turn as far as this build goes: V set-up, VI.A reinforcements (the
 * Japanese calendar), VI.B Japanese deployment, VI.C Magic and the Allied deployment,
 * then the end of the turn. VI.D–VI.I come with the campaign work.
 */
import type { ApplyContext, LogEntry, Result } from '../../engine';
import { SHIPS } from './data';
import { TURNS, type BaseId, type SeaAreaId, type Side } from './data/types';
import { returnPlaces, type ReturnPlace } from './routes';
import { FIRST_MAGIC_TURN, magicVp } from './magic';
import type { ShipState, SsjState } from './state';

export function setupState(ctx: ApplyContext): { state: SsjState; log: LogEntry[] } {
  const ships: Record<string, ShipState> = {};
  for (const u of SHIPS) {
    const place: ShipState['place'] = u.arrival.kind === 'start' ? { at: 'base', base: u.arrival.at } : { at: 'pool' };
    ships[u.id] = { id: u.id, side: u.side, place, damage: null, from: null };
  }
  const state: SsjState = {
    turn: 0,
    phase: 'japanese-deployment',
    ships,
    groups: {},
    tags: {},
    fogLiftedFor: [],
    rabaulSorties: 0,
    magic: { successes: 0, rolls: [] },
    vp: { allied: 0, japanese: 0 },
  };
  const log = beginTurn(state, ctx);
  return { state, log };
}

/** VI.A and the screen going up: reinforcements arrive, every piece gets a fresh opaque tag. */
function beginTurn(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [{ to: 'public', text: `Turn ${TURNS[s.turn]} begins. The Fog Of War screen is up.` }];
  const arrived: Record<'allied' | 'japanese', string[]> = { allied: [], japanese: [] };
  for (const u of SHIPS) {
    const a = u.arrival;
    if (a.kind === 'calendar' && TURNS.indexOf(a.turn) === s.turn) {
      s.ships[u.id]!.place = { at: 'base', base: a.at };
      arrived[u.side].push(u.id);
    }
  }
  for (const sh of Object.values(s.ships)) {
    if (sh.place.at === 'returning-to-truk' && (sh.readyTurn ?? 0) <= s.turn) {
      sh.place = { at: 'base', base: 'truk' };
      delete sh.readyTurn;
      arrived[sh.side].push(sh.id);
    }
  }
  for (const side of ['japanese', 'allied'] as const) {
    if (arrived[side].length > 0) {
      log.push({
        to: [side],
        text: `At Truk and ready: ${arrived[side].map((id) => SHIPS.find((u) => u.id === id)!.name).join(', ')}.`,
        data: { ships: arrived[side] },
      });
    }
  }
  // New tags in a shuffled order, so neither the tags nor the order they were drawn in follow the ids.
  s.tags = {};
  const ids = ctx.tags.shuffle(Object.keys(s.ships).sort());
  const used = new Set<string>();
  for (const id of ids) {
    let t = ctx.tags.tag(8);
    while (used.has(t)) t = ctx.tags.tag(8);
    used.add(t);
    s.tags[id] = t;
  }
  s.fogLiftedFor = [];
  s.rabaulSorties = 0;
  s.phase = 'japanese-deployment';
  return log;
}

/** After the Japanese deployment: Magic from AugII, otherwise straight to the Allied deployment. */
export function afterJapaneseDeployment(s: SsjState): void {
  s.phase = s.turn >= FIRST_MAGIC_TURN ? 'magic' : 'allied-deployment';
}

/** After the Allied deployment the screen is removed: each side sees the other's pieces face down. */
export function afterAlliedDeployment(s: SsjState): LogEntry[] {
  s.fogLiftedFor = ['allied', 'japanese'];
  s.phase = 'turn-end';
  return [{ to: 'public', text: 'The Fog Of War screen is removed: each side sees the other\'s groups, face down.' }];
}

/**
 * Where a ship goes home from `area` until VI.H's choice is a prompt: the base it sailed
 * from when VI.H allows it, the Returning to Truk box for a Truk ship in the SP, else
 * the first place VI.H allows.
 */
function homeFor(side: Side, area: SeaAreaId, from: BaseId): ReturnPlace {
  const allowed = returnPlaces(side, area);
  if (allowed.includes(from)) return from;
  if (from === 'truk' && allowed.includes('returning-to-truk')) return 'returning-to-truk';
  return allowed[0]!;
}

/** The end of the turn. VI.D–VI.G and VI.I are not resolved yet in this build (it says so in the log). */
export function endTurn(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [
    { to: 'public', text: `${TURNS[s.turn]}: submarine attacks, detection, combat, supply and the volcano (VI.D–VI.G, VI.I) are not resolved in this build. Ships return to base (VI.H).` },
  ];
  for (const sh of Object.values(s.ships)) {
    if (sh.place.at === 'group') {
      const g = s.groups[sh.place.group]!;
      const home = homeFor(sh.side, g.area, sh.from!);
      if (home === 'returning-to-truk') {
        sh.place = { at: 'returning-to-truk' };
        sh.readyTurn = s.turn + 2;
      } else {
        sh.place = { at: 'base', base: home };
      }
    }
    sh.from = null;
  }
  s.groups = {};
  if (s.turn === TURNS.length - 1) {
    s.phase = 'over';
    const m = magicVp(s.magic.successes);
    s.vp.allied += m.allied;
    s.vp.japanese += m.japanese;
    log.push({ to: 'public', text: `The game is over. Magic worked on ${s.magic.successes} turns: Allies +${m.allied} VP, Japan +${m.japanese} VP.` });
    return log;
  }
  s.turn++;
  return [...log, ...beginTurn(s, ctx)];
}

/** IV: more VP wins; 2:1 or better is strategic; under 110% of the lesser is a draw. */
export function victory(vp: { allied: number; japanese: number }): Result {
  const [hi, lo, leader] = vp.allied >= vp.japanese ? [vp.allied, vp.japanese, 'allied'] : [vp.japanese, vp.allied, 'japanese'];
  const score = { allied: vp.allied, japanese: vp.japanese };
  if (hi === lo || hi < 1.1 * lo) return { winner: null, text: `A draw (${vp.allied}–${vp.japanese} VP).`, score };
  const name = leader === 'allied' ? 'Allied' : 'Japanese';
  const kind = lo === 0 || hi >= 2 * lo ? 'strategic' : 'marginal';
  return { winner: leader, text: `A ${kind} ${name} victory (${vp.allied}–${vp.japanese} VP).`, score };
}
