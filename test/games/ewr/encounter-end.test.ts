/**
 * What follows the end of an encounter, through the real flow: TFA's initiative goes on
 * after TFZ is sunk (its mission judged on what it then does), and after B4 ("There is no
 * intercept") TFZ is not asked again while the sequence lasts — A1 is not offered as TFA
 * steps away, nor B1 ("If TFA has not sighted yet") as it comes back into TFZ's hex.
 */
import { ewr } from '../../../src/games/ewr';
import type { EwrAction } from '../../../src/games/ewr/actions';
import type { ScenarioInput } from '../../../src/games/ewr/scenario';
import type { EwrView } from '../../../src/games/ewr/view';
import { act, game, newMatch, walked, type Match } from './driver';
import { scenario } from './fixtures';

const hex = (col: number, row: number) => ({ col, row });
const move = (m: Match, col: number, row: number) => act(m, game(m).roles.tfa, { type: 'move', to: hex(col, row) });
const decide = (m: Match, side: 'tfa' | 'tfz', step: string, choice: string) => act(m, game(m).roles[side], { type: 'decide', step, choice } as EwrAction);

/**
 * TFA (start 0,2) comes along row 2 into TFZ's hex (4,2), TFZ declining 1, A1 and B1: four
 * of TFA's six moves are spent, and the chart stands at B4.
 */
function intoB4(m: Match): void {
  act(m, game(m).roles.tfa, { type: 'begin-initiative' });
  move(m, 1, 2);
  move(m, 2, 2);
  decide(m, 'tfz', '1', 'decline');
  move(m, 3, 2);
  decide(m, 'tfz', 'A1', 'decline');
  move(m, 4, 2);
  decide(m, 'tfz', 'B1', 'decline');
  expect(game(m).phase).toBe('B4');
}

/** Seeds in order until `go` leaves the match where `ok` holds (the dice decide the sightings and the fire). */
function seeded(sc: ScenarioInput, tag: string, go: (m: Match) => void, ok: (m: Match) => boolean): Match {
  for (let i = 0; i < 300; i++) {
    const m = newMatch({ scenario: sc }, `${tag}-${i}`);
    go(m);
    if (ok(m)) return m;
  }
  throw new Error(`no seed of 300 gives ${tag}`);
}

describe('TFZ sunk or gone: TFA’s initiative goes on', () => {
  // TFZ is one destroyer; TFA's mission is to reach 6,2, beyond it.
  const loneDd = (): ScenarioInput => {
    const sc = scenario({ tfaMorale: 6, maxInitiatives: 1 });
    return { ...sc, tfz: { ...sc.tfz, main: [], screen: [{ id: 'z-dd', name: 'Destroyer Zulu', type: 'DD', surface: 1, asw: 2, hull: 1 }], submarines: [] } };
  };

  test('a sunk TFZ does not end the operations phase: TFA moves on with its moves left, reaches its mission hex, and its mission counts', () => {
    const m = seeded(
      loneDd(),
      'lone-dd',
      (x) => {
        intoB4(x);
        decide(x, 'tfa', 'B4', 'sight');
        if (game(x).phase === 'A4') decide(x, 'tfa', 'A4', 'surface');
      },
      (x) => walked(x).includes('B3>end') && game(x).tf.tfz.ships['z-dd']!.hits >= 1 && !game(x).tf.tfa.retreating,
    );
    const { tfa, tfz } = game(m).roles;
    expect(ewr.result(game(m))).toBeNull();
    expect(game(m).phase).toBe('move');
    expect(game(m).initiative!.movesLeft).toBe(2);
    const p = ewr.prompt(game(m), tfa)!;
    expect(p.actions).toContainEqual({ type: 'move', to: hex(5, 2) });
    move(m, 5, 2);
    move(m, 6, 2);
    // A TF with nothing afloat watches nothing: the moves are TFA's own, and TFZ's side does not see where it went.
    expect(m.privates.slice(-2)).toEqual([true, true]);
    expect((ewr.view(game(m), tfz) as EwrView).tfs.tfa!.hex).toBeNull();
    act(m, tfa, { type: 'end-initiative' });
    expect(game(m).mission).toEqual({ achieved: true, initiative: 1 });
    act(m, tfa, { type: 'end-operations' });
    const r = ewr.result(game(m))!;
    expect(r.winner).toBe(tfa);
    expect(r.text).toMatch(/was achieved in initiative 1/);
    expect(r.text).toMatch(/sank Destroyer Zulu/);
  });
});

describe('B1 "If not, go to B4"; B4 "There is no intercept"', () => {
  test('B4: after TFZ declined B1 and TFA continued, TFA’s next step into the adjacent hex does not offer TFZ A1 again, nor its return B1', () => {
    const m = newMatch({ scenario: scenario() }, 'no-intercept');
    intoB4(m);
    const { tfz } = game(m).roles;
    decide(m, 'tfa', 'B4', 'continue');
    const asked = m.actions.length;
    move(m, 5, 2); // adjacent to TFZ
    expect(game(m).phase).toBe('move');
    expect(ewr.prompt(game(m), tfz)).toBeNull();
    move(m, 4, 2); // back into TFZ's hex
    expect(game(m).phase).toBe('move');
    expect(ewr.prompt(game(m), tfz)).toBeNull();
    expect(m.actions.slice(asked).map((a) => a.side)).toEqual([game(m).roles.tfa, game(m).roles.tfa]);
    expect(walked(m).filter((a) => a === 'start>1')).toHaveLength(1);
  });

  test('B1 "If TFA has not sighted yet": after TFA sighted TFZ at B4 and fought, leaving its hex and coming back offers TFZ neither A1 nor B1', () => {
    const m = seeded(
      scenario({ tfaMorale: 6, tfzMorale: 6 }),
      'sighted-b4',
      (x) => {
        intoB4(x);
        decide(x, 'tfa', 'B4', 'sight');
        if (game(x).phase === 'A4') decide(x, 'tfa', 'A4', 'surface');
      },
      (x) => walked(x).includes('B4>A4') && game(x).phase === 'move',
    );
    const { tfz } = game(m).roles;
    expect(game(m).enc.sightedAt.tfa).toBe('4,2');
    move(m, 5, 2);
    expect(ewr.prompt(game(m), tfz)).toBeNull();
    move(m, 4, 2);
    expect(game(m).phase).toBe('move');
    expect(ewr.prompt(game(m), tfz)).toBeNull();
    expect(walked(m).filter((a) => a === 'A1>B1')).toHaveLength(1); // only on the way in
  });

  test('the sequence begins again once TFA has moved three hexes away and comes back within two', () => {
    const sc = scenario({ markers: [1, 1, 1] });
    const m = newMatch({ scenario: { ...sc, tfa: { ...sc.tfa, movement: 12 } } }, 'no-intercept-lapses');
    intoB4(m);
    decide(m, 'tfa', 'B4', 'continue');
    move(m, 3, 2);
    move(m, 2, 2);
    move(m, 1, 2); // three hexes from TFZ: the sequence is over
    move(m, 2, 2); // within two again: step 1 asks TFZ
    expect(game(m).phase).toBe('1');
    expect(walked(m).filter((a) => a === 'start>1')).toHaveLength(2);
  });
});
