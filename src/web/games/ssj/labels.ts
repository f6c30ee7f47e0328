/**
 * Sky, Sea, and JUNGLE's actions in words, every one the game can offer (src/games/ssj/
 * actions.ts), with the rule section where it helps. Only what the viewer's own view holds
 * names anything: its own units, the enemy faces turned up for it, face-down pieces by the
 * tag printed on them, groups by their place on the map.
 */
import type { Action } from '../../../protocol';
import type { GroupView, SsjPhase, SsjView } from '../../../protocol/games/ssj';
import type { ActionWords } from '../../labels';
import { allFaces } from './view';
import { areaName, baseName, boxName, RETURNING_TO_TRUK, type SsjData } from './data';

/** The rule section of each phase (the sequence of play, VI). */
const SECTION: Partial<Record<SsjPhase, string>> = {
  'early-activation': 'V',
  'allied-reinforcements': 'VI.A',
  'japanese-deployment': 'VI.B',
  magic: 'VI.C',
  'allied-deployment': 'VI.C',
  submarines: 'VI.D',
  'air-morning': 'VI.F.1.a',
  'carrier-strikes': 'VI.F.1.b',
  counterattack: 'VI.F.1.b',
  withdrawal: 'VI.F.1',
  'day-combat': 'VI.F.1.c',
  'air-afternoon': 'VI.F.1.d',
  'day-end-combat': 'VI.F.1.f',
  'day-only': 'VI.F.1.f',
  'day-landings': 'VI.F.1.g',
  'bombard-day': 'VI.F.1.h',
  'night-combat': 'VI.F.2',
  'after-midnight': 'VI.F.2.c',
  'pt-boats': 'VI.F.2.d',
  combat: 'VI.F.2.e',
  'bombard-night': 'VI.F.2.f',
  'ground-combat': 'VI.F.2.g',
  supply: 'VI.G',
  return: 'VI.H',
};

const RAID_TARGET: Record<string, string> = { ground: 'ground units', air: 'airfield', harbour: 'harbour' };
/** The carrier classes (VI.F.1.b: "Carriers in the Slot may not launch offensive airstrikes"). */
const CARRIER_CLASSES = new Set(['CV', 'CVL', 'CVE']);
const plural = (n: unknown, one: string) => `${String(n)} ${one}${n === 1 ? '' : 's'}`;

export interface SsjNames {
  /** A unit the viewer sees face up (its own, or an enemy one turned up for it), by id. */
  unit(id: unknown): string;
  /** An enemy piece, by the tag printed on it (its face when it was turned up for the viewer). */
  piece(tag: unknown): string;
  group(id: unknown): string;
  base(id: unknown): string;
  area(id: unknown): string;
  box(id: unknown): string;
}

/** The names of what the viewer's view holds. */
export function ssjNames(view: SsjView, data: SsjData, you: string): SsjNames {
  const faces = new Map(allFaces(view).map((u) => [u.id, u.name]));
  const tagFaces = new Map<string, string>();
  const tagSide = new Map<string, string>();
  for (const side of ['allied', 'japanese'] as const) {
    for (const [tag, u] of Object.entries(view.sides[side].faces)) tagFaces.set(tag, u.name);
    for (const h of view.sides[side].hidden) tagSide.set(h.tag, side === 'allied' ? 'Allied ' : 'Japanese ');
  }
  const groups: { side: 'allied' | 'japanese'; g: GroupView }[] = [];
  for (const side of ['allied', 'japanese'] as const) for (const g of view.sides[side].groups) groups.push({ side, g });
  const place = (area: string, box: string) => `${areaName(data, area)}, ${boxName(data, box)}`;
  const base = (id: unknown) => (id === RETURNING_TO_TRUK ? 'the Returning to Truk box' : baseName(data, String(id)));
  return {
    unit: (id) => faces.get(String(id)) ?? 'a unit',
    // As the counter on the board says it: "Japanese piece, face down (tag)".
    piece: (tag) => tagFaces.get(String(tag)) ?? faces.get(String(tag)) ?? `the face-down ${tagSide.get(String(tag)) ?? ''}piece (${String(tag)})`,
    group(id) {
      const found = groups.find((x) => x.g.id === id);
      if (!found) return 'a task force';
      const { side, g } = found;
      const same = groups.filter((x) => x.side === side && x.g.area === g.area && x.g.box === g.box).sort((a, b) => a.g.id.localeCompare(b.g.id));
      const no = same.length > 1 ? ` ${same.findIndex((x) => x.g.id === g.id) + 1}` : '';
      return `${you === side ? 'your' : side === 'allied' ? 'the Allied' : 'the Japanese'} task force${no} in ${place(g.area, g.box)}`;
    },
    base,
    area: (id) => areaName(data, String(id)),
    box: (id) => boxName(data, String(id)),
  };
}

/** Every action of the game in words (undefined: not an action of this game). */
export function ssjLabeler(view: SsjView, data: SsjData, you: string): (a: Action) => ActionWords | undefined {
  const n = ssjNames(view, data, you);
  const classOf = new Map(allFaces(view).map((u) => [u.id, u.cls ?? '']));
  const section = SECTION[view.phase];
  const night = view.battle?.mode === 'night';
  const battle = night ? 'VI.F.2' : view.battle?.voluntary === false ? 'VI.F.1.f' : 'VI.F.1.c';
  const pursued = view.battle?.step === 'pursuit';
  const w = (text: string, note?: string): ActionWords => (note ? { text, note } : { text });
  return (a) => {
    switch (a.type) {
      case 'early-activation':
        return a.roll
          ? w('Roll for the early activation of Truk', 'V: on a success the Truk forces may deploy this turn')
          : w('Do not roll for early activation', 'V: the Truk forces arrive on their own calendar');
      case 'place':
        return w(`Place ${n.unit(a.unit)} at ${n.base(a.base)}`, 'VI.A');
      case 'pick':
        return w(`Put ${n.unit(a.ship)} in the ${a.slot === 'cruiser' ? 'cruiser' : 'other ship'} slot`, 'VI.A: it arrives next turn');
      case 'deploy':
        return w(
          `Deploy ${n.unit(a.ship)} to ${n.area(a.area)}, ${n.box(a.box)} box, ${a.group === 'new' ? 'in a new group' : `joining ${n.group(a.group)}`}`,
          a.area === 'SL' && CARRIER_CLASSES.has(classOf.get(String(a.ship)) ?? '') ? 'VI.F.1.b: carriers in the Slot may not launch strikes' : undefined,
        );
      case 'rebase':
        return w(`Rebase ${n.unit(a.ship)} to ${n.base(a.base)}`);
      case 'load':
        return w(`Load ${n.unit(a.unit)} aboard ${n.unit(a.ship)}`);
      case 'recon':
        return w(`Fly reconnaissance with ${n.unit(a.unit)} over ${n.area(a.area)}`, 'VI.E: detects enemy groups there');
      case 'recall':
        return w(`Take ${n.unit(a.unit)} back`);
      case 'done':
        return w(view.phase.endsWith('deployment') ? 'Done — close my deployment' : 'Done — nothing more this phase', section);
      case 'magic': {
        const nums = Array.isArray(a.numbers) ? (a.numbers as unknown[]).map(String) : [];
        return w(`Roll for Magic on ${nums.slice(0, -1).join(', ')} or ${nums[nums.length - 1] ?? ''}`, 'VI.C');
      }
      case 'sub-attack':
        return w(`${n.unit(a.sub)} attacks ${n.group(a.group)}`, 'VI.D');
      case 'sub-target':
        return a.ship !== undefined ? w(`Torpedo ${n.piece(a.ship)}`, 'VI.D') : w(`Torpedo ${n.piece(a.piece)}, blind`, 'VI.D: a face-down piece, chosen unseen');
      case 'sub-pass':
        return w(`${n.unit(a.sub)} does not attack`, 'VI.D');
      case 'air-strike':
        return w(`${n.unit(a.unit)} strikes ${n.group(a.group)}`, section);
      case 'air-raid':
        return w(`${n.unit(a.unit)} raids the ${RAID_TARGET[String(a.target)] ?? 'base'} at ${n.base(a.base)}`, section);
      case 'air-target':
        return w(`${n.unit(a.unit)} attacks ${n.piece(a.ship)}`, section);
      case 'air-land':
        return a.ship !== undefined
          ? w(`${n.unit(a.unit)} lands on ${n.unit(a.ship)}`, 'VII.A: carrier air lands where its owner picks')
          : w(`${n.unit(a.unit)} lands at ${n.base(a.base)}`, 'VII.A: carrier air lands where its owner picks');
      case 'bombard':
        return w(
          `${n.unit(a.ship)} bombards the ${a.target === 'air' ? 'airfield' : 'ground units'} at ${n.base(a.base)}${a.to !== undefined ? `, then withdraws to ${n.base(a.to)}` : ''}`,
          section,
        );
      case 'pt-attack':
        return w(`${n.unit(a.unit)} attacks ${n.piece(a.piece)}`, 'VI.F.2.d');
      case 'withdraw-ship':
        return w(`Withdraw ${n.unit(a.ship)} to ${n.base(a.to)}`, 'VI.F.1');
      case 'day-only':
        return w(`Move ${n.unit(a.ship)} to the Day Only box`, 'VI.F.1.f');
      case 'repair':
        return w(`Repair ${n.unit(a.ship)} at ${n.base(a.to)}`, 'VII.A, VI.H: knocked out by its damage, it goes where it may return to');
      case 'after-midnight':
        return w(`Move ${n.group(a.group)} to ${n.area(a.area)} after midnight`, 'VI.F.2.c: a Day Only task force that has not fought');
      case 'battle-engage':
        if (pursued)
          return a.engage
            ? w('Fight rather than abandon your slow and heavily damaged ships', 'VI.F.1.c: the other side engages')
            : w('Abandon (scuttle) your slow and heavily damaged ships here; the rest evade and stay', 'VI.F.1.c: the other side engages');
        return a.engage
          ? w('Engage in a daylight surface battle here', 'VI.F.1.c: a battle is fought if both sides engage')
          : w('Do not engage; stay in the sea area', 'VI.F.1.c: not engaging is not withdrawing');
      case 'battle-tf':
        return w(`Fight first with ${n.group(a.group)}`, battle);
      case 'set-aside':
        return w(`Keep ${n.unit(a.ship)} out of the battle: withdraw it to ${n.base(a.to)}`, battle);
      case 'battle-row':
        return w(`Place ${n.unit(a.ship)} ${a.row === 'above' ? 'above' : 'below'} the size perception line`, 'VI.F.2');
      case 'battle-pt':
        return w(`${n.unit(a.unit)} joins the daylight battle`, 'VI.F.1.c: gunfire at PT boats sinks them on a 4–6');
      case 'battle-open':
        return w(a.first === 'torpedoes' ? 'Open with torpedoes' : 'Open with gunfire', 'VI.F.2: you have surprise');
      case 'torpedo':
        return w(`Aim a surprise torpedo at ${n.piece(a.piece)}`, 'VI.F.2');
      case 'wild-target':
        return w(`The stray torpedo runs at ${n.piece(a.piece)}`, 'VI.F.2: chosen blindly');
      case 'fire':
        return w(`${n.unit(a.ship)} fires at ${n.piece(a.piece)}`, battle);
      case 'fire-spread':
        return w('Spread the rest of the gunfire', battle);
      case 'battle-continue':
        return w('Fight on', battle);
      case 'battle-withdraw':
        return w(`Withdraw from the battle to ${n.base(a.to)}`, battle);
      case 'ground-attack':
        return w(`Attack at ${n.base(a.base)} with ${plural(a.units, 'unit')}`, 'VI.F.2.g');
      case 'ground-pass':
        // An advance's pass names the base it would start from (VI.G); an attack's, the base attacked.
        return view.groundCombat?.to ? w(`Do not advance from ${n.base(a.base)} over the Kokoda Trail`, 'VI.G') : w(`No attack at ${n.base(a.base)}`, 'VI.F.2.g');
      case 'ground-advance':
        return w(`Advance ${plural(a.units, 'unit')} over the Kokoda Trail from ${n.base(a.from)} to attack ${n.base(a.to)}`, 'VI.G');
      case 'land':
        return w(`Land the troops aboard ${n.unit(a.ship)} at ${n.base(a.base)}`, section);
      case 'air-supply':
        return w(`${n.unit(a.unit)} flies supplies to ${n.base(a.base)} and lands there`, 'VI.G: 3 ground units kept in supply, unless it is eliminated there this turn');
      case 'return':
        return w(`Return ${n.unit(a.ship)} to ${n.base(a.to)}`, 'VI.H');
      case 'transfer':
        return w(`Transfer ${n.unit(a.unit)} to ${n.base(a.to)}`, 'VI.H');
      case 'embark':
        return w(`Embark ${n.unit(a.unit)} on ${n.unit(a.carrier)}`, 'VI.H');
      case 'pt-slot':
        return w(`Send ${n.unit(a.unit)} into the Slot`, 'VI.H');
      default:
        return undefined;
    }
  };
}
