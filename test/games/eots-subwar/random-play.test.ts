import { replay } from '../../../src/engine';
import { eotsSubwar } from '../../../src/games/eots-subwar';
import type { EotsAction } from '../../../src/games/eots-subwar/actions';
import { act, start } from './helpers';

const CLOSERS = new Set(['pass', 'end-movement', 'end-declaration', 'end-offensive', 'end-political', 'end-ground-combat', 'end-air-naval-combat']);

describe('random legal play', () => {
  test.each(['1941', '1942', '1943', '1944'])('the %s start plays to the end of Turn 12 with no dead end, and replays exactly', (scenario) => {
    let ms = start({ scenario }, `random-${scenario}`);
    let seed = 7 + Number(scenario);
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n; // the high bits: the low bits of this generator cycle quickly
    };
    const actions: { side: 'allied' | 'japanese'; action: EotsAction }[] = [];
    for (let i = 0; i < 3000 && !eotsSubwar.result(ms.game); i++) {
      const side = (['allied', 'japanese'] as const).find((s) => eotsSubwar.prompt(ms.game, s));
      expect(side).toBeDefined();
      const all = eotsSubwar.prompt(ms.game, side!)!.actions;
      const closers = all.filter((a) => CLOSERS.has(a.type));
      const action = closers.length > 0 && rnd(8) !== 0 ? closers[rnd(closers.length)]! : all[rnd(all.length)]!;
      ms = act(ms, side!, action);
      actions.push({ side: side!, action });
      expect(JSON.parse(JSON.stringify(eotsSubwar.view(ms.game, 'spectator')))).toEqual(eotsSubwar.view(ms.game, 'spectator'));
    }
    expect(eotsSubwar.result(ms.game)).toMatchObject({ winner: null });
    expect(ms.game.turn).toBe(12);
    expect(replay(eotsSubwar, { scenario }, `random-${scenario}`, actions).state).toEqual(ms);
  });
});
