/**
 * TFA's initiatives and what they cost: economic markers pay (V.B.2.c), the ERs are
 * expended once the moving TF moves, a second initiative costs double after a combat the
 * moving TF started and paid for (X.I.4), a retreating TF must refuel before it operates
 * again (X.N.3.g), and refuelling takes a TF into port for a while at a price (VIII.D).
 */
import type { LogEntry } from '../../engine';
import { sameHex } from './hex';
import { checkMission } from './mission';
import type { EconomicMarker } from './scenario';
import { friendlyBaseNear, inPlay, label, newEncounter, type EwrState, type Initiative, type Role } from './state';
import { countOf } from './words';

/**
 * V.B.2.c: a marker is worth its ERs to a side when it lies in that side's zone or a base of
 * that side holds its hex; each pays for one initiative (or an immediate second strike, or a
 * refuelling), and what it does not spend is lost. Markers set aside for the initiative under
 * way are not available. A TF at sea does not hold the hex it passes (RULINGS V.B.2.c), so
 * which markers pay follows from public facts alone and never shows where a TF is.
 */
export function availableMarkers(s: EwrState, r: Role = 'tfa'): EconomicMarker[] {
  const side = s.roles[r];
  const reserved = s.initiative?.reserved ?? [];
  return s.scenario.markers.filter((m) => {
    if (s.spentMarkers.includes(m.id) || reserved.includes(m.id)) return false;
    return m.zone === side || s.scenario.bases.some((b) => b.side === side && sameHex(b.hex, m.hex));
  });
}

/**
 * X.I.4: the next initiative costs double if the previous one had a round of combat that
 * the moving TF started and it expended ERs in it; combat an enemy interception caused
 * does not count, nor does an initiative in which TFA never moved (it expended nothing).
 */
export function nextInitiativeCost(s: EwrState): { cost: number; doubled: boolean } {
  const base = s.scenario.initiativeCost;
  const prev = s.history[s.history.length - 1];
  const doubled = !!prev && prev.moverCombat && prev.cost > 0;
  return { cost: doubled ? base * 2 : base, doubled };
}

/** The markers that pay `cost` wasting the fewest ERs (then the fewest markers, then by id); null if they cannot. */
export function payment(markers: readonly EconomicMarker[], cost: number): EconomicMarker[] | null {
  if (cost === 0) return [];
  const list = [...markers].sort((a, b) => a.id.localeCompare(b.id));
  let best: EconomicMarker[] | null = null;
  let bestKey = '';
  for (let mask = 1; mask < 1 << list.length; mask++) {
    const pick = list.filter((_, i) => mask & (1 << i));
    const sum = pick.reduce((n, m) => n + m.value, 0);
    if (sum < cost) continue;
    const key = `${String(sum - cost).padStart(3, '0')}:${String(pick.length).padStart(2, '0')}:${pick.map((m) => m.id).join(',')}`;
    if (best === null || key < bestKey) {
      best = pick;
      bestKey = key;
    }
  }
  return best;
}

const named = (ms: readonly EconomicMarker[]) => ms.map((m) => `${m.name} (${m.value})`).join(', ');

export function atFriendlyBase(s: EwrState, r: Role): boolean {
  return !s.tf[r].offMap && friendlyBaseNear(s, s.roles[r], s.tf[r].hex);
}

/** Can TFA begin an initiative now? Null if yes, else why not. */
export function cannotBegin(s: EwrState): string | null {
  if (!inPlay(s, 'tfa')) return 'TFA is no longer in the area.';
  if (s.tf.tfa.retreating) return 'TFA is retreating and must refuel first (X.N.3.g).';
  if (s.history.length >= s.scenario.maxInitiatives) return `TFA has performed all ${s.scenario.maxInitiatives} initiatives.`;
  const { cost } = nextInitiativeCost(s);
  if (!payment(availableMarkers(s), cost)) return `TFA cannot pay the ${countOf(cost, 'ER')} of its next initiative.`;
  return null;
}

function newInitiative(s: EwrState, kind: Initiative['kind'], due: number, doubled: boolean, reserved: string[]): Initiative {
  return {
    number: s.history.length + 1,
    kind,
    movesLeft: kind === 'operation' ? s.scenario.tfa.movement : 0,
    due,
    doubled,
    reserved,
    moved: false,
    cost: 0,
    paidWith: [],
    passedExit: false,
    intercepted: false,
    moverCombat: false,
    combat: false,
  };
}

/** TFA begins an initiative: the markers that will pay for it are set aside; they are spent only if TFA moves. */
export function beginInitiative(s: EwrState): LogEntry[] {
  const { cost, doubled } = nextInitiativeCost(s);
  const paid = payment(availableMarkers(s), cost)!;
  const init = newInitiative(
    s,
    'operation',
    cost,
    doubled,
    paid.map((m) => m.id),
  );
  s.initiative = init;
  s.enc = newEncounter();
  s.phase = 'move';
  s.step = 'start';
  return [
    {
      to: 'public',
      text:
        `${label(s, 'tfa')} begins initiative ${init.number}: ${cost} ER${cost === 1 ? '' : 's'}${doubled ? ' (doubled, X.I.4: the previous initiative had combat the moving TF started)' : ''}` +
        `${paid.length ? ` set aside from ${named(paid)}` : ''}, expended once it moves.`,
      data: { initiative: init.number, cost, doubled, markers: init.reserved },
    },
  ];
}

/** TFA's ERs are expended when it moves (or starts a combat, settle); they are settled publicly when the initiative ends. */
export function noteMove(s: EwrState): void {
  if (s.initiative) s.initiative.moved = true;
}

/**
 * Settles the ERs of the initiative that ends: spent if TFA moved or started a round of
 * combat (X.I.4's combat "initiated by the moving TF" is an initiative performed, moved or
 * not: V.B.2.c, a marker pays "for one initiative"), handed back if it did neither — an
 * initiative in which TFA stayed put and was at most intercepted expends no ERs.
 */
function settle(s: EwrState, init: Initiative, log: LogEntry[]): void {
  if (init.kind !== 'operation') return;
  const reserved = s.scenario.markers.filter((m) => init.reserved.includes(m.id));
  init.reserved = [];
  if (init.moved || init.moverCombat) {
    init.cost = init.due;
    init.paidWith = reserved.map((m) => m.id);
    s.spentMarkers.push(...init.paidWith);
    if (init.due > 0)
      log.push({
        to: 'public',
        text: `${label(s, 'tfa')} expended ${init.due} ER${init.due === 1 ? '' : 's'} in initiative ${init.number}${reserved.length ? `, paid with ${named(reserved)}` : ''} (V.B.2.c).`,
        data: { initiative: init.number, cost: init.due, markers: init.paidWith },
      });
  } else if (init.due > 0) {
    log.push({
      to: 'public',
      text: `${label(s, 'tfa')} neither moved nor started a combat in initiative ${init.number} and expended no ERs; its markers are not spent (X.I.4).`,
      data: { initiative: init.number, cost: 0 },
    });
  }
}

/** Closes TFA's initiative and returns to the pause between initiatives (or ends the match). */
export function endInitiative(s: EwrState, log: LogEntry[], why: string): void {
  const init = s.initiative;
  if (init) {
    settle(s, init, log);
    s.history.push(init);
    log.push({ to: 'public', text: `${label(s, 'tfa')}'s initiative ${init.number} ends (${why}).` });
    checkMission(s, init, log);
    // VIII.D: a TFZ that went into port to refuel has refuelled once TFA's initiative is over.
    if (s.tf.tfz.refuelling) {
      s.tf.tfz.refuelling = false;
      s.tf.tfz.retreating = false;
      log.push({ to: 'public', text: `${label(s, 'tfz')} has refuelled in port and may operate again (VIII.D, X.N.3.g).` });
    }
  }
  s.initiative = null;
  s.enc = newEncounter();
  s.strike = null;
  s.tfzRefuelAsked = false;
  s.phase = 'between';
  s.step = 'start';
  // TFZ sunk or gone from the area ends nothing: TFA may go on with its initiatives (and its mission).
  if (!inPlay(s, 'tfa')) endMatch(s, log, 'TFA is no longer in the area.');
}

export function endMatch(s: EwrState, log: LogEntry[], text: string): void {
  s.phase = 'over';
  s.step = 'end';
  s.endText = text;
  s.initiative = null;
  log.push({ to: 'public', text: `The operations phase is over: ${text}`, data: { losses: { ...s.losses } } });
}

/** VIII.D: the markers that would pay for `r` to refuel now, or null if it cannot. */
export function refuelPayment(s: EwrState, r: Role): EconomicMarker[] | null {
  if (!s.tf[r].retreating || s.tf[r].refuelling || !atFriendlyBase(s, r)) return null;
  return payment(availableMarkers(s, r), s.scenario.refuelCost);
}

/** Does TFZ's owner have a refuelling question to answer before TFA's next initiative? (Asked whether or not it can pay.) */
export function tfzMayRefuel(s: EwrState): boolean {
  return s.phase === 'between' && !s.tfzRefuelAsked && s.tf.tfz.retreating && !s.tf.tfz.refuelling && atFriendlyBase(s, 'tfz') && inPlay(s, 'tfz') && inPlay(s, 'tfa');
}

/** May TFA spend its next initiative refuelling? */
export function tfaMayRefuel(s: EwrState): boolean {
  return s.history.length < s.scenario.maxInitiatives && refuelPayment(s, 'tfa') !== null;
}

/**
 * VIII.D: refuelling is neither free nor instant. It costs `refuelCost` ERs, and the TF is
 * in port meanwhile, where it cannot be engaged. TFZ goes into port for TFA's next
 * initiative; TFA spends one of its initiatives in port.
 */
export function refuel(s: EwrState, r: Role): LogEntry[] {
  const paid = refuelPayment(s, r)!;
  s.spentMarkers.push(...paid.map((m) => m.id));
  const cost = s.scenario.refuelCost;
  const paidText = `${cost} ER${cost === 1 ? '' : 's'}${paid.length ? `, paid with ${named(paid)}` : ''}`;
  if (r === 'tfz') {
    s.tf.tfz.refuelling = true;
    return [
      {
        to: 'public',
        text: `${label(s, 'tfz')} goes into port to refuel (${paidText}): until TFA's next initiative is over it cannot move or intercept, nor be engaged in surface or ASW warfare, and it may be attacked from the air (VIII.D).`,
        data: { refuel: 'tfz', cost, markers: paid.map((m) => m.id) },
      },
    ];
  }
  const init = newInitiative(s, 'refuel', cost, false, []);
  init.cost = cost;
  init.paidWith = paid.map((m) => m.id);
  s.tf.tfa.retreating = false;
  s.history.push(init);
  s.tfzRefuelAsked = false;
  return [
    {
      to: 'public',
      text: `${label(s, 'tfa')} spends initiative ${init.number} in port refuelling (${paidText}); it may operate again (VIII.D, X.N.3.g).`,
      data: { refuel: 'tfa', initiative: init.number, cost, markers: init.paidWith },
    },
  ];
}
