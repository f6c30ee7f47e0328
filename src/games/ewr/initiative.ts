/**
 * TFA's initiatives and what they cost: economic markers pay (V.B.2.c), a second
 * initiative costs double after a combat the moving TF started (X.I.4), a retreating TF
 * must refuel before it operates again (X.N.3.g).
 */
import type { LogEntry } from '../../engine';
import { sameHex } from './hex';
import type { EconomicMarker } from './scenario';
import { friendlyBaseNear, inPlay, label, newEncounter, type EwrState, type Initiative, type Role } from './state';

/**
 * V.B.2.c: a marker is worth its ERs to the side whose units or bases occupy its hex or
 * in whose zone it lies; each pays for one initiative, and what it does not spend is lost.
 */
export function availableMarkers(s: EwrState): EconomicMarker[] {
  const side = s.roles.tfa;
  return s.scenario.markers.filter((m) => {
    if (s.spentMarkers.includes(m.id)) return false;
    if (m.zone === side) return true;
    if (s.scenario.bases.some((b) => b.side === side && sameHex(b.hex, m.hex))) return true;
    return !s.tf.tfa.offMap && sameHex(s.tf.tfa.hex, m.hex);
  });
}

/**
 * X.I.4: the next initiative costs double if the previous one had a round of combat that
 * the moving TF started and cost ERs; combat an enemy interception caused does not count.
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

export function atFriendlyBase(s: EwrState, r: Role): boolean {
  return !s.tf[r].offMap && friendlyBaseNear(s, s.roles[r], s.tf[r].hex);
}

/** Can TFA begin an initiative now? Null if yes, else why not. */
export function cannotBegin(s: EwrState): string | null {
  if (!inPlay(s, 'tfa')) return 'TFA is no longer in the area.';
  if (s.tf.tfa.retreating) return 'TFA is retreating and must refuel first (X.N.3.g).';
  if (s.history.length >= s.scenario.maxInitiatives) return `TFA has performed all ${s.scenario.maxInitiatives} initiatives.`;
  const { cost } = nextInitiativeCost(s);
  if (!payment(availableMarkers(s), cost)) return `TFA cannot pay the ${cost} ERs of its next initiative.`;
  return null;
}

export function beginInitiative(s: EwrState): LogEntry[] {
  const { cost, doubled } = nextInitiativeCost(s);
  const paid = payment(availableMarkers(s), cost)!;
  s.spentMarkers.push(...paid.map((m) => m.id));
  const init: Initiative = {
    number: s.history.length + 1,
    movesLeft: s.scenario.tfa.movement,
    cost,
    paidWith: paid.map((m) => m.id),
    intercepted: false,
    moverCombat: false,
    combat: false,
  };
  s.initiative = init;
  s.enc = newEncounter();
  s.phase = 'move';
  s.step = 'start';
  const paidText = paid.length ? ` paid with ${paid.map((m) => `${m.name} (${m.value})`).join(', ')}` : '';
  return [
    {
      to: 'public',
      text: `${label(s, 'tfa')} begins initiative ${init.number}: ${cost} ER${cost === 1 ? '' : 's'}${doubled ? ' (doubled, X.I.4: the previous initiative had combat the moving TF started)' : ''}${paidText}.`,
      data: { initiative: init.number, cost, doubled, markers: init.paidWith },
    },
  ];
}

/** Closes TFA's initiative and returns to the pause between initiatives (or ends the match). */
export function endInitiative(s: EwrState, log: LogEntry[], why: string): void {
  const init = s.initiative;
  if (init) {
    s.history.push(init);
    log.push({ to: 'public', text: `${label(s, 'tfa')}'s initiative ${init.number} ends (${why}).` });
  }
  s.initiative = null;
  s.enc = newEncounter();
  s.strike = null;
  s.tfzRefuelAsked = false;
  s.phase = 'between';
  s.step = 'start';
  if (!inPlay(s, 'tfa') || !inPlay(s, 'tfz')) endMatch(s, log, !inPlay(s, 'tfa') ? 'TFA is no longer in the area.' : 'TFZ is no longer in the area.');
}

export function endMatch(s: EwrState, log: LogEntry[], text: string): void {
  s.phase = 'over';
  s.step = 'end';
  s.endText = text;
  s.initiative = null;
  log.push({ to: 'public', text: `The operations phase is over: ${text}`, data: { losses: { ...s.losses } } });
}

/** Does TFZ's owner have a refuelling question to answer before TFA's next initiative? */
export function tfzMayRefuel(s: EwrState): boolean {
  return s.phase === 'between' && !s.tfzRefuelAsked && s.tf.tfz.retreating && atFriendlyBase(s, 'tfz');
}

export function refuel(s: EwrState, r: Role): LogEntry[] {
  s.tf[r].retreating = false;
  return [{ to: 'public', text: `${label(s, r)} refuels and may operate again (X.N.3.g).` }];
}
