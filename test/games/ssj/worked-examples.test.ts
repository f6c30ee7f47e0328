/**
 * The worked examples of the rule text, each played through the real flow: every action is
 * applied to a match (the engine's `step`, as a player's would be), the engine's own phases
 * run between them, and the dice are those of the match's seed. Where a die decides the
 * example, the test tries seeds `ex-0`, `ex-1` … in turn and checks the example's statement
 * for every seed it tries, reading the die from the log, until every case has been seen.
 */
import { step, type LogEntry } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { AIR_UNITS } from '../../../src/games/ssj/data';
import type { BaseId, SeaAreaId, Side } from '../../../src/games/ssj/data/types';
import { choices, done, minimal, newMatch, type M } from './helpers';

const A = 'allied' as const;
const J = 'japanese' as const;
const DICE = [1, 2, 3, 4, 5, 6];
const AREAS: SeaAreaId[] = ['SP', 'SL', 'CS'];

/** A match and everything its steps logged since the test began. */
interface Played {
  m: M;
  log: LogEntry[];
}

/** Applies one action through the flow (it must be offered), keeping the log. */
function run(p: Played, side: Side, action: SsjAction): Played {
  const out = step(ssj, p.m, side, action);
  return { m: out.state as M, log: [...p.log, ...out.log] };
}

/** A choice of the test's own where the least play (`minimal`) would not do. */
type Override = (m: M, side: Side) => SsjAction | undefined;

/** Plays on, each decision the override's or the least (helpers.ts `minimal`), until `until` holds. */
function playOn(p: Played, until: (m: M, log: LogEntry[]) => boolean, override: Override = () => undefined, limit = 1500): Played {
  for (let i = 0; i < limit && !until(p.m, p.log); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(p.m.game, s)) as Side | undefined;
    if (!side) throw new Error(`stuck in ${p.m.game.phase}`);
    p = run(p, side, override(p.m, side) ?? minimal(p.m, side));
  }
  if (!until(p.m, p.log)) throw new Error(`did not get there (turn ${p.m.game.turn}, ${p.m.game.phase})`);
  return p;
}

/** No attack and no advance over the Kokoda Trail in ground combat (the least play would attack with one unit). */
const noGroundCombat: Override = (m, side) => (m.game.phase === 'ground-combat' ? choices(m, side).find((a) => a.type === 'ground-pass') : undefined);

/** A ship carrying one ground unit into the Slot, to land it on `land`. */
interface Convoy {
  ship: string;
  troop: string;
  land: BaseId;
}

/** Lands each convoy's unit where it is bound (by day for the Allies' Day Only ships, at night for the Japanese), and fights no ground combat. */
function landing(convoys: Convoy[]): Override {
  return (m, side) => {
    const phase = m.game.phase;
    if (phase === 'day-landings' || phase === 'combat') {
      const c = choices(m, side);
      const bound = c.find((a) => a.type === 'land' && convoys.some((v) => v.ship === a.ship && v.land === a.base));
      return bound ?? c.find((a) => a.type === 'done');
    }
    return noGroundCombat(m, side);
  };
}

/**
 * AugI of match `seed`: the Japanese convoys sail from Rabaul into the Slot's Night Only box
 * and the Allied ones from Espiritu Santo into its Day Only box (each ship a task force of
 * its own), so that no battle is fought and each side holds the Slot at its time of day;
 * every unit lands where it is bound. Played on until `until`.
 */
function landInTheSlot(seed: string, japanese: Convoy[], allied: Convoy[], until: (m: M, log: LogEntry[]) => boolean): Played {
  let p: Played = { m: newMatch(seed), log: [] };
  for (const c of japanese) {
    p = run(p, J, { type: 'load', unit: c.troop, ship: c.ship });
    p = run(p, J, { type: 'deploy', ship: c.ship, area: 'SL', box: 'night', group: 'new' });
  }
  p = run(p, J, done);
  p = playOn(p, (m) => m.game.phase === 'allied-deployment');
  for (const c of allied) {
    p = run(p, A, { type: 'load', unit: c.troop, ship: c.ship });
    p = run(p, A, { type: 'deploy', ship: c.ship, area: 'SL', box: 'day', group: 'new' });
  }
  p = run(p, A, done);
  return playOn(p, until, landing([...japanese, ...allied]));
}

const MARINES = ['usmc-1-1', 'usmc-2-1', 'usmc-3-1', 'usmc-1-5', 'usmc-2-5'];
const CRUISERS_AT_ESPIRITU_SANTO = ['usn-vincennes', 'usn-quincy', 'usn-astoria', 'usn-minneapolis', 'usn-new-orleans'];
const alliedConvoys = (n: number, land: BaseId): Convoy[] => MARINES.slice(0, n).map((troop, i) => ({ ship: CRUISERS_AT_ESPIRITU_SANTO[i]!, troop, land }));
const japaneseConvoys = (n: number, land: BaseId): Convoy[] =>
  [
    { ship: 'ijn-yubari', troop: 'ija-2-144' },
    { ship: 'ijn-tenryu', troop: 'ija-3-144' },
  ]
    .slice(0, n)
    .map((c) => ({ ...c, land }));

/** `side`'s ground units at `base`. */
const groundAt = (m: M, side: Side, base: BaseId) => m.game.units.values().filter((u) => u.side === side && u.kind === 'ground' && u.place.at === 'base' && u.place.base === base);

/** The roll data of the log entries for `why`. */
function rollsFor(log: LogEntry[], why: string): { entry: LogEntry; roll: Record<string, unknown> }[] {
  return log.flatMap((entry) => {
    const roll = entry.data?.roll as Record<string, unknown> | undefined;
    return roll?.why === why ? [{ entry, roll }] : [];
  });
}

/** Tries seeds `ex-0`, `ex-1` … until `enough` (each seed's own checks run in `each`); fails when the seeds run out first. */
function overSeeds(each: (seed: string) => void, enough: () => boolean, min = 1, max = 200): number {
  let n = 0;
  while (n < max && (n < min || !enough())) each(`ex-${n++}`);
  expect(enough()).toBe(true);
  return n;
}

describe('VI.E EXAMPLE: troops of both sides on Guadalcanal, only Japanese troops on Bougainville', () => {
  // "if both players had troops on Guadalcanal but only the Japanese had troops on Bougainville, the Allied player would
  // gain "Morning" detection/surprise in the Slot on a roll of 3-6, and the Japanese player would gain it only on a roll of
  // 4-6. […] Furthermore, a successful Allied Magic/Ultra die roll for that turn adds another 1 to the Allied roll for all
  // three sea areas." And VI.E: "For 1 such unit add 1 to the detection die roll; for 3, add 2 to the die roll; and for 5,
  // add 3." Each seed: on AugI a Marine battalion lands on Guadalcanal (held by the Japanese garrison) and the II/144th
  // on Bougainville; on AugII the Allied player names three numbers for Magic (1–3, or 4–6: from the same state, so one
  // works and the other fails), reconnoitres the Slot with 0, 1, 3 or 5 units (B-17s and a submarine), and the detection
  // phase that follows the submarines is the engine's.
  const B17S = ['usaaf-26th-bs', 'usaaf-42nd-bs', 'usaaf-19th-bg', 'usaaf-43rd-bg'];
  const RECON: Record<number, { b17s: string[]; subs: string[] }> = {
    0: { b17s: [], subs: [] },
    1: { b17s: B17S.slice(0, 1), subs: [] },
    3: { b17s: B17S.slice(0, 2), subs: ['usn-s-38'] },
    5: { b17s: B17S, subs: ['usn-s-38'] },
  };
  /** VI.E: the roll's bonus for 1, 3 and 5 reconning units. */
  const RECON_BONUS: Record<number, number> = { 0: 0, 1: 1, 3: 2, 5: 3 };

  interface Seen {
    area: SeaAreaId;
    side: Side;
    die: number;
    magic: boolean;
    recon: number;
    detected: boolean;
  }
  const seen: Seen[] = [];

  /** AugII's Magic phase, with the example's holdings. */
  function atMagic(seed: string): Played {
    const p = landInTheSlot(seed, japaneseConvoys(1, 'bougainville'), alliedConvoys(1, 'guadalcanal'), (m) => m.game.turn === 1 && m.game.phase === 'magic');
    // The example's holdings, as the AugI landings left them: troops of both sides on Guadalcanal, only Japanese ones on Bougainville.
    expect(groundAt(p.m, A, 'guadalcanal').length).toBeGreaterThan(0);
    expect(groundAt(p.m, J, 'guadalcanal').length).toBeGreaterThan(0);
    expect(groundAt(p.m, J, 'bougainville').length).toBeGreaterThan(0);
    expect(groundAt(p.m, A, 'bougainville')).toHaveLength(0);
    return { m: p.m, log: [] };
  }

  /** From the Magic phase: name `numbers`, send `recon` units over the Slot, close; the detection rolls follow. */
  function detect(at: Played, numbers: [number, number, number], recon: number): { p: Played; magic: boolean } {
    let p = run(at, A, { type: 'magic', numbers });
    const [magicRoll] = rollsFor(p.log, 'Magic');
    const die = magicRoll!.roll.die as number;
    // VI.C: "If he rolls any of 3 numbers he chooses, his Magic/ULTRA intelligence has worked".
    expect(magicRoll!.roll.success).toBe(numbers.includes(die));
    for (const unit of RECON[recon]!.b17s) p = run(p, A, { type: 'recon', unit, area: 'SL' });
    for (const sub of RECON[recon]!.subs) p = run(p, A, { type: 'deploy', ship: sub, area: 'SL', box: 'night', group: 'new' });
    p = run(p, A, done);
    p = playOn(p, (_m, log) => rollsFor(log, 'detection').length === 6);
    if (recon === 0) {
      // No reconning unit anywhere: no ship at sea, no air unit on recon.
      expect(p.m.game.groups).toEqual({});
      expect(p.m.game.units.values().filter((u) => u.place.at === 'recon')).toEqual([]);
    }
    return { p, magic: numbers.includes(die) };
  }

  function record(seed: string): void {
    const at = atMagic(seed);
    for (const numbers of [
      [1, 2, 3],
      [4, 5, 6],
    ] as [number, number, number][]) {
      for (const recon of [0, 1, 3, 5]) {
        const { p, magic } = detect(at, numbers, recon);
        for (const { entry, roll } of rollsFor(p.log, 'detection')) {
          const side = (entry.to as Side[])[0]!;
          // VI.E (RULINGS): each roll is its roller's alone; whether he has detection is public.
          expect(entry.to).toEqual([side]);
          const area = roll.area as SeaAreaId;
          const detected = p.m.game.detection[side][area]!;
          expect(roll.success).toBe(detected);
          const open = p.log.filter((e) => e.to === 'public' && (e.data?.detection as { side?: string; area?: string } | undefined)?.side === side);
          expect(open.filter((e) => (e.data!.detection as { area: string }).area === area).map((e) => (e.data!.detection as { success: boolean }).success)).toEqual([detected]);
          seen.push({ area, side, die: roll.die as number, magic, recon: side === A && area === 'SL' ? recon : 0, detected });
        }
      }
    }
  }

  const facesOf = (f: (s: Seen) => boolean) => new Set(seen.filter(f).map((s) => s.die)).size;
  // Enough seeds that every face of the die has been rolled in every case checked below.
  const everyFace = () =>
    AREAS.every((area) => [false, true].every((magic) => [A, J].every((side) => facesOf((s) => s.area === area && s.side === side && s.magic === magic) === 6)));

  beforeAll(() => {
    overSeeds(record, everyFace, 12);
  });

  test('VI.E example: the Allies detect in the Slot on a roll of 3–6, the Japanese only on 4–6', () => {
    const plain = seen.filter((s) => s.area === 'SL' && !s.magic && s.recon === 0);
    for (const side of [A, J]) {
      const needs = side === A ? 3 : 4;
      const mine = plain.filter((s) => s.side === side);
      expect(new Set(mine.map((s) => s.die))).toEqual(new Set(DICE));
      for (const s of mine) expect({ ...s, detected: s.die >= needs }).toEqual(s);
    }
  });

  test('VI.E: a successful Magic roll adds 1 to the Allied roll in the Slot (2–6), and nothing to the Japanese roll (still 4–6)', () => {
    const slot = seen.filter((s) => s.area === 'SL' && s.magic && s.recon === 0);
    for (const s of slot.filter((x) => x.side === A)) expect({ ...s, detected: s.die + 1 >= 3 }).toEqual(s);
    for (const s of slot.filter((x) => x.side === J)) expect({ ...s, detected: s.die >= 4 }).toEqual(s);
  });

  test('VI.E: a successful Magic roll adds 1 to the Allied roll for all three sea areas', () => {
    // The South Pacific's and the Coral Sea's needs are not in the text: each is read off the rolls without Magic (the
    // least face that detects, every face at or above it detecting), and Magic must move it down by exactly one face.
    for (const area of AREAS) {
      const allied = seen.filter((s) => s.area === area && s.side === A && s.recon === 0);
      const without = allied.filter((s) => !s.magic);
      const needs = Math.min(...without.filter((s) => s.detected).map((s) => s.die), 7);
      for (const s of without) expect({ ...s, detected: s.die >= needs }).toEqual(s);
      for (const s of allied.filter((x) => x.magic)) expect({ ...s, detected: s.die + 1 >= needs }).toEqual(s);
      // The Japanese rolls do not change with the Allied Magic.
      const japanese = seen.filter((s) => s.area === area && s.side === J);
      const jNeeds = Math.min(...japanese.filter((s) => !s.magic && s.detected).map((s) => s.die), 7);
      for (const s of japanese) expect({ ...s, detected: s.die >= jNeeds }).toEqual(s);
    }
  });

  test('VI.E: 1, 3 and 5 reconning units (B-17s, submarines) add 1, 2 and 3 to the roll, with Magic on top', () => {
    for (const recon of [1, 3, 5]) {
      const slot = seen.filter((s) => s.area === 'SL' && s.side === A && s.recon === recon);
      expect(slot.length).toBeGreaterThan(0);
      for (const s of slot) expect({ ...s, detected: s.die + RECON_BONUS[recon]! + (s.magic ? 1 : 0) >= 3 }).toEqual(s);
    }
    // The Slot's reconnaissance is the Allies' own: the Japanese still need 4–6.
    for (const s of seen.filter((x) => x.area === 'SL' && x.side === J)) expect({ ...s, detected: s.die >= 4 }).toEqual(s);
  });
});

describe("VI.F.2.g.1: ratio fractions are rounded down, to the defender's advantage", () => {
  // "finds the column on the "Ground Combat/Exchange" table which corresponds closest to the attacker:defender strength
  // ratio - ratio fractions being rounded down, to the defender's advantage: e.g., 5:3 becomes 3:2 and/or 5:2 becomes 2:1."
  test.each([
    [3, '3:2'],
    [2, '2:1'],
  ])('VI.F.2.g.1: five Marine battalions risked against %i Japanese units on Guadalcanal are read on the %s column', (defenders, column) => {
    // AugI: five battalions land by day; the Japanese land defenders − 1 units at night beside the garrison.
    let p = landInTheSlot(
      'ex-ratio',
      japaneseConvoys(defenders - 1, 'guadalcanal'),
      alliedConvoys(5, 'guadalcanal'),
      (m) => m.game.phase === 'ground-combat' && choices(m, J).some((a) => a.type === 'ground-pass' && a.base === 'guadalcanal'),
    );
    expect(groundAt(p.m, A, 'guadalcanal')).toHaveLength(5);
    expect(groundAt(p.m, J, 'guadalcanal')).toHaveLength(defenders);
    p = run(p, J, { type: 'ground-pass', base: 'guadalcanal' });
    p = run(p, A, { type: 'ground-attack', base: 'guadalcanal', units: 5 });
    const [combat] = rollsFor(p.log, 'ground combat');
    expect(combat!.entry.to).toBe('public');
    expect(combat!.entry.text).toContain(`risks 5 units against ${defenders} (column ${column})`);
  });
});

describe('VI.F.2.g.1 FOR EXAMPLE: an Allied player risks 3 of his 4 units against 2 Japanese units defending Henderson Field', () => {
  // "If the Allied player rolls a 6, the Japanese units are eliminated at a cost of only 1 Allied unit, and the surviving
  // Allied units take the airfield. If the Allied player rolls a 4-5, the Japanese units are eliminated at a cost of 2
  // Allied units, and the surviving Allied units take the airfield. If a 3 is rolled, all 3 of the Allied units are lost,
  // as well as both Japanese units and the uninvolved, surviving Allied unit takes the airfield. If a 1-2 is rolled, all 3
  // of the Allied units are lost, but only 1 of the Japanese units, which retains control of the airfield."
  const EXAMPLE: Record<number, { alliedLost: number; japaneseLost: number; holder: Side }> = {
    6: { alliedLost: 1, japaneseLost: 2, holder: A },
    5: { alliedLost: 2, japaneseLost: 2, holder: A },
    4: { alliedLost: 2, japaneseLost: 2, holder: A },
    3: { alliedLost: 3, japaneseLost: 2, holder: A },
    2: { alliedLost: 3, japaneseLost: 1, holder: J },
    1: { alliedLost: 3, japaneseLost: 1, holder: J },
  };

  test('VI.F.2.g.1 example: for every die the seeds roll (each face 1–6 at least once), the losses and the airfield are as the text gives them', () => {
    const faces = new Set<number>();
    overSeeds(
      (seed) => {
        // AugI: four Marine battalions land on Guadalcanal by day; the II/144th joins the garrison at night.
        let p = landInTheSlot(
          seed,
          japaneseConvoys(1, 'guadalcanal'),
          alliedConvoys(4, 'guadalcanal'),
          (m) => m.game.phase === 'ground-combat' && choices(m, J).some((a) => a.type === 'ground-pass' && a.base === 'guadalcanal'),
        );
        const allied = groundAt(p.m, A, 'guadalcanal').map((u) => u.id);
        const japanese = groundAt(p.m, J, 'guadalcanal').map((u) => u.id);
        expect([allied.length, japanese.length, p.m.game.holder.guadalcanal]).toEqual([4, 2, J]);
        // The Japanese player decides first: he does not attack. The Allied player risks 3 of his 4.
        p = run(p, J, { type: 'ground-pass', base: 'guadalcanal' });
        p = run(p, A, { type: 'ground-attack', base: 'guadalcanal', units: 3 });
        const [combat] = rollsFor(p.log, 'ground combat');
        const die = combat!.roll.die as number;
        faces.add(die);
        expect(combat!.entry.text).toContain('risks 3 units against 2 (column 3:2)');
        const want = EXAMPLE[die]!;
        const alliedLeft = allied.filter((id) => p.m.game.units.of(id).place.at === 'base');
        const japaneseLeft = japanese.filter((id) => p.m.game.units.of(id).place.at === 'base');
        expect({ die, alliedLost: 4 - alliedLeft.length, japaneseLost: 2 - japaneseLeft.length, holder: p.m.game.holder.guadalcanal }).toEqual({ die, ...want });
        // Only the three risked units can be lost: the uninvolved fourth always survives (on a 3, it alone takes the airfield).
        const lostInAttack = p.log.filter((e) => e.to !== 'public' && e.to.includes(A) && e.text.startsWith('Lost in the attack'));
        expect(lostInAttack).toHaveLength(1);
        expect((lostInAttack[0]!.data!.units as string[]).sort()).toEqual(allied.filter((id) => !alliedLeft.includes(id)).sort());
      },
      () => faces.size === 6,
    );
  });
});

describe('VI.G NOTE: Japanese units which have taken Port Moresby can only trace a supply line through the Coral Sea', () => {
  // "While units may advance over the Kokoda Trail from one base to attack another, the trail is not a supply line.
  // Japanese units which have taken Port Moresby, for example, can only trace a supply line through the Coral Sea."
  // Each seed: AugI is played with no ground combat (the Australian garrison of Port Moresby, unsupplied, loses half);
  // on AugII the Japanese player sends YUBARI into the Coral Sea's Night Only box, or nothing; then the two battalions at
  // Buna advance over the trail and attack. Where they take Port Moresby, the supply phase that follows decides.
  const taken: Record<'held' | 'open', number> = { held: 0, open: 0 };

  function augII(seed: string, coralSea: boolean): void {
    let p = playOn({ m: newMatch(seed), log: [] }, (m) => m.game.turn === 1 && m.game.phase === 'japanese-deployment', noGroundCombat);
    expect(groundAt(p.m, A, 'port-moresby').length).toBeGreaterThan(0);
    expect(groundAt(p.m, J, 'buna')).toHaveLength(2);
    p = { m: p.m, log: [] };
    if (coralSea) p = run(p, J, { type: 'deploy', ship: 'ijn-yubari', area: 'CS', box: 'night', group: 'new' });
    p = run(p, J, done);
    p = playOn(p, (m) => m.game.phase === 'ground-combat');
    p = run(p, J, { type: 'ground-advance', from: 'buna', to: 'port-moresby', units: 2 });
    // The Australians may advance on the emptied, Japanese-held Buna (VI.G note "to attack another"): they do not.
    p = run(p, A, { type: 'ground-pass', base: 'port-moresby' });
    const defenders = groundAt(p.m, A, 'port-moresby').length;
    p = run(p, J, { type: 'ground-attack', base: 'port-moresby', units: 2 });
    const [combat] = rollsFor(p.log, 'ground combat');
    const survivors = 2 - (combat!.roll.attackersLost as number);
    const tookIt = combat!.roll.defendersLost === defenders && survivors > 0;
    p = playOn(p, (m) => m.game.phase === 'return', noGroundCombat);
    if (!tookIt) return;
    taken[coralSea ? 'held' : 'open']++;
    expect(p.m.game.holder['port-moresby']).toBe(J);
    // Buna, a Japanese home base, is always in supply (VI.G); the trail carries none of it to Port Moresby. Half the
    // unsupplied group, rounded up, is eliminated.
    const left = groundAt(p.m, J, 'port-moresby').length;
    expect({ seed, coralSea, left }).toEqual({ seed, coralSea, left: coralSea ? survivors : survivors - Math.ceil(survivors / 2) });
    const supplyLoss = p.log.filter((e) => e.to === 'public' && /^Supply \(VI\.G\): .* Japanese .* Port Moresby/.test(e.text));
    expect(supplyLoss).toHaveLength(coralSea ? 0 : 1);
  }

  test('VI.G note: Japanese units that took Port Moresby over the Kokoda Trail are in supply with the Coral Sea held at night, and out of supply without it', () => {
    overSeeds(
      (seed) => {
        augII(seed, true);
        augII(seed, false);
      },
      () => taken.held > 0 && taken.open > 0,
    );
  });
});

describe('VI.I: the Rabaul volcano blows up at the end of the fourth turn of 6s', () => {
  // "At the end of every turn - and only at that time - the American player casts the die. If he rolls a 6 in 4
  // consecutive turns, the Rabaul Volcano BLOWS UP […]. All Japanese ship and aircraft units and half of the ground units
  // (rounding fractions up) at Rabaul are sunk/destroyed, and Rabaul may no longer be used as a base."
  // Each seed: three turns are played; the record is then set to three 6s in a row (the real flow gets there once in 216
  // games), and the fourth turn, SepII, is played to its end: the volcano roll is the seed's.
  /** RULINGS.md (IV): the points for destroyed replaceable units — ground 2, air 2 (B-17 and Japanese carrier air 3). */
  const AIR_POINTS: Record<string, number> = { 'B-17': 3, IJN: 3, Betty: 2, MAR: 2, JAAF: 2, NAV: 2 };
  const GROUND_POINTS = 2;
  const airType = new Map(AIR_UNITS.map((a) => [a.id, a.type as string]));
  const outcomes = { erupted: 0, quiet: 0 };

  function fourthTurn(seed: string): void {
    let p = playOn({ m: newMatch(seed), log: [] }, (m) => m.game.turn === 3 && m.game.phase === 'japanese-deployment', noGroundCombat);
    expect(p.m.game.volcano.rolls).toHaveLength(3);
    p.m.game.volcano = { streak: 3, erupted: false, rolls: [6, 6, 6] };
    p = { m: p.m, log: [] };
    // Up to the last decision of the turn: the step after it ends the turn, rolling the volcano die.
    let before = p.m;
    p = playOn(
      p,
      (m, log) => {
        if (rollsFor(log, 'volcano').length > 0) return true;
        before = m;
        return false;
      },
      noGroundCombat,
    );
    const [volcano] = rollsFor(p.log, 'volcano');
    const die = volcano!.roll.die as number;
    const erupted = die === 6;
    expect({ die, erupted: p.m.game.volcano.erupted }).toEqual({ die, erupted });
    outcomes[erupted ? 'erupted' : 'quiet']++;

    const units = (m: M) => m.game.units.values().filter((u) => u.side === J);
    const atRabaul = (m: M, id: string): boolean => {
      const place = m.game.units.of(id).place;
      if (place.at === 'aboard') return atRabaul(m, place.ship);
      return place.at === 'base' && place.base === 'rabaul';
    };
    const there = units(before).filter((u) => atRabaul(before, u.id));
    const ships = there.filter((u) => u.kind === 'ship').map((u) => u.id);
    const air = there.filter((u) => u.kind === 'air').map((u) => u.id);
    const ground = there.filter((u) => u.kind === 'ground').map((u) => u.id);
    expect([ships.length, air.length, ground.length].every((n) => n > 0)).toBe(true);
    // After the roll the next turn begins, and destroyed air and ground units come back at Truk as its reinforcements
    // (VI.A): a unit the volcano destroyed is no longer at Rabaul, a ship is sunk.
    const gone = (ids: string[]) => ids.filter((id) => !atRabaul(p.m, id));
    const place = (id: string) => p.m.game.units.of(id).place;
    // Nothing else of the Japanese is lost at the end of the turn.
    const elsewhere = units(before).filter((u) => !atRabaul(before, u.id) && !['sunk', 'destroyed'].includes(u.place.at));
    expect(elsewhere.filter((u) => ['sunk', 'destroyed'].includes(place(u.id).at))).toEqual([]);
    const volcanoVp = p.m.game.vpLog.filter((e) => e.why.includes('Rabaul volcano'));
    if (erupted) {
      expect(ships.map(place)).toEqual(ships.map(() => ({ at: 'sunk' })));
      expect(gone(air)).toEqual(air);
      expect(gone(ground)).toHaveLength(Math.ceil(ground.length / 2));
      for (const id of [...air, ...gone(ground)]) expect(place(id)).toEqual({ at: 'base', base: 'truk' });
      // The losses of replaceable units score for the Allies (IV): one record a unit, ships none.
      expect(volcanoVp.every((e) => e.side === A)).toBe(true);
      const byKind = (kind: string) => volcanoVp.filter((e) => e.why.includes(`Japanese ${kind} unit lost`)).map((e) => e.points);
      expect(byKind('air').sort()).toEqual(air.map((id) => AIR_POINTS[airType.get(id)!]!).sort());
      expect(byKind('ground')).toEqual(gone(ground).map(() => GROUND_POINTS));
      expect(volcanoVp).toHaveLength(air.length + gone(ground).length);
    } else {
      expect([ships.filter((id) => place(id).at === 'sunk'), gone(air), gone(ground), volcanoVp]).toEqual([[], [], [], []]);
      expect(p.m.game.volcano.streak).toBe(0);
    }
    // "Rabaul may no longer be used as a base": on OctI the ships at Truk may move to Rabaul only while it stands.
    p = playOn(p, (m) => m.game.phase === 'japanese-deployment');
    expect(choices(p.m, J).some((a) => a.type === 'rebase' && a.base === 'rabaul')).toBe(!erupted);
    expect(
      choices(p.m, J).some((a) => a.type === 'deploy' && p.m.game.units.of(a.ship).place.at === 'base' && (p.m.game.units.of(a.ship).place as { base: string }).base === 'truk'),
    ).toBe(true);
  }

  test('VI.I: after three 6s, the end-of-turn roll blows up Rabaul exactly when it is a 6 — its ships and air units lost, half its ground units rounded up, the base gone — and the losses score', () => {
    overSeeds(fourthTurn, () => outcomes.erupted > 0 && outcomes.quiet > 0);
  });
});
