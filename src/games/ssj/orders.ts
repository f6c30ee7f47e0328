/**
 * Standing orders of Sky, Sea, and JUNGLE (issue #41): the routine decisions a side may
 * answer in advance. Each rule reads the side's own view and prompt only (a count of the
 * enemy is of the face-down pieces it sees), and picks one of the prompt's actions; where
 * its condition does not hold, or the decision is not one it covers, it returns null and
 * the player is asked. Sections cite the rules the decisions come from.
 */
import type { Prompt } from '../../engine';
import { ASK, orderReader, schemaOf, type OrderBook, type OrderDecision, type OrderField, type Orders } from '../../bots/order-book';
import type { SsjAction } from './actions';
import type { Side } from './data/types';
import type { SsjView, UnitFace } from './view';

const HOMES = ['espiritu-santo', 'australia', 'port-moresby', 'guadalcanal', 'bougainville', 'buna', 'rabaul', 'truk'] as const;
const HOME_NAMES: Record<string, string> = {
  'espiritu-santo': 'Espiritu Santo',
  australia: 'Australia',
  'port-moresby': 'Port Moresby',
  guadalcanal: 'Guadalcanal',
  bougainville: 'Bougainville',
  buna: 'Buna',
  rabaul: 'Rabaul',
  truk: 'Truk',
};

export const SSJ_ORDER_FIELDS: readonly OrderField[] = [
  {
    key: 'engage',
    label: 'Daylight surface battle by choice (VI.F.1.c)',
    choices: [
      ASK,
      { value: 'engage', label: 'always engage' },
      { value: 'unless-outnumbered', label: 'engage unless outnumbered by the pieces I see there' },
      { value: 'decline', label: 'never engage' },
    ],
  },
  {
    key: 'battle',
    label: 'Surface battle rounds (VI.F.1.c, VI.F.2)',
    choices: [ASK, { value: 'standard', label: 'torpedoes first, aimed above the line; spread the gunfire; fight on while not outnumbered, to round 3, else withdraw home' }],
  },
  {
    key: 'withdraw',
    label: 'Withdrawal after the morning air attacks (VI.F.1)',
    choices: [
      ASK,
      { value: 'none', label: 'withdraw no ship' },
      { value: 'damaged', label: 'withdraw every damaged ship home' },
      { value: 'carriers-without-air', label: 'withdraw carriers with no air aboard home' },
    ],
  },
  {
    key: 'afterMidnight',
    label: 'After Midnight (VI.F.2.c)',
    choices: [ASK, { value: 'stay', label: 'stay' }, { value: 'unless-outnumbered', label: 'sail against an enemy smaller than the task force, by the pieces I see' }],
  },
  {
    key: 'submarines',
    label: 'Submarine attacks (VI.D)',
    choices: [ASK, { value: 'largest-target', label: 'each attacks the largest enemy group, then its most valuable ship' }, { value: 'pass', label: 'no attacks' }],
  },
  {
    key: 'home',
    label: 'Return to base, withdrawals and repairs go to (VI.H, VII.A)',
    choices: [ASK, ...HOMES.map((b) => ({ value: b, label: `${HOME_NAMES[b]} (else the first base offered)` }))],
  },
  {
    key: 'transfers',
    label: 'Strategic transfers after the return to base (VI.H)',
    choices: [ASK, { value: 'none', label: 'none' }],
  },
  {
    key: 'magic',
    label: 'Magic numbers (VI.C)',
    sides: ['allied'],
    choices: [ASK, { value: '1,3,5', label: '1, 3, 5' }, { value: '2,4,6', label: '2, 4, 6' }, { value: '1,2,3', label: '1, 2, 3' }, { value: '4,5,6', label: '4, 5, 6' }],
  },
  {
    key: 'airLanding',
    label: 'Carrier air landing (VI.F.1.b, VII.A)',
    choices: [ASK, { value: 'carrier', label: 'on a carrier when one is offered, else the first airfield' }],
  },
  {
    key: 'bombard',
    label: 'Shore bombardment (VI.F.1.h, VI.F.2.f)',
    choices: [ASK, { value: 'airfields', label: "each ship shells the enemy's airfield, else his troops" }, { value: 'none', label: 'no bombardment' }],
  },
  {
    key: 'groundCombat',
    label: 'Ground combat (VI.F.2.g, VI.G)',
    choices: [ASK, { value: 'hold', label: 'never attack' }, { value: 'three-to-two', label: 'attack with all at 3:2 or better against the units I see, else hold' }],
  },
];

const SsjOrders = schemaOf(SSJ_ORDER_FIELDS);

/** The values of ships, the most valuable target first (carriers, then capital ships, cruisers, destroyers). */
const VALUE: Record<string, number> = { CV: 9, CVL: 7, CVE: 5, SBB: 8, BB: 8, BC: 7, B: 6, CA: 5, CL: 4, CLAA: 4, TR: 4, DL: 3, DD: 3 };
const CARRIERS = ['CV', 'CVL', 'CVE'];

type Of = <K extends SsjAction['type']>(t: K) => Extract<SsjAction, { type: K }>[];
const enemyOf = (side: Side): Side => (side === 'allied' ? 'japanese' : 'allied');

/** A destination as ordered: the `home` base when it is offered, else the first offered. */
function homeward<T extends { to: string }>(xs: T[], home: string | undefined): T | undefined {
  return xs.find((a) => a.to === home) ?? xs[0];
}

export const ssjOrders: OrderBook<SsjAction> = {
  schema: SsjOrders,
  fields: SSJ_ORDER_FIELDS,
  defaults(side) {
    return {
      engage: 'unless-outnumbered',
      battle: 'standard',
      withdraw: 'none',
      afterMidnight: 'stay',
      submarines: 'largest-target',
      home: side === 'allied' ? 'espiritu-santo' : 'rabaul',
      transfers: 'none',
      ...(side === 'allied' ? { magic: '1,3,5' } : {}),
      airLanding: 'carrier',
      bombard: 'airfields',
      groundCombat: 'three-to-two',
    };
  },
  decide(orders, side, view, prompt) {
    return decide(orders, side as Side, view as SsjView, prompt);
  },
};

function decide(o: Orders, side: Side, v: SsjView, prompt: Prompt<SsjAction>): OrderDecision<SsjAction> | null {
  const acts = prompt.actions;
  const of: Of = (t) => acts.filter((a) => a.type === t) as never;
  const done = of('done')[0];
  const mine = v.sides[side].units;
  const unit = (id: string): UnitFace | undefined => mine.find((u) => u.id === id);
  const { set, by } = orderReader<SsjAction>(ssjOrders, o);

  // A ship knocked out at sea by its damage is repaired where the ships go home (VII.A, VI.H), after its phase's last decision.
  const repair = of('repair');
  if (repair.length) return set('home') ? by('home', homeward(repair, o.home)) : null;
  // Carrier air in the air lands before anything else of its air stage is decided.
  const land = of('air-land');
  if (land.length) return set('airLanding') ? by('airLanding', land.find((a) => a.ship !== undefined) ?? land[0]) : null;

  switch (prompt.kind) {
    case 'magic': {
      if (!set('magic')) return null;
      const want = o.magic!.split(',').map(Number);
      return by(
        'magic',
        of('magic').find((a) => a.numbers.every((n, i) => n === want[i])),
      );
    }
    case 'submarines': {
      // A damaged ship of its own goes home (VI.D).
      const home = of('return');
      if (home.length) return set('home') ? by('home', homeward(home, o.home)) : null;
      if (!set('submarines')) return null;
      if (o.submarines === 'pass') return by('submarines', of('sub-pass')[0] ?? done);
      const targets = of('sub-target');
      if (targets.length) {
        const faces = v.sides[enemyOf(side)].faces;
        const worth = (a: (typeof targets)[number]) => (a.ship !== undefined ? (VALUE[Object.values(faces).find((f) => f.id === a.ship)?.cls ?? ''] ?? 0) : -1);
        return by('submarines', [...targets].sort((a, b) => worth(b) - worth(a))[0]);
      }
      const groups = v.sides[enemyOf(side)].groups;
      const size = (g: string) => groups.find((x) => x.id === g)?.size ?? 0;
      const attacks = of('sub-attack');
      if (attacks.length) return by('submarines', [...attacks].sort((a, b) => size(b.group) - size(a.group))[0]);
      return by('submarines', of('sub-pass')[0] ?? done);
    }
    case 'withdrawal': {
      if (!set('withdraw')) return null;
      const ships = of('withdraw-ship');
      let pickShip: (id: string) => boolean = () => false;
      if (o.withdraw === 'damaged') pickShip = (id) => (unit(id)?.damage ?? 'none') !== 'none';
      if (o.withdraw === 'carriers-without-air') {
        const flying = new Set(mine.filter((u) => u.place.at === 'aboard').map((u) => (u.place as { ship: string }).ship));
        pickShip = (id) => CARRIERS.includes(unit(id)?.cls ?? '') && !flying.has(id);
      }
      const chosen = ships.filter((a) => pickShip(a.ship));
      if (chosen.length) {
        const ship = chosen[0]!.ship;
        return by(
          'withdraw',
          homeward(
            chosen.filter((a) => a.ship === ship),
            o.home,
          ),
        );
      }
      return by('withdraw', done);
    }
    case 'after-midnight': {
      if (!set('afterMidnight')) return null;
      if (o.afterMidnight === 'stay') return by('afterMidnight', done);
      const enemy = v.sides[enemyOf(side)].groups;
      const own = v.sides[side].groups;
      const go = of('after-midnight').find((a) => {
        const mineSize = own.find((g) => g.id === a.group)?.size ?? 0;
        const theirs = enemy.filter((g) => g.area === a.area && g.box !== 'day').reduce((n, g) => n + g.size, 0);
        return mineSize > theirs;
      });
      return by('afterMidnight', go ?? done);
    }
    case 'return': {
      const ret = of('return');
      if (ret.length) {
        if (!set('home')) return null;
        const ship = ret[0]!.ship;
        return by(
          'home',
          homeward(
            ret.filter((a) => a.ship === ship),
            o.home,
          ),
        );
      }
      return o.transfers === 'none' ? by('transfers', done) : null;
    }
    case 'bombard-day':
    case 'bombard-night': {
      if (!set('bombard')) return null;
      if (o.bombard === 'none') return by('bombard', done);
      const shells = of('bombard');
      const first = shells.find((a) => a.target === 'air') ?? shells[0];
      if (!first) return by('bombard', done);
      // By day the ship then goes home (VI.F.1.h): to the ordered base when it may.
      const same = shells.filter((a) => a.ship === first.ship && a.base === first.base && a.target === first.target);
      return by('bombard', same.find((a) => a.to === o.home) ?? first);
    }
    case 'ground-combat': {
      if (!set('groundCombat')) return null;
      const pass = of('ground-pass')[0];
      if (o.groundCombat === 'hold') return by('groundCombat', pass);
      const attacks = [...of('ground-attack'), ...of('ground-advance')];
      const all = attacks.reduce<(typeof attacks)[number] | undefined>((best, a) => (!best || a.units > best.units ? a : best), undefined);
      const target = v.groundCombat?.to ?? v.groundCombat?.base;
      const enemy = v.sides[enemyOf(side)].hidden.filter((p) => p.place.at === 'base' && p.place.base === target && p.place.box === 'land').length;
      if (all && enemy > 0 && all.units * 2 >= enemy * 3) return by('groundCombat', all);
      return by('groundCombat', pass);
    }
    case 'day-combat':
    case 'day-end-combat':
    case 'night-combat':
      return battle(o, side, v, of, by, set);
    default:
      return null;
  }
}

function battle(
  o: Orders,
  side: Side,
  v: SsjView,
  of: Of,
  by: (key: string, a: SsjAction | undefined) => OrderDecision<SsjAction> | null,
  set: (key: string) => boolean,
): OrderDecision<SsjAction> | null {
  const b = v.battle;
  if (!b) return null;
  const engage = of('battle-engage');
  if (engage.length) {
    if (!set('engage')) return null;
    // Pursued (the other side engages, this one did not), the choice is to fight or abandon its slow ships: asked, unless the order is to engage always.
    if (b.step === 'pursuit')
      return o.engage === 'engage'
        ? by(
            'engage',
            engage.find((a) => a.engage),
          )
        : null;
    if (o.engage === 'engage' || o.engage === 'decline')
      return by(
        'engage',
        engage.find((a) => a.engage === (o.engage === 'engage')),
      );
    const count = (sd: Side) => v.sides[sd].groups.filter((g) => g.area === b.area && g.box !== 'night').reduce((n, g) => n + g.size, 0);
    return by(
      'engage',
      engage.find((a) => a.engage === count(side) >= count(enemyOf(side))),
    );
  }
  if (!set('battle')) return null;
  const open = of('battle-open');
  if (open.length) return by('battle', open.find((a) => a.first === 'torpedoes') ?? open[0]);
  const torpedo = of('torpedo');
  if (torpedo.length) {
    const enemy = b[enemyOf(side)];
    return by('battle', torpedo.find((a) => enemy.above.includes(a.piece)) ?? torpedo[0]);
  }
  const wild = of('wild-target');
  if (wild.length) return by('battle', wild[0]);
  const spread = of('fire-spread')[0];
  if (spread) return by('battle', spread);
  const cont = of('battle-continue')[0];
  if (cont) {
    const mine = b[side];
    const enemy = b[enemyOf(side)];
    const units = v.sides[side].units;
    const able = mine.pieces.filter((id) => {
      const u = units.find((x) => x.id === id);
      return u && u.damage !== 'HD' && !['CV', 'CVL', 'CVE', 'TR'].includes(u.cls ?? '');
    }).length;
    const theirs = enemy.pieces.length - enemy.heldBack.length;
    if (able >= theirs && b.round < 3) return by('battle', cont);
    return by('battle', homeward(of('battle-withdraw'), o.home));
  }
  // PT boats stay out of a daylight battle (VI.F.1.c) unless asked.
  const pt = of('battle-pt');
  if (pt.length) return by('battle', of('done')[0]);
  return null;
}
