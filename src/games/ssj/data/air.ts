/**
 * Air units of both sides, Aug–Dec 1942.
 *
 * Types (III, VI.F.1): B-17 and Betty are the long-range land-based bombers; MAR and JAAF
 * are the short-range land-based air of each side; NAV is US Navy air (carrier groups and
 * land-based patrol planes); IJN is Japanese naval air (carrier groups, and land-based naval
 * air). Only NAV and IJN units may operate from carriers (VI.F.1.b).
 *
 * RULING (VI.F.1.a): the MAR and JAAF counters stand for each side's short-range land-based
 * air in general, as the text pairs them ("MAR and JAAF air units based at Port Moresby or
 * Buna"): USAAF and RAAF fighter squadrons at Port Moresby and the Army's 67th Fighter
 * Squadron at Henderson Field are MAR counters; the Japanese Navy's land-based fighter groups
 * (Tainan, 2nd, 3rd, 6th Kokutai), which historically did that job until the Army's 6th Air
 * Division came to Rabaul in December 1942, are JAAF counters.
 * RULING (VI.A): US carriers enter with their full complement (VI.A): their air units are
 * listed in CARRIER_AIR and enter with the carrier — at set-up aboard it (`start` with
 * `carrier`), or with the pool carrier whenever the Allied player takes it (`pool`, `from`
 * as the carrier). Japanese carriers enter empty; their air groups arrive on the calendar at
 * Truk and fly aboard there — in the deployment, before the carrier sails (deployment.ts), or
 * at the return to base (VI.H).
 * RULING (VI.A): Allied calendar air units listed "at Guadalcanal" arrive at Espiritu Santo
 * instead if Henderson Field is not Allied-held on their turn.
 * RULING (VI.F.1.a): three air units per fleet carrier (fighters, dive/scout bombers, torpedo
 * bombers), one per light/escort carrier, two per converted carrier (JUNYO, HIYO).
 */

import type { AirType, AirUnit, Arrival, BaseId, Side, TurnId } from './types';

function air(side: Side, id: string, type: AirType, name: string, arrival: Arrival, source: string): AirUnit {
  return { id, side, type, name, arrival, source };
}
const aboard = (carrier: string): Arrival => ({ kind: 'start', at: 'espiritu-santo', carrier });
const at = (base: BaseId): Arrival => ({ kind: 'start', at: base });
const cal = (turn: TurnId, base: BaseId = 'truk'): Arrival => ({ kind: 'calendar', turn, at: base });
const withCarrier = (from: TurnId): Arrival => ({ kind: 'pool', from });

const nav = (id: string, name: string, arrival: Arrival, source: string) => air('allied', `usn-${id}`, 'NAV', name, arrival, source);
const mar = (id: string, name: string, arrival: Arrival, source: string) => air('allied', `usn-${id}`, 'MAR', name, arrival, source);
const b17 = (id: string, name: string, arrival: Arrival, source: string) => air('allied', `usaaf-${id}`, 'B-17', name, arrival, source);
const ijnAir = (id: string, name: string, arrival: Arrival, source: string) => air('japanese', `ijn-${id}`, 'IJN', name, arrival, source);
const betty = (id: string, name: string, arrival: Arrival, source: string) => air('japanese', `ijn-${id}`, 'Betty', name, arrival, source);
const jaaf = (id: string, name: string, arrival: Arrival, source: string) => air('japanese', `jaaf-${id}`, 'JAAF', name, arrival, source);

const G = 'guadalcanal';

export const ALLIED_AIR: readonly AirUnit[] = [
  // US carrier air groups (aboard at set-up, or with their pool carrier).
  nav('nav-vf-5', 'VF-5 (SARATOGA)', aboard('usn-saratoga'), 'History: SARATOGA air group, Aug 1942; to Henderson Field Sept.'),
  nav('nav-vb-3', 'VB-3/VS-3 (SARATOGA)', aboard('usn-saratoga'), 'History: SARATOGA dive bombers; sank RYUJO with VT-8 on 24 Aug.'),
  nav('nav-vt-8', 'VT-8 (SARATOGA)', aboard('usn-saratoga'), 'History: SARATOGA torpedo squadron.'),
  nav('nav-vf-6', 'VF-6 (ENTERPRISE)', aboard('usn-enterprise'), 'History: ENTERPRISE air group, Aug 1942.'),
  nav('nav-vb-6', 'VB-6/VS-5 (ENTERPRISE)', aboard('usn-enterprise'), 'History: ENTERPRISE dive bombers (VS-5 became "Flight 300" at Henderson).'),
  nav('nav-vt-3', 'VT-3 (ENTERPRISE)', aboard('usn-enterprise'), 'History: ENTERPRISE torpedo squadron.'),
  nav('nav-vf-71', 'VF-71 (WASP)', aboard('usn-wasp'), 'History: WASP air group, Aug 1942.'),
  nav('nav-vs-71', 'VS-71/VS-72 (WASP)', aboard('usn-wasp'), 'History: WASP scout bombers (Tulagi strikes 7 Aug).'),
  nav('nav-vt-7', 'VT-7 (WASP)', aboard('usn-wasp'), 'History: WASP torpedo squadron.'),
  nav('nav-vf-72', 'VF-72 (HORNET)', withCarrier('AugII'), 'History: HORNET air group, joined late Aug 1942.'),
  nav('nav-vb-8', 'VB-8/VS-8 (HORNET)', withCarrier('AugII'), 'History: HORNET dive bombers; hit SHOKAKU at Santa Cruz.'),
  nav('nav-vt-6', 'VT-6 (HORNET)', withCarrier('AugII'), 'History: HORNET torpedo squadron.'),
  nav('nav-vgs-1', 'VGS-1 (LONG ISLAND)', withCarrier('AugII'), "History: LONG ISLAND's own squadron."),
  nav('nav-copahee', 'COPAHEE air group', withCarrier('SepI'), "Reconstruction: COPAHEE's embarked group (she ferried Marine aircraft)."),
  // Land-based naval air.
  nav('nav-vp-23', 'VP-23 (PBY)', at('espiritu-santo'), 'History: Catalina patrol squadron, Espiritu Santo/Ndeni, Aug 1942.'),
  nav('nav-vp-12', 'VP-12 "Black Cats" (PBY)', cal('DecI', 'espiritu-santo'), 'History: night-flying Catalinas, Henderson Field from Dec 1942.'),
  // B-17s.
  b17('26th-bs', '11th BG (26th/431st BS)', at('espiritu-santo'), 'History: 11th Bombardment Group, Espiritu Santo, Aug 1942.'),
  b17('42nd-bs', '11th BG (42nd/98th BS)', at('espiritu-santo'), 'History: 11th Bombardment Group, Espiritu Santo, Aug 1942.'),
  b17('19th-bg', '19th BG', at('australia'), 'History: 19th Bombardment Group, Mareeba, raids on Rabaul Aug 1942.'),
  b17('43rd-bg', '43rd BG (63rd BS)', at('australia'), 'History: 43rd Bombardment Group, Australia, Aug 1942.'),
  b17('72nd-bs', '5th BG (72nd BS)', cal('SepII', 'espiritu-santo'), 'History: joined the 11th BG in the South Pacific, autumn 1942.'),
  b17('64th-bs', '43rd BG (64th/65th BS)', cal('NovI', 'australia'), 'History: 43rd BG build-up, Port Moresby/Australia, late 1942.'),
  // MAR: short-range land-based air (see RULING above).
  mar('35th-fg', '35th FG (P-39/P-400)', at('port-moresby'), 'History: USAAF fighters at Port Moresby, Aug 1942.'),
  mar('raaf-75', 'RAAF 75/76 Sqn (P-40)', at('port-moresby'), 'History: RAAF Kittyhawks, Port Moresby/Milne Bay, Aug 1942.'),
  mar('vmf-223', 'VMF-223', cal('AugII', G), 'History: first Cactus Air Force fighters, landed 20 Aug 1942.'),
  mar('vmsb-232', 'VMSB-232', cal('AugII', G), 'History: first Cactus dive bombers, landed 20 Aug 1942.'),
  mar('67th-fs', '67th FS (P-400)', cal('AugII', G), 'History: USAAF, landed 22 Aug 1942.'),
  mar('vmf-224', 'VMF-224', cal('SepI', G), 'History: landed 30 Aug 1942.'),
  mar('vmsb-231', 'VMSB-231', cal('SepI', G), 'History: landed 30 Aug 1942.'),
  mar('vmsb-141', 'VMSB-141', cal('SepII', G), 'History: arrived late Sept 1942.'),
  mar('vmf-121', 'VMF-121', cal('OctI', G), 'History: arrived 9 Oct 1942 (COPAHEE).'),
  mar('vmf-212', 'VMF-212', cal('OctII', G), 'History: main body arrived 16 Oct 1942.'),
  mar('vmsb-132', 'VMSB-132', cal('NovI', G), 'History: arrived 1 Nov 1942.'),
  mar('vmf-112', 'VMF-112', cal('NovI', G), 'History: arrived 2 Nov 1942.'),
  mar('vmsb-142', 'VMSB-142', cal('NovII', G), 'History: arrived 12 Nov 1942.'),
  mar('339th-fs', '339th FS (P-38)', cal('NovII', G), 'History: USAAF P-38s, Henderson Field from Nov 1942.'),
];

export const JAPANESE_AIR: readonly AirUnit[] = [
  // Carrier air groups: calendar at Truk (Japanese carriers enter empty, VI.A).
  ijnAir('shokaku-fighters', 'SHOKAKU Kansen', cal('AugII'), 'History: SHOKAKU Zero fighters.'),
  ijnAir('shokaku-divebombers', 'SHOKAKU Kanbaku', cal('AugII'), 'History: SHOKAKU Val dive bombers (hit ENTERPRISE 24 Aug).'),
  ijnAir('shokaku-torpedo', 'SHOKAKU Kanko', cal('AugII'), 'History: SHOKAKU Kate torpedo bombers.'),
  ijnAir('zuikaku-fighters', 'ZUIKAKU Kansen', cal('AugII'), 'History: ZUIKAKU Zero fighters.'),
  ijnAir('zuikaku-divebombers', 'ZUIKAKU Kanbaku', cal('AugII'), 'History: ZUIKAKU Val dive bombers.'),
  ijnAir('zuikaku-torpedo', 'ZUIKAKU Kanko', cal('AugII'), 'History: ZUIKAKU Kate torpedo bombers (HORNET, 26 Oct).'),
  ijnAir('ryujo-group', 'RYUJO air group', cal('AugII'), "History: RYUJO's Zeros and Kates, raided Henderson Field 24 Aug."),
  ijnAir('zuiho-group', 'ZUIHO air group', cal('OctI'), "History: ZUIHO's group at Santa Cruz."),
  ijnAir('junyo-fighters', 'JUNYO Kansen', cal('OctI'), 'History: JUNYO air group (Santa Cruz, Nov battles).'),
  ijnAir('junyo-strike', 'JUNYO Kanbaku/Kanko', cal('OctI'), 'History: JUNYO strike aircraft.'),
  ijnAir('hiyo-fighters', 'HIYO Kansen', cal('OctI'), 'History: HIYO air group (flew to Rabaul/Buin after her fire, Oct).'),
  ijnAir('hiyo-strike', 'HIYO Kanbaku/Kanko', cal('OctI'), 'History: HIYO strike aircraft.'),
  // Land-based naval air (recon floatplanes).
  ijnAir('r-area', 'R-Area Air Force (floatplanes)', cal('SepI'), 'History: seaplane force at Shortlands/Rekata Bay from Sept 1942 (night recon).'),
  // Bettys.
  betty('4th-ku', '4th Kokutai', at('rabaul'), 'History: Betty group at Rabaul, attacked the landings 7–8 Aug.'),
  betty('misawa-ku', 'Misawa Kokutai', at('rabaul'), 'History: Betty group, Rabaul from early Aug 1942.'),
  betty('kisarazu-ku', 'Kisarazu Kokutai', cal('AugII'), 'History: Betty reinforcement to Rabaul, Aug 1942.'),
  betty('kanoya-ku', 'Kanoya Kokutai', cal('SepI'), 'History: Betty reinforcement to Rabaul/Kavieng, Sept 1942.'),
  betty('takao-ku', 'Takao Kokutai (det.)', cal('OctII'), 'Reconstruction: a further Betty detachment for the October–November offensives.'),
  // JAAF: short-range land-based air (see RULING above).
  jaaf('tainan-ku', 'Tainan Kokutai', at('rabaul'), 'History: Zero group, Rabaul, Aug 1942 (Sakai, Nishizawa).'),
  jaaf('2nd-ku', '2nd Kokutai', at('rabaul'), 'History: Zeros and Vals, Rabaul from 6 Aug 1942.'),
  jaaf('tainan-lae', 'Tainan Kokutai (Lae det.)', at('buna'), 'History: the Lae/Buna Zero detachment covering the Kokoda drive.'),
  jaaf('3rd-ku', '3rd Kokutai (det.)', cal('SepI'), 'History: Zero detachment to Rabaul, Sept 1942.'),
  jaaf('6th-ku', '6th Kokutai', cal('OctI'), 'History: Zeros, Rabaul and Buin from Oct 1942.'),
  jaaf('252-ku', '252nd Kokutai', cal('NovI'), 'History: Zeros, Rabaul from Nov 1942.'),
  jaaf('11th-sentai', '11th Hiko Sentai (Ki-43)', cal('DecI'), 'History: first Army fighter regiment at Rabaul (arrived 18 Dec 1942; brought into the last turn).'),
];

export const AIR_UNITS: readonly AirUnit[] = [...ALLIED_AIR, ...JAPANESE_AIR];

export const AIR_BY_ID: ReadonlyMap<string, AirUnit> = new Map(AIR_UNITS.map((a) => [a.id, a]));

/** The air units a US carrier brings with it (VI.A: "full complement"). */
export const CARRIER_AIR: Readonly<Record<string, readonly string[]>> = {
  'usn-saratoga': ['usn-nav-vf-5', 'usn-nav-vb-3', 'usn-nav-vt-8'],
  'usn-enterprise': ['usn-nav-vf-6', 'usn-nav-vb-6', 'usn-nav-vt-3'],
  'usn-wasp': ['usn-nav-vf-71', 'usn-nav-vs-71', 'usn-nav-vt-7'],
  'usn-hornet': ['usn-nav-vf-72', 'usn-nav-vb-8', 'usn-nav-vt-6'],
  'usn-long-island': ['usn-nav-vgs-1'],
  'usn-copahee': ['usn-nav-copahee'],
};
