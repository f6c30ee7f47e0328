/**
 * Hidden information: the sealed allocation of XI.H.1.c, what a side sees of the enemy TF,
 * and private moves. Nothing of one side's secret reaches the other side's view, prompt or
 * log before the rules reveal it.
 */
import { filterLog, step, type StampedLogEntry } from '../../../src/engine';
import { ewr } from '../../../src/games/ewr';
import type { EwrAction } from '../../../src/games/ewr/actions';
import { BUILTIN_SCENARIOS } from '../../../src/games/ewr/data/scenarios';
import { knowsHex, type Role } from '../../../src/games/ewr/state';
import type { EnemyTfView, EwrView } from '../../../src/games/ewr/view';
import { act, game, newMatch, play, type Match } from './driver';
import { planned, randomPolicy, scenario, secretsOf, type Plan } from './fixtures';

const view = (m: Match, v: string) => ewr.view(game(m), v) as EwrView;
const visible = (log: StampedLogEntry[], v: string, after: number) => filterLog(log, v, after);

/** Plays `plan` with seeds in order until the match stands at an allocation of `step` (and `also` holds there). */
function toAllocation(plan: Plan, stepId: string, knobs = {}, also: (m: Match) => boolean = () => true): Match {
  for (let i = 0; i < 200; i++) {
    const m = newMatch({ scenario: scenario(knobs) }, `alloc-${stepId}-${i}`);
    play(m, planned(plan), (x) => (game(x).phase === 'alloc' && also(x)) || game(x).phase === 'over');
    if (game(m).phase === 'alloc' && game(m).strike!.step === stepId) return m;
  }
  throw new Error('no seed reaches the allocation');
}

const STEP6: Plan = { decide: { '1': 'intercept', '3': 'sight', '5': 'airstrike' } };
/** At step 6's allocation with TFZ's allocation in and TFA, having countersighted, to allocate. */
const counterAllocating = (m: Match) => game(m).strike?.countersighted === true;

describe('XI.H.1.c: the secret allocation', () => {
  test('XI.H.1.c: step 6, the striker allocates first and alone; the target sees nothing of it until the reveal, and allocates after its countersight', () => {
    const m = toAllocation(STEP6, '6');
    const s = game(m);
    const [me, them] = [s.roles.tfz, s.roles.tfa];
    expect(ewr.prompt(s, them)).toBeNull(); // the target allocates only after its countersight roll
    expect(view(m, them).waitingFor).toEqual([me]);
    const mine = ewr.prompt(s, me)!.actions.find((a): a is Extract<EwrAction, { type: 'allocate' }> => a.type === 'allocate' && a.cap > 0 && a.escort > 0 && a.strike > 0)!;
    const seq = m.actions.length;
    act(m, me, mine);
    // The countersight roll follows at once (public); the allocation stays sealed.
    expect(visible(m.log, them, seq).some((e) => / countersights /.test(e.text))).toBe(true);
    for (const v of [them, 'spectator']) {
      expect(JSON.stringify(visible(m.log, v, seq))).not.toMatch(new RegExp(`CAP ${mine.cap}, escort ${mine.escort}, strike ${mine.strike}`));
      expect(JSON.stringify(view(m, v))).not.toMatch(/yourAllocation|"allocations"/);
    }
    expect(view(m, me).yourAllocation).toEqual({ cap: mine.cap, escort: mine.escort, strike: mine.strike });
    expect(ewr.prompt(game(m), me)).toBeNull();
    expect(view(m, them).waitingFor).toEqual([them]);
    expect((ewr.view(game(m), 'referee') as EwrView).allocations?.tfz).toBeDefined();
    // The target allocates: both are revealed together, to everyone.
    act(m, them, ewr.prompt(game(m), them)!.actions[0]!);
    for (const v of [them, me, 'spectator']) {
      const last = view(m, v).lastStrike!;
      expect(last.allocations[me]).toEqual({ cap: mine.cap, escort: mine.escort, strike: mine.strike });
      expect(Object.keys(last.allocations).sort()).toEqual(['allied', 'japanese']);
    }
    expect(m.log.some((e) => e.seq === seq + 2 && e.to === 'public' && /allocations are revealed/.test(e.text))).toBe(true);
  });

  test("XI.H.1.c: the counterstriker allocates knowing the striker's declaration, and its prompt does not depend on the striker's sealed allocation", () => {
    const m = toAllocation(STEP6, '6', {}, counterAllocating);
    const s = game(m);
    expect(s.strike!.alloc.tfz).toBeDefined();
    expect((view(m, s.roles.tfa).tfs.tfz as EnemyTfView).components).not.toBeNull();
    const other = structuredClone(s);
    other.strike!.alloc.tfz = { cap: other.strike!.alloc.tfz!.cap + other.strike!.alloc.tfz!.strike - 1, escort: 0, strike: 1 };
    expect(ewr.prompt(other, s.roles.tfa)).toEqual(ewr.prompt(s, s.roles.tfa));
    expect(ewr.view(other, s.roles.tfa)).toEqual(ewr.view(s, s.roles.tfa));
  });

  test('step 6: a countersighting target with no aircraft is still asked (one choice, all zeros), so the question tells nothing', () => {
    const m = toAllocation(STEP6, '6', { tfaAir: 0 }, counterAllocating);
    const s = game(m);
    expect(ewr.prompt(s, s.roles.tfa)!.actions).toEqual([{ type: 'allocate', cap: 0, escort: 0, strike: 0 }]);
    expect(view(m, s.roles.tfz).waitingFor).toEqual([s.roles.tfa]);
  });

  test('A4: only the striker allocates; the target flies all its air as CAP', () => {
    const m = toAllocation({ decide: { '1': 'decline', A1: 'decline', B1: 'intercept', A4: 'airstrike' } }, 'A4');
    const s = game(m);
    expect(ewr.prompt(s, s.roles.tfa)).toBeNull();
    expect(s.strike!.alloc.tfa).toEqual({ cap: 8, escort: 0, strike: 0 });
    expect(view(m, s.roles.tfz).waitingFor).toEqual([s.roles.tfz]);
  });
});

/** Every seq of `m`: what each side and the spectator may see holds none of the other side's secrets. */
function checkSecrets(m: Match, secrets: Record<'allied' | 'japanese', string[]>): void {
  const all = [...secrets.allied, ...secrets.japanese];
  m.states.forEach((st, i) => {
    const s = st.game;
    for (const side of ['allied', 'japanese'] as const) {
      const text =
        JSON.stringify(ewr.view(s, side)) +
        JSON.stringify(ewr.prompt(s, side)) +
        JSON.stringify(
          filterLog(
            m.log.filter((e) => e.seq <= i),
            side,
          ),
        );
      for (const secret of secrets[side]) expect(text.includes(secret) ? `${side} sees ${secret} at seq ${i}` : '').toBe('');
      const me: Role = s.roles.tfa === side ? 'tfa' : 'tfz';
      const enemy: Role = me === 'tfa' ? 'tfz' : 'tfa';
      const ev = (ewr.view(s, side) as EwrView).tfs[enemy] as EnemyTfView;
      expect(Object.keys(ev).sort()).toEqual(['components', 'hasSubmarines', 'hex', 'name', 'offMap', 'refuelling', 'retreating', 'role', 'side']);
      if (!knowsHex(s, me, enemy)) expect(ev.hex).toBeNull();
    }
    const pub =
      JSON.stringify(ewr.view(s, 'spectator')) +
      JSON.stringify(
        filterLog(
          m.log.filter((e) => e.seq <= i),
          'spectator',
        ),
      );
    for (const secret of all) expect(pub.includes(secret) ? `spectator sees ${secret} at seq ${i}` : '').toBe('');
  });
}

/** Every private step of `m` changed nothing the other side or the spectator sees. */
function checkPrivateSteps(m: Match): void {
  m.privates.forEach((priv, i) => {
    if (!priv) return;
    const actor = m.actions[i]!.side;
    const before = m.states[i]!.game;
    const after = m.states[i + 1]!.game;
    for (const v of ['allied', 'japanese', 'spectator'].filter((x) => x !== actor)) {
      expect(ewr.view(after, v)).toEqual(ewr.view(before, v));
      if (v !== 'spectator') expect(ewr.prompt(after, v)).toEqual(ewr.prompt(before, v));
    }
    expect(m.log.filter((e) => e.seq === i + 1).every((e) => e.to !== 'public' && e.to.length === 1 && e.to[0] === actor)).toBe(true);
  });
}

describe('what each viewer sees of the enemy TF', () => {
  test('test scenario with submarines and reserves: no side, at any seq, sees an enemy ship; private moves change nothing it sees', () => {
    const sc = scenario({ tfzSubs: true, tfaReserve: true, tfaSubs: true });
    for (let i = 0; i < 25; i++) {
      const m = newMatch({ scenario: sc }, `secret-${i}`);
      play(m, randomPolicy(i + 1));
      checkSecrets(m, secretsOf(sc));
      checkPrivateSteps(m);
    }
  });

  for (const sc of BUILTIN_SCENARIOS) {
    test(`${sc.id}: no side sees an enemy ship, the spectator none; private moves change nothing others see`, () => {
      for (let i = 0; i < 12; i++) {
        const m = newMatch({ scenario: sc.id }, `secret-${sc.id}-${i}`);
        play(m, randomPolicy(i + 101));
        checkSecrets(m, secretsOf(sc));
        checkPrivateSteps(m);
      }
    });
  }

  test('VI.F.2: a Japanese TF with submarines is known to have them from the start, not how many; XI.H.1.c declarations show components only', () => {
    const m = newMatch({ scenario: 'marianas-1944' }, 'vif2');
    const allied = view(m, 'allied').tfs.tfz as EnemyTfView;
    expect(allied.hasSubmarines).toBe(true);
    expect(allied.components).toBeNull();
    expect(JSON.stringify(allied)).not.toMatch(/I-184|RO-115|factors/);
    // An Allied TF with submarines reveals nothing at the start (VI.F.2 binds the Japanese player).
    const m2 = newMatch({ scenario: scenario({ tfaSide: 'allied', tfaSubs: true }) }, 'vif2-allied');
    expect((view(m2, 'japanese').tfs.tfa as EnemyTfView).hasSubmarines).toBe(false);
  });

  test('a successful sighting makes the defender declare its components and submarines (XI.H.1.c)', () => {
    for (let i = 0; i < 200; i++) {
      const m = newMatch({ scenario: scenario({ tfaReserve: true, tfaSubs: true }) }, `declare-${i}`);
      play(m, planned({ decide: { '1': 'intercept', '3': 'sight' } }), (x) => game(x).walked.some((w) => w.arrow === '4>5' || w.arrow === '4>end'));
      if (!game(m).walked.some((w) => w.arrow === '4>5')) continue;
      const seen = view(m, game(m).roles.tfz).tfs.tfa as EnemyTfView;
      expect(seen.components).toEqual(['main', 'screen', 'reserve']);
      expect(seen.hasSubmarines).toBe(true);
      return;
    }
    throw new Error('no seed sights');
  });

  test('an illegal action (not in the prompt) is refused by the engine and by the module', () => {
    const m = newMatch({ scenario: scenario() }, 'illegal');
    expect(() => step(ewr, m.ms, 'allied', { type: 'begin-initiative' })).toThrow(/nothing for you to decide/);
    expect(() => ewr.apply(structuredClone(game(m)), 'allied', { type: 'begin-initiative' }, undefined as never)).toThrow(/not one of your choices/);
  });
});
