/** VI.F.2 night surface battles and VII.A damage in battle, through the real battle flow with scripted dice. */
import { ssj } from '../../../src/games/ssj';
import { placementLegal } from '../../../src/games/ssj/battle';
import { controls } from '../../../src/games/ssj/control';
import { advance, choices, type M } from './helpers';
import { facesSeen, logFor, nightMatch, play, startNight, tag, view } from './battle-helpers';
import { addGroup, ownGroup } from '../../../src/games/ssj/groups';
import { own } from '../../../src/games/ssj/units';
import { learn } from '../../../src/games/ssj/state';
import { change } from '../../../src/games/ssj/shared';

const J = 'japanese' as const;
const A = 'allied' as const;

/** Both sides close their placement; `surprise` is the Japanese night-surprise die (column A: 1 Allied, 2–3 none, 4–6 Japanese). */
function placeBoth(m: M, surprise: number) {
  if (m.game.actor === J) play(m, J, { type: 'done' });
  if (m.game.actor === A) return play(m, A, { type: 'done' }, [surprise]);
  return null;
}

describe('VI.F.2.a–b: night battle set-up', () => {
  test('VI.F.2: only ships in the Day and Night and Night Only boxes fight at night; submarines take no part', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-ro-33'], ['usn-quincy'], { alBox: 'daynight' });
    startNight(m);
    expect(m.game.battle!.tf).toEqual({ japanese: 'g-jp', allied: 'g-al' });
    const v = view(m, J).battle!;
    expect([...v.japanese.above, ...v.japanese.below]).toEqual(['ijn-chokai']);
    // A Day Only group does not fight at night.
    const d = nightMatch(['ijn-chokai'], ['usn-quincy']);
    ownGroup(d.game, 'g-al').box = 'day';
    startNight(d);
    expect(d.game.battle).toBeNull();
  });

  test('VI.F.2.b: each side with more than one task force chooses the one that fights first, the Japanese first', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy']);
    addGroup(m.game, { id: 'g-jp2', side: J, area: 'SL', box: 'daynight', ships: ['ijn-aoba'] });
    own(m.game, 'ijn-aoba').place = { at: 'group', group: 'g-jp2' };
    startNight(m);
    expect(m.game.actor).toBe(J);
    expect(choices(m, J)).toEqual([
      { type: 'battle-tf', group: 'g-jp' },
      { type: 'battle-tf', group: 'g-jp2' },
    ]);
    play(m, J, { type: 'battle-tf', group: 'g-jp2' });
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
    expect(m.game.battle!.step).toBe('place');
  });

  test('VI.F.2.b note: DDs and DLs go below the size perception line, capital ships and carriers above, cruisers and transports either; at least one unit each side if possible', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-aoba', 'ijn-desdiv-29'], ['usn-quincy', 'usn-north-carolina']);
    startNight(m);
    const rows = m.game.battle!.row;
    expect(rows['ijn-desdiv-29']).toBe('below');
    expect(rows['usn-north-carolina']).toBe('above');
    // Only the cruisers may move.
    expect(choices(m, J)).toEqual([{ type: 'battle-row', ship: 'ijn-chokai', row: 'below' }, { type: 'battle-row', ship: 'ijn-aoba', row: 'below' }, { type: 'done' }]);
    // Two cruisers alone: one must be on each side of the line.
    expect(placementLegal(['ijn-chokai', 'ijn-aoba'], { 'ijn-chokai': 'above', 'ijn-aoba': 'above' })).toBe(false);
    expect(placementLegal(['ijn-chokai', 'ijn-aoba'], { 'ijn-chokai': 'above', 'ijn-aoba': 'below' })).toBe(true);
    // Two battle cruisers cannot be split: legal as they are.
    expect(placementLegal(['ijn-kongo', 'ijn-haruna'], { 'ijn-kongo': 'above', 'ijn-haruna': 'above' })).toBe(true);
  });

  test('VI.F.2.b: placement steps are sealed — the enemy sees neither the rows nor the step until both sides have placed', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-aoba', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    const step = play(m, J, { type: 'battle-row', ship: 'ijn-aoba', row: 'below' });
    expect(step.private).toBe(true);
    expect(view(m, A).battle!.japanese.below).toEqual([]);
    play(m, J, { type: 'done' });
    expect(view(m, A).battle!.japanese.below).toEqual([]);
    play(m, A, { type: 'done' }, [2]);
    expect(view(m, A).battle!.japanese.below).toEqual([tag(m, 'ijn-aoba'), tag(m, 'ijn-desdiv-29')].sort());
    expect(view(m, A).battle!.japanese.above).toEqual([tag(m, 'ijn-chokai')]);
  });

  test("VI.F.2.a: the Japanese player rolls on the Night Surface Battle Detection/Surprise table, with the calendar's column and daylight detection", () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    change(m.game, 'detection').allied.SL = true;
    startNight(m);
    const out = placeBoth(m, 4)!;
    // AugI is column A; 4 − 1 (Allied daylight detection) = 3: no surprise.
    expect(out.log.map((e) => e.text).join('\n')).toMatch(/column A\): the Japanese player rolled 4 — no surprise/);
    expect(m.game.battle!.surprise).toBe('none');
    expect(m.game.battle!.step).toBe('fire');
  });

  test('VI.F.2.a: a damaged (D) ship may be set aside and withdrawn, so that its task force may still have surprise', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    own(m.game, 'ijn-desdiv-29').damage = 'D';
    learn(m.game, 'ijn-desdiv-29', 'public');
    startNight(m);
    expect(choices(m, J)).toContainEqual({ type: 'set-aside', ship: 'ijn-desdiv-29', to: 'rabaul' });
    play(m, J, { type: 'set-aside', ship: 'ijn-desdiv-29', to: 'rabaul' });
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'base', base: 'rabaul' });
    placeBoth(m, 6);
    expect(m.game.battle!.surprise).toBe('japanese');
  });

  test('VI.F.2.a: a task force with a damaged ship has no surprise advantage', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    own(m.game, 'ijn-desdiv-29').damage = 'D';
    startNight(m);
    placeBoth(m, 6);
    expect(m.game.battle!.surprise).toBe('none');
  });
});

describe('VI.F.2.b.1: surprise torpedo attacks', () => {
  function surprised() {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    placeBoth(m, 5);
    return m;
  }

  test('VI.F.2.b: the surprising side may open with torpedoes, with gunfire, or withdraw', () => {
    const m = surprised();
    expect(m.game.actor).toBe(J);
    expect(choices(m, J)).toEqual([
      { type: 'battle-open', first: 'torpedoes' },
      { type: 'battle-open', first: 'gunfire' },
      { type: 'battle-withdraw', to: 'rabaul' },
    ]);
  });

  test('VI.F.2.b.1: one torpedo per T ship, spread as much as possible among the targets; T* reads one row higher', () => {
    const m = surprised();
    play(m, J, { type: 'battle-open', first: 'torpedoes' });
    const first = play(m, J, { type: 'torpedo', piece: tag(m, 'usn-quincy') });
    expect(first.private).toBe(true);
    // The second torpedo must go to the other piece.
    expect(choices(m, J)).toEqual([{ type: 'torpedo', piece: tag(m, 'usn-desron-4') }]);
    // CHOKAI (T*) rolls 5 at QUINCY: row 6 on the CA column, HD (row 5, without the T* row, would be a D);
    // DesDiv 29 (T) rolls 3 at the DD: row 3, a miss.
    const out = play(m, J, { type: 'torpedo', piece: tag(m, 'usn-desron-4') }, [5, 3]);
    expect(m.game.units.of('usn-quincy').damage).toBe('HD');
    expect(m.game.units.of('usn-desron-4').damage).toBeNull();
    expect(out.left).toBe(0);
    expect(m.game.battle!.step).toBe('after-torpedo');
  });

  test('VI.F.2.b.1: a 1 is rolled again; a second 1 turns an IJN torpedo back on its own task force, at a piece the Allied player chooses blindly', () => {
    const m = surprised();
    play(m, J, { type: 'battle-open', first: 'torpedoes' });
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-quincy') });
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-desron-4') }, [1, 1, 1, 2]);
    expect(m.game.battle!.step).toBe('wild');
    expect(m.game.battle!.wild).toEqual(['ijn-chokai']);
    expect(m.game.actor).toBe(A);
    // Blind: face-down pieces by tag.
    expect(choices(m, A)).toEqual([tag(m, 'ijn-chokai'), tag(m, 'ijn-desdiv-29')].sort().map((piece) => ({ type: 'wild-target', piece })));
    // CHOKAI's own Long Lance: 4 + 1 on the DD column is HD.
    play(m, A, { type: 'wild-target', piece: tag(m, 'ijn-desdiv-29') }, [4]);
    expect(m.game.units.of('ijn-desdiv-29').damage).toBe('HD');
    expect(m.game.battle!.step).toBe('after-torpedo');
  });

  test('VI.F.2.b.1: a US Navy torpedo turns on a reroll of 1 or 2', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    placeBoth(m, 1);
    expect(m.game.battle!.surprise).toBe('allied');
    play(m, A, { type: 'battle-open', first: 'torpedoes' });
    play(m, A, { type: 'torpedo', piece: tag(m, 'ijn-chokai') }, [1, 2]);
    expect(m.game.battle!.wild).toEqual(['usn-desron-4']);
    expect(m.game.actor).toBe(J);
  });

  test('VI.F.2.b.1: each Japanese task force makes surprise torpedo attacks in two battles, an Allied one in one', () => {
    const m = surprised();
    m.game.battle!.torpedoBattles['g-jp'] = 2;
    expect(choices(m, J).some((a) => a.type === 'battle-open' && a.first === 'torpedoes')).toBe(false);
    m.game.battle!.torpedoBattles['g-jp'] = 1;
    expect(choices(m, J).some((a) => a.type === 'battle-open' && a.first === 'torpedoes')).toBe(true);
    const a = nightMatch(['ijn-chokai'], ['usn-quincy', 'usn-desron-4']);
    startNight(a);
    placeBoth(a, 1);
    a.game.battle!.torpedoBattles['g-al'] = 1;
    expect(choices(a, A).some((x) => x.type === 'battle-open' && x.first === 'torpedoes')).toBe(false);
  });

  test('VI.F.2.b.1: after the torpedo attack the surpriser may withdraw at once', () => {
    const m = surprised();
    play(m, J, { type: 'battle-open', first: 'torpedoes' });
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-quincy') });
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-desron-4') }, [2, 2]);
    expect(choices(m, J)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'rabaul' }]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'base', base: 'rabaul' });
    expect(m.game.phase).not.toBe('night-combat');
  });
});

describe('VI.F.2.b.2 and VII.A: gunfire', () => {
  test('VI.F.2.b.2: with surprise gunfire the surpriser shoots first, then the surprised side less its sunk and HD ships', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    placeBoth(m, 5);
    play(m, J, { type: 'battle-open', first: 'gunfire' });
    expect(m.game.battle!.order).toBe('first');
    play(m, J, { type: 'fire', ship: 'ijn-chokai', piece: tag(m, 'usn-desron-4') });
    // DesDiv 29 rolls 5 at the DD column: HD; CHOKAI rolls 2 at QUINCY: a miss. (Allocation order: CHOKAI → desron-4 first.)
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, 'usn-quincy') }, [5, 2]);
    expect(m.game.units.of('usn-desron-4').damage).toBe('HD');
    expect(m.game.battle!.order).toBe('second');
    expect(m.game.actor).toBe(A);
    // Only QUINCY may answer: the HD destroyers cannot fire.
    expect(
      choices(m, A)
        .filter((a) => a.type === 'fire')
        .every((a) => a.type === 'fire' && a.ship === 'usn-quincy'),
    ).toBe(true);
  });

  test('VII.A example: a D then two HD results leave a ship at HD; it cannot fire again, and the next round reads a row higher against it', () => {
    const m = nightMatch(['ijn-kinugasa'], ['usn-quincy', 'usn-vincennes', 'usn-astoria', 'usn-desron-4', 'usn-desron-1']);
    startNight(m);
    placeBoth(m, 2); // no surprise: simultaneous gunfire
    play(m, J, { type: 'fire-spread' });
    // KINUGASA misses (1); the five Allied ships roll 4 (D), 6 (HD), 6 (HD), 2, 1 on the CA column.
    const r1 = play(m, A, { type: 'fire-spread' }, [1, 4, 6, 6, 2, 1]);
    expect(r1.left).toBe(0);
    expect(m.game.units.of('ijn-kinugasa').damage).toBe('HD');
    expect(logFor(r1.log, A).join('\n')).toMatch(/KINUGASA: HD/);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    // Round 2: the HD ship cannot fire; the Allies fire alone, and a 3 now reads row 4: D (it stays HD).
    expect(m.game.actor).toBe(A);
    const r2 = play(m, A, { type: 'fire-spread' }, [3, 2, 2, 2, 2]);
    expect(logFor(r2.log, A).join('\n')).toMatch(/KINUGASA: D \(now HD\)/);
    expect(m.game.units.of('ijn-kinugasa').damage).toBe('HD');
  });

  test('VII.A: a die roll of 1 always misses, whatever the shift', () => {
    const m = nightMatch(['ijn-kinugasa'], ['usn-quincy']);
    own(m.game, 'ijn-kinugasa').damage = 'HD';
    startNight(m);
    placeBoth(m, 2);
    const r = play(m, A, { type: 'fire-spread' }, [1]);
    expect(logFor(r.log, A).join('\n')).toMatch(/no effect/);
  });

  test('VII.A: a D ship may not fire torpedoes', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    placeBoth(m, 5);
    own(m.game, 'ijn-desdiv-29').damage = 'D';
    play(m, J, { type: 'battle-open', first: 'torpedoes' });
    // Only CHOKAI fires a torpedo: the first allocation resolves the attack.
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-quincy') }, [2]);
    expect(m.game.battle!.step).toBe('after-torpedo');
  });

  test('VI.F.2 / VI.F.1.b: a withdrawing task force takes its undamaged and D ships home; slow and HD ships are scuttled', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-trdiv-1', 'ijn-desdiv-29'], ['usn-quincy'], { jpBox: 'daynight' });
    own(m.game, 'ijn-desdiv-29').damage = 'HD';
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'base', base: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'sunk' });
  });

  test('VI.F.2: battle goes on until only one side is left — a second Japanese task force then fights the victor', () => {
    const m = nightMatch(['ijn-desdiv-29'], ['usn-quincy']);
    addGroup(m.game, { id: 'g-jp2', side: J, area: 'SL', box: 'night', ships: ['ijn-desdiv-30'] });
    own(m.game, 'ijn-desdiv-30').place = { at: 'group', group: 'g-jp2' };
    startNight(m);
    play(m, J, { type: 'battle-tf', group: 'g-jp' });
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    // QUINCY sinks DesDiv 29 (6 on the DD column).
    play(m, A, { type: 'fire-spread' }, [2, 6]);
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'sunk' });
    expect(m.game.phase).toBe('night-combat');
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
  });
});

describe('VI.F.2.g.2.b: control of the sea', () => {
  test('VI.F.2.g.2.b: Night Only Japanese and Day and Night Allied ships may not both be left in a sea area: they battle it out, and the side left controls the night; by day the Allied ships control it', () => {
    const m = nightMatch(['ijn-desdiv-29'], ['usn-quincy'], { jpBox: 'night', alBox: 'daynight' });
    // Both sides' surface ships at night: nobody controls the night yet; the Allied Day and Night ships hold the day.
    expect(controls(m.game, J, 'SL', 'night')).toBe(false);
    expect(controls(m.game, A, 'SL', 'night')).toBe(false);
    expect(controls(m.game, A, 'SL', 'day')).toBe(true);
    startNight(m);
    expect(m.game.battle!.tf).toEqual({ japanese: 'g-jp', allied: 'g-al' });
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    // QUINCY sinks DesDiv 29 (6 on the DD column): only Allied surface ships are left.
    play(m, A, { type: 'fire-spread' }, [2, 6]);
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'sunk' });
    expect(controls(m.game, A, 'SL', 'night')).toBe(true);
    expect(controls(m.game, J, 'SL', 'night')).toBe(false);
    expect(controls(m.game, A, 'SL', 'day')).toBe(true);
  });

  test('VI.F.2.g.2.b: control can be split between times of day — Japanese Night Only and Allied Day Only ships each control their own time', () => {
    const m = nightMatch(['ijn-desdiv-29'], ['usn-quincy'], { jpBox: 'night' });
    ownGroup(m.game, 'g-al').box = 'day';
    startNight(m);
    // No night battle: the Allied ships are not there at night.
    expect(m.game.battle).toBeNull();
    expect(controls(m.game, J, 'SL', 'night')).toBe(true);
    expect(controls(m.game, A, 'SL', 'day')).toBe(true);
    expect(controls(m.game, A, 'SL', 'night')).toBe(false);
    expect(controls(m.game, J, 'SL', 'day')).toBe(false);
  });
});

describe('VI.F.2 fog: what each side sees through a night battle', () => {
  test("VI.F.2 fog: a ship is seen by the enemy only once it is damaged; the HD ship's secret sinking roll is shown to its owner alone", () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    const seen = () => ({ a: facesSeen(m, A, J), j: facesSeen(m, J, A) });
    expect(seen()).toEqual({ a: [], j: [] });
    placeBoth(m, 5);
    expect(seen()).toEqual({ a: [], j: [] });
    expect(JSON.stringify(view(m, A))).not.toContain('ijn-chokai');
    play(m, J, { type: 'battle-open', first: 'torpedoes' });
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-quincy') });
    expect(seen()).toEqual({ a: [], j: [] });
    // The torpedoes: QUINCY HD (5 + 1 on the CA column), the DD missed.
    play(m, J, { type: 'torpedo', piece: tag(m, 'usn-desron-4') }, [5, 3]);
    expect(seen()).toEqual({ a: [], j: ['usn-quincy'] });
    play(m, J, { type: 'battle-continue' });
    // Gunfire: CHOKAI and DesDiv 29 fire; the DD (QUINCY is HD) fires back: CHOKAI takes a D.
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2, 4]);
    expect(seen()).toEqual({ a: ['ijn-chokai'], j: ['usn-quincy'] });
    expect(view(m, A).sides.japanese.faces[tag(m, 'ijn-chokai')]!.damage).toBe('D');
    // DesDiv 29 is still a face-down piece to the Allies.
    expect(JSON.stringify(view(m, A))).not.toContain('ijn-desdiv-29');
    // The Allies withdraw: QUINCY (HD) is scuttled, the DD goes home. The night phase ends, damage is resolved:
    // CHOKAI (D) rolls 6 in secret — its owner alone reads it.
    const out = play(m, J, { type: 'battle-continue' });
    void out;
    const end = play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [6]);
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'sunk' });
    const secret = end.log.filter((e) => /Damage resolution/.test(e.text));
    expect(secret.length).toBe(1);
    expect(secret[0]!.to).toEqual([J]);
    expect(logFor(end.log, A).join('\n')).not.toMatch(/rolled 6 — out|CHOKAI \(D\)/);
  });

  test('VII.A: an HD ship left after a night battle rolls its die in secret and stays in its sea area; on a 6 it sinks when it goes home: the Allies learn neither the roll nor the loss', () => {
    const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-desron-4']);
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    // DesRon 4 puts CHOKAI at HD (6 on the CA column); the Japanese miss twice.
    play(m, A, { type: 'fire-spread' }, [2, 2, 6]);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    play(m, J, { type: 'battle-continue' });
    const end = play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [6]);
    // RULING (VII.A): an HD ship at sea stays where it is (face up) until it leaves; its die is its owner's.
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'group', group: 'g-jp' });
    const alliedText = logFor(end.log, A).join('\n');
    expect(alliedText).not.toMatch(/sinks|rolled 6/);
    expect(logFor(end.log, J).join('\n')).toMatch(/CHOKAI \(HD\) rolled 6 — it stays in its sea area.*it will sink when it leaves/);
    // VI.H: it goes home at the end of the turn and sinks; the Allied view does not show the loss.
    const later = advance(m, (x) => x.game.turn === 1);
    expect(later.game.units.of('ijn-chokai').place).toEqual({ at: 'sunk' });
    expect(JSON.stringify(view(later, A).sides.japanese)).not.toMatch(/"sunk"/);
  });

  test('VI.F.2 fog: the spectator sees the battle face down too, and a damaged ship once it is turned up', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy']);
    startNight(m);
    placeBoth(m, 2);
    const sv = view(m, 'spectator').battle!;
    expect(sv.japanese.above.concat(sv.japanese.below)).toEqual([tag(m, 'ijn-chokai')]);
    expect(sv.allied.above.concat(sv.allied.below)).toEqual([tag(m, 'usn-quincy')]);
    expect(ssj.prompt(m.game, 'spectator')).toBeNull();
  });
});

describe('VI.F.2.c After Midnight', () => {
  function midnight(): M {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { alBox: 'night' });
    ownGroup(m.game, 'g-jp').area = 'SP';
    ownGroup(m.game, 'g-jp').box = 'day';
    m.game.phase = 'after-midnight';
    m.game.actor = J;
    m.game.engaged = [];
    return m;
  }

  test("VI.F.2.c: a Day Only task force may sail into an adjacent sea area's Night Only box to engage the enemy still there; the night battle follows", () => {
    const m = midnight();
    expect(choices(m, J).filter((a) => a.type === 'after-midnight')).toEqual([{ type: 'after-midnight', group: 'g-jp', area: 'SL' }]);
    play(m, J, { type: 'after-midnight', group: 'g-jp', area: 'SL' });
    expect(m.game.groups['g-jp']).toMatchObject({ area: 'SL', box: 'night' });
    play(m, J, { type: 'done' });
    play(m, A, { type: 'done' });
    expect(m.game.phase).toBe('night-combat');
    expect(m.game.battle!.area).toBe('SL');
  });

  test("VI.F.2 note: before After Midnight forces arrive, the night's victors may withdraw even slow ships without scuttling them", () => {
    const m = nightMatch(['ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight' });
    ownGroup(m.game, 'g-al').area = 'SP';
    ownGroup(m.game, 'g-al').box = 'day';
    m.game.phase = 'after-midnight';
    m.game.actor = J;
    m.game.engaged = [];
    expect(choices(m, J)).toEqual([{ type: 'withdraw-ship', ship: 'ijn-trdiv-1', to: 'rabaul' }, { type: 'done' }]);
    play(m, J, { type: 'withdraw-ship', ship: 'ijn-trdiv-1', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'base', base: 'rabaul' });
  });

  test('VI.F.2.c / VI.B note: a Day Only task force that fought by day may not move After Midnight', () => {
    const m = midnight();
    m.game.engaged = ['ijn-chokai'];
    expect(choices(m, J).filter((a) => a.type === 'after-midnight')).toEqual([]);
  });
});

describe('VI.F.2 note: rescue', () => {
  // VI.F.2: "(Ships from 'Day and Night' task forces may not be re-combined with ships from other task forces ...)";
  // NOTE: "Slow or HD-ed ships may be 'saved' by a rescuing task force at night, too"; VII.A example: the HD ship "must be
  // scuttled if all friendly task forces are ultimately withdrawn from this sea area".
  function rescue(): M {
    const m = nightMatch(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight' });
    addGroup(m.game, { id: 'g-jp2', side: J, area: 'SL', box: 'daynight', ships: ['ijn-desdiv-30'] });
    own(m.game, 'ijn-desdiv-30').place = { at: 'group', group: 'g-jp2' };
    startNight(m);
    play(m, J, { type: 'battle-tf', group: 'g-jp' });
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    return m;
  }

  test("VI.F.2 note: a withdrawing task force's slow ships are saved by another task force still in the area — without being re-combined with it", () => {
    const m = rescue();
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'base', base: 'rabaul' });
    // The transports stay at sea in their own task force; the rescuer's is unchanged.
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'group', group: 'g-jp' });
    expect(m.game.groups['g-jp2']!.ships).toEqual(['ijn-desdiv-30']);
  });

  test('VII.A example: the saved ships are scuttled once every friendly task force has ultimately withdrawn', () => {
    const m = rescue();
    // The rescuing task force is the only one the Japanese have left in the battle (the withdrawn one is not chosen again); they withdraw it.
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-desdiv-30').place).toEqual({ at: 'base', base: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(m.game.groups['g-jp']).toBeUndefined();
  });
});

describe('VI.F.1.b / VI.F.2: the owner chooses where withdrawing ships go', () => {
  // VI.D note: "returned to base (or to the back-to-Truk holding box)"; VI.H: "From the South Pacific, Japanese ships may
  // return to Rabaul or to the 'Returning to Truk' holding box ... Allied ships may return to Espiritu Santo or Australia".
  test('VI.F.2: a withdrawing task force goes to the base its owner picks — the Allies from the Slot to Australia', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy', 'usn-desron-4']);
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2, 2]);
    play(m, J, { type: 'battle-continue' });
    expect(choices(m, A)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'espiritu-santo' }, { type: 'battle-withdraw', to: 'australia' }]);
    play(m, A, { type: 'battle-withdraw', to: 'australia' });
    expect(m.game.units.of('usn-quincy').place).toEqual({ at: 'base', base: 'australia' });
    expect(m.game.units.of('usn-desron-4').place).toEqual({ at: 'base', base: 'australia' });
  });

  test('VI.F.2: a Japanese task force withdrawing from the South Pacific may go to the Returning to Truk box', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { area: 'SP' });
    startNight(m);
    placeBoth(m, 2);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [2, 2]);
    play(m, J, { type: 'battle-withdraw', to: 'returning-to-truk' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'returning-to-truk' });
  });

  test('VI.F.2.a: a damaged ship set aside is withdrawn to the place its owner picks', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy', 'usn-desron-4']);
    own(m.game, 'usn-desron-4').damage = 'D';
    learn(m.game, 'usn-desron-4', 'public');
    startNight(m);
    play(m, J, { type: 'done' });
    expect(choices(m, A)).toContainEqual({ type: 'set-aside', ship: 'usn-desron-4', to: 'espiritu-santo' });
    play(m, A, { type: 'set-aside', ship: 'usn-desron-4', to: 'australia' });
    expect(m.game.units.of('usn-desron-4').place).toEqual({ at: 'base', base: 'australia' });
  });
});

describe('VI.F.2: a battle where neither side can fire', () => {
  // VI.F.2: "Battle must be fought until there are ships from only one side left in the 'Night Only' and/or 'Day and Night'
  // boxes for that sea area"; VI.F.2.g.2.b: "there may not be surface ships of both sides left present at the same time of
  // day". The text is silent on two task forces neither of which can fire: RULING, both must withdraw.
  test('VI.F.2 "Battle must be fought until there are ships from only one side left": transports meeting a carrier at night — neither can fire, neither withdraws, so both must withdraw; the slow transports are scuttled', () => {
    const m = nightMatch(['ijn-trdiv-1'], ['usn-saratoga'], { jpBox: 'daynight' });
    startNight(m);
    placeBoth(m, 2);
    expect(m.game.battle!.step).toBe('continue');
    expect(choices(m, J)).toContainEqual({ type: 'battle-continue' });
    play(m, J, { type: 'battle-continue' });
    const out = play(m, A, { type: 'battle-continue' });
    expect(out.log.filter((e) => e.to === 'public').map((e) => e.text)).toContain(
      'Neither task force can fire and neither withdraws: no battle can leave one side alone, so both must withdraw (the Japanese first).',
    );
    // The Japanese first, then the Allies: each may only withdraw, to a place VI.H allows.
    expect(choices(m, J)).toEqual([{ type: 'battle-withdraw', to: 'rabaul' }]);
    expect(choices(m, A)).toEqual([]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(choices(m, A)).toEqual([
      { type: 'battle-withdraw', to: 'espiritu-santo' },
      { type: 'battle-withdraw', to: 'australia' },
    ]);
    play(m, A, { type: 'battle-withdraw', to: 'australia' });
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'base', base: 'australia' });
    // Neither side is left at sea: the night battles are over, and nothing is left for After Midnight.
    expect(Object.values(m.game.groups)).toEqual([]);
    expect(m.game.phase).not.toBe('night-combat');
  });
});
