/**
 * A view's parts are kept and brought up to date (view.ts): a part made from a table of units is,
 * for the table a step copied from it, made again only for the units the step wrote (the table's
 * `changesSince`, unit-table.ts). These tests check that what is kept is what a view made from
 * scratch shows, and that what did not change is shared.
 */
import { canonicalJson, createMatchState, step, type MatchState } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { plausibleBot } from '../../../src/games/ssj/bot';
import type { SsjState } from '../../../src/games/ssj/state';
import type { SsjView } from '../../../src/games/ssj/view';
import { act, newMatch } from './helpers';

const VIEWERS = ['referee', 'allied', 'japanese', 'spectator'];
const view = (s: SsjState, viewer: string) => ssj.view(s, viewer) as SsjView;

/** The state read back from its JSON: a new table of units and a new tags object, so no part made before is found for it. */
const fresh = (s: SsjState): SsjState => ssj.revive!(JSON.parse(JSON.stringify(s)) as SsjState);

test('the views kept and brought up to date step by step are the views made from scratch, all through a campaign', () => {
  const bots = { allied: plausibleBot('parts/allied'), japanese: plausibleBot('parts/japanese') };
  let ms = createMatchState(ssj, {}, 'parts').state as MatchState<SsjState>;
  for (let i = 0; i < 600 && !ssj.result(ms.game); i++) {
    for (const v of VIEWERS) expect(canonicalJson(view(ms.game, v))).toBe(canonicalJson(view(fresh(ms.game), v)));
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))! as 'allied' | 'japanese';
    const prompt = ssj.prompt(ms.game, side)!;
    ms = step(ssj, ms, side, bots[side].choose({ side, view: view(ms.game, side), prompt }), prompt).state as MatchState<SsjState>;
  }
});

test('a deployment step makes again only the face of the ship it moved; the other side’s part is the same array', () => {
  const m = newMatch();
  const [allied, japanese] = [view(m.game, 'allied'), view(m.game, 'japanese')];
  const next = act(m, 'japanese', { type: 'deploy', ship: 'ijn-chokai', area: 'SL', box: 'night', group: 'new' });
  const [allied2, japanese2] = [view(next.game, 'allied'), view(next.game, 'japanese')];

  expect(allied2.sides.allied.units).toBe(allied.sides.allied.units);
  const [before, after] = [japanese.sides.japanese.units, japanese2.sides.japanese.units];
  expect(after).not.toBe(before);
  expect(after.map((f) => f.id)).toEqual(before.map((f) => f.id));
  after.forEach((f, i) => {
    if (f.id === 'ijn-chokai') expect(f.place).toEqual({ at: 'group', group: Object.keys(next.game.groups)[0] });
    else expect(f).toBe(before[i]);
  });
});
