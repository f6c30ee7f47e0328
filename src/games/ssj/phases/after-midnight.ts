/**
 * VI.F.2.c "After Midnight": after the night battles, "Day Only" task forces that have not
 * fought (nor been damaged) may sail into an adjacent sea area's "Night Only" box to engage
 * enemy task forces still there (VI.B note: non-Slow ships only — slow ships are never in a
 * Day Only box). The Japanese decide first; the night battles are then fought again where
 * both sides meet (the night-combat phase after After Midnight). Before they sail, any ship
 * at sea may be withdrawn home, slow and HD ones too (VII.A "except at 'midnight'").
 */
import type { LogEntry } from '../../../engine';
import { ADJACENT, theSeaArea } from '../data';
import type { SeaAreaId, Side } from '../data/types';
import type { SsjAction } from '../actions';
import { after, decision, handTo, inTurn } from '../flow';
import { checkRescued } from '../battle/rescue';
import { ownGroup } from '../groups';
import { sendHome } from '../home';
import { returnChoices } from '../routes';
import { A_SIDE, SIDE_NAME, other, turnName, type SsjState } from '../state';
import { unitName } from '../units';

type MidnightAction = Extract<SsjAction, { type: 'after-midnight' | 'withdraw-ship' | 'done' }>;

/**
 * VI.F.2.c "to engage enemy task forces still there": an enemy face-down group in the area's Day and
 * Night or Night Only box, whatever it holds — a group of submarines only too (no battle follows with
 * it, VI.F.2), so that the sailings offered tell nothing of what the enemy's face-down groups hold.
 */
function enemyThereAtNight(s: SsjState, side: Side, area: SeaAreaId): boolean {
  return Object.values(s.groups).some((g) => g.side === other(side) && g.area === area && (g.box === 'daynight' || g.box === 'night'));
}

/**
 * VI.B note: "Japanese ships may only enter the CS from Rabaul." RULING: a Japanese task force reaches the Coral Sea only by
 * sailing from Rabaul at the deployment (routes.ts); After Midnight it may not sail into the Coral Sea from the Slot or the
 * South Pacific, wherever its ships came from. The Allies are not bound by the note.
 */
function mayEnter(side: Side, area: SeaAreaId): boolean {
  return !(side === 'japanese' && area === 'CS');
}

export function midnightChoices(s: SsjState, side: Side): MidnightAction[] {
  const engaged = new Set(s.engaged ?? []);
  const out: MidnightAction[] = [];
  for (const g of Object.values(s.groups).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (g.side !== side || g.box !== 'day') continue;
    if (g.ships.some((id) => engaged.has(id) || s.units.of(id).damage !== null)) continue;
    for (const area of ADJACENT[g.area]) if (mayEnter(side, area) && enemyThereAtNight(s, side, area)) out.push({ type: 'after-midnight', group: g.id, area });
  }
  // VII.A: "HD-ed and Slow ships cannot be 'withdrawn' from a sea area (except at 'midnight')"; VI.F.2 note: "any ship units
  // of the initially victorious 'night' forces may be withdrawn without loss penalty to Slow or HD-ed ships, before 'After
  // Midnight' forces (from other seas) arrive". RULING: at midnight any of the side's ships at sea may go home, slow and HD
  // ones too, whether or not enemy Day Only task forces could come (the night battles have left one side at night in each
  // sea area, the victor). Asked whenever the side has a group at sea (which everyone sees).
  for (const g of Object.values(s.groups).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (g.side !== side) continue;
    for (const ship of g.ships) for (const to of returnChoices(s, side, g.area)) out.push({ type: 'withdraw-ship', ship, to });
  }
  if (out.length) out.push({ type: 'done' });
  return out;
}

export function applyMidnight(s: SsjState, side: Side, a: Exclude<MidnightAction, { type: 'done' }>): LogEntry[] {
  if (a.type === 'withdraw-ship') {
    const u = s.units.of(a.ship);
    const area = s.groups[(u.place as { group: string }).group]!.area;
    sendHome(s, u, a.to);
    return [
      { to: [side], text: `${unitName(a.ship)} withdraws before After Midnight.`, data: { units: [a.ship] } },
      { to: 'public', text: `${A_SIDE[side]} piece withdraws from ${theSeaArea(area)} before After Midnight.` },
    ];
  }
  const g = ownGroup(s, a.group);
  const from = g.area;
  g.area = a.area;
  g.box = 'night';
  return [
    {
      to: 'public',
      text: `After Midnight (VI.F.2.c): ${side === 'allied' ? 'an' : 'a'} ${SIDE_NAME[side]} task force sails from ${theSeaArea(from)} into ${theSeaArea(a.area)}'s Night Only box.`,
      data: { group: g.id },
    },
  ];
}

export const afterMidnight = decision('after-midnight', ['after-midnight', 'withdraw-ship', 'done'], {
  text: (s) =>
    `${turnName(s)} (VI.F.2.c): After Midnight — your Day Only task forces that have not fought may sail into an adjacent sea area's Night Only box to engage the enemy still there; any of your ships at sea, slow and heavily damaged ones too, may withdraw home (VII.A "except at midnight"); then close.`,
  choices: (s, side) => midnightChoices(s, side),
  arrive: (s) =>
    inTurn(
      s,
      (side) => midnightChoices(s, side).length > 0,
      // VI.F.2 note: at midnight slow and HD ships may be withdrawn "without loss penalty"; those left behind with no task
      // force of their side left to protect them are scuttled once both sides have closed (VII.A example).
      () => ({ log: checkRescued(s, 'night'), next: { phase: 'night-combat', actor: null, battle: null, afterMidnight: true, torpedoBattles: s.torpedoBattles ?? {} } }),
    ),
  apply(s, side, a) {
    const log = a.type === 'done' ? [] : applyMidnight(s, side, a);
    const next = a.type === 'done' ? after(side) : side;
    return { log, next: handTo(next === side && !midnightChoices(s, side).length ? after(side) : next), reveals: true };
  },
});
