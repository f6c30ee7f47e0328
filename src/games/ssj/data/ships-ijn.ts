/**
 * The Imperial Japanese Navy's ship units, Aug–Dec 1942.
 *
 * Arrival: `start` at Rabaul (Eighth Fleet, early August) or Truk; `calendar` turns are the
 * turn the unit reaches Truk (VI.A: "All Japanese reinforcements enter at Truk"; "Basically,
 * the Japanese already have most of their Navy to use in AugII"). Torpedo marks: T* (Type 93
 * "Long Lance") for the heavy cruisers, the 5,500-ton light cruisers and the Fubuki-and-later
 * destroyers; T for the older Tenryu/Yubari cruisers and Kamikaze/Mutsuki destroyers, which
 * carried older torpedoes; none for capital ships and carriers. Destroyer counters stand for
 * the historical destroyer divisions (members as in Aug–Dec 1942).
 *
 * RULING (III.B): super battleships (SBB) are not Slow — YAMATO made 27 knots.
 * RULING (VI.A): MUSASHI enters on the calendar in DecI. Historically she was working up in
 * home waters and reached Truk only on 22 January 1943; the counter is kept (the class list of
 * III.B names SBB in the plural) but at the last turn, where it can hardly change the campaign.
 * RULING (VII.A): submarine counters carry no torpedo mark; VI.D reads their attack on the
 * unmodified 1–6 die.
 */

import type { Arrival, ShipClass, ShipUnit, TurnId } from './types';

const RABAUL: Arrival = { kind: 'start', at: 'rabaul' };
const TRUK: Arrival = { kind: 'start', at: 'truk' };
const cal = (turn: TurnId): Arrival => ({ kind: 'calendar', turn, at: 'truk' });

interface Extra {
  members?: readonly string[];
  torpedo?: 'T' | 'T*';
  slow?: boolean;
  airCapacity?: number;
}

function ijn(id: string, cls: ShipClass, name: string, arrival: Arrival, source: string, extra: Extra = {}): ShipUnit {
  return { id: `ijn-${id}`, side: 'japanese', nation: 'IJN', cls, name, arrival, source, ...extra };
}

const LL = { torpedo: 'T*' } as const;
const OLD_T = { torpedo: 'T' } as const;
const dd = (members: readonly string[], torpedo: 'T' | 'T*' = 'T*'): Extra => ({ members, torpedo });
const tr = (members: readonly string[]): Extra => ({ members, slow: true });

export const IJN_SHIPS: readonly ShipUnit[] = [
  // ── Carriers (enter without air units: VI.A; IJN air groups come on the calendar) ──
  ijn('shokaku', 'CV', 'SHOKAKU', cal('AugII'), 'History: CarDiv 1, Eastern Solomons 24 Aug; damaged Santa Cruz 26 Oct. Capacity 3 (fleet carrier).', { airCapacity: 3 }),
  ijn('zuikaku', 'CV', 'ZUIKAKU', cal('AugII'), 'History: CarDiv 1, Eastern Solomons and Santa Cruz. Capacity 3 (fleet carrier).', { airCapacity: 3 }),
  ijn('ryujo', 'CVL', 'RYUJO', cal('AugII'), 'History: sunk at Eastern Solomons 24 Aug 1942. Capacity 1 (light carrier, ~37 aircraft).', { airCapacity: 1 }),
  ijn('zuiho', 'CVL', 'ZUIHO', cal('OctI'), 'History: joined CarDiv 1 for the October offensive; damaged Santa Cruz. Capacity 1.', { airCapacity: 1 }),
  ijn(
    'junyo',
    'CVL',
    'JUNYO',
    cal('OctI'),
    'History: CarDiv 2 reached Truk 9 Oct; Santa Cruz, Naval Battle of Guadalcanal. Converted liner, ~53 aircraft: CVL capacity 2 (reconstruction).',
    { airCapacity: 2 },
  ),
  ijn('hiyo', 'CVL', 'HIYO', cal('OctI'), 'History: CarDiv 2 reached Truk 9 Oct; engine fire 21 Oct. Converted liner: CVL capacity 2 (reconstruction).', { airCapacity: 2 }),
  ijn('taiyo', 'CVE', 'TAIYO', cal('SepI'), 'History: escort carrier (ex-Kasuga Maru) ferrying aircraft to Truk from Aug–Sept 1942. Capacity 1, Slow.', {
    airCapacity: 1,
    slow: true,
  }),

  // ── Capital ships ──
  ijn('yamato', 'SBB', 'YAMATO', cal('AugII'), 'History: Combined Fleet flagship, arrived Truk 28 Aug 1942.'),
  ijn('musashi', 'SBB', 'MUSASHI', cal('DecI'), 'Reconstruction: commissioned 5 Aug 1942, at Truk only 22 Jan 1943; entered on the last turn (RULING in file header).'),
  ijn('mutsu', 'BB', 'MUTSU', cal('AugII'), 'History: Second Fleet support force at Eastern Solomons, Aug 1942.'),
  ijn('hiei', 'BC', 'HIEI', cal('AugII'), 'History: BatDiv 11 with Kido Butai; sunk 13–14 Nov 1942 (First Naval Battle of Guadalcanal).'),
  ijn('kirishima', 'BC', 'KIRISHIMA', cal('AugII'), 'History: BatDiv 11; sunk by WASHINGTON 14–15 Nov 1942.'),
  ijn('kongo', 'BC', 'KONGO', cal('SepI'), 'History: BatDiv 3 to Truk Sept 1942; bombarded Henderson Field 13–14 Oct.'),
  ijn('haruna', 'BC', 'HARUNA', cal('SepI'), 'History: BatDiv 3 to Truk Sept 1942; bombarded Henderson Field 13–14 Oct.'),

  // ── Heavy cruisers ──
  ijn('chokai', 'CA', 'CHOKAI', RABAUL, 'History: Eighth Fleet flagship (Mikawa) at Rabaul; Savo Island 9 Aug.', LL),
  ijn('aoba', 'CA', 'AOBA', RABAUL, 'History: CruDiv 6 (Kavieng/Rabaul); Savo Island; damaged Cape Esperance 11 Oct.', LL),
  ijn('kinugasa', 'CA', 'KINUGASA', RABAUL, 'History: CruDiv 6; Savo Island; sunk 14 Nov 1942.', LL),
  ijn('furutaka', 'CA', 'FURUTAKA', RABAUL, 'History: CruDiv 6; Savo Island; sunk at Cape Esperance 11–12 Oct.', LL),
  ijn('kako', 'CA', 'KAKO', RABAUL, 'History: CruDiv 6; Savo Island; sunk by S-44 on 10 Aug 1942.', LL),
  ijn('atago', 'CA', 'ATAGO', cal('AugII'), 'History: Second Fleet flagship (Kondo), Truk from mid-Aug.', LL),
  ijn('takao', 'CA', 'TAKAO', cal('AugII'), 'History: CruDiv 4, Second Fleet.', LL),
  ijn('maya', 'CA', 'MAYA', cal('AugII'), 'History: CruDiv 4; bombarded Henderson Field 14 Nov.', LL),
  ijn('myoko', 'CA', 'MYOKO', cal('AugII'), 'History: CruDiv 5, Second Fleet; bombarded Henderson Field 15 Oct.', LL),
  ijn('haguro', 'CA', 'HAGURO', cal('AugII'), 'History: CruDiv 5, Second Fleet.', LL),
  ijn('kumano', 'CA', 'KUMANO', cal('AugII'), 'History: CruDiv 7 with Kido Butai.', LL),
  ijn('suzuya', 'CA', 'SUZUYA', cal('AugII'), 'History: CruDiv 7; bombarded Henderson Field 14 Nov.', LL),
  ijn('tone', 'CA', 'TONE', cal('AugII'), 'History: CruDiv 8 with Kido Butai (Eastern Solomons, Santa Cruz).', LL),
  ijn('chikuma', 'CA', 'CHIKUMA', cal('AugII'), 'History: CruDiv 8; damaged at Santa Cruz.', LL),

  // ── Light cruisers ──
  ijn('tenryu', 'CL', 'TENRYU', RABAUL, 'History: CruDiv 18, Eighth Fleet; Savo Island. Older 53 cm torpedoes: T.', OLD_T),
  ijn('tatsuta', 'CL', 'TATSUTA', RABAUL, 'History: CruDiv 18, Eighth Fleet (Milne Bay landing). Older torpedoes: T.', OLD_T),
  ijn('yubari', 'CL', 'YUBARI', RABAUL, 'History: Eighth Fleet; Savo Island. Older torpedoes: T.', OLD_T),
  ijn('jintsu', 'CL', 'JINTSU', TRUK, 'History: DesRon 2 flagship (Tanaka), Truk mid-Aug; damaged 25 Aug escorting the Ichiki convoy.', LL),
  ijn('nagara', 'CL', 'NAGARA', cal('AugII'), 'History: DesRon 10 flagship with Kido Butai; Naval Battle of Guadalcanal.', LL),
  ijn('yura', 'CL', 'YURA', cal('AugII'), 'History: DesRon 4 flagship; sunk 25 Oct 1942.', LL),
  ijn('sendai', 'CL', 'SENDAI', cal('SepI'), 'History: DesRon 3 flagship, recalled from the Indian Ocean, Solomons from Sept 1942.', LL),
  ijn('isuzu', 'CL', 'ISUZU', cal('OctI'), 'History: DesRon 2 flagship from Oct 1942; damaged 14 Nov.', LL),

  // ── Destroyer divisions ──
  ijn(
    'desdiv-29',
    'DD',
    'DesDiv 29',
    RABAUL,
    'History: old Kamikaze-class destroyers of the Eighth Fleet (YUNAGI at Savo). Older torpedoes: T.',
    dd(['YUNAGI', 'OITE', 'ASANAGI'], 'T'),
  ),
  ijn(
    'desdiv-30',
    'DD',
    'DesDiv 30',
    RABAUL,
    'History: Mutsuki-class, Eighth Fleet (MUTSUKI sunk 25 Aug, YAYOI 11 Sept). Older torpedoes: T.',
    dd(['MUTSUKI', 'YAYOI', 'MOCHIZUKI', 'UZUKI'], 'T'),
  ),
  ijn('desdiv-4', 'DD', 'DesDiv 4', TRUK, 'History: landed the Ichiki first echelon 18 Aug (ARASHI, HAGIKAZE).', dd(['ARASHI', 'HAGIKAZE', 'MAIKAZE', 'NOWAKI'])),
  ijn('desdiv-17', 'DD', 'DesDiv 17', TRUK, 'History: Ichiki first echelon run, Aug 1942; Kido Butai screen.', dd(['TANIKAZE', 'URAKAZE', 'ISOKAZE', 'HAMAKAZE'])),
  ijn('desdiv-2', 'DD', 'DesDiv 2', cal('AugII'), 'History: DesRon 4 (YUDACHI sunk 13 Nov).', dd(['MURASAME', 'HARUSAME', 'SAMIDARE', 'YUDACHI'])),
  ijn('desdiv-9', 'DD', 'DesDiv 9', cal('AugII'), 'History: DesRon 4 (NATSUGUMO sunk 12 Oct).', dd(['ASAGUMO', 'MINEGUMO', 'NATSUGUMO'])),
  ijn('desdiv-10', 'DD', 'DesDiv 10', cal('AugII'), 'History: Kido Butai screen.', dd(['AKIGUMO', 'YUGUMO', 'MAKIGUMO', 'KAZAGUMO'])),
  ijn('desdiv-15', 'DD', 'DesDiv 15', cal('AugII'), 'History: DesRon 2 (Tanaka); Tassafaronga 30 Nov.', dd(['KUROSHIO', 'OYASHIO', 'HAYASHIO', 'KAGERO'])),
  ijn('desdiv-16', 'DD', 'DesDiv 16', cal('AugII'), 'History: Kido Butai screen; Naval Battle of Guadalcanal.', dd(['YUKIKAZE', 'AMATSUKAZE', 'TOKITSUKAZE', 'HATSUKAZE'])),
  ijn('desdiv-24', 'DD', 'DesDiv 24', cal('AugII'), 'History: DesRon 2, Ichiki convoy escort, Tokyo Express.', dd(['KAWAKAZE', 'SUZUKAZE', 'UMIKAZE'])),
  ijn('desdiv-20', 'DD', 'DesDiv 20', cal('AugII'), 'History: Tokyo Express from late Aug (ASAGIRI sunk 28 Aug).', dd(['AMAGIRI', 'ASAGIRI', 'YUGIRI', 'SHIRAKUMO'])),
  ijn('desdiv-11', 'DD', 'DesDiv 11', cal('SepI'), 'History: DesRon 3, Tokyo Express (FUBUKI sunk at Cape Esperance).', dd(['FUBUKI', 'HATSUYUKI', 'MURAKUMO', 'SHIRAYUKI'])),
  ijn('desdiv-19', 'DD', 'DesDiv 19', cal('SepI'), 'History: DesRon 3 (AYANAMI sunk 15 Nov).', dd(['AYANAMI', 'URANAMI', 'SHIKINAMI'])),
  ijn('desdiv-27', 'DD', 'DesDiv 27', cal('SepI'), 'History: Tokyo Express from Sept 1942.', dd(['SHIGURE', 'SHIRATSUYU', 'ARIAKE', 'YUGURE'])),
  ijn('desdiv-6', 'DD', 'DesDiv 6', cal('OctI'), 'History: Naval Battle of Guadalcanal (AKATSUKI sunk 13 Nov).', dd(['AKATSUKI', 'IKAZUCHI', 'INAZUMA'])),
  ijn('desdiv-61', 'DD', 'DesDiv 61', cal('OctI'), 'History: Akizuki-class AA destroyers (TERUZUKI sunk 12 Dec).', dd(['AKIZUKI', 'TERUZUKI'])),
  ijn('desdiv-31', 'DD', 'DesDiv 31', cal('NovI'), 'History: new Yugumo-class; Tassafaronga (TAKANAMI sunk 30 Nov).', dd(['NAGANAMI', 'MAKINAMI', 'TAKANAMI'])),
  ijn('desdiv-8', 'DD', 'DesDiv 8', cal('NovI'), 'History: Nov 1942 convoy escorts and Tokyo Express.', dd(['ASASHIO', 'ARASHIO', 'OSHIO', 'MICHISHIO'])),

  // ── Transport divisions (Slow) ──
  ijn('trdiv-1', 'TR', 'TrDiv 1', RABAUL, 'History: South Seas Detachment follow-up convoys to Buna and Milne Bay, Aug 1942.', tr(['NANKAI MARU', 'KINAI MARU', 'KIYOKAWA MARU'])),
  ijn('trdiv-2', 'TR', 'TrDiv 2', RABAUL, 'History: Rabaul shipping (MEIYO MARU sunk by S-38 on 8 Aug).', tr(['MEIYO MARU', 'SOYA', 'KAZUURA MARU'])),
  ijn('trdiv-3', 'TR', 'TrDiv 3', TRUK, 'History: Ichiki second echelon convoy, sailed from Truk 16 Aug.', tr(['KINRYU MARU', 'BOSTON MARU', 'DAIFUKU MARU'])),
  ijn('trdiv-4', 'TR', 'TrDiv 4', cal('SepII'), 'History: 2nd (Sendai) Division high-speed convoy, landed 14–15 Oct.', tr(['SASAKO MARU', 'SAKITO MARU', 'AZUMASAN MARU'])),
  ijn('trdiv-5', 'TR', 'TrDiv 5', cal('SepII'), 'History: 2nd (Sendai) Division high-speed convoy, Oct.', tr(['KYUSHU MARU', 'SADO MARU'])),
  ijn('trdiv-6', 'TR', 'TrDiv 6', cal('OctII'), 'History: 38th Division convoy (Tanaka), destroyed 14–15 Nov.', tr(['ARIZONA MARU', 'KUMAGAWA MARU', 'SHINANOGAWA MARU'])),
  ijn('trdiv-7', 'TR', 'TrDiv 7', cal('OctII'), 'History: 38th Division convoy, Nov.', tr(['NAGARA MARU', 'NAKO MARU', 'CANBERRA MARU'])),
  ijn('trdiv-8', 'TR', 'TrDiv 8', cal('OctII'), 'History: 38th Division convoy, Nov.', tr(['BRISBANE MARU', 'KINUGAWA MARU', 'HIROKAWA MARU'])),
  ijn(
    'trdiv-9',
    'TR',
    'TrDiv 9',
    cal('OctII'),
    'History: 38th Division convoy, Nov (the two transports that reached Tassafaronga and beached).',
    tr(['YAMAURA MARU', 'YAMATSUKI MARU']),
  ),

  // ── Submarines ──
  ijn('ro-33', 'SS', 'RO-33', RABAUL, 'History: 7th Submarine Squadron, Rabaul; sunk by ARUNTA 29 Aug 1942.'),
  ijn('i-121', 'SS', 'I-121', RABAUL, 'History: 7th Submarine Squadron, Rabaul, Aug 1942.'),
  ijn('i-123', 'SS', 'I-123', RABAUL, 'History: 7th Submarine Squadron; sunk by USS GAMBLE 29 Aug 1942.'),
  ijn('i-15', 'SS', 'I-15', cal('AugII'), 'History: SubRon 1, Solomons from mid-Aug 1942.'),
  ijn('i-17', 'SS', 'I-17', cal('AugII'), 'History: SubRon 1, Solomons from mid-Aug 1942.'),
  ijn('i-19', 'SS', 'I-19', cal('AugII'), "History: sank WASP and hit NORTH CAROLINA and O'BRIEN, 15 Sept 1942."),
  ijn('i-26', 'SS', 'I-26', cal('AugII'), 'History: torpedoed SARATOGA 31 Aug; sank JUNEAU 13 Nov 1942.'),
  ijn('i-176', 'SS', 'I-176', cal('OctI'), 'History: torpedoed CHESTER 20 Oct 1942.'),
  ijn('i-172', 'SS', 'I-172', cal('OctI'), 'History: Solomons patrol; sunk off San Cristobal 10 Nov 1942.'),
];
