/**
 * Standing orders of East Wind Rain (issue #41): the routine branches of the intercept chart a
 * side may answer in advance. A side is TFA or TFZ by its scenario, so each order names the
 * chart step it answers, whichever role the side has. Each rule reads the side's own view and
 * prompt only (its own TF's hull, air factors and mission, which it sees), and picks one of the
 * prompt's actions; where its condition does not hold, or the decision is not one it covers
 * (TFA's initiatives and moves, the approach, the redeployment, the secret allocation), it
 * returns null and the player is asked.
 */
import type { Prompt } from '../../engine';
import { ASK, orderReader, schemaOf, type OrderBook, type OrderDecision, type OrderField, type Orders } from '../../bots/order-book';
import type { EwrAction } from './actions';
import { FIT, hurt } from './bot';
import type { EwrView, OwnTfView } from './view';

type Choice = Extract<EwrAction, { type: 'decide' }>['choice'];

export const EWR_ORDER_FIELDS: readonly OrderField[] = [
  {
    key: 'intercept',
    label: 'Intercept TFA (TFZ; chart steps 1, A1, B1)',
    choices: [
      ASK,
      { value: 'while-fit', label: 'intercept while my TF has lost less than half its hull, else decline' },
      { value: 'always', label: 'always intercept' },
      { value: 'decline', label: 'never intercept' },
    ],
  },
  {
    key: 'sightOrEnter',
    label: 'Sight TFA or enter its hex (TFZ; step 3)',
    choices: [ASK, { value: 'sight', label: 'sight from where I am' }],
  },
  {
    key: 'strike',
    label: 'Airstrike once sighted (steps 5, A4, B4)',
    choices: [
      ASK,
      { value: 'air-first', label: 'launch an airstrike when I may, else engage on the surface (B4: move on)' },
      { value: 'surface', label: 'no airstrike: engage on the surface (B4: move on)' },
    ],
  },
  {
    key: 'afterStrike',
    label: 'After the strikes (TFZ; step 6)',
    choices: [
      ASK,
      { value: 'stay-unless-hurt', label: 'stay in the area while my TF has lost less than half its hull, else retreat' },
      { value: 'stay', label: 'stay in the area' },
      { value: 'retreat', label: 'retreat' },
    ],
  },
  {
    key: 'sightFirst',
    label: 'Sight TFZ first before it enters your hex (TFA; step A2)',
    choices: [ASK, { value: 'with-aircraft', label: 'sight first when I have aircraft, else pass' }, { value: 'pass', label: 'pass' }],
  },
  {
    key: 'search',
    label: 'Search for TFZ when no intercept comes (TFA; step B4)',
    choices: [
      ASK,
      { value: 'with-aircraft', label: 'sight in this hex when I have aircraft and my TF has lost less than half its hull, else continue' },
      { value: 'continue', label: 'no search: continue moving' },
    ],
  },
  {
    key: 'secondStrike',
    label: 'Immediate second strike (V.B.2.c)',
    choices: [
      ASK,
      { value: 'unless-mission', label: 'strike again, unless I am TFA with my mission not achieved yet' },
      { value: 'strike', label: 'always strike again' },
      { value: 'decline', label: 'never' },
    ],
  },
  {
    key: 'refuel',
    label: 'Refuel in port when retreating (TFZ; VIII.D)',
    choices: [ASK, { value: 'refuel', label: 'go into port to refuel when my side can pay' }, { value: 'skip', label: 'do not refuel' }],
  },
];

const EwrOrders = schemaOf(EWR_ORDER_FIELDS);

export const ewrOrders: OrderBook<EwrAction> = {
  schema: EwrOrders,
  fields: EWR_ORDER_FIELDS,
  defaults() {
    return {
      intercept: 'while-fit',
      sightOrEnter: 'sight',
      strike: 'air-first',
      afterStrike: 'stay-unless-hurt',
      sightFirst: 'with-aircraft',
      search: 'continue',
      secondStrike: 'unless-mission',
      refuel: 'refuel',
    };
  },
  decide(orders, _side, view, prompt) {
    return decide(orders, view as EwrView, prompt);
  },
};

function decide(o: Orders, v: EwrView, prompt: Prompt<EwrAction>): OrderDecision<EwrAction> | null {
  const acts = prompt.actions;
  const me = v.you ? (v.tfs[v.you] as OwnTfView | undefined) : undefined;
  if (!me) return null;
  const fit = hurt(me) < FIT;
  const air = me.factors.air > 0;
  const { set, by } = orderReader<EwrAction>(ewrOrders, o);
  const choice = (...prefs: Choice[]): EwrAction | undefined => {
    for (const c of prefs) {
      const a = acts.find((x) => x.type === 'decide' && x.choice === c);
      if (a) return a;
    }
    return undefined;
  };

  switch (prompt.kind) {
    case 'intercept': {
      if (!set('intercept')) return null;
      const go = o.intercept === 'always' || (o.intercept === 'while-fit' && fit);
      return by('intercept', (go ? choice('intercept') : undefined) ?? choice('decline'));
    }
    case 'sight-or-enter':
      return set('sightOrEnter') ? by('sightOrEnter', choice('sight')) : null;
    case 'strike-or-surface':
      if (!set('strike')) return null;
      return by('strike', o.strike === 'air-first' ? choice('airstrike', 'surface') : choice('surface'));
    case 'strike-or-not':
      if (!set('strike')) return null;
      return by('strike', o.strike === 'air-first' ? choice('airstrike', 'decline') : choice('decline'));
    case 'after-strike': {
      if (!set('afterStrike')) return null;
      const stay = o.afterStrike === 'stay' || (o.afterStrike === 'stay-unless-hurt' && fit);
      return by('afterStrike', stay ? choice('stay') : choice('retreat'));
    }
    case 'sight-first':
      if (!set('sightFirst')) return null;
      return by('sightFirst', o.sightFirst === 'with-aircraft' && air ? choice('sight', 'pass') : choice('pass'));
    case 'sight-or-continue':
      if (!set('search')) return null;
      return by('search', o.search === 'with-aircraft' && air && fit ? choice('sight', 'continue') : choice('continue'));
    case 'second-strike': {
      if (!set('secondStrike')) return null;
      const go = o.secondStrike === 'strike' || (o.secondStrike === 'unless-mission' && (v.you !== 'tfa' || v.mission.achieved));
      return by('secondStrike', (go ? choice('second-strike') : undefined) ?? choice('decline'));
    }
    case 'refuel':
      if (!set('refuel')) return null;
      return by(
        'refuel',
        o.refuel === 'refuel' ? (acts.find((a) => a.type === 'refuel') ?? acts.find((a) => a.type === 'skip-refuel')) : acts.find((a) => a.type === 'skip-refuel'),
      );
    default:
      return null;
  }
}
