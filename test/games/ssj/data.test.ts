import {
  ADJACENT,
  AIR_UNITS,
  ANTI_SHIP_TABLE,
  BASES,
  CALENDAR,
  CARRIER_AIR,
  CONTESTED_LANDS,
  GENERAL_CLASS,
  GROUND_UNITS,
  HOME_BASES,
  NIGHT_COLUMN,
  PT_UNITS,
  SEA_AREAS,
  SHIPS,
  SHIP_ROUTES,
  TURNS,
  accumulateDamage,
  airUnitShotDown,
  alliedDestroyerOrder,
  alliedGroundDue,
  alliedPoolShipsAvailable,
  antiShipResult,
  antiShipShift,
  arrivalsOn,
  calendarTurn,
  carrierCapacityAfter,
  damageRoll,
  detectionNeeded,
  earlyActivation,
  groundColumn,
  groundCombat,
  magicSucceeds,
  magicVictoryPoints,
  nightSurprise,
  submarineSunk,
  torpedoTurns,
  victoryLevel,
  type BaseId,
  type Holding,
  type ShipClass,
} from '../../../src/games/ssj/data';

const DICE = [1, 2, 3, 4, 5, 6];
const TARGET_CLASSES = (Object.keys(GENERAL_CLASS) as ShipClass[]).filter((c) => c !== 'SS');
const ALL_UNITS = [...SHIPS, ...AIR_UNITS, ...GROUND_UNITS, ...PT_UNITS];
const byId = new Map(SHIPS.map((s) => [s.id, s]));

describe('data integrity', () => {
  test('every unit id is unique, lower-case, and has a source', () => {
    const ids = ALL_UNITS.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const u of ALL_UNITS) {
      expect(u.id).toMatch(/^[a-z0-9-]+$/);
      expect(u.source.length).toBeGreaterThan(10);
    }
  });

  test('ship ids carry their nation prefix', () => {
    for (const s of SHIPS) expect(s.id.startsWith(`${s.nation.toLowerCase()}-`)).toBe(true);
    for (const s of SHIPS) expect(s.nation === 'IJN').toBe(s.side === 'japanese');
  });

  test('no warship name is on two counters', () => {
    const names = SHIPS.flatMap((s) => s.members ?? [s.name]);
    expect(new Set(names).size).toBe(names.length);
  });

  test('ship counts are realistic (60–110 a side)', () => {
    for (const side of ['allied', 'japanese'] as const) {
      const n = SHIPS.filter((s) => s.side === side).length;
      expect(n).toBeGreaterThanOrEqual(60);
      expect(n).toBeLessThanOrEqual(110);
    }
  });

  test('every carrier has an air capacity, and only carriers do', () => {
    for (const s of SHIPS) {
      if (GENERAL_CLASS[s.cls] === 'carrier') expect(s.airCapacity).toBeGreaterThanOrEqual(1);
      else expect(s.airCapacity).toBeUndefined();
    }
    expect(byId.get('usn-saratoga')?.airCapacity).toBe(3);
    expect(byId.get('ijn-shokaku')?.airCapacity).toBe(3);
    expect(byId.get('ijn-ryujo')?.airCapacity).toBe(1);
  });

  test('VI.F.2.b.1: the RAN/RNZN ships are exactly AUSTRALIA and CANBERRA (CA), HOBART and LEANDER (CL), ARUNTA (DD)', () => {
    const commonwealth = SHIPS.filter((s) => s.nation === 'RAN' || s.nation === 'RNZN')
      .map((s) => `${s.name}/${s.cls}/${s.nation}`)
      .sort();
    expect(commonwealth).toEqual(['ARUNTA/DD/RAN', 'AUSTRALIA/CA/RAN', 'CANBERRA/CA/RAN', 'HOBART/CL/RAN', 'LEANDER/CL/RNZN']);
  });

  test('every arrival base exists, and carriers named by air units are real carriers of the same side', () => {
    for (const u of ALL_UNITS) {
      if (u.arrival.kind !== 'pool') expect(BASES[u.arrival.at]).toBeDefined();
      if (u.arrival.kind === 'start' && u.arrival.carrier) {
        const c = byId.get(u.arrival.carrier);
        expect(c && GENERAL_CLASS[c.cls]).toBe('carrier');
        expect(c?.side).toBe(u.side);
        expect(c?.arrival).toEqual({ kind: 'start', at: u.arrival.at });
      }
    }
  });

  test('III.B: old battleships, transports and escort carriers are Slow, and nothing else is', () => {
    for (const s of SHIPS) expect(!!s.slow).toBe(s.cls === 'B' || s.cls === 'TR' || s.cls === 'CVE');
    expect(SHIPS.some((s) => s.cls === 'B')).toBe(true);
    expect(byId.get('ijn-yamato')?.slow).toBeUndefined();
  });

  test('destroyer counters stand for 1–4 destroyers, transport divisions for 2–4 ships', () => {
    for (const s of SHIPS.filter((s) => s.cls === 'DD')) {
      expect(s.members?.length).toBeGreaterThanOrEqual(1);
      expect(s.members?.length).toBeLessThanOrEqual(4);
    }
    for (const s of SHIPS.filter((s) => s.cls === 'TR')) expect(s.members?.length).toBeGreaterThanOrEqual(2);
  });

  test('torpedo marks: Japanese heavy cruisers T*, US destroyers T, US heavy cruisers none', () => {
    for (const s of SHIPS.filter((s) => s.nation === 'IJN' && s.cls === 'CA')) expect(s.torpedo).toBe('T*');
    for (const s of SHIPS.filter((s) => s.nation === 'USN' && (s.cls === 'DD' || s.cls === 'DL'))) expect(s.torpedo).toBe('T');
    for (const s of SHIPS.filter((s) => s.nation === 'USN' && s.cls === 'CA')) expect(s.torpedo).toBeUndefined();
    const ijnDd = SHIPS.filter((s) => s.nation === 'IJN' && s.cls === 'DD');
    expect(ijnDd.filter((s) => s.torpedo === 'T*').length).toBeGreaterThan(ijnDd.length / 2);
    for (const s of SHIPS.filter((s) => s.side === 'allied')) expect(s.torpedo).not.toBe('T*');
  });

  test('VI.A: Japanese ships start at Truk or Rabaul and all Japanese calendar arrivals enter at Truk', () => {
    for (const u of ALL_UNITS.filter((u) => u.side === 'japanese')) {
      expect(u.arrival.kind).not.toBe('pool');
      if (u.arrival.kind === 'calendar') expect(u.arrival.at).toBe('truk');
    }
    for (const s of SHIPS.filter((s) => s.side === 'japanese' && s.arrival.kind === 'start')) {
      expect(['truk', 'rabaul']).toContain(s.arrival.kind === 'start' && s.arrival.at);
    }
  });

  test('VI.A: Allied ships start at Espiritu Santo or Australia or come from the pool', () => {
    for (const s of SHIPS.filter((s) => s.side === 'allied')) {
      expect(['start', 'pool']).toContain(s.arrival.kind);
      if (s.arrival.kind === 'start') expect(['espiritu-santo', 'australia']).toContain(s.arrival.at);
    }
  });

  test('VI.A: the pool destroyer divisions are numbered 1, 2, 3 … in order', () => {
    const order = alliedDestroyerOrder();
    expect(order.length).toBeGreaterThanOrEqual(8);
    order.forEach((s, i) => {
      expect(s.arrival).toEqual({ kind: 'pool', order: i + 1 });
      expect(s.cls).toBe('DD');
      expect(s.name).toBe(`DesDiv ${i + 1}`);
    });
  });

  test('VI.A: a cruiser and another ship can be chosen every turn from AugII', () => {
    for (const t of TURNS.slice(1)) {
      const av = alliedPoolShipsAvailable(t);
      expect(av.some((s) => GENERAL_CLASS[s.cls] === 'cruiser')).toBe(true);
      expect(av.some((s) => !['cruiser', 'destroyer'].includes(GENERAL_CLASS[s.cls]))).toBe(true);
    }
    expect(alliedPoolShipsAvailable('AugII').map((s) => s.id)).toContain('usn-hornet');
    expect(alliedPoolShipsAvailable('AugII').map((s) => s.id)).not.toContain('usn-washington');
  });

  test('VI.A: American carriers enter with their full complement; Japanese carriers enter empty', () => {
    for (const c of SHIPS.filter((s) => s.nation === 'USN' && GENERAL_CLASS[s.cls] === 'carrier')) {
      expect(CARRIER_AIR[c.id]?.length).toBe(c.airCapacity);
      for (const a of CARRIER_AIR[c.id] ?? []) expect(AIR_UNITS.find((u) => u.id === a)?.type).toBe('NAV');
    }
    for (const a of AIR_UNITS.filter((u) => u.side === 'japanese')) {
      expect(a.arrival.kind === 'start' && a.arrival.carrier).toBeFalsy();
    }
  });

  test('VI.F.1.b: only NAV and IJN air units are aboard carriers', () => {
    for (const a of AIR_UNITS) if (a.arrival.kind === 'start' && a.arrival.carrier) expect(['NAV', 'IJN']).toContain(a.type);
  });

  test('VI.A: the arrivals, pool ships and ground units due, made once a turn, are those of the counter sheet for that turn, frozen', () => {
    const onTurn = (a: { kind: string; turn?: string }, t: string) => a.kind === 'calendar' && a.turn === t;
    for (const t of TURNS) {
      const due = arrivalsOn(t);
      // The same arrays each time (made once), and frozen, so no caller changes what the next is given.
      expect(arrivalsOn(t)).toBe(due);
      expect([due, due.ships, due.air, due.ground, due.pt, alliedPoolShipsAvailable(t), alliedGroundDue(t)].every(Object.isFrozen)).toBe(true);
      expect(due.ships).toEqual(SHIPS.filter((u) => onTurn(u.arrival, t)));
      expect(due.air).toEqual(AIR_UNITS.filter((u) => onTurn(u.arrival, t)));
      expect(due.ground).toEqual(GROUND_UNITS.filter((u) => onTurn(u.arrival, t)));
      expect(due.pt).toEqual(PT_UNITS.filter((u) => onTurn(u.arrival, t)));
    }
    expect(Object.isFrozen(alliedDestroyerOrder())).toBe(true);
  });

  test('VI.A: 4 Allied ground units a turn from AugII, in order', () => {
    expect(alliedGroundDue('AugI')).toEqual([]);
    for (const t of TURNS.slice(1)) expect(alliedGroundDue(t)).toHaveLength(4);
    expect(alliedGroundDue('AugII').map((g) => g.arrival.kind === 'pool' && g.arrival.order)).toEqual([1, 2, 3, 4]);
    expect(calendarTurn('AugI').alliedGround).toBe(0);
    expect(calendarTurn('SepI').alliedGround).toBe(4);
  });

  test('a few dozen ground units a side; PT boats are Allied and arrive from October', () => {
    for (const side of ['allied', 'japanese'] as const) {
      const n = GROUND_UNITS.filter((g) => g.side === side).length;
      expect(n).toBeGreaterThanOrEqual(24);
      expect(n).toBeLessThanOrEqual(60);
    }
    expect(PT_UNITS.length).toBeGreaterThan(0);
    for (const p of PT_UNITS) {
      expect(p.side).toBe('allied');
      expect(p.arrival.kind === 'calendar' && TURNS.indexOf(p.arrival.turn)).toBeGreaterThanOrEqual(TURNS.indexOf('OctI'));
    }
  });

  test('arrivalsOn collects the calendar arrivals of a turn', () => {
    const aug2 = arrivalsOn('AugII');
    expect(aug2.ships.map((s) => s.id)).toEqual(expect.arrayContaining(['ijn-yamato', 'ijn-shokaku', 'ijn-zuikaku']));
    expect(aug2.air.map((a) => a.id)).toEqual(expect.arrayContaining(['usn-vmf-223', 'ijn-shokaku-fighters']));
    expect(arrivalsOn('AugI').ships).toEqual([]);
    expect(calendarTurn('AugII').alliedAir).toContain('usn-vmf-223');
  });
});

describe('bases and sea areas', () => {
  test('VI.F.1.a: only Australia, Espiritu Santo, Rabaul and Truk have naval bases', () => {
    const naval = (Object.keys(BASES) as BaseId[]).filter((b) => BASES[b].naval).sort();
    expect(naval).toEqual(['australia', 'espiritu-santo', 'rabaul', 'truk']);
  });

  test('VI.H: home bases are Espiritu Santo and Australia (Allied), Truk, Buna and Rabaul (Japanese)', () => {
    const home = (Object.keys(BASES) as BaseId[]).filter((b) => BASES[b].home).sort();
    expect(home).toEqual(['australia', 'buna', 'espiritu-santo', 'rabaul', 'truk']);
    expect([...HOME_BASES.allied].sort()).toEqual(['australia', 'espiritu-santo']);
    expect([...HOME_BASES.japanese].sort()).toEqual(['buna', 'rabaul', 'truk']);
  });

  test('VI.F.2.g.2.a: the contested island bases lie on Guadalcanal, Bougainville, New Guinea North and South', () => {
    expect([...CONTESTED_LANDS].sort()).toEqual(['Bougainville', 'Guadalcanal', 'New Guinea North', 'New Guinea South']);
    for (const b of ['guadalcanal', 'bougainville', 'buna', 'port-moresby'] as BaseId[]) expect(CONTESTED_LANDS).toContain(BASES[b].land);
    expect(BASES['port-moresby'].seaArea).toBe('CS');
    expect(BASES.buna.seaArea).toBe('CS');
    expect(BASES.guadalcanal.seaArea).toBe('SL');
  });

  test('sea-area adjacency is symmetric', () => {
    for (const a of SEA_AREAS) for (const b of ADJACENT[a]) expect(ADJACENT[b]).toContain(a);
  });

  test('VI.B: Japanese ships enter the Coral Sea only from Rabaul', () => {
    for (const [base, areas] of Object.entries(SHIP_ROUTES.japanese.sortie)) {
      if (base !== 'rabaul') expect(areas).not.toContain('CS');
    }
    expect(SHIP_ROUTES.japanese.sortie.rabaul).toContain('CS');
  });

  test('VI.H: Japanese return from SP to Rabaul or Returning-to-Truk, from SL and CS only to Rabaul', () => {
    expect([...SHIP_ROUTES.japanese.returnTo.SP].sort()).toEqual(['rabaul', 'returning-to-truk']);
    expect(SHIP_ROUTES.japanese.returnTo.SL).toEqual(['rabaul']);
    expect(SHIP_ROUTES.japanese.returnTo.CS).toEqual(['rabaul']);
  });

  test('VI.H: Allied ships return to Espiritu Santo or Australia, but not from SP to Australia', () => {
    expect(SHIP_ROUTES.allied.returnTo.SP).toEqual(['espiritu-santo']);
    expect([...SHIP_ROUTES.allied.returnTo.SL].sort()).toEqual(['australia', 'espiritu-santo']);
    expect([...SHIP_ROUTES.allied.returnTo.CS].sort()).toEqual(['australia', 'espiritu-santo']);
  });

  test('ships sortie only from naval bases held by their side', () => {
    for (const side of ['allied', 'japanese'] as const) {
      for (const base of Object.keys(SHIP_ROUTES[side].sortie) as BaseId[]) {
        expect(BASES[base].naval).toBe(true);
        expect(BASES[base].heldBy).toBe(side);
      }
    }
  });
});

describe('VII.A: the Anti-Ship table', () => {
  test('VII.A: a die roll of 1 always misses on the Anti-Ship table, whatever the shift', () => {
    for (const cls of TARGET_CLASSES) for (let shift = 0; shift <= 6; shift++) expect(antiShipResult(cls, 1, shift)).toBe('miss');
    // …though the row it would reach does hit something.
    expect(antiShipResult('TR', 3)).toBe('D');
    expect(antiShipResult('TR', 1, 2)).toBe('miss');
  });

  test('VI.F.2.b: T* torpedoes read one row higher', () => {
    const tStar = antiShipShift({ longLance: true });
    // Each roll reads the next row of the target's column (a roll of 1 still misses, VII.A).
    for (const cls of TARGET_CLASSES) {
      for (const die of [2, 3, 4, 5, 6]) {
        const col = ANTI_SHIP_TABLE[cls === 'CLAA' ? 'CL' : cls === 'DL' ? 'DD' : (cls as Exclude<ShipClass, 'SS' | 'CLAA' | 'DL'>)];
        expect(antiShipResult(cls, die, tStar)).toBe(col[die]);
      }
    }
  });

  test('VI.F.1.c: Heavily Damaged ships are attacked with a bonus of 1 to the die roll', () => {
    const hd = antiShipShift({ targetHeavilyDamaged: true });
    for (const cls of TARGET_CLASSES) for (const die of [2, 3, 4, 5]) expect(antiShipResult(cls, die, hd)).toBe(antiShipResult(cls, die + 1));
  });

  test('VI.F.1.a: ships anchored in a harbour are attacked with a bonus shift up', () => {
    const anchored = antiShipShift({ anchored: true });
    expect(anchored).toBeGreaterThan(0);
    for (const cls of TARGET_CLASSES)
      for (const die of [2, 3, 4, 5].filter((d) => d + anchored <= 6)) expect(antiShipResult(cls, die, anchored)).toBe(antiShipResult(cls, die + anchored));
    // The shifts add up.
    expect(antiShipShift({ longLance: true, targetHeavilyDamaged: true, anchored: true })).toBe(
      antiShipShift({ longLance: true }) + antiShipShift({ targetHeavilyDamaged: true }) + anchored,
    );
  });

  // The VII.A example itself (a D and then two HD results in one round) is fought through a battle in night-combat.test.ts.
  test('VII.A: damage is cumulative — two Ds are Heavy Damage ("2D or HD"), which stays HD until the ship sinks', () => {
    expect(accumulateDamage('D', 'D')).toBe('HD');
    expect(accumulateDamage('HD', 'D')).toBe('HD');
    expect(accumulateDamage('HD', 'HD')).toBe('HD');
    expect(accumulateDamage('HD', 'sunk')).toBe('sunk');
    expect(accumulateDamage('D', 'miss')).toBe('D');
  });

  test('VII.A: a D ship is out for the die + 1 turns', () => {
    for (const d of DICE) expect(damageRoll('D', d, true)).toEqual({ sunk: false, turnsOut: d + 1 });
  });

  test('VII.A: an HD ship is out for double the die, sinks on a 6, and on a 5 under enemy land air', () => {
    expect(damageRoll('HD', 3, false)).toEqual({ sunk: false, turnsOut: 6 });
    expect(damageRoll('HD', 6, false).sunk).toBe(true);
    expect(damageRoll('HD', 5, false)).toEqual({ sunk: false, turnsOut: 10 });
    expect(damageRoll('HD', 5, true).sunk).toBe(true);
    expect(damageRoll('HD', 4, true).sunk).toBe(false);
  });

  test('VII.A: a carrier suffering a D has its air unit capacity reduced by 1; an HD destroys all of it', () => {
    expect(carrierCapacityAfter(3, 'D')).toBe(2);
    expect(carrierCapacityAfter(3, 'HD')).toBe(0);
    expect(carrierCapacityAfter(3, 'miss')).toBe(3);
  });

  test('VI.F.2.b.1: a torpedo turns on a second 1 for IJN, RAN and RNZN ships, on 1 or 2 for US ships', () => {
    for (const n of ['IJN', 'RAN', 'RNZN'] as const) expect(DICE.filter((d) => torpedoTurns(n, d))).toEqual([1]);
    expect(DICE.filter((d) => torpedoTurns('USN', d))).toEqual([1, 2]);
  });

  test('VI.D: a sub is sunk on a 1 if a destroyer is present; a Japanese sub also on a 2 with 2 DDs or a DD and a carrier', () => {
    expect(submarineSunk('allied', 1, 1, 0)).toBe(true);
    expect(submarineSunk('allied', 1, 0, 2)).toBe(false);
    expect(submarineSunk('allied', 2, 2, 1)).toBe(false);
    expect(submarineSunk('japanese', 2, 2, 0)).toBe(true);
    expect(submarineSunk('japanese', 2, 1, 1)).toBe(true);
    expect(submarineSunk('japanese', 2, 1, 0)).toBe(false);
    expect(submarineSunk('japanese', 3, 4, 2)).toBe(false);
  });
});

describe('VII.B: anti-aircraft', () => {
  test('VII.B.1: a 1 always shoots down the attacker, except an unopposed high-altitude B-17', () => {
    expect(airUnitShotDown(1, { b17: false })).toBe(true);
    expect(airUnitShotDown(1, { b17: true })).toBe(true);
    expect(airUnitShotDown(1, { b17: true, unopposedHighAltitude: true })).toBe(false);
  });
  test('VII.B.2: a 2 also shoots it down over a base with an active airfield in the afternoon, unless a B-17', () => {
    expect(airUnitShotDown(2, { b17: false, afternoonVsActiveAirfield: true })).toBe(true);
    expect(airUnitShotDown(2, { b17: true, afternoonVsActiveAirfield: true })).toBe(false);
    expect(airUnitShotDown(2, { b17: false })).toBe(false);
    expect(airUnitShotDown(3, { b17: false, afternoonVsActiveAirfield: true })).toBe(false);
  });
});

describe('VI.F.2.g: the Ground Combat/Exchange table', () => {
  // The text's own cases (5:3 is read on 3:2, 5:2 on 2:1) and the Henderson Field example are played through a real
  // ground combat in worked-examples.test.ts.
  test("VI.F.2.g: other ratios are rounded down to the defender's advantage too; RULING: beyond the table's ends, its end columns", () => {
    expect(groundColumn(2, 3)).toBe('1:2');
    expect(groundColumn(1, 1)).toBe('1:1');
    expect(groundColumn(7, 2)).toBe('3:1');
    expect(groundColumn(1, 5)).toBe('1:3');
    expect(groundColumn(9, 1)).toBe('6:1');
  });

  test('VI.F.2.g: at least one attacking unit is always lost, and no more than were risked', () => {
    for (let a = 1; a <= 12; a++) {
      for (let d = 1; d <= 6; d++) {
        for (const die of DICE) {
          const r = groundCombat(a, d, die);
          expect(r.attackersLost).toBeGreaterThanOrEqual(1);
          expect(r.attackersLost).toBeLessThanOrEqual(a);
          expect(r.defendersLost).toBeLessThanOrEqual(d);
        }
      }
    }
  });

  test('VI.F.2.g: an attacker who cannot cover even one defender loses all risked units for nothing', () => {
    // 1 against 3 on 1:3 with a 1: the exchange is 4 attackers per defender.
    expect(groundCombat(1, 3, 1)).toMatchObject({ column: '1:3', attackersLost: 1, defendersLost: 0 });
    expect(groundCombat(2, 1, 1)).toMatchObject({ column: '2:1', attackersLost: 2, defendersLost: 0 });
  });
});

describe('VI.E: strategic detection', () => {
  // The VI.E example, the recon bonuses and Magic are played through the real flow in worked-examples.test.ts.
  test('every holding combination of every sea area has a row, with needs 2–6', () => {
    const hs: Holding[] = ['allied', 'both', 'japanese'];
    for (const area of SEA_AREAS) {
      for (const g of hs)
        for (const b of hs)
          for (const pm of hs)
            for (const bu of hs) {
              const holdings = { guadalcanal: g, bougainville: b, 'port-moresby': pm, buna: bu };
              for (const side of ['allied', 'japanese'] as const) {
                const n = detectionNeeded(side, area, holdings);
                expect(n).toBeGreaterThanOrEqual(2);
                expect(n).toBeLessThanOrEqual(6);
              }
            }
    }
  });
});

describe('VI.F.2.a: night surprise', () => {
  test('VI.F.2.a: a task force with a damaged ship can have no surprise', () => {
    expect(nightSurprise('A', 6)).toBe('japanese');
    expect(nightSurprise('A', 6, { japaneseDamaged: true })).toBe('none');
    expect(nightSurprise('C', 1)).toBe('allied');
    expect(nightSurprise('C', 1, { alliedDamaged: true })).toBe('none');
  });

  test('VI.F.2.a: daylight strategic detection helps night detection', () => {
    expect(nightSurprise('B', 4)).toBe('none');
    expect(nightSurprise('B', 4, { japaneseDaylightDetection: true })).toBe('japanese');
    expect(nightSurprise('B', 3, { alliedDaylightDetection: true })).toBe('allied');
  });

  test('VI.F.2.a: the calendar columns move from Japanese night optics to Allied radar', () => {
    // "reflecting early Japanese superiority in night optics and growing Allied radar capability": the columns never go
    // back, and each later one gives the Japanese fewer surprise rolls and the Allies more.
    const cols = TURNS.map((t) => NIGHT_COLUMN[t]);
    expect([...cols].sort()).toEqual(cols);
    const chances = (side: string) => (['A', 'B', 'C'] as const).map((c) => DICE.filter((d) => nightSurprise(c, d) === side).length);
    const [ja, jb, jc] = chances('japanese');
    const [aa, ab, ac] = chances('allied');
    expect(ja! > jb! && jb! > jc!).toBe(true);
    expect(aa! < ab! && ab! < ac!).toBe(true);
  });
});

describe('Magic, the volcano, the first turn and victory', () => {
  test('VI.C: Magic succeeds on the 3 numbers the Allied player names (50%)', () => {
    expect(DICE.filter((d) => magicSucceeds([2, 4, 6], d))).toEqual([2, 4, 6]);
    expect(() => magicSucceeds([2, 4], 2)).toThrow();
    expect(() => magicSucceeds([2, 2, 4], 2)).toThrow();
  });

  test('VI.C: each turn of Magic beyond 4 gives Japan 5 VP; each turn short of 4 gives the Allies 5 VP', () => {
    expect(magicVictoryPoints(4)).toEqual({ allied: 0, japanese: 0 });
    expect(magicVictoryPoints(6)).toEqual({ allied: 0, japanese: 10 });
    expect(magicVictoryPoints(1)).toEqual({ allied: 15, japanese: 0 });
  });

  test('VI.C / VI.A: Magic and Allied reinforcements begin with AugII', () => {
    expect(CALENDAR.filter((c) => c.magicRoll).map((c) => c.turn)).toEqual(TURNS.slice(1));
    expect(CALENDAR.filter((c) => c.alliedShipReinforcements).map((c) => c.turn)).toEqual(TURNS.slice(1));
    expect(calendarTurn('AugI').firstTurnRestriction).toBe(true);
  });

  test('V: early activation of Truk is a 50% roll', () => {
    expect(DICE.filter(earlyActivation)).toHaveLength(3);
  });

  test('IV: under 110% is a draw, 2:1 or better a strategic victory, anything between marginal', () => {
    expect(victoryLevel(109, 100)).toEqual({ winner: null, level: 'draw' });
    expect(victoryLevel(110, 100)).toEqual({ winner: 'allied', level: 'marginal' });
    expect(victoryLevel(100, 199)).toEqual({ winner: 'japanese', level: 'marginal' });
    expect(victoryLevel(100, 200)).toEqual({ winner: 'japanese', level: 'strategic' });
    expect(victoryLevel(0, 0)).toEqual({ winner: null, level: 'draw' });
  });
});
