/**
 * Issue 42 ("every attack and roll shows, before it is chosen, what it needs and its odds — the table row the rule
 * uses"): PT boat attacks (VI.F.2.d), shore bombardment (VI.F.1.h, VI.F.2.f) and raids on a base's land targets
 * (VI.F.1.a, VII.B). Each test reads the promise from the prompt, then plays the attack through the real flow with
 * each die and checks the flow did what was promised — the oracle is the rule text and what the engine then does.
 */
import { ssj } from '../../../src/games/ssj';
import { GROUND_UNITS } from '../../../src/games/ssj/data';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';
import { newMatch, putInGroup, type M } from './helpers';
import { airMatch, logFor, play, startAirStage, tag } from './battle-helpers';

const A = 'allied' as const;
const J = 'japanese' as const;
const text = (m: M, side: 'allied' | 'japanese') => ssj.prompt(m.game, side)?.text ?? '';

/** "1 unit eliminated on 4–5, 2 on 6" → the number a die eliminates by that promise. */
function promisedBy(row: string, die: number): number {
  if (row === 'nothing on any die') return 0;
  for (const part of row.split(', ')) {
    const p = /^(\d+)(?: units? eliminated)? on ([\d–, ]+)$/.exec(part)!;
    const [lo, hi] = p[2]!.split('–').map(Number);
    if (die >= lo! && die <= (hi ?? lo!)) return Number(p[1]);
  }
  return 0;
}

/** "D on 4–5, HD on 6" → the result a die gets by that promise (undefined: a miss). */
function antiShipBy(row: string, die: number): string | undefined {
  for (const p of row.matchAll(/(D|HD|sunk) on (\d(?:–\d)?(?:, \d(?:–\d)?)*)/g)) {
    for (const range of p[2]!.split(', ')) {
      const [lo, hi] = range.split('–').map(Number);
      if (die >= lo! && die <= (hi ?? lo!)) return p[1];
    }
  }
  return undefined;
}

describe('VI.F.1.h, VI.F.2.f: a bombarding ship is told its Bombardment table row before it fires', () => {
  const marines = GROUND_UNITS.filter((g) => g.side === A)
    .slice(0, 3)
    .map((g) => g.id);

  /** The Allies hold Guadalcanal with three units; KONGO and DesDiv 4 are in the Slot's Night Only box, at the night bombardment. */
  function shelling(): M {
    const m = newMatch('odds-bombard');
    const s = m.game;
    s.fogLiftedFor = [A, J];
    for (const u of s.units.values()) if (u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'guadalcanal') own(s, u.id).place = { at: 'pool' };
    for (const id of marines) own(s, id).place = { at: 'base', base: 'guadalcanal' };
    change(s, 'holder').guadalcanal = A;
    putInGroup(m, J, 'SL', 'night', ['ijn-kongo', 'ijn-desdiv-4'], 'g-jp');
    s.phase = 'bombard-night';
    s.actor = J;
    s.engaged = [];
    return m;
  }

  test('VI.F.2.f: the prompt gives the capital-ship and the destroyer rows, against ground units and an airfield, naming the ships', () => {
    const t = text(shelling(), J);
    expect(t).toMatch(
      /Bombardment table \(a 1 always misses; never more than the units there\): capital ships \(KONGO\): ground units [^;]+; airfield [^|]+ \| destroyers \(DesDiv 4\): ground units /,
    );
    // No cruiser of the side may bombard: no cruiser row.
    expect(t).not.toContain('cruisers (');
  });

  test.each([1, 2, 3, 4, 5, 6])('VI.F.2.f: KONGO rolling %i eliminates the ground units its row promised', (die) => {
    const m = shelling();
    const row = /capital ships \(KONGO\): ground units ([^;]+);/.exec(text(m, J))![1]!;
    play(m, J, { type: 'bombard', ship: 'ijn-kongo', base: 'guadalcanal', target: 'ground' }, [die]);
    expect(marines.filter((id) => m.game.units.of(id).place.at === 'destroyed')).toHaveLength(promisedBy(row, die));
  });

  test('VI.F.2.f: the Allied prompt, with no ship that may bombard, gives no row (the Japanese ships are not named to it)', () => {
    const m = shelling();
    expect(text(m, A)).not.toMatch(/Bombardment table|KONGO|DesDiv/);
  });
});

describe('VI.F.1.a, VII.B: air units allocated to strikes are told what a raid on land needs and what shoots them down', () => {
  const BETTY = 'ijn-4th-ku';
  function raid(): M {
    const m = airMatch({ [BETTY]: 'guadalcanal' });
    change(m.game, 'holder').guadalcanal = J;
    startAirStage(m, 'morning-land');
    return m;
  }

  test("VI.F.1.a: the allocation prompt gives the Bombardment table's air row against ground units and an airfield, and VII.B's 1", () => {
    const t = text(raid(), J);
    expect(t).toMatch(/A raid on land reads the Bombardment table's air row \(VI\.F\.1\.a\): ground units [^;]+; airfield [^;]+; a 1 shoots the raider down/);
    expect(t).not.toContain('a 2 too');
  });

  test("VII.B: in the afternoon the prompt adds the active airfield's 2", () => {
    const m = airMatch({ [BETTY]: 'guadalcanal' });
    change(m.game, 'holder').guadalcanal = J;
    startAirStage(m, 'afternoon-land');
    expect(text(m, J)).toContain('a 1 shoots the raider down, a 2 too over an active airfield');
  });

  test.each([1, 2, 3, 4, 5, 6])("VI.F.1.a, VII.B: a Betty raiding Espiritu Santo's ground units with a %i does what the prompt said", (die) => {
    const m = raid();
    const row = /ground units ([^;]+); airfield/.exec(text(m, J))![1]!;
    const atES = () => m.game.units.values().filter((u) => u.side === A && u.kind === 'ground' && u.place.at === 'base' && u.place.base === 'espiritu-santo').length;
    const before = atES();
    expect(before).toBeGreaterThan(1);
    play(m, J, { type: 'air-raid', unit: BETTY, base: 'espiritu-santo', target: 'ground' });
    play(m, J, { type: 'done' }, [die]);
    const downed = m.game.units.of(BETTY).place.at === 'destroyed';
    expect(downed).toBe(die === 1);
    expect(before - atES()).toBe(downed ? 0 : promisedBy(row, die));
  });
});

describe('VI.F.2.d: the PT boats are told, before they pick a piece blindly, what their die does', () => {
  function pts(): M {
    const m = newMatch('odds-pt');
    const s = m.game;
    s.fogLiftedFor = [A, J];
    own(s, 'usn-pt-mtbron3-a').place = { at: 'slot' };
    putInGroup(m, J, 'SL', 'night', ['ijn-desdiv-4', 'ijn-chokai'], 'g-jp');
    s.phase = 'pt-boats';
    s.actor = A;
    s.engaged = [];
    return m;
  }

  test('VI.F.2.d, VII.A: the own 1, and the rows of every Japanese class, but no piece named while all are face down', () => {
    const t = text(pts(), A);
    expect(t).toContain('A 1 sinks your PT boat unit instead (VI.F.2.d; 1 VP to the Japanese).');
    // The DD column (4 D, 5 HD, 6 sunk) and the CA column (4–5 D, 6 HD), as the submarine and air prompts read them.
    expect(t).toContain('DD D on 4, HD on 5, sunk on 6 (a hit on 3 of 6)');
    expect(t).toContain('CA D on 4–5, HD on 6 (a hit on 3 of 6)');
    expect(t).not.toMatch(/DesDiv|CHOKAI|face up for you/);
  });

  test('VI.F.2.d: the same words whatever the Slot holds — the class list tells nothing of the pieces there', () => {
    const m = pts();
    const other = newMatch('odds-pt-2');
    Object.assign(other.game, { fogLiftedFor: [A, J], phase: 'pt-boats', actor: A, engaged: [] });
    own(other.game, 'usn-pt-mtbron3-a').place = { at: 'slot' };
    putInGroup(other, J, 'SL', 'night', ['ijn-kongo'], 'g-jp');
    expect(text(other, A)).toBe(text(m, A));
  });

  test('VI.F.2.d: a piece turned face up for the Allies is named with its row, by its tag', () => {
    const m = pts();
    change(m.game, 'revealed')['ijn-chokai'] = [A];
    expect(text(m, A)).toContain(`face up for you, CHOKAI (piece ${tag(m, 'ijn-chokai')}, CA): D on 4–5, HD on 6 (a hit on 3 of 6)`);
  });

  test.each([1, 2, 3, 4, 5, 6])('VI.F.2.d: a %i against DesDiv 4 does what the DD row and the own 1 promised', (die) => {
    const m = pts();
    const row = /DD (D on 4, HD on 5, sunk on 6)/.exec(text(m, A))![1]!;
    const out = play(m, A, { type: 'pt-attack', unit: 'usn-pt-mtbron3-a', piece: tag(m, 'ijn-desdiv-4') }, [die]);
    expect(m.game.units.of('usn-pt-mtbron3-a').place.at === 'destroyed').toBe(die === 1);
    const promised = die === 1 ? undefined : antiShipBy(row, die);
    const told = logFor(out.log, A).join('\n');
    if (die === 1) expect(told).toContain('The PT boats are lost (a self-inflicted 1).');
    else if (!promised) expect(told).toMatch(/: no effect\./);
    else expect(told).toContain(`DesDiv 4 — ${promised}`);
  });
});
