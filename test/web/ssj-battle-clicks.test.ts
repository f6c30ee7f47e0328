/**
 * The Battle Board's clicks (src/web/games/ssj/battle-clicks.ts) against the game: in seeded
 * bot campaigns, at every battle decision, each action a click on the board would send is
 * offered on a counter the deciding side's Battle Board draws — a ship to place across the
 * line on its own side of the line, a piece to aim at among the enemy pieces its view puts on
 * the board — and every such action has its counter.
 */
import { createMatchState, step, type MatchState } from '../../src/engine';
import { randomBot, type Bot } from '../../src/bots';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';
import type { SsjState } from '../../src/games/ssj/state';
import type { Action } from '../../src/protocol';
import type { SsjView } from '../../src/protocol/games/ssj';
import { BATTLE_ACTION_TYPES, battleClicks, isBattlePrompt } from '../../src/web/games/ssj/battle-clicks';
import { TABLE } from '../../src/games/ssj/phases';
import { nightMatch, startNight } from '../games/ssj/battle-helpers';

type Side = 'allied' | 'japanese';

/** Checks one decision as the deciding side's page would lay it out; returns the kinds of click it offered. */
function check(ms: MatchState<SsjState>, side: Side, where: string, problems: string[], clicked: Set<string>): void {
  const prompt = ssj.prompt(ms.game, side)!;
  const view = ssj.view(ms.game, side) as SsjView;
  const actions = prompt.actions as Action[];
  if (!view.battle || !isBattlePrompt(actions)) return;
  const b = view.battle;
  const mine = b[side];
  const theirs = b[side === 'allied' ? 'japanese' : 'allied'];
  const c = battleClicks(actions, (a) => String(a.type));
  for (const a of actions) {
    const at = `${where} ${b.mode} ${b.step}: ${JSON.stringify(a)}`;
    if (a.type === 'battle-row') {
      const ship = String(a.ship);
      if (c.row.get(ship)?.action !== a) problems.push(`${at} has no counter to click`);
      if (!(a.row === 'above' ? mine.below : mine.above).includes(ship)) problems.push(`${at}: the ship is not drawn on its side of the line`);
      clicked.add('row');
    }
    if (a.type === 'torpedo' || a.type === 'wild-target' || a.type === 'fire') {
      const piece = String(a.piece);
      if (c.aim.get(piece)?.action !== a) problems.push(`${at} has no counter to click`);
      if (!theirs.pieces.includes(piece)) problems.push(`${at}: the piece is not on the enemy's side of the board`);
      if (a.type === 'fire' && (c.firing !== a.ship || !mine.pieces.includes(String(a.ship)))) problems.push(`${at}: the firing ship is not shown firing`);
      clicked.add(String(a.type));
    }
  }
}

/** Plays bots from `ms` while `go` holds, checking every decision. */
function play(ms: MatchState<SsjState>, seed: string, bots: Record<string, Bot>, go: (ms: MatchState<SsjState>) => boolean, problems: string[], clicked: Set<string>): void {
  for (let i = 0; i < 5000 && go(ms); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s)) as Side | undefined;
    if (!side) return;
    check(ms, side, seed, problems, clicked);
    const prompt = ssj.prompt(ms.game, side)!;
    ms = step(ssj, ms, side, bots[side]!.choose({ side, view: ssj.view(ms.game, side), prompt })).state;
  }
}

test('every click on the Battle Board sends an action the game offers, on a counter the deciding side sees there', () => {
  const clicked = new Set<string>();
  const problems: string[] = [];
  // Night battles set up directly (cruisers and destroyers with torpedoes, either side of the line), fought by random players.
  const JP = ['ijn-chokai', 'ijn-aoba', 'ijn-tenryu', 'ijn-desdiv-29'];
  const AL = ['usn-vincennes', 'usn-quincy', 'usn-astoria', 'usn-desron-4'];
  for (let i = 0; i < 40; i++) {
    const seed = `battle-clicks-night-${i}`;
    const ms = nightMatch(JP.slice(0, 2 + (i % 3)), AL.slice(0, 4 - (i % 3)), { alBox: 'night' });
    startNight(ms);
    const bots = { allied: randomBot(`${seed}/a`), japanese: randomBot(`${seed}/j`) };
    play(ms, seed, bots, (m) => m.game.phase === 'night-combat' && !!m.game.battle, problems, clicked);
  }
  // Bot campaigns: the daylight battles they fight.
  for (const seed of ['battle-clicks-1', 'battle-clicks-2']) {
    const ms = createMatchState(ssj, {}, seed).state as MatchState<SsjState>;
    const bots = { allied: plausibleBot(`${seed}/a`) as Bot, japanese: plausibleBot(`${seed}/j`) as Bot };
    play(ms, seed, bots, (m) => !ssj.result(m.game) && m.game.turn < 4, problems, clicked);
  }
  expect(problems.slice(0, 10)).toEqual([]);
  // The battles offered every kind of click: ships placed across the line, torpedoes and gunfire aimed.
  expect([...clicked].sort()).toEqual(expect.arrayContaining(['fire', 'row', 'torpedo']));
});

test('a prompt of a battle is told from other prompts', () => {
  expect(isBattlePrompt([{ type: 'battle-row', ship: 'ijn-chokai', row: 'below' }, { type: 'done' }])).toBe(true);
  expect(isBattlePrompt([{ type: 'done' }])).toBe(false);
  expect(
    isBattlePrompt([
      { type: 'fire', ship: 'usn-astoria', piece: 'abc' },
      { type: 'deploy', ship: 'x', area: 'SL', box: 'night', group: 'new' },
    ]),
  ).toBe(false);
});

test("the web client's battle action types are the battle phases' own (the engine's TAKES), less the repair step that follows the battles (VI.H)", () => {
  const web = Object.keys(BATTLE_ACTION_TYPES).sort();
  for (const phase of ['day-combat', 'day-end-combat', 'night-combat'] as const) {
    // The phase's last decisions, once no battle is left, are where its ships knocked out at sea are repaired: no Battle Board click.
    expect(TABLE[phase].takes.includes('repair')).toBe(true);
    expect([...TABLE[phase].takes].filter((t) => t !== 'repair').sort()).toEqual(web);
  }
});
