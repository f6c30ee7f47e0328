/**
 * The deployment prompt (deployment.ts) is made from steps kept between prompts: each ship's, by
 * the ship and a key kept per record of groups (`shipKeys`), and each ground unit's load steps, by
 * the ships with room at its base (`loadSteps`). These tests change what those depend on through
 * the state and check that the prompt follows, and the last compares every deployment prompt of a
 * campaign with the prompt made from scratch (nothing kept: a state read back from its JSON, and the
 * steps kept for all matches forgotten).
 */
import { createMatchState, step, type MatchState } from '../../../src/engine';
import { forgetKeptSteps } from '../../../src/games/ssj/deployment';
import { plausibleBot } from '../../../src/games/ssj/bot';
import { troopCapacity } from '../../../src/games/ssj/units';
import type { SsjState } from '../../../src/games/ssj/state';
import { ssj } from '../../../src/games/ssj';
import { act, choices, throughAugI } from './helpers';

const J = 'japanese';
/** The state read back from its JSON: no step or key kept for its units, groups or tags is found for it. */
const fresh = (s: SsjState): SsjState => ssj.revive!(JSON.parse(JSON.stringify(s)) as SsjState);

test('a ship that fills up with troops is offered to no other ground unit; the others keep their load steps', () => {
  const m = throughAugI('deployment-caches');
  const loads = (x: typeof m) => choices(x, J).flatMap((a) => (a.type === 'load' ? [a] : []));
  const small = loads(m).find((a) => troopCapacity(a.ship) === 1 && loads(m).some((b) => b.ship === a.ship && b.unit !== a.unit));
  if (!small) throw new Error('no ship with room for one of two ground units');
  const next = act(m, J, { type: 'load', unit: small.unit, ship: small.ship });
  expect(loads(next).filter((a) => a.ship === small.ship)).toEqual([]);
  expect(loads(next)).toEqual(loads(m).filter((a) => a.ship !== small.ship && a.unit !== small.unit));
  expect(ssj.prompt(next.game, J)).toEqual(ssj.prompt(fresh(next.game), J));
});

test('once Rabaul has blown up, no ship is offered a move there, though the groups are those of the prompt before', () => {
  const m = throughAugI('deployment-caches');
  const toRabaul = (s: SsjState) => ssj.prompt(s, J)!.actions.filter((a) => (a as { type: string; base?: string }).type === 'rebase' && (a as { base?: string }).base === 'rabaul');
  expect(toRabaul(m.game).length).toBeGreaterThan(0);
  // The same record of groups (and units and tags) as the state whose prompt was just made: only the volcano differs.
  const erupted: SsjState = { ...m.game, volcano: { ...m.game.volcano, erupted: true } };
  expect(erupted.groups).toBe(m.game.groups);
  expect(toRabaul(erupted)).toEqual([]);
  expect(ssj.prompt(erupted, J)).toEqual(ssj.prompt(fresh(erupted), J));
});

test('every deployment prompt of a campaign, made from the steps kept for all matches and for this one, is the prompt made from scratch', () => {
  const bots = { allied: plausibleBot('kept-steps/allied'), japanese: plausibleBot('kept-steps/japanese') };
  let ms = createMatchState(ssj, {}, 'kept-steps').state as MatchState<SsjState>;
  let compared = 0;
  for (let i = 0; i < 2500 && !ssj.result(ms.game); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))! as 'allied' | 'japanese';
    const prompt = ssj.prompt(ms.game, side)!;
    if (prompt.kind?.endsWith('-deployment')) {
      forgetKeptSteps();
      expect(ssj.prompt(fresh(ms.game), side)).toEqual(prompt);
      compared++;
    }
    ms = step(ssj, ms, side, bots[side].choose({ side, view: ssj.view(ms.game, side), prompt }), prompt).state as MatchState<SsjState>;
  }
  expect(compared).toBeGreaterThan(200);
});
