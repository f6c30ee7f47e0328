/**
 * Sky, Sea, and JUNGLE leaks the fog harness (or the issue) found, each checked again: the
 * worlds a viewer must not tell apart, built the harness's way (a secret roll forced to
 * each value), and everything the viewer reads compared.
 */
import { canSee, canonicalJson, setDiceHook, SPECTATOR, step, type LogEntry, type Viewer } from '../../src/engine';
import { ssj } from '../../src/games/ssj';
import type { SsjAction } from '../../src/games/ssj/actions';
import { resolveDamage } from '../../src/games/ssj/damage';
import { choices, ctxWith, newMatch, putInGroup, type M } from '../games/ssj/helpers';
import { firstDifference } from '../support/fog/diff';

/** What `viewer` reads after a step: its view, its prompt, the log entries addressed to it. */
function seen(m: M, log: LogEntry[], viewer: Viewer): unknown {
  const prompt = viewer === SPECTATOR ? null : ssj.prompt(m.game, viewer);
  return JSON.parse(canonicalJson({ view: ssj.view(m.game, viewer), prompt, log: log.filter((e) => canSee(e, viewer)) }));
}

/** The first path where two reads differ (null: the same). */
const differ = (a: unknown, b: unknown) => {
  const d = firstDifference(a, b);
  return d && `${d.path}: ${JSON.stringify(d.a)?.slice(0, 200)} / ${JSON.stringify(d.b)?.slice(0, 200)}`;
};

describe('SSJ VI.D / VII.A: a blind submarine attack on a Night Only group is resolved in secret', () => {
  /** Two Japanese subs and an Allied Night Only group in the Slot, the screen removed, the submarine phase begun. */
  function atSubmarines(): M {
    const m = newMatch('fog-ssj-vi-d');
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121', 'ijn-i-123'], 'g-subs');
    putInGroup(m, 'allied', 'SL', 'night', ['usn-chicago', 'usn-desron-4', 'usn-quincy'], 'g-target');
    Object.assign(m.game, { phase: 'submarines', actor: 'japanese', subAttack: null, fogLiftedFor: ['allied', 'japanese'] });
    return m;
  }

  /** The phase played with the first attack's die forced to `value`: what the Japanese player and the spectator read after each step. */
  function play(value: number): { reads: Record<string, unknown[]>; last: LogEntry[]; final: M } {
    let m = atSubmarines();
    const reads: Record<string, unknown[]> = { japanese: [], spectator: [] };
    let last: LogEntry[] = [];
    const go = (side: string, action: SsjAction, force?: number) => {
      setDiceHook(force === undefined ? null : (r) => (r.why === 'submarine attack (japanese)' ? force : r.value));
      try {
        const out = step(ssj, m, side, action);
        m = out.state as M;
        last = out.log;
      } finally {
        setDiceHook(null);
      }
      for (const v of ['japanese', SPECTATOR]) reads[v]!.push(seen(m, last, v));
    };
    const tag = (id: string) => m.game.tags[id]!;
    // The owner's step: the first choice offered (a place home for a damaged ship, else close).
    const owner = () => go('allied', choices(m, 'allied')[0]!);
    go('japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    go('japanese', { type: 'sub-target', piece: tag('usn-desron-4') }, value);
    owner();
    // The second submarine still has to choose: it must see the group as it was.
    go('japanese', { type: 'sub-attack', sub: 'ijn-i-123', group: 'g-target' });
    go('japanese', { type: 'sub-target', piece: tag('usn-chicago') }, 2);
    owner();
    return { reads, last, final: m };
  }

  test('VI.D "(If at Night Only, the ship owner does this secretly)": while his other submarines choose, the attacker reads the same whether the target missed, was damaged or sunk', () => {
    // A destroyer division: 2–3 miss, 4 D, 5 HD, 6 sunk (a 1 sinks the sub, which the rules tell everyone).
    const worlds = [2, 3, 4, 5, 6].map(play);
    for (const v of ['japanese', SPECTATOR]) {
      const steps = worlds[0]!.reads[v]!.length;
      // Every step but the last (which ends the phase) reads the same in every world.
      for (let i = 0; i < steps - 1; i++) for (const w of worlds) expect(differ(w.reads[v]![i], worlds[0]!.reads[v]![i])).toBeNull();
    }
    // The damaged target has not gone home under its tag in the middle of the phase (the old leak).
    expect(worlds[2]!.final.game.phase).toBe('air-morning');
  });

  test('VII.A "after each phase, damage is resolved": at the end of the submarine phase every hit piece leaves alike, damaged or sunk, with the one declared reveal', () => {
    const [miss, d, hd, sunk] = [3, 4, 5, 6].map(play);
    const reveal = (log: LogEntry[]) => log.filter((e) => e.to === 'public' && /piece.*leaves? the SL Night Only group/.test(e.text));
    expect(reveal(miss!.last)).toEqual([]);
    for (const w of [d!, hd!, sunk!]) expect(reveal(w.last)).toHaveLength(1);
    // Damaged or sunk: the attacker and the spectator cannot tell.
    for (const v of ['japanese', SPECTATOR]) {
      expect(differ(d!.reads[v]!.at(-1), sunk!.reads[v]!.at(-1))).toBeNull();
      expect(differ(hd!.reads[v]!.at(-1), sunk!.reads[v]!.at(-1))).toBeNull();
    }
    // The damaged ship went where its owner sent it, and is out for repair from there.
    expect(d!.final.game.units['usn-desron-4']!.place).toMatchObject({ at: 'repair', base: 'espiritu-santo' });
    expect(sunk!.final.game.units['usn-desron-4']!.place).toEqual({ at: 'sunk' });
    expect(miss!.final.game.units['usn-desron-4']!.place).toEqual({ at: 'group', group: 'g-target' });
  });

  test('VI.D note "to base (or to the back-to-Truk holding box)": the owner picks where a blind-damaged ship goes', () => {
    let m = atSubmarines();
    m = step(ssj, m, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }).state as M;
    setDiceHook((r) => (r.why === 'submarine attack (japanese)' ? 4 : r.value));
    try {
      m = step(ssj, m, 'japanese', { type: 'sub-target', piece: m.game.tags['usn-desron-4']! }).state as M;
    } finally {
      setDiceHook(null);
    }
    expect(choices(m, 'allied')).toEqual([
      { type: 'return', ship: 'usn-desron-4', to: 'espiritu-santo' },
      { type: 'return', ship: 'usn-desron-4', to: 'australia' },
    ]);
    m = step(ssj, m, 'allied', { type: 'return', ship: 'usn-desron-4', to: 'australia' }).state as M;
    m = step(ssj, m, 'japanese', { type: 'done' }).state as M;
    // The phase is over (the Allies have no submarine at sea): the ship is repaired at the base its owner chose.
    expect(m.game.phase).toBe('air-morning');
    expect(m.game.units['usn-desron-4']!.place).toMatchObject({ at: 'repair', base: 'australia' });
  });
});

describe("SSJ VII.A: the damage resolution roll is the owner's secret", () => {
  test('VII.A "a ship always sinks (secretly) on a 6": the troops a damaged ship carries land the same whether it sinks or goes for repair, so the Allies and the spectator read the same', () => {
    const reads = [1, 2, 3, 4, 5, 6].map((die) => {
      const m = newMatch('fog-ssj-vii-a');
      const u = m.game.units['ijn-trdiv-1']!;
      Object.assign(u, { damage: 'HD', damagedIn: 'SL' });
      m.game.units['ija-2-144']!.place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      m.game.fogLiftedFor = ['allied', 'japanese'];
      const log = resolveDamage(m.game, ctxWith([die]));
      expect(m.game.units['ijn-trdiv-1']!.place.at).toBe(die === 6 ? 'sunk' : 'repair');
      return { allied: seen(m, log, 'allied'), spectator: seen(m, log, SPECTATOR) };
    });
    for (const r of reads) {
      expect(differ(r.allied, reads[0]!.allied)).toBeNull();
      expect(differ(r.spectator, reads[0]!.spectator)).toBeNull();
    }
  });
});
