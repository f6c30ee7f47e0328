/**
 * East Wind Rain's plausible computer player (issue #42 item 6): it decides from its seat's
 * view and prompt alone — where the enemy TF is, unseen, changes nothing it does while its view
 * is the same — and, as TFA, it plays to its mission (it begins an initiative and sails for
 * the mission's hexes rather than closing the operations phase at once, which gives the enemy
 * the mission's denied points).
 */
import { canonicalJson, createMatchState, step, type MatchState } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import { plausibleBot } from '../../../src/games/ewr/bot';
import { BUILTIN_SCENARIOS, CORAL_SEA_1942, MARIANAS_1944 } from '../../../src/games/ewr/data/scenarios';
import { distance } from '../../../src/games/ewr/hex';
import type { EwrState } from '../../../src/games/ewr/state';
import type { EwrView } from '../../../src/games/ewr/view';

const sideOf = (g: EwrState) => ewr.sides.find((s) => ewr.prompt(g, s));

describe('the plausible East Wind Rain bot sees only its seat', () => {
  test('TFA’s choices do not depend on where the unseen TFZ lies: two matches differing only in TFZ’s hidden start, the same choices while TFA’s views agree', () => {
    // TFZ in two places, both out of TFA's sight at the start (three hexes or more).
    const starts = [CORAL_SEA_1942.tfz.hex, { col: 3, row: 5 }];
    for (const h of starts) expect(distance(CORAL_SEA_1942.map, h, CORAL_SEA_1942.tfa.hex)).toBeGreaterThanOrEqual(3);
    const ms = starts.map((hex) => createMatchState(ewr, { scenario: { ...CORAL_SEA_1942, tfz: { ...CORAL_SEA_1942.tfz, hex } } }, 'same-seed').state);
    const bots = [0, 1].map(() => ({ tfa: plausibleBot('bot/tfa'), tfz: plausibleBot('bot/tfz') }));
    let compared = 0;
    for (let i = 0; i < 200; i++) {
      const sides = ms.map((m) => sideOf(m.game));
      if (!sides[0] || sides[0] !== sides[1]) break;
      const side = sides[0];
      const role = ms[0]!.game.roles.tfa === side ? 'tfa' : 'tfz';
      const views = ms.map((m) => ewr.view(m.game, side));
      const prompts = ms.map((m) => ewr.prompt(m.game, side)!);
      if (role === 'tfa' && canonicalJson([views[0], prompts[0]]) !== canonicalJson([views[1], prompts[1]])) break;
      const chosen = [0, 1].map((k) => bots[k]![role].choose({ side, view: views[k], prompt: prompts[k]! }));
      if (role === 'tfa') {
        expect(chosen[1]).toEqual(chosen[0]);
        compared++;
      }
      for (const k of [0, 1]) ms[k] = step(ewr, ms[k]!, side, chosen[k], prompts[k]).state as MatchState<EwrState>;
    }
    // TFA began, and sailed some hexes before anything told it apart.
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  test.each(BUILTIN_SCENARIOS.map((s) => [s.id] as const))('%s: as TFA it begins an initiative and closes on its mission rather than closing the phase', (id) => {
    let ms = createMatchState(ewr, { scenario: id }, `tfa-${id}`).state;
    const tfaSide = ms.game.roles.tfa;
    const bot = plausibleBot(`tfa-${id}`);
    const act = () => {
      const prompt = ewr.prompt(ms.game, tfaSide)!;
      const action = bot.choose({ side: tfaSide, view: ewr.view(ms.game, tfaSide), prompt });
      ms = step(ewr, ms, tfaSide, action, prompt).state;
      return action;
    };
    expect(act()).toEqual({ type: 'begin-initiative' });
    // Its first move (unless TFZ was met at once) brings it nearer the mission's hexes.
    if (sideOf(ms.game) !== tfaSide) return;
    const v = ewr.view(ms.game, tfaSide) as EwrView;
    const gap = (h: { col: number; row: number }) => Math.min(...v.mission.hexes.map((m) => distance(v.scenario.map, m, h)));
    const from = (v.tfs.tfa as { hex: { col: number; row: number } }).hex;
    const move = act();
    expect(move.type).toBe('move');
    expect(gap((move as { to: { col: number; row: number } }).to)).toBe(gap(from) - 1);
  });

  /** Marianas with TFZ far off in the north-west corner: TFA's first initiative meets no one and achieves its strike mission. */
  function missionDone(): MatchState<EwrState> {
    let ms = createMatchState(ewr, { scenario: { ...MARIANAS_1944, tfz: { ...MARIANAS_1944.tfz, hex: { col: 0, row: 0 } } } }, 'hunt').state as MatchState<EwrState>;
    const tfaSide = ms.game.roles.tfa;
    const bot = plausibleBot('hunt/tfa');
    for (let i = 0; i < 20 && !ms.game.mission.achieved; i++) {
      expect(sideOf(ms.game)).toBe(tfaSide);
      const prompt = ewr.prompt(ms.game, tfaSide)!;
      ms = step(ewr, ms, tfaSide, bot.choose({ side: tfaSide, view: ewr.view(ms.game, tfaSide), prompt }), prompt).state as MatchState<EwrState>;
    }
    expect(ms.game.mission.achieved).toBe(true);
    expect(ms.game.history.length).toBeLessThan(ms.game.scenario.maxInitiatives);
    return ms;
  }
  const choose = (ms: MatchState<EwrState>) => {
    const side = ms.game.roles.tfa;
    return plausibleBot('hunt/tfa').choose({ side, view: ewr.view(ms.game, side), prompt: ewr.prompt(ms.game, side)! });
  };

  test('mission achieved, untouched and armed, TFA plays on (a longer line that wins more: the mission is kept, TFZ’s ships add points): it begins another initiative and sails for the enemy’s base', () => {
    let ms = missionDone();
    expect(choose(ms)).toEqual({ type: 'begin-initiative' });
    const side = ms.game.roles.tfa;
    let prompt = ewr.prompt(ms.game, side)!;
    ms = step(ewr, ms, side, { type: 'begin-initiative' }, prompt).state as MatchState<EwrState>;
    const guam = MARIANAS_1944.bases!.find((b) => b.side === 'japanese')!.hex;
    const before = distance(MARIANAS_1944.map, ms.game.tf.tfa.hex, guam);
    const move = choose(ms);
    expect(move.type).toBe('move');
    expect(distance(MARIANAS_1944.map, (move as { to: { col: number; row: number } }).to, guam)).toBe(before - 1);
    prompt = ewr.prompt(ms.game, side)!;
    expect(prompt.kind).toBe('move');
  });

  test('mission achieved but hit (its side has losses), TFA banks its points and closes the operations phase rather than risk its ships', () => {
    const ms = missionDone();
    const g = ms.game;
    const ship = MARIANAS_1944.tfa.main![0]!;
    g.tf.tfa.ships[ship.id]!.hits = 1;
    g.losses[g.roles.tfa] = 1;
    expect(choose(ms)).toEqual({ type: 'end-operations' });
  });
});
