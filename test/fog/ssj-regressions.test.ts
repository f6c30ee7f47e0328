/**
 * Sky, Sea, and JUNGLE leaks the fog harness (or the issue) found, each checked again: the
 * worlds a viewer must not tell apart, built the harness's way (a secret roll forced to
 * each value), and everything the viewer reads compared.
 */
import { canSee, canonicalJson, setDiceHook, SPECTATOR, step, type LogEntry, type Viewer } from '../../src/engine';
import { ssj } from '../../src/games/ssj';
import type { SsjAction } from '../../src/games/ssj/actions';
import { resolveDamage } from '../../src/games/ssj/damage';
import { hasSubDecision } from '../../src/games/ssj/phases/submarines';
import { resolveSupply } from '../../src/games/ssj/phases/supply';
import { hasBombard } from '../../src/games/ssj/bombardment';
import { airMatch, carrierDuel, nightMatch, play as playStep, startAirStage, startNight } from '../games/ssj/battle-helpers';
import { choices, ctxWith, newMatch, putInGroup, type M } from '../games/ssj/helpers';
import { firstDifference } from '../support/fog/diff';
import { ownGroup } from '../../src/games/ssj/groups';
import { own, SHIP_BY_ID } from '../../src/games/ssj/units';
import { ssjOpaqueNames, ssjReveals } from '../../src/games/ssj/reveals';

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
    const tag = (id: string) => m.game.tags.of(id)!;
    // The owner's step: the first choice offered (a place home for a damaged ship, else close).
    const owner = () => go('allied', choices(m, 'allied')[0]!);
    go('japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    go('japanese', { type: 'sub-target', piece: tag('usn-desron-4') }, value);
    owner();
    // The second submarine still has to choose: it must see the group as it was.
    go('japanese', { type: 'sub-attack', sub: 'ijn-i-123', group: 'g-target' });
    go('japanese', { type: 'sub-target', piece: tag('usn-chicago') }, 2);
    owner();
    // Each side closes its submarine decision (VI.D: the Allies too, their group facing the Japanese one): the phase ends.
    go('japanese', { type: 'done' });
    go('allied', { type: 'done' });
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
    expect(d!.final.game.units.of('usn-desron-4').place).toMatchObject({ at: 'repair', base: 'espiritu-santo' });
    expect(sunk!.final.game.units.of('usn-desron-4').place).toEqual({ at: 'sunk' });
    expect(miss!.final.game.units.of('usn-desron-4').place).toEqual({ at: 'group', group: 'g-target' });
  });

  test('VI.D "(If at Night Only, the ship owner does this secretly)": a ship sunk blindly rolls its damage die all the same, so every later die of the match falls alike whether it was damaged or sunk', () => {
    const [d, hd, sunk] = [4, 5, 6].map(play);
    const rolls = (w: { final: M }) => w.final.game.units.of('usn-desron-4').place.at;
    expect([rolls(d!), rolls(hd!), rolls(sunk!)]).toEqual(['repair', 'repair', 'sunk']);
    // The dice stand where they stand after the phase whatever the secret result was (formerly a sunk ship rolled one die fewer).
    expect(sunk!.final.dice).toEqual(d!.final.dice);
    expect(hd!.final.dice).toEqual(d!.final.dice);
  });

  test('VI.D "On a roll of 1, the sub is instead sunk": when a blind attack costs the sub, the attacker reads the same whether the secret die was a 1 or a 2', () => {
    // Two destroyer divisions in the group: a Japanese sub is sunk on a 1, and on a 2 too.
    const reads = [1, 2].map((die) => {
      const m = atSubmarines();
      putInGroup(m, 'allied', 'SL', 'night', ['usn-desdiv-2', 'usn-desdiv-5'], 'g-dd');
      let x = step(ssj, m, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-dd' }).state as M;
      setDiceHook((r) => (r.why === 'submarine attack (japanese)' ? die : r.value));
      try {
        const out = step(ssj, x, 'japanese', { type: 'sub-target', piece: x.game.tags.of('usn-desdiv-2')! });
        x = out.state as M;
        expect(x.game.units.of('ijn-i-121').place).toEqual({ at: 'sunk' });
        return { japanese: seen(x, out.log, 'japanese'), spectator: seen(x, out.log, SPECTATOR) };
      } finally {
        setDiceHook(null);
      }
    });
    expect(differ(reads[0]!.japanese, reads[1]!.japanese)).toBeNull();
    expect(differ(reads[0]!.spectator, reads[1]!.spectator)).toBeNull();
  });

  test('VI.D note "to base (or to the back-to-Truk holding box)": the owner picks where a blind-damaged ship goes', () => {
    let m = atSubmarines();
    m = step(ssj, m, 'japanese', { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' }).state as M;
    setDiceHook((r) => (r.why === 'submarine attack (japanese)' ? 4 : r.value));
    try {
      m = step(ssj, m, 'japanese', { type: 'sub-target', piece: m.game.tags.of('usn-desron-4')! }).state as M;
    } finally {
      setDiceHook(null);
    }
    expect(choices(m, 'allied')).toEqual([
      { type: 'return', ship: 'usn-desron-4', to: 'espiritu-santo' },
      { type: 'return', ship: 'usn-desron-4', to: 'australia' },
    ]);
    m = step(ssj, m, 'allied', { type: 'return', ship: 'usn-desron-4', to: 'australia' }).state as M;
    m = step(ssj, m, 'japanese', { type: 'done' }).state as M;
    m = step(ssj, m, 'allied', { type: 'done' }).state as M;
    // The phase is over: the ship is repaired at the base its owner chose.
    expect(m.game.phase).toBe('air-morning');
    expect(m.game.units.of('usn-desron-4').place).toMatchObject({ at: 'repair', base: 'australia' });
  });
});

describe("SSJ VII.A: the damage resolution roll is the owner's secret", () => {
  test('VII.A / VI.H "troops aboard land there": what a damaged ship carried comes ashore in everyone\'s sight, a change of the face-down map the harness takes as the reveal of a blind attack\'s result', () => {
    const m = newMatch('fog-ssj-vii-a-ashore');
    Object.assign(own(m.game, 'ijn-trdiv-1'), { damage: 'D', damagedIn: 'SL', place: { at: 'base', base: 'rabaul' } });
    own(m.game, 'ija-2-144').place = { at: 'aboard', ship: 'ijn-trdiv-1' };
    // VI.C: by the submarine phase the screen is off for both sides.
    m.game.fogLiftedFor = ['allied', 'japanese'];
    const map = () => ssjReveals(m.game, 'allied').find((f) => f.what === 'japanese pieces off the sea')!.value as string[];
    const before = map();
    const log = resolveDamage(m.game, ctxWith([3]));
    const ashore = log.filter((e) => e.to === 'public' && /ashore/.test(e.text));
    expect(ashore.map((e) => e.text)).toEqual(['1 Japanese unit comes ashore at Rabaul from damaged ships (VII.A).']);
    expect(m.game.units.of('ija-2-144').place).toEqual({ at: 'base', base: 'rabaul' });
    // The typed reveal: one more piece ashore at Rabaul, one ship fewer in its harbour (gone for repair, where and how long unsaid).
    const count = (xs: string[], x: string) => xs.filter((y) => y === x).length;
    expect(count(map(), 'land@rabaul')).toBe(count(before, 'land@rabaul') + 1);
    expect(count(map(), 'harbour@rabaul')).toBe(count(before, 'harbour@rabaul') - 1);
  });

  test('VII.A "a ship always sinks (secretly) on a 6": the troops a damaged ship carries land the same whether it sinks or goes for repair, so the Allies and the spectator read the same', () => {
    const reads = [1, 2, 3, 4, 5, 6].map((die) => {
      const m = newMatch('fog-ssj-vii-a');
      const u = own(m.game, 'ijn-trdiv-1');
      Object.assign(u, { damage: 'HD', damagedIn: 'SL' });
      own(m.game, 'ija-2-144').place = { at: 'aboard', ship: 'ijn-trdiv-1' };
      m.game.fogLiftedFor = ['allied', 'japanese'];
      const log = resolveDamage(m.game, ctxWith([die]));
      expect(m.game.units.of('ijn-trdiv-1').place.at).toBe(die === 6 ? 'sunk' : 'repair');
      return { allied: seen(m, log, 'allied'), spectator: seen(m, log, SPECTATOR) };
    });
    for (const r of reads) {
      expect(differ(r.allied, reads[0]!.allied)).toBeNull();
      expect(differ(r.spectator, reads[0]!.spectator)).toBeNull();
    }
  });
});

/** Two worlds that differ only in which of two face-down Allied pieces is which: ships `a` and `b` swap places and tags. */
function swapped(m: M, a: string, b: string): M {
  const x = JSON.parse(JSON.stringify(m)) as M;
  x.game = ssj.revive!(x.game); // its units a table again, as a state read back from a snapshot
  const [ua, ub] = [own(x.game, a), own(x.game, b)];
  [ua.place, ub.place] = [ub.place, ua.place];
  [ua.from, ub.from] = [ub.from, ua.from];
  x.game.tags = x.game.tags.swapped(a, b);
  for (const k of Object.keys(x.game.groups)) ownGroup(x.game, k).ships = x.game.groups[k]!.ships.map((id) => (id === a ? b : id === b ? a : id));
  return x;
}

describe('SSJ VI.F.1.b: "Anti-ship airstrikes against face-down enemy task forces in a sea area are always pre-allocated"', () => {
  const BETTY = 'ijn-4th-ku';
  /** The afternoon air stage: a Betty at Rabaul; in the Slot an Allied Day and Night group of one submarine and one of one cruiser. */
  function atAfternoon(): M {
    const m = airMatch({ [BETTY]: 'rabaul' });
    putInGroup(m, 'allied', 'SL', 'daynight', ['usn-s-38'], 'g-1');
    putInGroup(m, 'allied', 'SL', 'daynight', ['usn-chicago'], 'g-2');
    startAirStage(m, 'afternoon-land');
    return m;
  }

  test('VI.F.1.b: the strikes the Japanese player is offered are the same whichever face-down group holds only a submarine', () => {
    const m = atAfternoon();
    expect(m.game.actor).toBe('japanese');
    const other = swapped(m, 'usn-s-38', 'usn-chicago');
    expect(differ(seen(m, [], 'japanese'), seen(other, [], 'japanese'))).toBeNull();
    for (const group of ['g-1', 'g-2']) expect(choices(m, 'japanese')).toContainEqual({ type: 'air-strike', unit: BETTY, group });
  });

  test('VI.F.1.a "all the ships in the harbor are turned face-up": a harbour of submarines only may be raided as any other', () => {
    const m = airMatch({ [BETTY]: 'rabaul' });
    // Australia's harbour (in the Bettys' reach from Rabaul) holds one Allied piece: S-38 here, CHICAGO in the other world.
    for (const u of m.game.units.values())
      if (u.side === 'allied' && u.kind === 'ship' && u.place.at === 'base' && u.place.base === 'australia') own(m.game, u.id).place = { at: 'base', base: 'espiritu-santo' };
    own(m.game, 'usn-s-38').place = { at: 'base', base: 'australia' };
    startAirStage(m, 'afternoon-land');
    const other = swapped(m, 'usn-s-38', 'usn-chicago');
    expect(differ(seen(m, [], 'japanese'), seen(other, [], 'japanese'))).toBeNull();
    expect(choices(m, 'japanese')).toContainEqual({ type: 'air-raid', unit: BETTY, base: 'australia', target: 'harbour' });
  });

  test('VI.F.1.b "The task forces\' ships are then turned up": a group of submarines only is turned up for the attacker and holds no target; the strike returns, and everyone is told', () => {
    const m = atAfternoon();
    playStep(m, 'japanese', { type: 'air-strike', unit: BETTY, group: 'g-1' });
    const out = playStep(m, 'japanese', { type: 'done' });
    const japanese = out.log.filter((e) => canSee(e, 'japanese')).map((e) => e.text);
    const spectator = out.log.filter((e) => canSee(e, SPECTATOR)).map((e) => e.text);
    expect(japanese).toContain('The group: S-38.');
    expect(spectator.join(' ')).not.toContain('S-38');
    expect(spectator).toContain('1 Japanese air unit finds no ship to attack and returns.');
    // No aiming step, no die; the submarine is face down again (known to the attacker from now on).
    expect(choices(m, 'japanese').some((a) => a.type === 'air-target')).toBe(false);
    expect(out.left).toBe(0);
    expect(m.game.revealed['usn-s-38']).toBeUndefined();
    expect(m.game.known['usn-s-38']).toContain('japanese');
  });
});

describe('SSJ VI.F.2.d: "PT Boats now get to attack": a Japanese piece in the Slot is chosen blindly', () => {
  /** The PT boat phase: an Allied PT unit in the Slot; a Japanese Night Only group there of a submarine and a cruiser. */
  function atPts(): M {
    const m = newMatch('fog-ssj-vi-f-2-d');
    own(m.game, 'usn-pt-mtbron3-a').place = { at: 'slot' };
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121', 'ijn-chokai'], 'g-jp');
    Object.assign(m.game, { phase: 'pt-boats', actor: 'allied', engaged: [], fogLiftedFor: ['allied', 'japanese'] });
    return m;
  }

  test('VI.F.2.d: the pieces the Allied player is offered are the same whichever is the submarine', () => {
    const m = atPts();
    const other = swapped(m, 'ijn-i-121', 'ijn-chokai');
    expect(differ(seen(m, [], 'allied'), seen(other, [], 'allied'))).toBeNull();
    expect(choices(m, 'allied')).toContainEqual({ type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: m.game.tags.of('ijn-i-121')! });
  });

  test('VI.F.2.d: a PT attack that falls on a submarine misses (it has no column on the Anti-Ship table)', () => {
    const m = atPts();
    const out = playStep(m, 'allied', { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: m.game.tags.of('ijn-i-121')! }, [6]);
    expect(out.log.map((e) => e.text)).toContain(`Piece ${m.game.tags.of('ijn-i-121')!}: no effect.`);
    expect(m.game.units.of('ijn-i-121').damage).toBeNull();
    expect(m.game.units.of('ijn-i-121').place).toEqual({ at: 'group', group: 'g-jp' });
  });
});

describe('SSJ VI.D: "Each submarine in a sea area may (if the owning player so wishes) attack"', () => {
  /** The submarine phase begun: a Japanese Night Only group in the Slot of one piece, I-121 (KAKO in Rabaul's harbour); an Allied group there too. */
  function facing(): M {
    const m = newMatch('fog-ssj-vi-d-ask');
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121'], 'g-jp');
    putInGroup(m, 'allied', 'SL', 'daynight', ['usn-chicago'], 'g-al');
    own(m.game, 'ijn-kako').place = { at: 'base', base: 'rabaul' };
    Object.assign(m.game, { phase: 'submarines', actor: 'japanese', subAttack: null, fogLiftedFor: ['allied', 'japanese'] });
    return m;
  }

  test('VI.D: the Japanese player is asked alike whether his piece in the Slot is a submarine or a cruiser, and his passes are private: the Allies read the same until he closes', () => {
    const sub = facing();
    const cruiser = swapped(sub, 'ijn-i-121', 'ijn-kako');
    // Asked in both worlds (formerly only where a submarine was at sea).
    expect([hasSubDecision(sub.game, 'japanese'), hasSubDecision(cruiser.game, 'japanese')]).toEqual([true, true]);
    expect(choices(cruiser, 'japanese')).toEqual([{ type: 'done' }]);
    // With a submarine he passes (a private step, the decision still his), then closes; without, he closes.
    const pass = step(ssj, sub, 'japanese', { type: 'sub-pass', sub: 'ijn-i-121' });
    expect(pass.private).toBe(true);
    const passed = pass.state as M;
    expect(passed.game.actor).toBe('japanese');
    expect(differ(seen(passed, [], 'allied'), seen(cruiser, [], 'allied'))).toBeNull();
    const a = step(ssj, passed, 'japanese', { type: 'done' });
    const b = step(ssj, cruiser, 'japanese', { type: 'done' });
    expect(differ(seen(a.state as M, a.log, 'allied'), seen(b.state as M, b.log, 'allied'))).toBeNull();
    expect((a.state as M).game.actor).toBe('allied');
  });
});

describe('SSJ VI.F.2.b: night battles with face-down task forces', () => {
  /** What the Allied player reads once the night battles of the phase have begun. */
  const allied = (m: M) => seen(m, startNight(m), 'allied');

  test('VI.F.2.b "each player chooses which task force to fight with first, if he has more than one in the sea area": asked alike whether one of his two is of submarines only', () => {
    // The Slot at night: Japanese groups g-jp (CHOKAI) and g-jp-2 (I-121 here, KAKO in the other world); KAKO in the Coral Sea.
    const m = nightMatch(['ijn-chokai'], ['usn-chicago']);
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121'], 'g-jp-2');
    putInGroup(m, 'japanese', 'CS', 'night', ['ijn-kako'], 'g-jp-cs');
    const other = swapped(m, 'ijn-i-121', 'ijn-kako');
    expect(differ(allied(m), allied(other))).toBeNull();
    expect(m.game.actor).toBe('japanese');
    expect(choices(m, 'japanese')).toEqual([{ type: 'battle-tf', group: 'g-jp' }]);
  });

  test('VI.F.2.b note "Cruisers and transports may be placed on either side of the line": the Japanese player is asked to place alike whether his task force holds a cruiser or only destroyers', () => {
    const m = nightMatch(['ijn-desdiv-61'], ['usn-chicago']);
    putInGroup(m, 'japanese', 'CS', 'night', ['ijn-isuzu'], 'g-jp-cs');
    const other = swapped(m, 'ijn-desdiv-61', 'ijn-isuzu');
    expect(differ(allied(m), allied(other))).toBeNull();
    // Destroyers only: nothing to move, but the Japanese player closes his placement himself.
    expect(m.game.actor).toBe('japanese');
    expect(choices(m, 'japanese')).toEqual([{ type: 'done' }]);
  });
});

describe('SSJ VI.F.2.c: "After Midnight": "Day Only" task forces may sail "to engage enemy task forces still there"', () => {
  test('VI.F.2.c: the sailings offered to the Allied player are the same whichever enemy group at night is of submarines only', () => {
    // An Allied Day Only group in the South Pacific; Japanese Night Only groups in the Slot (RO-33 here) and the Coral Sea (DesDiv 29).
    const m = newMatch('fog-ssj-vi-f-2-c');
    putInGroup(m, 'allied', 'SP', 'day', ['usn-chicago'], 'g-al');
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-ro-33'], 'g-jp-sl');
    putInGroup(m, 'japanese', 'CS', 'night', ['ijn-desdiv-29'], 'g-jp-cs');
    Object.assign(m.game, { phase: 'after-midnight', actor: 'allied', engaged: [], fogLiftedFor: ['allied', 'japanese'] });
    const other = swapped(m, 'ijn-ro-33', 'ijn-desdiv-29');
    expect(differ(seen(m, [], 'allied'), seen(other, [], 'allied'))).toBeNull();
    const sailings = choices(m, 'allied').filter((a) => a.type === 'after-midnight');
    expect(sailings).toEqual([
      { type: 'after-midnight', group: 'g-al', area: 'SL' },
      { type: 'after-midnight', group: 'g-al', area: 'CS' },
    ]);
  });
});

describe('SSJ VI.F.2.f: "Night-time Shore Bombardment ... may now be executed by any otherwise unused" ships', () => {
  test('VI.F.2.f: the Japanese player is asked alike whether his Night Only group in the Slot is a submarine or a cruiser, and closes himself', () => {
    // The Allies hold Guadalcanal (ground units there); a Japanese Night Only group in the Slot: I-121 here, KINUGASA in the other world (in the South Pacific here).
    const m = newMatch('fog-ssj-vi-f-2-f');
    const marines = m.game.units.values().find((u) => u.side === 'allied' && u.kind === 'ground')!;
    own(m.game, marines.id).place = { at: 'base', base: 'guadalcanal' };
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-121'], 'g-jp');
    putInGroup(m, 'japanese', 'SP', 'night', ['ijn-kinugasa'], 'g-jp-sp');
    Object.assign(m.game, { phase: 'bombard-night', actor: 'japanese', engaged: [], fogLiftedFor: ['allied', 'japanese'] });
    const other = swapped(m, 'ijn-i-121', 'ijn-kinugasa');
    expect([hasBombard(m.game, 'japanese'), hasBombard(other.game, 'japanese')]).toEqual([true, true]);
    expect(choices(m, 'japanese')).toEqual([{ type: 'done' }]);
    expect(choices(other, 'japanese').filter((a) => a.type === 'bombard').length).toBeGreaterThan(0);
    expect(differ(seen(m, [], 'allied'), seen(other, [], 'allied'))).toBeNull();
  });
});

describe('SSJ VI.F.1.b note / VII.A: carrier air in the air lands where its owner picks', () => {
  /** Carrier strikes in the South Pacific: SHOKAKU's fighters and SARATOGA's VF-5 strike each other's group, then both are in the air. */
  function afterStrikes(m: M): LogEntry[] {
    startAirStage(m, 'carriers');
    playStep(m, 'japanese', { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    playStep(m, 'japanese', { type: 'done' });
    playStep(m, 'allied', { type: 'air-strike', unit: 'usn-nav-vf-5', group: 'g-jp' });
    playStep(m, 'allied', { type: 'done' });
    playStep(m, 'japanese', { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-saratoga' }, [3]);
    return playStep(m, 'allied', { type: 'air-target', unit: 'usn-nav-vf-5', ship: 'ijn-shokaku' }, [3]).log;
  }

  test('VI.F.1.b note / VII.A transfer "to another carrier in the same sea area": the Japanese player is asked where his unit lands alike whether a second carrier with room sails there, so the Allies read the same and wait alike (soak, fog-ssj-332)', () => {
    const m = carrierDuel();
    own(m.game, 'ijn-zuikaku').capacity = 5;
    // A second face-down Japanese group in the South Pacific holds ZUIKAKU (room to land on); a third, in the Slot, I-172.
    putInGroup(m, 'japanese', 'SP', 'daynight', ['ijn-zuikaku'], 'g-j2');
    putInGroup(m, 'japanese', 'SL', 'night', ['ijn-i-172'], 'g-j3');
    const other = swapped(m, 'ijn-zuikaku', 'ijn-i-172');
    const [log, otherLog] = [afterStrikes(m), afterStrikes(other)];
    // Two places to land here, one in the other world: the Japanese player is asked in both, first.
    expect(choices(m, 'japanese')).toHaveLength(2);
    expect(choices(other, 'japanese')).toEqual([{ type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' }]);
    expect([m.game.actor, other.game.actor]).toEqual(['japanese', 'japanese']);
    expect(differ(seen(m, log, 'allied'), seen(other, otherLog, 'allied'))).toBeNull();
    // Landed, each where its owner picks: the Allies still read the same, and then land VF-5.
    const [a, b] = [
      playStep(m, 'japanese', { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' }),
      playStep(other, 'japanese', { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' }),
    ];
    expect(differ(seen(m, a.log, 'allied'), seen(other, b.log, 'allied'))).toBeNull();
    expect([m.game.actor, other.game.actor]).toEqual(['allied', 'allied']);
  });
});

describe('SSJ VI.G: "not in supply if they cannot trace a supply line through a sea area under friendly control"', () => {
  test('VI.G / VI.F.2.g.2.b (control: "having surface ships left"): the ground units lost out of supply tell the Japanese whether the face-down Allied group in the Coral Sea holds a surface ship, and the harness takes those entries as the reveal (fog-ssj-8, step 137)', () => {
    const m = newMatch('fog-ssj-vi-g');
    m.game.fogLiftedFor = ['allied', 'japanese'];
    // The Australians at Port Moresby (on the Coral Sea, no home base); SELFRIDGE face down in the Coral Sea, the S-38 in the South Pacific.
    putInGroup(m, 'allied', 'CS', 'daynight', ['usn-selfridge'], 'g-cs');
    putInGroup(m, 'allied', 'SP', 'daynight', ['usn-s-38'], 'g-sp');
    const other = swapped(m, 'usn-selfridge', 'usn-s-38');
    expect(differ(seen(m, [], 'japanese'), seen(other, [], 'japanese'))).toBeNull();
    const [log, otherLog] = [resolveSupply(m.game), resolveSupply(other.game)];
    // A submarine controls no sea area: with only the S-38 in the Coral Sea, half the three Australian units (rounded up) are
    // lost. (The Japanese garrison of Guadalcanal, with no Japanese ship in the Slot, is lost alike in both.)
    const moresby = (l: LogEntry[]) => l.filter((e) => /Port Moresby/.test(e.text) && e.to === 'public').map((e) => e.text);
    expect(moresby(log)).toEqual([]);
    expect(moresby(otherLog)).toEqual(['Supply (VI.G): 2 Allied ground units are eliminated out of supply at Port Moresby.']);
    expect(differ(seen(m, log, 'japanese'), seen(other, otherLog, 'japanese'))).not.toBeNull();
    // What the Japanese read of it is a declared reveal (src/games/ssj/reveals.ts): the Allied pieces on the map, face down,
    // are told facts, and they differ between the worlds once the units are gone, so the harness masks what they show.
    const offTheSea = (g: typeof m.game, l: LogEntry[]) =>
      ssjReveals(
        g,
        'japanese',
        l.map((e) => ({ ...e, seq: 0 })),
      ).find((f) => f.what === 'allied pieces off the sea')?.value;
    expect(offTheSea(m.game, log)).toBeDefined();
    expect(offTheSea(m.game, log)).not.toEqual(offTheSea(other.game, otherLog));
  });
});

describe('SSJ VI.F.1.b: "Anti-ship airstrikes […] are always pre-allocated. […] The task forces\' ships are then turned up": each strike flies in the open', () => {
  const BETTY = 'ijn-4th-ku';
  /** The morning air stage, the Japanese detecting in the Slot: a Betty at Rabaul; there two Allied Day and Night groups of one cruiser each. */
  function atMorning(): M {
    const m = airMatch({ [BETTY]: 'rabaul' }, { detection: { japanese: ['SL'] } });
    putInGroup(m, 'allied', 'SL', 'daynight', ['usn-chicago'], 'g-1');
    putInGroup(m, 'allied', 'SL', 'daynight', ['usn-quincy'], 'g-2');
    startAirStage(m, 'morning-land');
    return m;
  }

  /**
   * What `viewer` reads after a step with the opaque names (the turn's tags, the groups' ids) erased as the fog harness
   * erases them (they name nothing), and the facts the game declares told to it then (src/games/ssj/reveals.ts).
   */
  function read(m: M, log: LogEntry[], viewer: Viewer): { bytes: string; facts: string[] } {
    const names = new Set(ssjOpaqueNames(m.game));
    const bytes = JSON.stringify(seen(m, log, viewer)).replace(/[\w-]+/g, (w) => (names.has(w) ? '#' : w));
    const told = ssjReveals(
      m.game,
      viewer,
      log.filter((e) => canSee(e, viewer)).map((e) => ({ ...e, seq: 0 })),
    );
    return { bytes, facts: told.map((f) => canonicalJson({ what: f.what, value: f.value })).sort() };
  }

  /** Allocates each strike, closes, and aims every unit that flies (a 2: no effect on a cruiser, at sea or at anchor): what each viewer read after each step. */
  function strikes(allocations: SsjAction[], m = atMorning()): { m: M; reads: Record<string, { bytes: string; facts: string[] }[]> } {
    const reads: Record<string, { bytes: string; facts: string[] }[]> = { allied: [], spectator: [] };
    for (const a of allocations) playStep(m, 'japanese', a);
    const go = (action: SsjAction, side: 'allied' | 'japanese' = 'japanese') => {
      const out = playStep(m, side, action, [2]);
      for (const v of ['allied', SPECTATOR]) reads[v]!.push(read(m, out.log, v));
    };
    go({ type: 'done' });
    // Carrier strikes: the Allies allocate next, and have none here.
    if (m.game.air?.step === 'allocate' && m.game.actor === 'allied') go({ type: 'done' }, 'allied');
    while (m.game.air?.step === 'aim') {
      // At a cruiser or a carrier (a 2 does nothing to either, at sea or at anchor).
      const aim = choices(m, 'japanese').find((x) => x.type === 'air-target' && ['CA', 'CV'].includes(SHIP_BY_ID.get(x.ship)!.cls))!;
      go(aim);
    }
    return { m, reads };
  }

  test('VI.F.1.b: a strike at one of two face-down groups in a sea area is told as "a group in" that area: the Allies and the spectator read the same at the step it flies whichever it is, and the declared facts agree (fog-ssj-11, step 956)', () => {
    const a = strikes([{ type: 'air-strike', unit: BETTY, group: 'g-1' }]);
    const b = strikes([{ type: 'air-strike', unit: BETTY, group: 'g-2' }]);
    for (const v of ['allied', SPECTATOR]) {
      // The step the strike flies: the same bytes, so no fact told may differ (else an idle reveal).
      expect(a.reads[v]![0]!.bytes === b.reads[v]![0]!.bytes).toBe(true);
      expect(a.reads[v]![0]!.facts).toEqual(b.reads[v]![0]!.facts);
    }
    // The attack that follows names the cruiser to its owner (CHICAGO or QUINCY): that entry is a told fact for him.
    expect(a.reads['allied']![1]!.bytes === b.reads['allied']![1]!.bytes).toBe(false);
    expect(a.reads['allied']![1]!.facts).not.toEqual(b.reads['allied']![1]!.facts);
  });

  test("VI.F.1.a/b: a carrier's unit at a harbour rather than with the other at a group is told at the step it flies, not for the rest of the stage: once both worlds' strikes are over the spectator reads the same, and the declared facts agree (fog-ssj-12, step 955)", () => {
    // SHOKAKU's two units against SARATOGA's group in the South Pacific; Espiritu Santo's harbour full of Allied ships.
    const [FIGHTERS, BOMBERS] = ['ijn-shokaku-fighters', 'ijn-shokaku-divebombers'];
    const duel = () => {
      const m = carrierDuel();
      startAirStage(m, 'carriers');
      return m;
    };
    const both = strikes(
      [
        { type: 'air-strike', unit: FIGHTERS, group: 'g-al' },
        { type: 'air-strike', unit: BOMBERS, group: 'g-al' },
      ],
      duel(),
    );
    const split = strikes(
      [
        { type: 'air-strike', unit: FIGHTERS, group: 'g-al' },
        { type: 'air-raid', unit: BOMBERS, base: 'espiritu-santo', target: 'harbour' },
      ],
      duel(),
    );
    // The stage waits for the units to land (VI.F.1.b note): the strikes are over, the stage is not.
    expect(both.m.game.air?.step).toBe('land');
    expect(split.m.game.air?.step).toBe('land');
    const [x, y] = [both.reads[SPECTATOR]!, split.reads[SPECTATOR]!];
    // The Allies close, the strikes fly, two attacks each: the same count of public steps.
    expect(x.length).toBe(4);
    expect(y.length).toBe(4);
    // The strike at the group (2 units or 1), then the harbour struck in one world only: told at the step each flies.
    for (const i of [1, 2]) {
      expect(x[i]!.bytes === y[i]!.bytes).toBe(false);
      expect(x[i]!.facts).not.toEqual(y[i]!.facts);
    }
    // The last attack: a piece's tag with no effect in both worlds, the strikes over — the same bytes, nothing declared told.
    expect(differ(JSON.parse(x[3]!.bytes), JSON.parse(y[3]!.bytes))).toBeNull();
    expect(x[3]!.facts).toEqual(y[3]!.facts);
    // The Allies read which of their ships it attacked, in SARATOGA's group or in the harbour: a fact told to them.
    expect(both.reads['allied']!.at(-1)!.facts).not.toEqual(split.reads['allied']!.at(-1)!.facts);
  });
});
