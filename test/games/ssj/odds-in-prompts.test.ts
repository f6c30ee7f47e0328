/**
 * Issue 42 items 2 and 3: every roll says, before it is chosen, what it needs (the table row the rule uses), and a
 * decision whose consequence a rule fixes says it. The oracles are the rule text (the Henderson Field example of
 * VI.F.2.g.1, VI.D's escorts, VII.A's "a 1 always misses", VI.F.1.b's carriers in the Slot, VI.G's half rounded up)
 * and what the real flow then does with each die — not the code that writes the prompt.
 */
import { ssj } from '../../../src/games/ssj';
import { GROUND_UNITS } from '../../../src/games/ssj/data';
import { own } from '../../../src/games/ssj/units';
import { change } from '../../../src/games/ssj/shared';
import type { LogEntry } from '../../../src/engine';
import { act, advance, choices, done, minimal, newMatch, putInGroup, type M } from './helpers';
import { airMatch, play, startAirStage } from './battle-helpers';

const A = 'allied' as const;
const J = 'japanese' as const;
const text = (m: M, side: 'allied' | 'japanese') => ssj.prompt(m.game, side)?.text ?? '';

/** The Henderson Field set-up of VI.F.2.g.1's example: `allied` against `japanese` ground units at Guadalcanal, in ground combat. */
function henderson(allied: number, japanese: number): { m: M; a: string[]; j: string[] } {
  const m = newMatch('odds-ground');
  const s = m.game;
  s.fogLiftedFor = [A, J];
  for (const u of s.units.values()) if (u.kind === 'ground' && u.place.at === 'base' && ['guadalcanal', 'buna'].includes(u.place.base)) own(s, u.id).place = { at: 'pool' };
  const a = GROUND_UNITS.filter((g) => g.side === A)
    .slice(0, allied)
    .map((g) => g.id);
  const j = GROUND_UNITS.filter((g) => g.side === J)
    .slice(0, japanese)
    .map((g) => g.id);
  for (const id of [...a, ...j]) own(s, id).place = { at: 'base', base: 'guadalcanal' };
  change(s, 'holder').guadalcanal = J;
  s.phase = 'ground-combat';
  s.groundDone = ['kokoda/allied'];
  s.actor = J;
  return { m, a, j };
}

describe('VI.F.2.g.1: "Attack (risking how many?)" gives the Ground Combat/Exchange row of every risk before it is chosen', () => {
  // The text's example: 3 of 4 Allied units risked against 2 Japanese: "a 6 … at a cost of only 1 Allied unit; 4-5 … at a
  // cost of 2; a 3, all 3 Allied units lost, as well as both Japanese units; 1-2, all 3 lost, but only 1 of the Japanese".
  const EXAMPLE = 'risk 3 (3:2): 1–2 lose 3, eliminate 1; 3 lose 3, eliminate 2; 4–5 lose 2, eliminate 2; 6 lose 1, eliminate 2';

  test('VI.F.2.g.1 example: the Allied prompt at Henderson Field reads the 3:2 column as the text gives it', () => {
    const { m } = henderson(4, 2);
    play(m, J, { type: 'ground-pass', base: 'guadalcanal' });
    const t = text(m, A);
    expect(t).toContain(EXAMPLE);
    // Each risk the choices offer has its row (1 to 4), and ratios are rounded down to the defender's advantage: 1:2, 1:1, 3:2, 2:1.
    for (const r of ['risk 1 (1:2)', 'risk 2 (1:1)', 'risk 3 (3:2)', 'risk 4 (2:1)']) expect(t).toContain(r);
    expect(t).not.toContain('risk 5');
  });

  test.each([1, 2, 3, 4, 5, 6])('VI.F.2.g.1: with a %i rolled, the losses are those the prompt promised for risking 3', (die) => {
    const { m, a, j } = henderson(4, 2);
    play(m, J, { type: 'ground-pass', base: 'guadalcanal' });
    const row = /risk 3 \(3:2\): ([^|.]*)/.exec(text(m, A))![1]!.trim();
    const promised = row
      .split('; ')
      .map((part) => /^([\d–]+) lose (\d), eliminate (\d)$/.exec(part)!)
      .find((p) => {
        const [lo, hi] = p[1]!.split('–').map(Number);
        return die >= lo! && die <= (hi ?? lo!);
      })!;
    const out = play(m, A, { type: 'ground-attack', base: 'guadalcanal', units: 3 }, [die]);
    const lost = (ids: string[]) => ids.filter((id) => m.game.units.of(id).place.at === 'destroyed').length;
    const outOfSupply = out.log.filter((e: LogEntry) => /^Out of supply at /.test(e.text)).flatMap((e) => (e.data?.['units'] as string[] | undefined) ?? []);
    const combatLost = (ids: string[]) => lost(ids) - ids.filter((id) => outOfSupply.includes(id)).length;
    expect([combatLost(a), combatLost(j)]).toEqual([Number(promised[2]), Number(promised[3])]);
  });
});

describe('VI.D: a submarine attack says what its die needs before the target is picked', () => {
  function withSub(sub: string, subSide: 'allied' | 'japanese', box: 'day' | 'night', targets: string[]): M {
    const m = newMatch('odds-sub');
    putInGroup(m, subSide, 'SL', 'night', [sub], 'g-sub');
    putInGroup(m, subSide === J ? A : J, 'SL', box, targets, 'g-target');
    m.game.fogLiftedFor = [A, J];
    m.game.phase = 'submarines';
    m.game.actor = subSide;
    return m;
  }

  test("VI.D, VII.A: against a Day Only group, each ship's rows on its column, a 1 always missing, and the escort's 1 for the sub", () => {
    const m = withSub('ijn-i-121', J, 'day', ['usn-chicago', 'usn-desron-4']);
    expect(text(m, J)).toContain('a 1 sinks your submarine instead if the group holds a destroyer, a 2 too if it holds two destroyers, or a destroyer and a carrier');
    play(m, J, { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    const t = text(m, J);
    // CA column: rows 4–5 D, 6 HD; DD column: 4 D, 5 HD, 6 sunk (ANTI_SHIP_TABLE, its values reconstructed; the 1 misses by VII.A).
    expect(t).toContain('CHICAGO (CA): D on 4–5, HD on 6 (a hit on 3 of 6)');
    expect(t).toContain('DesRon 4 (DD): D on 4, HD on 5, sunk on 6 (a hit on 3 of 6)');
    expect(t).toContain('Your submarine is sunk instead on a 1 (VI.D: this group holds a destroyer)');
    // And so it is: a 1 sinks the submarine, CHICAGO untouched.
    play(m, J, { type: 'sub-target', ship: 'usn-chicago' }, [1]);
    expect(m.game.units.of('ijn-i-121').place).toEqual({ at: 'sunk' });
    expect(m.game.units.of('usn-chicago').damage).toBeNull();
  });

  test('VI.D: a Japanese submarine told "on a 1 or a 2" against a destroyer and a carrier is sunk on the 2', () => {
    const m = withSub('ijn-i-121', J, 'day', ['usn-wasp', 'usn-desron-4']);
    play(m, J, { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    expect(text(m, J)).toContain('Your submarine is sunk instead on a 1 or a 2');
    play(m, J, { type: 'sub-target', ship: 'usn-wasp' }, [2]);
    expect(m.game.units.of('ijn-i-121').place).toEqual({ at: 'sunk' });
  });

  test('VI.D: an Allied submarine is told of the 1 only, and with no destroyer in the group, of no risk', () => {
    const m = withSub('usn-s-38', A, 'day', ['ijn-chokai']);
    expect(text(m, A)).toContain('a 1 sinks your submarine instead if the group holds a destroyer.');
    play(m, A, { type: 'sub-attack', sub: 'usn-s-38', group: 'g-target' });
    expect(text(m, A)).toContain('No destroyer escorts this group: your submarine is not at risk');
    play(m, A, { type: 'sub-target', ship: 'ijn-chokai' }, [1]);
    expect(m.game.units.of('usn-s-38').place.at).toBe('group');
  });

  test('VI.D: a Night Only group is attacked blindly — the prompt names none of its ships, nor whether it has escorts', () => {
    const m = withSub('ijn-i-121', J, 'night', ['usn-chicago', 'usn-desron-4']);
    play(m, J, { type: 'sub-attack', sub: 'ijn-i-121', group: 'g-target' });
    const t = text(m, J);
    expect(t).toContain('The target is picked blindly.');
    expect(t).not.toMatch(/CHICAGO|DesRon|this group holds|not at risk/);
  });
});

describe('VI.F.1.a, VII.B: an air unit aiming at the ships of a struck harbour reads their rows first', () => {
  test("VI.F.1.a: a Betty over Espiritu Santo is told QUINCY's CA column one row higher (anchored), and a 5 then does the HD it promised", () => {
    const BETTY = 'ijn-4th-ku';
    const m = airMatch({ [BETTY]: 'guadalcanal' });
    change(m.game, 'holder').guadalcanal = J;
    startAirStage(m, 'morning-land');
    play(m, J, { type: 'air-raid', unit: BETTY, base: 'espiritu-santo', target: 'harbour' });
    play(m, J, { type: 'done' });
    const t = text(m, J);
    expect(t).toContain('ships anchored in harbour one row higher');
    // CA column read one row higher: die 3 → row 4 D, 4 → D, 5 → row 6 HD, 6 → HD; the 1 misses (VII.A).
    expect(t).toContain('QUINCY (CA): D on 3–4, HD on 5–6 (a hit on 4 of 6)');
    expect(t).toContain('VII.B: a 1 shoots your air unit down');
    const hit = play(m, J, { type: 'air-target', unit: BETTY, ship: 'usn-quincy' }, [5]);
    expect(hit.log.map((e) => e.text).join('\n')).toMatch(/attacked QUINCY \(piece [^)]+\): rolled 5 — HD\./);
  });
});

describe('VI.C, VI.F.1.b, VI.G: the Allied deployment says what it leaves the carriers and the island bases', () => {
  function atAlliedDeployment(seed: string): M {
    let m = newMatch(seed);
    m = act(m, J, done);
    return advance(m, (x) => x.game.phase === 'allied-deployment');
  }

  test('VI.F.1.b: a carrier sent to the Slot is said, in the prompt, not to strike this turn; sent elsewhere, nothing is said', () => {
    let m = atAlliedDeployment('odds-slot');
    expect(text(m, A)).not.toContain('Carriers in the Slot');
    m = act(m, A, { type: 'deploy', ship: 'usn-saratoga', area: 'SL', box: 'daynight', group: 'new' });
    expect(text(m, A)).toContain('Carriers in the Slot may not launch strikes (VI.F.1.b): SARATOGA will not strike this turn.');
    m = act(m, A, { type: 'recall', unit: 'usn-saratoga' });
    m = act(m, A, { type: 'deploy', ship: 'usn-saratoga', area: 'SP', box: 'daynight', group: 'new' });
    expect(text(m, A)).not.toContain('Carriers in the Slot');
  });

  test('VI.G: "Port Moresby is out of supply: 2 of its 3 ground units will be eliminated", and at VI.G two are', () => {
    let m = atAlliedDeployment('odds-supply');
    const australians = ['aus-39', 'aus-53', 'aus-49'];
    expect(australians.every((id) => JSON.stringify(m.game.units.of(id).place) === JSON.stringify({ at: 'base', base: 'port-moresby' }))).toBe(true);
    expect(text(m, A)).toContain('Port Moresby is out of supply — none of your surface ships is in the Coral Sea: 2 of its 3 ground units will be eliminated');
    m = act(m, A, done);
    // Minimal play, passing on every ground combat, to the end of supply.
    for (let i = 0; i < 1500 && m.game.phase !== 'return'; i++) {
      const side = ssj.sides.find((x) => ssj.prompt(m.game, x))!;
      const pass = m.game.phase === 'ground-combat' ? choices(m, side).find((a) => a.type === 'ground-pass') : undefined;
      m = act(m, side, pass ?? minimal(m, side));
    }
    expect(m.game.phase).toBe('return');
    expect(australians.filter((id) => m.game.units.of(id).place.at === 'destroyed')).toHaveLength(2);
  });

  test('VI.G: a ship sent to the Coral Sea, or a B-17 flying supply, takes the warning back', () => {
    let m = atAlliedDeployment('odds-supply-2');
    const b17 = choices(m, A).find((a) => a.type === 'air-supply' && a.base === 'port-moresby');
    if (b17 && b17.type === 'air-supply') {
      m = act(m, A, b17);
      expect(text(m, A)).toContain('Port Moresby: none of your surface ships is in the Coral Sea, but B-17s keep all 3 ground units in supply');
      m = act(m, A, { type: 'recall', unit: b17.unit });
    }
    m = act(m, A, { type: 'deploy', ship: 'usn-quincy', area: 'CS', box: 'daynight', group: 'new' });
    expect(text(m, A)).not.toContain('Port Moresby');
  });
});
