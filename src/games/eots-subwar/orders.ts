/**
 * Standing orders of Empire of the Sun's submarine warfare variant (issue #41): the routine
 * decisions a side may answer in advance — the other player's reports confirmed, its own
 * disputed reports withdrawn, the Strategic Warfare rolls, their effect, card #5, the end of
 * the Political Phase. Each rule reads the side's own view and prompt only (a report is
 * checked against the board that side sees, as the plausible bot does), and picks one of the
 * prompt's actions; where its condition does not hold, or the decision is not one it covers
 * (card plays, offensives, placements and emergency moves), it returns null and the player is
 * asked.
 */
import type { Prompt } from '../../engine';
import { ASK, orderReader, schemaOf, type OrderBook, type OrderDecision, type OrderField, type Orders } from '../../bots/order-book';
import type { EotsAction } from './actions';
import { disputable } from './bot';
import type { Report } from './fact';
import type { EotsView } from './view';

export const EOTS_ORDER_FIELDS: readonly OrderField[] = [
  {
    key: 'reports',
    label: "The other player's reports (confirm or dispute)",
    choices: [
      ASK,
      { value: 'unless-contradicted', label: 'confirm each, unless the board I see shows it cannot be so (then ask me)' },
      { value: 'confirm', label: 'confirm each' },
    ],
  },
  {
    key: 'disputed',
    label: 'My own report disputed',
    choices: [ASK, { value: 'withdraw', label: 'withdraw it' }],
  },
  {
    key: 'subWarfare',
    label: 'Strategic Warfare Segment rolls (11.22)',
    sides: ['allied'],
    choices: [ASK, { value: 'roll', label: 'roll for each eligible Sub Base in turn' }],
  },
  {
    key: 'subEffect',
    label: 'A successful Sub Base roll (11.23)',
    sides: ['allied'],
    choices: [ASK, { value: 'asp', label: 'reduce the Japanese ASP (else the SWM)' }, { value: 'swm', label: 'reduce the SWM (else the Japanese ASP)' }],
  },
  {
    key: 'card5',
    label: 'Card #5 against troop transports (11.24.A)',
    sides: ['allied'],
    choices: [ASK, { value: 'play', label: 'play it (on the first Sub Base offered)' }, { value: 'decline', label: 'do not play it' }],
  },
  {
    key: 'political',
    label: 'Political Phase (National Surrender hexes)',
    sides: ['japanese'],
    choices: [ASK, { value: 'end', label: 'end the phase with no report' }],
  },
];

const EotsOrders = schemaOf(EOTS_ORDER_FIELDS);

export const eotsOrders: OrderBook<EotsAction> = {
  schema: EotsOrders,
  fields: EOTS_ORDER_FIELDS,
  defaults(side): Orders {
    const both: Orders = { reports: 'unless-contradicted', disputed: 'withdraw' };
    return side === 'allied' ? { ...both, subWarfare: 'roll', subEffect: 'asp', card5: 'play' } : { ...both, political: 'end' };
  },
  decide(orders, _side, view, prompt) {
    return decide(orders, view as EotsView, prompt);
  },
};

function decide(o: Orders, v: EotsView, prompt: Prompt<EotsAction>): OrderDecision<EotsAction> | null {
  const acts = prompt.actions;
  const first = (t: EotsAction['type']) => acts.find((a) => a.type === t);
  const { set, by } = orderReader<EotsAction>(eotsOrders, o);

  switch (prompt.kind) {
    case 'confirm-fact': {
      if (!set('reports')) return null;
      const r = v.proposal?.fact as Report | undefined;
      if (o.reports === 'unless-contradicted' && (!r || disputable(v, r))) return null;
      return by('reports', first('confirm'));
    }
    case 'disputed-fact':
      return set('disputed') ? by('disputed', first('withdraw')) : null;
    case 'submarine-warfare':
      return set('subWarfare') ? by('subWarfare', first('submarine-warfare')) : null;
    case 'sub-warfare-effect': {
      if (!set('subEffect')) return null;
      const effect = (c: 'asp' | 'swm') => acts.find((a) => a.type === 'sub-warfare-effect' && a.choice === c);
      return by('subEffect', o.subEffect === 'asp' ? (effect('asp') ?? effect('swm')) : (effect('swm') ?? effect('asp')));
    }
    case 'card-5':
      if (!set('card5')) return null;
      return by('card5', o.card5 === 'play' ? first('play-card-5') : first('decline-card-5'));
    case 'political':
      return set('political') ? by('political', first('end-political')) : null;
    default:
      return null;
  }
}
