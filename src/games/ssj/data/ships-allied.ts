/**
 * The Allied (USN, RAN, RNZN) ship units, Aug–Dec 1942.
 *
 * Arrival: the Guadalcanal invasion and covering forces of AugI `start` at Espiritu Santo
 * (TF 61 carriers, TF 62 amphibious force) or Australia (TF 44, Crutchley's Australian
 * squadron, and the Brisbane S-boats). There is no naval base at Guadalcanal (VI.F.1.a).
 * Reinforcements are `pool` units (VI.A): each turn from AugII one destroyer division in
 * numerical `order`, one cruiser of the player's choice, one other ship of his choice, chosen
 * one turn ahead; `from` is the first turn the ship was historically in the South Pacific.
 *
 * RULING (VI.A): the Allied destroyer-division counters of the reinforcement pool are numbered
 * by their `order` ("DesDiv 1" comes first); the number is the counter's, not the USN's. The
 * start-of-game destroyer counters are named for their historical squadrons.
 * RULING (VI.A): destroyer leaders (DL) are not numbered; they come as "any one other ship unit".
 * RULING (III.B): torpedo marks — US destroyers and leaders T; the Atlanta-class CLAAs T (they
 * carried eight 21-inch tubes); RAN/RNZN cruisers T (they kept their tubes); other US cruisers
 * none (tubes removed or never fitted); submarines none (VI.D reads their attack on the plain
 * die).
 * RULING (III.B): escort carriers, transports and old battleships (B) are Slow.
 */

import type { Arrival, Nation, ShipClass, ShipUnit, TurnId } from './types';

const ES: Arrival = { kind: 'start', at: 'espiritu-santo' };
const AUS: Arrival = { kind: 'start', at: 'australia' };
const pool = (from: TurnId): Arrival => ({ kind: 'pool', from });
const ddPool = (order: number): Arrival => ({ kind: 'pool', order });

interface Extra {
  members?: readonly string[];
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  airCapacity?: number;
}

function ally(nation: Nation, id: string, cls: ShipClass, name: string, arrival: Arrival, source: string, extra: Extra = {}): ShipUnit {
  return { id: `${nation.toLowerCase()}-${id}`, side: 'allied', nation, cls, name, arrival, source, ...extra };
}
const usn = (id: string, cls: ShipClass, name: string, arrival: Arrival, source: string, extra: Extra = {}): ShipUnit => ally('USN', id, cls, name, arrival, source, extra);

const T = { torpedo: 'T' } as const;
const dd = (members: readonly string[]): Extra => ({ members, torpedo: 'T' });
const tr = (members: readonly string[]): Extra => ({ members, slow: true });

export const ALLIED_SHIPS: readonly ShipUnit[] = [
  // ── Carriers (enter with their full air complement: VI.A) ──
  usn('saratoga', 'CV', 'SARATOGA', ES, 'History: TF 11 (Fletcher), covered the landings; torpedoed by I-26 on 31 Aug. Capacity 3.', { airCapacity: 3 }),
  usn('enterprise', 'CV', 'ENTERPRISE', ES, 'History: TF 16; damaged Eastern Solomons 24 Aug and Santa Cruz 26 Oct. Capacity 3.', { airCapacity: 3 }),
  usn('wasp', 'CV', 'WASP', ES, 'History: TF 18; sunk by I-19 on 15 Sept 1942. Capacity 3.', { airCapacity: 3 }),
  usn('hornet', 'CV', 'HORNET', pool('AugII'), 'History: TF 17 joined Fletcher 29 Aug; sunk at Santa Cruz 26–27 Oct. Capacity 3.', { airCapacity: 3 }),
  usn('long-island', 'CVE', 'LONG ISLAND', pool('AugII'), 'History: delivered the first Cactus Air Force squadrons 20 Aug. Capacity 1, Slow.', { airCapacity: 1, slow: true }),
  usn('copahee', 'CVE', 'COPAHEE', pool('SepI'), 'History: ferried Marine aircraft to Guadalcanal, Sept–Oct 1942. Capacity 1, Slow.', { airCapacity: 1, slow: true }),

  // ── Capital ships ──
  usn('north-carolina', 'BB', 'NORTH CAROLINA', ES, 'History: TF 16 screen; Eastern Solomons; torpedoed by I-19 15 Sept.'),
  usn('washington', 'BB', 'WASHINGTON', pool('SepI'), 'History: arrived Tongatapu 14 Sept; sank KIRISHIMA 14–15 Nov.'),
  usn('south-dakota', 'BB', 'SOUTH DAKOTA', pool('SepI'), 'History: arrived Tongatapu 4 Sept; Santa Cruz; damaged 14–15 Nov.'),
  usn('indiana', 'BB', 'INDIANA', pool('NovII'), 'History: joined the South Pacific Force late Nov 1942.'),
  usn('colorado', 'B', 'COLORADO', pool('NovI'), 'History: BatDiv 4 at Fiji/New Hebrides from Nov 1942. Old battleship: Slow.', { slow: true }),
  usn('maryland', 'B', 'MARYLAND', pool('NovI'), 'History: BatDiv 4 at Fiji from Nov 1942. Old battleship: Slow.', { slow: true }),

  // ── Heavy cruisers ──
  ally('RAN', 'australia', 'CA', 'AUSTRALIA', AUS, 'History: TF 44 flagship (Crutchley), screened the landings. RAN (VI.F.2.b.1).', T),
  ally('RAN', 'canberra', 'CA', 'CANBERRA', AUS, 'History: TF 44; sunk at Savo Island 9 Aug 1942. RAN (VI.F.2.b.1).', T),
  usn('chicago', 'CA', 'CHICAGO', AUS, 'History: TF 44; damaged at Savo Island.'),
  usn('vincennes', 'CA', 'VINCENNES', ES, 'History: TF 62 northern group; sunk at Savo Island.'),
  usn('quincy', 'CA', 'QUINCY', ES, 'History: TF 62 northern group; sunk at Savo Island.'),
  usn('astoria', 'CA', 'ASTORIA', ES, 'History: TF 62 northern group; sunk at Savo Island.'),
  usn('minneapolis', 'CA', 'MINNEAPOLIS', ES, 'History: TF 11 (SARATOGA); damaged at Tassafaronga 30 Nov.'),
  usn('new-orleans', 'CA', 'NEW ORLEANS', ES, 'History: TF 11; damaged at Tassafaronga.'),
  usn('portland', 'CA', 'PORTLAND', ES, 'History: TF 16 (ENTERPRISE); damaged 13 Nov.'),
  usn('san-francisco', 'CA', 'SAN FRANCISCO', ES, 'History: TF 18 (WASP); Cape Esperance; damaged 13 Nov.'),
  usn('salt-lake-city', 'CA', 'SALT LAKE CITY', ES, 'History: TF 18; damaged at Cape Esperance 11 Oct.'),
  usn('northampton', 'CA', 'NORTHAMPTON', pool('AugII'), 'History: TF 17 (HORNET); sunk at Tassafaronga 30 Nov.'),
  usn('pensacola', 'CA', 'PENSACOLA', pool('AugII'), 'History: TF 17 (HORNET); Santa Cruz; damaged at Tassafaronga.'),
  usn('chester', 'CA', 'CHESTER', pool('OctI'), 'History: South Pacific Oct 1942; torpedoed by I-176 20 Oct.'),

  // ── Light cruisers ──
  ally('RAN', 'hobart', 'CL', 'HOBART', AUS, 'History: TF 44, screened the landings. RAN (VI.F.2.b.1).', T),
  ally('RNZN', 'leander', 'CL', 'LEANDER', pool('AugII'), 'History: RNZN, South Pacific convoy escort 1942. RNZN (VI.F.2.b.1).', T),
  usn('san-juan', 'CLAA', 'SAN JUAN', ES, 'History: TF 62 eastern group (Tulagi); Santa Cruz.', T),
  usn('atlanta', 'CLAA', 'ATLANTA', ES, 'History: TF 16; sunk 13 Nov 1942.', T),
  usn('san-diego', 'CLAA', 'SAN DIEGO', pool('AugII'), 'History: TF 17 (HORNET) screen.', T),
  usn('juneau', 'CLAA', 'JUNEAU', pool('SepI'), 'History: joined WASP/HORNET Sept; sunk by I-26 13 Nov.', T),
  usn('helena', 'CL', 'HELENA', pool('SepI'), 'History: WASP screen Sept; SG radar at Cape Esperance 11 Oct.'),
  usn('boise', 'CL', 'BOISE', pool('SepII'), 'History: Cape Esperance 11 Oct.'),
  usn('honolulu', 'CL', 'HONOLULU', pool('NovII'), 'History: arrived Nouméa Nov; Tassafaronga.'),
  usn('nashville', 'CL', 'NASHVILLE', pool('DecI'), 'History: South Pacific from Dec 1942.'),

  // ── Destroyer leaders ──
  usn('selfridge', 'DL', 'SELFRIDGE', ES, 'History: DesRon 4 leader, TF 62 screen at Savo Island.', T),
  usn('porter', 'DL', 'PORTER', pool('OctI'), 'History: ENTERPRISE screen; sunk at Santa Cruz 26 Oct.', T),

  // ── Destroyer divisions at start ──
  usn('desron-4', 'DD', 'DesRon 4', ES, 'History: TF 62 screen and radar pickets at Savo (BLUE, RALPH TALBOT).', dd(['BLUE', 'RALPH TALBOT', 'PATTERSON', 'BAGLEY'])),
  usn('tf62-screen', 'DD', 'TF 62 Screen', ES, 'History: TF 62 transport screen (JARVIS sunk 9 Aug).', dd(['JARVIS', 'MUGFORD', 'HELM', 'HENLEY'])),
  usn('desron-1', 'DD', 'DesRon 1', ES, 'History: TF 11 (SARATOGA) screen.', dd(['PHELPS', 'FARRAGUT', 'WORDEN', 'MACDONOUGH'])),
  usn('desron-6', 'DD', 'DesRon 6', ES, 'History: TF 16 (ENTERPRISE) screen.', dd(['BALCH', 'MAURY', 'BENHAM', 'GRAYSON'])),
  usn('desron-12', 'DD', 'DesRon 12', ES, 'History: TF 18 (WASP) screen.', dd(['FARENHOLT', 'AARON WARD', 'BUCHANAN', 'LANG'])),
  ally('RAN', 'arunta', 'DD', 'ARUNTA', AUS, 'History: Tribal-class, Port Moresby convoys; sank RO-33 29 Aug 1942. RAN (VI.F.2.b.1).', dd(['ARUNTA'])),

  // ── Destroyer divisions of the reinforcement pool, in numerical order (VI.A) ──
  usn('desdiv-1', 'DD', 'DesDiv 1', ddPool(1), 'History: TF 17 (HORNET) screen, late Aug.', dd(['MUSTIN', 'ANDERSON', 'HUGHES', 'RUSSELL'])),
  usn('desdiv-2', 'DD', 'DesDiv 2', ddPool(2), "History: HORNET/WASP screens, Sept (O'BRIEN torpedoed 15 Sept).", dd(['MORRIS', "O'BRIEN", 'BARTON'])),
  usn('desdiv-3', 'DD', 'DesDiv 3', ddPool(3), 'History: Cape Esperance, 11 Oct (DUNCAN sunk).', dd(['DUNCAN', 'LAFFEY', 'MCCALLA'])),
  usn('desdiv-4', 'DD', 'DesDiv 4', ddPool(4), 'History: Oct 1942 Guadalcanal runs (MEREDITH sunk 15 Oct).', dd(['MEREDITH', 'GWIN', 'MONSSEN', 'NICHOLAS'])),
  usn('desdiv-5', 'DD', 'DesDiv 5', ddPool(5), 'History: ENTERPRISE screen at Santa Cruz; Naval Battle of Guadalcanal.', dd(['CUSHING', 'PRESTON', 'SMITH', 'MAHAN'])),
  usn('desdiv-6', 'DD', 'DesDiv 6', ddPool(6), 'History: Naval Battle of Guadalcanal, 13–15 Nov.', dd(['STERETT', "O'BANNON", 'FLETCHER', 'WALKE'])),
  usn('desdiv-7', 'DD', 'DesDiv 7', ddPool(7), 'History: South Pacific Nov 1942; Tassafaronga.', dd(['SHAW', 'CONYNGHAM', 'LAMSON', 'LARDNER'])),
  usn('desdiv-8', 'DD', 'DesDiv 8', ddPool(8), 'History: Tassafaronga 30 Nov.', dd(['DRAYTON', 'PERKINS'])),
  usn('desdiv-9', 'DD', 'DesDiv 9', ddPool(9), 'History: South Pacific from Dec 1942.', dd(['DE HAVEN', 'RADFORD', 'LA VALLETTE'])),

  // ── Transport divisions (Slow) ──
  usn(
    'transdiv-a',
    'TR',
    'TransDiv A',
    ES,
    'History: TF 62 Transport Group X-Ray (Guadalcanal); GEORGE F. ELLIOTT lost 8 Aug.',
    tr(['MCCAWLEY', 'BARNETT', 'GEORGE F. ELLIOTT', 'LIBRA']),
  ),
  usn('transdiv-b', 'TR', 'TransDiv B', ES, 'History: TF 62 Group X-Ray.', tr(['FULLER', 'AMERICAN LEGION', 'BELLATRIX'])),
  usn('transdiv-c', 'TR', 'TransDiv C', ES, 'History: TF 62 Group X-Ray.', tr(['HUNTER LIGGETT', 'ALCHIBA', 'FOMALHAUT', 'BETELGEUSE'])),
  usn('transdiv-d', 'TR', 'TransDiv D', ES, 'History: TF 62 Group X-Ray.', tr(['CRESCENT CITY', 'PRESIDENT HAYES', 'PRESIDENT ADAMS', 'ALHENA'])),
  usn('transdiv-e', 'TR', 'TransDiv E', ES, 'History: TF 62 Transport Group Yoke (Tulagi).', tr(['NEVILLE', 'ZEILIN', 'HEYWOOD', 'PRESIDENT JACKSON'])),
  usn(
    'transdiv-f',
    'TR',
    'TransDiv F',
    pool('SepI'),
    'Reconstruction: later South Pacific transports (Americal and 2nd Marine Division lifts).',
    tr(['ARTHUR MIDDLETON', 'J. FRANKLIN BELL', 'WHARTON']),
  ),
  usn('transdiv-g', 'TR', 'TransDiv G', pool('OctII'), 'Reconstruction: later South Pacific transports and cargo ships.', tr(['PRESIDENT POLK', 'ALGORAB', 'TITANIA'])),

  // ── Submarines ──
  usn('s-38', 'SS', 'S-38', AUS, 'History: Brisbane S-boat; sank MEIYO MARU 8 Aug 1942.'),
  usn('s-44', 'SS', 'S-44', AUS, 'History: Brisbane S-boat; sank KAKO 10 Aug 1942.'),
  usn('s-41', 'SS', 'S-41', AUS, 'History: Brisbane S-boat, Solomons patrols 1942.'),
  usn('flying-fish', 'SS', 'FLYING FISH', pool('AugII'), 'History: patrolled off Truk Aug–Sept 1942.'),
  usn('gato', 'SS', 'GATO', pool('SepI'), 'History: Solomons/Bougainville patrols late 1942.'),
  usn('amberjack', 'SS', 'AMBERJACK', pool('SepII'), 'History: Truk–Rabaul patrols from Sept 1942.'),
  usn('grampus', 'SS', 'GRAMPUS', pool('OctI'), 'History: Truk/Solomons patrols, Oct 1942.'),
];
