/**
 * VII.A: when damage takes effect. "After each phase, Damage (D) and Heavy Damage (2D or HD) is resolved", but "HD-ed and
 * Slow ships cannot be 'withdrawn' from a sea area (except at 'midnight') and must instead be scuttled ... or fought to the
 * last shell"; the HD-on-a-5 check looks at the air base "at the end of the turn". Through the real flow of a turn, with
 * the battle and strike dice scripted (RULINGS VII.A).
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { act, advance, choices, minimal, putInGroup, type M } from './helpers';
import { carrierDuel, facesSeen, logFor, nightMatch, play, startAirStage, startDay, startNight, tag, view } from './battle-helpers';
import { own } from '../../../src/games/ssj/units';

const J = 'japanese' as const;
const A = 'allied' as const;
const ENGAGE: SsjAction = { type: 'battle-engage', engage: true };
const DECLINE: SsjAction = { type: 'battle-engage', engage: false };

/** Plays minimal decisions (with the checks of `play`) until `until` holds. */
function playOn(m: M, until: (m: M) => boolean): void {
  for (let i = 0; i < 300 && !until(m); i++) {
    const side = ssj.sides.find((x) => ssj.prompt(m.game, x)) as 'allied' | 'japanese';
    play(m, side, minimal(m, side));
  }
  expect(until(m)).toBe(true);
}

/**
 * CHOKAI and QUINCY meet by day in `area` at the end of the day (VI.F.1.f); QUINCY puts CHOKAI at HD, then withdraws:
 * the phase ends and CHOKAI's owner rolls its damage die (`die`) in secret.
 */
function chokaiHeavilyDamaged(die: number, setUp: (m: M) => void = () => {}): { m: M; log: string[][] } {
  const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { area: 'SP', jpBox: 'daynight', alBox: 'daynight' });
  setUp(m);
  m.game.phase = 'day-end-combat';
  startDay(m);
  play(m, J, { type: 'battle-continue' });
  play(m, A, { type: 'battle-continue' });
  play(m, J, { type: 'fire-spread' });
  // CHOKAI rolls 1 (a miss); QUINCY 6 on the CA column: HD.
  play(m, A, { type: 'fire-spread' }, [1, 6]);
  expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
  play(m, J, { type: 'battle-continue' });
  const end = play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [die]);
  expect(m.game.phase).not.toBe('day-end-combat');
  return { m, log: [logFor(end.log, J), logFor(end.log, A)] };
}

/** On to the start of the next turn, minimal decisions with the match's own dice. */
const nextTurn = (m: M): M => advance(m, (x) => x.game.turn === 1);

describe('VII.A: an HD ship stays in its sea area until it leaves', () => {
  test('VII.A "HD-ed ... ships cannot be withdrawn from a sea area": after the phase an HD ship stays where it is, face up for everyone, its die rolled once and kept by its owner', () => {
    const { m, log } = chokaiHeavilyDamaged(3);
    const [jpLog, alLog] = log;
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'group', group: 'g-jp' });
    expect(m.game.groups['g-jp']!.area).toBe('SP');
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    // Face up for the Allies, where it is, with its damage.
    expect(facesSeen(m, A, J)).toEqual(['ijn-chokai']);
    expect(view(m, A).sides.japanese.faces[tag(m, 'ijn-chokai')]).toMatchObject({ id: 'ijn-chokai', damage: 'HD' });
    // The roll is the owner's secret.
    expect(jpLog!.join('\n')).toMatch(/CHOKAI \(HD\) rolled 3 — it stays in its sea area/);
    expect(alLog!.join('\n')).not.toMatch(/rolled 3|CHOKAI \(HD\)/);
    // The next phase's damage resolution rolls no die for it again.
    const later = nextTurn(m);
    // VI.H: it goes home at the end of the turn; its die (3) then takes effect: out for 6 turns, counted from the turn of the roll.
    expect(later.game.units.of('ijn-chokai').place).toMatchObject({ at: 'repair', until: 0 + 6 + 1 });
  });

  test('VII.A "a ship always sinks (secretly) on a 6": an HD ship that rolled a 6 stays on the board like any other and sinks when it leaves, the Allies seeing the same as for a repair', () => {
    const worlds = [6, 2].map((die) => chokaiHeavilyDamaged(die));
    const [sunk, repaired] = worlds.map((w) => w.m);
    expect(JSON.stringify(view(sunk!, A))).toBe(JSON.stringify(view(repaired!, A)));
    expect(JSON.stringify(view(sunk!, 'spectator'))).toBe(JSON.stringify(view(repaired!, 'spectator')));
    expect(worlds[0]!.log[1]).toEqual(worlds[1]!.log[1]);
    expect(sunk!.game.units.of('ijn-chokai').place.at).toBe('group');
    const [s2, r2] = [nextTurn(sunk!), nextTurn(repaired!)];
    expect(s2.game.units.of('ijn-chokai').place).toEqual({ at: 'sunk' });
    expect(r2.game.units.of('ijn-chokai').place.at).toBe('repair');
    expect(JSON.stringify(view(s2, A))).toBe(JSON.stringify(view(r2, A)));
  });

  test('VII.A example "must be scuttled if all friendly task forces are ultimately withdrawn": an HD ship saved in a battle by choice is scuttled in the mandatory battle when its last task force withdraws', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { jpBox: 'daynight', alBox: 'daynight' });
    putInGroup(m, J, 'SL', 'daynight', ['ijn-desdiv-29'], 'g-jp2');
    m.game.phase = 'day-combat';
    startDay(m);
    play(m, J, ENGAGE);
    play(m, A, ENGAGE);
    play(m, J, { type: 'battle-tf', group: 'g-jp' });
    if (m.game.actor === A) play(m, A, { type: 'battle-tf', group: 'g-al' });
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [1, 6]);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    // The Japanese withdraw CHOKAI's task force: DesDiv 29's task force is still there, so CHOKAI is saved, not scuttled.
    play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place.at).toBe('group');
    // Both choose again; neither engages: the phase ends and CHOKAI's damage is resolved — it stays.
    play(m, J, DECLINE);
    play(m, A, DECLINE, [4]);
    expect(m.game.phase).not.toBe('day-combat');
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'group', group: 'g-jp' });
    // On to the mandatory battle at the end of the day; the Japanese withdraw their last task force there.
    playOn(m, (x) => x.game.phase === 'day-end-combat' && x.game.actor === J);
    if (choices(m, J).some((a) => a.type === 'battle-tf')) play(m, J, { type: 'battle-tf', group: 'g-jp2' });
    playOn(m, (x) => choices(x, J).some((a) => a.type === 'battle-withdraw'));
    expect(m.game.battle!.tf.japanese).toBe('g-jp2');
    const out = play(m, J, { type: 'battle-withdraw', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('ijn-desdiv-29').place).toEqual({ at: 'base', base: 'rabaul' });
    expect(logFor(out.log, A).join('\n')).toMatch(/No Japanese task force is left to protect the 1 slow or heavily damaged piece .* scuttled/);
  });
});

describe('VII.A "(except at midnight)": an HD ship may leave at midnight', () => {
  test('VII.A / VI.F.2 note: an HD ship left after a night battle may be withdrawn before After Midnight; its die then takes effect', () => {
    const m = nightMatch(['ijn-chokai'], ['usn-quincy'], { jpBox: 'daynight', alBox: 'daynight' });
    // An Allied Day Only task force in the adjacent South Pacific could sail in After Midnight.
    putInGroup(m, A, 'SP', 'day', ['usn-desron-4'], 'g-al-day');
    startNight(m);
    if (m.game.actor === J) play(m, J, { type: 'done' });
    play(m, A, { type: 'done' }, [2]);
    play(m, J, { type: 'fire-spread' });
    play(m, A, { type: 'fire-spread' }, [1, 6]);
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-withdraw', to: 'espiritu-santo' }, [2]);
    expect(m.game.phase).toBe('after-midnight');
    expect(m.game.units.of('ijn-chokai').place.at).toBe('group');
    const out = play(m, J, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'repair', until: 0 + 4 + 1, base: 'rabaul' });
    expect(logFor(out.log, A).join('\n')).toMatch(/A Japanese piece withdraws/);
  });
});

describe('VI.F.1.c: the pursued side and its heavily damaged ships', () => {
  /** SHOKAKU's air puts SARATOGA at HD in the carrier strikes (VI.F.1.b); the phase ends with SARATOGA's die `die`. */
  function saratogaHeavilyDamaged(die: number): M {
    const m = carrierDuel();
    startAirStage(m, 'carriers');
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-fighters', group: 'g-al' });
    play(m, J, { type: 'air-strike', unit: 'ijn-shokaku-divebombers', group: 'g-al' });
    play(m, J, { type: 'done' });
    play(m, A, { type: 'air-strike', unit: 'usn-nav-vf-5', group: 'g-jp' });
    play(m, A, { type: 'done' });
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-fighters', ship: 'usn-saratoga' }, [6]);
    play(m, J, { type: 'air-target', unit: 'ijn-shokaku-divebombers', ship: 'usn-desron-4' }, [3]);
    play(m, A, { type: 'air-target', unit: 'usn-nav-vf-5', ship: 'ijn-shokaku' }, [3]);
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-fighters', ship: 'ijn-shokaku' });
    play(m, J, { type: 'air-land', unit: 'ijn-shokaku-divebombers', ship: 'ijn-shokaku' });
    play(m, A, { type: 'air-land', unit: 'usn-nav-vf-5', base: 'espiritu-santo' }, [die]);
    expect(m.game.phase).not.toBe('carrier-strikes');
    return m;
  }

  test('VI.F.1.c "or the pursued side is unwilling to abandon or scuttle an 2D-or-more damaged ... ship": an HD ship from the carrier strikes is still there; the pursued side that abandons it has it scuttled', () => {
    const m = saratogaHeavilyDamaged(2);
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'group', group: 'g-al' });
    playOn(m, (x) => x.game.phase === 'day-combat');
    play(m, J, ENGAGE);
    play(m, A, DECLINE);
    expect(view(m, J).battle!.step).toBe('pursuit');
    expect(ssj.prompt(m.game, A)!.text).toMatch(/abandon/);
    const out = play(m, A, DECLINE);
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('usn-desron-4').place.at).toBe('group');
    expect(logFor(out.log, J).join('\n')).toMatch(/abandoning 1 slow or heavily damaged piece/);
  });

  test('VI.F.1.c: the pursued side unwilling to abandon its HD ship fights, the HD ship with it', () => {
    const m = saratogaHeavilyDamaged(2);
    playOn(m, (x) => x.game.phase === 'day-combat');
    play(m, J, ENGAGE);
    play(m, A, DECLINE);
    play(m, A, ENGAGE);
    expect(view(m, J).battle!.step).not.toBe('pursuit');
    expect(m.game.units.of('usn-saratoga').place).toEqual({ at: 'group', group: 'g-al' });
  });
});

describe('VII.A: the HD-on-a-5 check at the end of the turn', () => {
  /** Every Allied air unit off the map but those given: at a base, or aboard SARATOGA in harbour at Espiritu Santo. */
  const alliedAir = (at: Record<string, string>) => (m: M) => {
    for (const u of m.game.units.values()) if (u.side === A && u.kind === 'air' && u.place.at !== 'pool') own(m.game, u.id).place = { at: 'pool' };
    for (const [id, where] of Object.entries(at))
      own(m.game, id).place = where === 'aboard' ? { at: 'aboard', ship: 'usn-saratoga' } : { at: 'base', base: where as 'espiritu-santo' };
  };
  /** Minimal decisions to the return phase (VI.H), where the Allied player transfers `unit` to `to`; then on to the next turn. */
  function transferAtReturn(m: M, unit: string, to: 'espiritu-santo' | 'australia'): M {
    let x = advance(m, (y) => y.game.phase === 'return' && choices(y, A).some((a) => a.type === 'transfer' && a.unit === unit && a.to === to));
    x = act(x, A, { type: 'transfer', unit, to });
    return nextTurn(x);
  }

  test('VII.A "sunk on a roll of 5 ... if ... an attached active land air base ... still has at least 1 surviving air unit at the end of the turn": air flown in to Espiritu Santo after the battle sinks the ship', () => {
    // Nothing at Espiritu Santo when the die is rolled; a B-17 at Australia.
    const { m } = chokaiHeavilyDamaged(5, alliedAir({ 'usaaf-19th-bg': 'australia' }));
    expect(m.game.units.of('ijn-chokai').place.at).toBe('group');
    // VI.H: the Allied player transfers the B-17 to Espiritu Santo, the base attached to the South Pacific.
    const x = transferAtReturn(m, 'usaaf-19th-bg', 'espiritu-santo');
    expect(x.game.units.of('ijn-chokai').place).toEqual({ at: 'sunk' });
  });

  test('VII.A: with no air unit left at the attached enemy base at the end of the turn, an HD ship that rolled 5 is out for 10 turns', () => {
    // A B-17 at Espiritu Santo when the die is rolled, transferred to Australia in the return phase.
    const { m } = chokaiHeavilyDamaged(5, alliedAir({ 'usaaf-26th-bs': 'espiritu-santo' }));
    const x = transferAtReturn(m, 'usaaf-26th-bs', 'australia');
    expect(x.game.units.of('ijn-chokai').place).toMatchObject({ at: 'repair', until: 0 + 10 + 1 });
  });

  test('VII.A / VI.F.1.b "carrier air units ... presumed to be land-based during their carriers\' stay in port": air aboard a carrier in harbour at the attached base counts as the base\'s surviving air unit', () => {
    const { m } = chokaiHeavilyDamaged(5, (y) => {
      alliedAir({ 'usn-nav-vf-5': 'aboard' })(y);
      own(y.game, 'usn-saratoga').place = { at: 'base', base: 'espiritu-santo' };
    });
    const x = nextTurn(m);
    expect(x.game.units.of('ijn-chokai').place).toEqual({ at: 'sunk' });
  });
});
