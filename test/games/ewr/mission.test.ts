/**
 * A scenario's mission and the end of the operations phase (RULINGS.md, ours): what TFA
 * sets out to do is worth points to its side, failing it is worth points to TFZ's side,
 * and ships sunk or damaged and aircraft shot down count by what they are. The oracle for
 * the score is an independent tally from the final referee view with the values RULINGS.md
 * gives, not the module's own scoring.
 */
import { ewr } from '../../../src/games/ewr';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { ScenarioSchema } from '../../../src/games/ewr/scenario';
import type { EwrView, OwnTfView } from '../../../src/games/ewr/view';
import { act, game, newMatch, play } from './driver';
import { randomPolicy, scenario } from './fixtures';

/** RULINGS.md, "End and result": the victory point value of each ship type. */
const VALUE: Record<string, number> = { CV: 6, CVL: 3, CVE: 2, BB: 5, BC: 4, CA: 3, CL: 2, DD: 1, DE: 1, AP: 1, SS: 1 };

/** What the side of `by` earned against `target`, from a referee view. */
function tally(target: OwnTfView): number {
  let vp = 0;
  let air = 0;
  for (const part of Object.values(target.parts)) {
    for (const sh of part) {
      air += sh.airLost;
      if (sh.sunk) vp += VALUE[sh.type]!;
      else if (sh.hits > 0) vp += Math.floor(VALUE[sh.type]! / 2);
    }
  }
  return vp + Math.floor(air / 2);
}

function expectedScore(v: EwrView): Record<string, number> {
  const tfa = v.tfs.tfa as OwnTfView;
  const tfz = v.tfs.tfz as OwnTfView;
  return {
    [v.roles.tfa]: tally(tfz) + (v.mission.achieved ? v.mission.points : 0),
    [v.roles.tfz]: tally(tfa) + (v.mission.achieved ? 0 : v.mission.deniedPoints),
  };
}

describe('East Wind Rain: a mission, an end and a result', () => {
  test('closing the operations phase at once is not a free draw: TFZ’s side wins by the points of the mission denied', () => {
    const m = newMatch({ scenario: 'coral-sea-1942' }, 'close-at-once');
    const s = game(m);
    act(m, s.roles.tfa, { type: 'end-operations' });
    const r = ewr.result(game(m))!;
    expect(r.winner).toBe('allied'); // TFZ is TF 17
    expect(r.score).toEqual({ allied: 6, japanese: 0 });
    expect(r.text).toMatch(/was not achieved: Allied \+6/);
    expect(r.text).toMatch(/Allied victory, 6–0/);
  });

  test('the prompt to close the phase says what it costs', () => {
    const m = newMatch({ scenario: 'coral-sea-1942' }, 'prompt');
    const p = ewr.prompt(game(m), 'japanese')!;
    expect(p.text).toMatch(/gives the enemy 6 VP/);
  });

  test('reach: TFA that ends an initiative in the target hex achieves its mission; all are told; its side scores the points', () => {
    const m = newMatch({ scenario: scenario({ maxInitiatives: 1 }) }, 'reach');
    const { tfa, tfz } = game(m).roles;
    act(m, tfa, { type: 'begin-initiative' });
    act(m, tfa, { type: 'move', to: { col: 1, row: 2 } });
    act(m, tfa, { type: 'move', to: { col: 2, row: 2 } });
    act(m, tfz, { type: 'decide', step: '1', choice: 'decline' });
    act(m, tfa, { type: 'move', to: { col: 3, row: 2 } });
    act(m, tfz, { type: 'decide', step: 'A1', choice: 'decline' });
    act(m, tfa, { type: 'move', to: { col: 4, row: 2 } });
    act(m, tfz, { type: 'decide', step: 'B1', choice: 'decline' });
    act(m, tfa, { type: 'decide', step: 'B4', choice: 'continue' });
    act(m, tfa, { type: 'move', to: { col: 5, row: 2 } }); // B4, "There is no intercept": TFZ is not asked again
    act(m, tfa, { type: 'move', to: { col: 6, row: 2 } });
    expect(game(m).mission.achieved).toBe(false); // told when the initiative ends, not on a move
    act(m, tfa, { type: 'end-initiative' });
    expect(game(m).mission).toEqual({ achieved: true, initiative: 1 });
    expect(m.log.some((e) => e.to === 'public' && /achieves its mission in initiative 1/.test(e.text))).toBe(true);
    act(m, tfa, { type: 'end-operations' });
    const r = ewr.result(game(m))!;
    expect(r.score).toEqual({ [tfa]: 4, [tfz]: 0 });
    expect(r.winner).toBe(tfa);
  });

  test('a landing needs a transport in TFA’s reserve; mission hexes must be on the map', () => {
    const bad = ScenarioSchema.safeParse({ ...scenario(), mission: { kind: 'land', hexes: [{ col: 1, row: 1 }], text: 'land', points: 1, deniedPoints: 1 } });
    expect(bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toContain("mission.kind: a landing needs a transport (AP) in TFA's reserve");
    const off = ScenarioSchema.safeParse({ ...scenario(), mission: { kind: 'reach', hexes: [{ col: 9, row: 1 }], text: 'x', points: 1, deniedPoints: 1 } });
    expect(off.error!.issues.map((i) => i.path.join('.'))).toContain('mission.hexes.0');
  });

  for (const sc of BUILTIN_SCENARIOS) {
    test(`${sc.id}: in random play the score is the independent tally (ships by type, aircraft, the mission) and the winner has more points`, () => {
      for (let i = 0; i < 40; i++) {
        const m = newMatch({ scenario: sc.id }, `score-${sc.id}-${i}`);
        play(m, randomPolicy(i + 11), undefined, 800);
        const r = ewr.result(game(m))!;
        const v = ewr.view(game(m), 'referee') as EwrView;
        const want = expectedScore(v);
        expect(r.score).toEqual(want);
        const [a, j] = [want.allied!, want.japanese!];
        expect(r.winner).toBe(a === j ? null : a > j ? 'allied' : 'japanese');
        if (r.winner === null) expect(r.text).toMatch(/No winner: a draw at/);
      }
    });
  }
});
