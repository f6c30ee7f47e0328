/**
 * Ground units (battalions) of both sides, Aug–Dec 1942.
 *
 * Japanese: set-up positions of 1 August 1942 (the Guadalcanal garrison, the South Seas
 * Detachment's advance at Buna and its follow-up at Rabaul, the Ichiki Detachment at Truk),
 * then calendar arrivals at Truk (VI.A) by the turn the formation was on its way south.
 * Allied: the 1st Marine Division (reinforced) at Espiritu Santo for the landing of AugI (the
 * game sets them up with the transports), the Australian militia at Port Moresby, then a pool
 * of four units a turn from AugII (VI.A).
 *
 * RULING (VI.A): the Allied player's four ground units a turn are the next four of the pool in
 * `order` (historical order of arrival in the theatre), entering at Espiritu Santo or
 * Australia as he chooses; destroyed ground units may also return as replacements (VI.A).
 */

import type { Arrival, BaseId, GroundUnit, TurnId } from './types';

/** VI.A: the Allied player receives 4 ground units each turn (from AugII). */
export const ALLIED_GROUND_PER_TURN = 4;

const at = (base: BaseId): Arrival => ({ kind: 'start', at: base });
const cal = (turn: TurnId): Arrival => ({ kind: 'calendar', turn, at: 'truk' });

function jp(id: string, name: string, arrival: Arrival, source: string): GroundUnit {
  return { id: `ija-${id}`, side: 'japanese', name, arrival, source };
}
function al(id: string, name: string, arrival: Arrival, source: string): GroundUnit {
  return { id, side: 'allied', name, arrival, source };
}

export const JAPANESE_GROUND: readonly GroundUnit[] = [
  jp('guadalcanal-garrison', 'Guadalcanal Garrison', at('guadalcanal'), 'History: 84th Guard Unit and 11th/13th Construction Units at Lunga, 7 Aug 1942 (fled inland).'),
  jp('1-144', 'I/144th Inf (Yokoyama Force)', at('buna'), 'History: landed at Buna 21 July 1942; took Kokoda.'),
  jp('15-engineer', '15th Independent Engineer Regt', at('buna'), 'History: Yokoyama Force engineers, Buna, July 1942.'),
  jp('2-144', 'II/144th Inf', at('rabaul'), 'History: South Seas Detachment main body, landed Buna 18 Aug.'),
  jp('3-144', 'III/144th Inf', at('rabaul'), 'History: South Seas Detachment main body, landed Buna 18 Aug.'),
  jp('1-41', 'I/41st Inf', at('rabaul'), 'History: 41st Infantry, landed Buna 21 Aug.'),
  jp('2-41', 'II/41st Inf', at('rabaul'), 'History: 41st Infantry, landed Buna 21 Aug.'),
  jp('kure-5-snlf', 'Kure 5th SNLF', at('rabaul'), 'History: Milne Bay landing 25 Aug 1942.'),
  jp('ichiki-1', 'Ichiki Det. (1st echelon)', at('truk'), 'History: II/28th Inf, at Truk 12 Aug; destroyed at the Tenaru 21 Aug.'),
  jp('ichiki-2', 'Ichiki Det. (2nd echelon)', at('truk'), 'History: rest of the Ichiki Detachment, Truk Aug 1942.'),
  jp('yokosuka-5-snlf', 'Yokosuka 5th SNLF', at('truk'), 'History: sailed with the Ichiki second echelon, Aug 1942.'),
  jp('1-124', 'I/124th Inf (Kawaguchi)', cal('AugII'), 'History: 35th Brigade, Bloody Ridge 12–14 Sept.'),
  jp('2-124', 'II/124th Inf (Kawaguchi)', cal('AugII'), 'History: 35th Brigade, Bloody Ridge.'),
  jp('3-124', 'III/124th Inf (Kawaguchi)', cal('AugII'), 'History: 35th Brigade, Bloody Ridge.'),
  jp('2-4-aoba', 'II/4th Inf (Aoba Bn)', cal('AugII'), 'History: attached to Kawaguchi, Sept 1942.'),
  jp('1-4', 'I/4th Inf (Sendai)', cal('SepII'), 'History: 2nd Division, landed late Sept–Oct 1942.'),
  jp('3-4', 'III/4th Inf (Sendai)', cal('SepII'), 'History: 2nd Division, landed Oct 1942.'),
  jp('1-29', 'I/29th Inf (Sendai)', cal('SepII'), 'History: 2nd Division, October offensive.'),
  jp('2-29', 'II/29th Inf (Sendai)', cal('SepII'), 'History: 2nd Division, October offensive.'),
  jp('3-29', 'III/29th Inf (Sendai)', cal('SepII'), 'History: 2nd Division, October offensive.'),
  jp('1-16', 'I/16th Inf (Sendai)', cal('OctI'), 'History: 2nd Division, landed 14–15 Oct.'),
  jp('2-16', 'II/16th Inf (Sendai)', cal('OctI'), 'History: 2nd Division, landed 14–15 Oct.'),
  jp('3-16', 'III/16th Inf (Sendai)', cal('OctI'), 'History: 2nd Division, landed 14–15 Oct.'),
  jp('1-228', 'I/228th Inf (38th Div)', cal('OctII'), 'History: 38th Division, landed Oct–Nov 1942.'),
  jp('2-228', 'II/228th Inf (38th Div)', cal('OctII'), 'History: 38th Division, landed Oct–Nov 1942.'),
  jp('3-228', 'III/228th Inf (38th Div)', cal('OctII'), 'History: 38th Division, landed Oct–Nov 1942.'),
  jp('1-230', 'I/230th Inf (38th Div)', cal('NovI'), 'History: 38th Division, the November convoy.'),
  jp('2-230', 'II/230th Inf (38th Div)', cal('NovI'), 'History: 38th Division, the November convoy.'),
  jp('3-230', 'III/230th Inf (38th Div)', cal('NovI'), 'History: 38th Division, the November convoy.'),
  jp('3-229', 'III/229th Inf', cal('NovI'), 'History: 38th Division battalion sent to Buna, Nov 1942.'),
  jp('1-170', 'I/170th Inf (Yamagata)', cal('NovII'), 'History: Yamagata Detachment, landed near Buna early Dec 1942.'),
  jp('2-170', 'II/170th Inf (Yamagata)', cal('NovII'), 'History: Yamagata Detachment, landed near Buna early Dec 1942.'),
];

const ES = at('espiritu-santo');
const poolOrder = (order: number): Arrival => ({ kind: 'pool', order });

export const ALLIED_GROUND: readonly GroundUnit[] = [
  al('usmc-1-1', '1/1st Marines', ES, 'History: 1st Marine Division, Guadalcanal landing 7 Aug 1942.'),
  al('usmc-2-1', '2/1st Marines', ES, 'History: 1st Marine Division, Guadalcanal landing.'),
  al('usmc-3-1', '3/1st Marines', ES, 'History: 1st Marine Division, Guadalcanal landing.'),
  al('usmc-1-5', '1/5th Marines', ES, 'History: 1st Marine Division, Guadalcanal landing.'),
  al('usmc-2-5', '2/5th Marines', ES, 'History: 1st Marine Division, Tulagi landing.'),
  al('usmc-3-5', '3/5th Marines', ES, 'History: 1st Marine Division, Guadalcanal landing.'),
  al('usmc-1-2', '1/2nd Marines', ES, 'History: 2nd Marines (attached), Florida Islands landing.'),
  al('usmc-2-2', '2/2nd Marines', ES, 'History: 2nd Marines (attached), Tulagi/Gavutu.'),
  al('usmc-3-2', '3/2nd Marines', ES, 'History: 2nd Marines (attached), Tanambogo.'),
  al('usmc-1-raider', '1st Raider Bn', ES, "History: Edson's Raiders, Tulagi; Edson's Ridge 12–14 Sept."),
  al('usmc-1-para', '1st Parachute Bn', ES, 'History: Gavutu landing 7 Aug 1942.'),
  al('usmc-11-marines', '11th Marines (artillery)', ES, 'History: 1st Marine Division artillery.'),
  al('usmc-3-defense', '3rd Defense Bn', ES, 'History: coast and AA defence of Lunga Point.'),
  al('aus-39', '39th Bn (AMF)', at('port-moresby'), 'History: Maroubra Force, Kokoda Trail, July–Aug 1942.'),
  al('aus-53', '53rd Bn (AMF)', at('port-moresby'), 'History: Maroubra Force, Aug 1942.'),
  al('aus-49', '49th Bn (AMF)', at('port-moresby'), 'History: Port Moresby garrison, 1942.'),
  // The reinforcement pool, four a turn from AugII (ALLIED_GROUND_PER_TURN), in order.
  al('aus-2-14', '2/14th Bn (AIF)', poolOrder(1), 'History: 21st Brigade, Kokoda Trail from late Aug.'),
  al('aus-2-16', '2/16th Bn (AIF)', poolOrder(2), 'History: 21st Brigade, Kokoda Trail from late Aug.'),
  al('aus-2-27', '2/27th Bn (AIF)', poolOrder(3), 'History: 21st Brigade, Mission Ridge, Sept.'),
  al('aus-2-10', '2/10th Bn (AIF)', poolOrder(4), 'History: 18th Brigade, Milne Bay, Aug 1942.'),
  al('usmc-1-7', '1/7th Marines', poolOrder(5), 'History: landed Guadalcanal 18 Sept 1942.'),
  al('usmc-2-7', '2/7th Marines', poolOrder(6), 'History: landed Guadalcanal 18 Sept 1942.'),
  al('usmc-3-7', '3/7th Marines', poolOrder(7), 'History: landed Guadalcanal 18 Sept 1942.'),
  al('aus-2-25', '2/25th Bn (AIF)', poolOrder(8), 'History: 25th Brigade, Imita Ridge, Sept 1942.'),
  al('aus-2-31', '2/31st Bn (AIF)', poolOrder(9), 'History: 25th Brigade, Sept 1942.'),
  al('aus-2-33', '2/33rd Bn (AIF)', poolOrder(10), 'History: 25th Brigade, Sept 1942.'),
  al('aus-2-1', '2/1st Bn (AIF)', poolOrder(11), 'History: 16th Brigade, Kokoda Trail, Oct 1942.'),
  al('aus-2-2', '2/2nd Bn (AIF)', poolOrder(12), 'History: 16th Brigade, Oct 1942.'),
  al('usa-1-164', '1/164th Inf (Americal)', poolOrder(13), 'History: landed Guadalcanal 13 Oct 1942.'),
  al('usa-2-164', '2/164th Inf (Americal)', poolOrder(14), 'History: landed Guadalcanal 13 Oct 1942.'),
  al('usa-3-164', '3/164th Inf (Americal)', poolOrder(15), 'History: landed Guadalcanal 13 Oct 1942.'),
  al('aus-2-3', '2/3rd Bn (AIF)', poolOrder(16), 'History: 16th Brigade, Oct 1942.'),
  al('usa-1-126', '1/126th Inf (32nd Div)', poolOrder(17), 'History: flown to New Guinea, Oct 1942; Buna.'),
  al('usa-2-126', '2/126th Inf (32nd Div)', poolOrder(18), 'History: Kapa Kapa trail, Oct 1942; Buna.'),
  al('usa-3-126', '3/126th Inf (32nd Div)', poolOrder(19), 'History: Buna, Nov 1942.'),
  al('usa-1-128', '1/128th Inf (32nd Div)', poolOrder(20), 'History: Buna, Nov 1942.'),
  al('usa-2-128', '2/128th Inf (32nd Div)', poolOrder(21), 'History: Buna, Nov 1942.'),
  al('usa-3-128', '3/128th Inf (32nd Div)', poolOrder(22), 'History: Buna, Nov 1942.'),
  al('usmc-2-raider', '2nd Raider Bn', poolOrder(23), "History: Carlson's Raiders, landed Aola Bay 4 Nov 1942."),
  al('usa-1-147', '1/147th Inf', poolOrder(24), 'History: landed Guadalcanal 4 Nov 1942.'),
  al('usa-1-182', '1/182nd Inf (Americal)', poolOrder(25), 'History: landed Guadalcanal 12 Nov 1942.'),
  al('usa-2-182', '2/182nd Inf (Americal)', poolOrder(26), 'History: landed Guadalcanal 12 Nov 1942.'),
  al('usmc-1-8', '1/8th Marines', poolOrder(27), 'History: 2nd Marine Division, landed 4 Nov 1942.'),
  al('usmc-2-8', '2/8th Marines', poolOrder(28), 'History: 2nd Marine Division, landed 4 Nov 1942.'),
  al('usmc-3-8', '3/8th Marines', poolOrder(29), 'History: 2nd Marine Division, landed 4 Nov 1942.'),
  al('usa-3-182', '3/182nd Inf (Americal)', poolOrder(30), 'History: Americal Division, Nov–Dec 1942.'),
  al('usa-1-132', '1/132nd Inf (Americal)', poolOrder(31), 'History: landed Guadalcanal 8 Dec 1942.'),
  al('usa-2-132', '2/132nd Inf (Americal)', poolOrder(32), 'History: landed Guadalcanal 8 Dec 1942.'),
];

export const GROUND_UNITS: readonly GroundUnit[] = [...JAPANESE_GROUND, ...ALLIED_GROUND];

export const GROUND_BY_ID: ReadonlyMap<string, GroundUnit> = new Map(GROUND_UNITS.map((g) => [g.id, g]));
