/** VI.F.1.c and VI.F.1.f: daylight surface battles, through the real battle flow with scripted dice. */
import { choices } from './helpers';
import { dayMatch, facesSeen, logFor, play, startDay, tag, view } from './battle-helpers';
import { addGroup, ownGroup } from '../../../src/games/ssj/groups';
import { own, unitName } from '../../../src/games/ssj/units';

const J = 'japanese' as const;
const A = 'allied' as const;

describe('VI.F.1.c/f daylight surface battle', () => {
  test("VI.F.1.c.2: by day each side's chosen task force is turned face up — all its ships, for both players", () => {
    const m = dayMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy', 'usn-desron-4']);
    expect(facesSeen(m, A, J)).toEqual([]);
    const log = startDay(m);
    expect(facesSeen(m, A, J)).toEqual(['ijn-chokai', 'ijn-desdiv-29']);
    expect(facesSeen(m, J, A)).toEqual(['usn-desron-4', 'usn-quincy']);
    expect(logFor(log, 'spectator').join('\n')).toMatch(/CHOKAI \(CA\)/);
    // Turned up for everyone: the spectator sees the faces too.
    expect(
      Object.values(view(m, 'spectator').sides.japanese.faces)
        .map((f) => f.id)
        .sort(),
    ).toEqual(['ijn-chokai', 'ijn-desdiv-29']);
  });

  test('VI.F.1.f: at the end of the day the Japanese player decides first whether to fight; a side that will not fight withdraws', () => {
    const m = dayMatch(['ijn-chokai', 'ijn-trdiv-1'], ['usn-quincy'], { jpBox: 'daynight' });
    startDay(m);
    expect(m.game.actor).toBe(J);
    expect(choices(m, J)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'rabaul' }]);
    expect(choices(m, A)).toEqual([]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    // The slow transports cannot go home: scuttled. CHOKAI goes home.
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'base', base: 'rabaul' });
  });

  test('VI.F.1.c.1: carriers and transports are held back: they do not fire and are not fired on while an escort is left', () => {
    const m = dayMatch(['ijn-desdiv-29', 'ijn-trdiv-1'], ['usn-desron-4', 'usn-saratoga'], { jpBox: 'daynight' });
    startDay(m);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(view(m, J).battle!.allied.heldBack).toEqual([tag(m, 'usn-saratoga')]);
    // Only the destroyers fire, each at the other's destroyer.
    expect(choices(m, J)).toEqual([{ type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, 'usn-desron-4') }, { type: 'fire-spread' }]);
    play(m, J, { type: 'fire-spread' });
    // DesRon 4 sinks DesDiv 29 (6); DesDiv 29 misses (2).
    play(m, A, { type: 'fire-spread' }, [2, 6]);
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'sunk' });
    // With the escort gone the transports may be fired on.
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(choices(m, A)).toEqual([{ type: 'fire', ship: 'usn-desron-4', piece: tag(m, 'ijn-trdiv-1') }, { type: 'fire-spread' }]);
  });

  test('VI.F.1.c.3: ships may not fire at a higher class while an enemy ship of their own or a lower class is not being fired on', () => {
    const m = dayMatch(['ijn-desdiv-29', 'ijn-kongo'], ['usn-desron-4', 'usn-desron-1']);
    startDay(m);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    play(m, J, { type: 'fire-spread' });
    // The first Allied destroyer must fire at the destroyer; the second may then fire at the battle cruiser.
    expect(choices(m, A)).toEqual([{ type: 'fire', ship: 'usn-desron-4', piece: tag(m, 'ijn-desdiv-29') }, { type: 'fire-spread' }]);
    play(m, A, { type: 'fire', ship: 'usn-desron-4', piece: tag(m, 'ijn-desdiv-29') });
    expect(
      choices(m, A)
        .filter((a) => a.type === 'fire')
        .map((a) => (a as { piece: string }).piece)
        .sort(),
    ).toEqual([tag(m, 'ijn-desdiv-29'), tag(m, 'ijn-kongo')].sort());
  });

  test('VI.F.1.c: heavily damaged ships are attacked with a bonus of 1', () => {
    const m = dayMatch(['ijn-desdiv-29'], ['usn-desron-4']);
    own(m.game, 'ijn-desdiv-29').damage = 'HD';
    startDay(m);
    play(m, J, { type: 'battle-continue' });
    // 4 on the DD column is HD; +1 reads row 5 ... the ship stays HD (cumulative), and it cannot fire back.
    const r = play(m, A, { type: 'battle-continue' });
    void r;
    expect(choices(m, J)).toEqual([]);
    const out = play(m, A, { type: 'fire-spread' }, [5]);
    // 5 + 1 = row 6 on the DD column: sunk.
    expect(logFor(out.log, A).join('\n')).toMatch(/sunk/);
  });

  test("VI.F.1.f: daylight battles are fought until only one side's ships are left in the Day Only and Day and Night boxes", () => {
    const m = dayMatch(['ijn-desdiv-29'], ['usn-desron-4']);
    addGroup(m.game, { id: 'g-jp2', side: J, area: 'SL', box: 'daynight', ships: ['ijn-desdiv-30'] });
    own(m.game, 'ijn-desdiv-30').place = { at: 'group', group: 'g-jp2' };
    startDay(m);
    play(m, J, { type: 'battle-tf', group: 'g-jp' });
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    // The second Japanese task force must fight it out (or withdraw) in turn.
    expect(m.game.phase).toBe('day-end-combat');
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.phase).not.toBe('day-end-combat');
  });

  test("VI.F.1.c fog: after the battle the undamaged ships are turned face down again, the damaged stay up; an HD ship's sinking roll stays with its owner", () => {
    const m = dayMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-quincy']);
    startDay(m);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    play(m, J, { type: 'fire-spread' });
    // QUINCY (CA) may fire at the DD or at CHOKAI (CA): it fires at CHOKAI: 6 = HD. The Japanese miss.
    play(m, A, { type: 'fire', ship: 'usn-quincy', piece: tag(m, 'ijn-chokai') }, [2, 2, 6]);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    play(m, J, { type: 'battle-continue' });
    // The Allies withdraw; the day phase ends: DesDiv 29 is face down again, CHOKAI (HD) stays face up where it is
    // (RULING VII.A: it may not leave the sea area), and its damage roll (6: it sinks when it leaves) is secret.
    const end = play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [6]);
    expect(facesSeen(m, A, J)).toEqual(['ijn-chokai']);
    expect(m.game.units.of('ijn-chokai').place.at).toBe('group');
    expect(logFor(end.log, A).join('\n')).not.toMatch(/sinks|rolled 6/);
    expect(logFor(end.log, J).join('\n')).toMatch(/CHOKAI \(HD\) rolled 6 — it stays in its sea area/);
  });
});

describe('VI.F.1.f the shift to Day Only', () => {
  test('VI.F.1.f: the side holding the day may move non-slow, non-HD ships from Day and Night to Day Only, or withdraw them, the Japanese first', () => {
    const m = dayMatch(['ijn-chokai', 'ijn-trdiv-1', 'ijn-desdiv-29'], ['usn-quincy'], { jpBox: 'daynight', alBox: 'daynight' });
    ownGroup(m.game, 'g-al').area = 'CS';
    own(m.game, 'ijn-desdiv-29').damage = 'HD';
    m.game.phase = 'day-only';
    m.game.actor = J;
    expect(choices(m, J)).toEqual([{ type: 'day-only', ship: 'ijn-chokai' }, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' }, { type: 'done' }]);
    play(m, J, { type: 'day-only', ship: 'ijn-chokai' });
    expect(m.game.groups['g-jp-day']).toMatchObject({ box: 'day', area: 'SL', ships: ['ijn-chokai'] });
  });
});

describe('VI.F.1.c PT boats by day', () => {
  const PT = 'usn-pt-mtbron3-a';
  function ptMatch() {
    const m = dayMatch(['ijn-desdiv-29', 'ijn-desdiv-30'], ['usn-desron-4']);
    own(m.game, PT).place = { at: 'slot' };
    return m;
  }

  test('VI.F.1.c: a PT boat that attacks by day is sunk by gunfire on a 4–6', () => {
    const m = ptMatch();
    startDay(m);
    // The Allied player decides first whether his PT boats in the Slot join the battle or hide.
    expect(m.game.actor).toBe(A);
    expect(choices(m, A)).toEqual([{ type: 'battle-pt', unit: PT }, { type: 'done' }]);
    expect(choices(m, J)).toEqual([]);
    play(m, A, { type: 'battle-pt', unit: PT });
    // It attacks: it is on the Battle Board for the Japanese, who may fire on it.
    expect(view(m, J).battle!.allied.pieces).toContain(tag(m, PT));
    expect(facesSeen(m, J, A)).toContain(PT);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(
      choices(m, J)
        .filter((a) => a.type === 'fire')
        .map((a) => (a as { piece: string }).piece),
    ).toContain(tag(m, PT));
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, PT) });
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-30', piece: tag(m, 'usn-desron-4') });
    // The PT unit joins the Allied fire (the Anti-Ship table, like the night PT attack).
    play(m, A, { type: 'fire', ship: 'usn-desron-4', piece: tag(m, 'ijn-desdiv-29') });
    expect(choices(m, A).filter((a) => a.type === 'fire' && a.ship === PT).length).toBe(2);
    const vp = m.game.vp.japanese;
    // Japanese: 4 at the PT boats (sunk), 1 at DesRon 4; Allied: 1 and the PT's 1 (misses).
    const out = play(m, A, { type: 'fire', ship: PT, piece: tag(m, 'ijn-desdiv-30') }, [4, 1, 1, 1]);
    expect(logFor(out.log, 'spectator').join('\n')).toContain(`rolled 4 at ${unitName(PT)} — sunk`);
    // By day every piece is face up: the spectator reads them by name.
    expect(logFor(out.log, 'spectator').join('\n')).toContain(`${unitName(PT)} rolled 1 at DesDiv 30`);
    expect(m.game.units.of(PT).place).toEqual({ at: 'destroyed' });
    expect(m.game.vp.japanese).toBe(vp + 1);
  });

  test('VI.F.1.c: a gunfire roll of 1–3 at an attacking PT boat does not sink it; it fights on and may not also attack at night', () => {
    const m = ptMatch();
    startDay(m);
    play(m, A, { type: 'battle-pt', unit: PT });
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, PT) });
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-30', piece: tag(m, PT) });
    play(m, A, { type: 'fire-spread' }, [3, 2, 1, 1]);
    expect(m.game.units.of(PT).place).toEqual({ at: 'slot' });
    expect(m.game.engaged).toContain(PT);
  });

  test('VI.F.1.c fog: PT boats that hide are not attacked and stay face down, unknown to the Japanese', () => {
    const m = ptMatch();
    startDay(m);
    expect(facesSeen(m, J, A)).not.toContain(PT);
    expect(view(m, J).battle!.allied.pieces).not.toContain(tag(m, PT));
    expect(JSON.stringify(view(m, J).battle)).not.toContain(PT);
    const out = play(m, A, { type: 'done' });
    expect(logFor(out.log, J).join('\n')).not.toContain(tag(m, PT));
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(
      choices(m, J)
        .filter((a) => a.type === 'fire')
        .map((a) => (a as { piece: string }).piece),
    ).not.toContain(tag(m, PT));
    expect(facesSeen(m, J, A)).not.toContain(PT);
    expect(m.game.known[PT] ?? []).not.toContain(J);
    expect(m.game.engaged ?? []).not.toContain(PT);
  });

  test('VI.F.1.c: PT boats may only be used in the Slot — no choice in a daylight battle elsewhere; an attacking PT is face down again after the battle', () => {
    const sp = ptMatch();
    ownGroup(sp.game, 'g-jp').area = 'SP';
    ownGroup(sp.game, 'g-al').area = 'SP';
    startDay(sp);
    expect(sp.game.actor).toBe(J);
    expect(choices(sp, A).some((a) => a.type === 'battle-pt')).toBe(false);
    const m = ptMatch();
    startDay(m);
    play(m, A, { type: 'battle-pt', unit: PT });
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.battle ?? null).toBeNull(); // absent once the flow has left the phase
    expect(facesSeen(m, J, A)).not.toContain(PT);
  });
});

describe('VI.F.1.c: a daylight battle where neither side can fire', () => {
  // VI.F.1.f "Only one side's ships may be left in the 'Day Only' and 'Day and Night' boxes at the end of the day ... there must
  // be Daylight Naval Surface/Gunfire battles ... fought until only one side's ships are left" — a carrier task force meeting
  // transports by day at the end of the day: no one can fire, so no battle can settle it. RULING: both must withdraw.
  test('VI.F.1.f "Only one side\'s ships may be left": a carrier task force and transports face up at the end of the day — neither can fire, neither withdraws, so both must withdraw, the Japanese first', () => {
    const m = dayMatch(['ijn-trdiv-1'], ['usn-saratoga'], { jpBox: 'daynight' });
    startDay(m);
    expect(choices(m, J)).toEqual([{ type: 'battle-continue' }, { type: 'battle-withdraw', to: 'rabaul' }]);
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(choices(m, J)).toEqual([{ type: 'battle-withdraw', to: 'rabaul' }]);
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    // Slow transports "must be abandoned/scuttled by a withdrawing player" (VI.F.1.b).
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
    play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' });
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'base', base: 'espiritu-santo' });
    expect(m.game.phase).not.toBe('day-end-combat');
  });

  test('VI.F.1.c (note: "If one side is unwilling to engage ... it is not necessarily considered to be \'withdrawing\'"): in a battle by choice where neither can fire, both may stay — the end of the day decides', () => {
    const m = dayMatch(['ijn-trdiv-1'], ['usn-saratoga'], { jpBox: 'daynight', byChoice: true });
    startDay(m);
    expect(m.game.battle!.voluntary).toBe(true);
    play(m, J, { type: 'battle-engage', engage: true });
    play(m, A, { type: 'battle-engage', engage: true });
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'group', group: 'g-jp' });
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'group', group: 'g-al' });
  });
});
