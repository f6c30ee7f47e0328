/**
 * VI.F.2.d: PT boats. After the night battles the Allied PT units in the Slot each attack
 * one Japanese ship in the Slot's night boxes, chosen blindly among the face-down pieces; a
 * PT unit is sunk only by its own roll of 1. Then damage (VII.A) and the landings.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { PT_LOSS_VP, PT_NIGHT_SELF_SUNK_ON, antiShipResult, antiShipShift } from '../data';
import type { SsjAction } from '../actions';
import { checkRescued } from '../battle/rescue';
import { hitShip, resolveDamage } from '../damage';
import { decision, handTo } from '../flow';
import { learn, turnName, type SsjState } from '../state';
import { SHIP_BY_ID, isSub, own } from '../units';
import { awardVp } from '../victory';
import { change } from '../shared';
import { hitWords, knewBefore, namedLine, turnedUpLine } from '../naming';
import { ptOdds } from '../odds';

type PtAction = Extract<SsjAction, { type: 'pt-attack' | 'done' }>;

/**
 * Japanese ships in the Slot at night (the PT boats' targets): every face-down piece there, chosen
 * blindly by its tag, so a submarine too — it has no column on the Anti-Ship table, and is missed.
 */
function ptTargets(s: SsjState): string[] {
  const out: string[] = [];
  for (const k in s.groups) {
    const g = s.groups[k]!;
    if (g.side === 'japanese' && g.area === 'SL' && (g.box === 'daynight' || g.box === 'night')) out.push(...g.ships);
  }
  return out;
}

function readyPts(s: SsjState): string[] {
  const out: string[] = [];
  const done = new Set(s.engaged ?? []);
  for (const u of s.units.live()) {
    if (u.kind === 'pt' && u.place.at === 'slot' && !done.has(u.id)) out.push(u.id);
  }
  return out;
}

export function ptChoices(s: SsjState): PtAction[] {
  const targets = ptTargets(s)
    .map((id) => s.tags.of(id)!)
    .sort();
  const pts = readyPts(s);
  if (!targets.length || !pts.length) return [];
  const out: PtAction[] = [];
  for (const unit of pts) for (const piece of targets) out.push({ type: 'pt-attack', unit, piece });
  out.push({ type: 'done' });
  return out;
}

export function applyPt(s: SsjState, a: Extract<PtAction, { type: 'pt-attack' }>, ctx: ApplyContext): LogEntry[] {
  s.engaged = [...(s.engaged ?? []), a.unit];
  const target = ptTargets(s).find((id) => s.tags.of(id) === a.piece)!;
  const die = ctx.dice.d6('PT boat attack (allied)');
  const log: LogEntry[] = [namedLine(s, (n) => `A PT boat unit attacks ${n.piece(target)} in the Slot: rolled ${die}.`, { roll: { why: 'PT attack', die } })];
  if (die === PT_NIGHT_SELF_SUNK_ON) {
    own(s, a.unit).place = { at: 'destroyed' };
    awardVp(s, 'japanese', PT_LOSS_VP, 'an Allied PT unit lost (its own 1)');
    log.push({ to: 'public', text: 'The PT boats are lost (a self-inflicted 1).' });
    return log;
  }
  const u = s.units.of(target);
  // VI.F.1.c / VII.A: a Heavily Damaged ship is attacked with a bonus of 1, by PT boats as by any attacker on the Anti-Ship table (RULINGS).
  const result = isSub(target) ? 'miss' : antiShipResult(SHIP_BY_ID.get(target)!.cls, die, antiShipShift({ targetHeavilyDamaged: u.damage === 'HD' }));
  if (result === 'miss') {
    log.push(namedLine(s, (n) => `${n.Piece(target)}: no effect.`));
    return log;
  }
  const knew = knewBefore(s, target);
  const after = hitShip(s, u, result, 'SL', 'PT boat attack');
  change(s, 'revealed')[target] = ['allied', 'japanese'];
  learn(s, target, 'public');
  log.push(turnedUpLine(s, target, knew, hitWords(result, after), { units: [target] }));
  return log;
}

export const ptBoats = decision('pt-boats', ['pt-attack', 'done'], {
  text: (s) => {
    const targets = ptTargets(s);
    const odds = targets.length && readyPts(s).length ? ` ${ptOdds(s, targets)}` : '';
    return `${turnName(s)} (VI.F.2.d): your PT boats may each attack one Japanese piece in the Slot (chosen blindly), or close.${odds}`;
  },
  choices: (s) => ptChoices(s),
  arrive(s, ctx) {
    if (ptChoices(s).length) return { log: [] };
    // VII.A example: a task force protecting ships left behind may have been sunk, or gone for repair.
    return { log: [...resolveDamage(s, ctx), ...checkRescued(s, 'night')], next: { phase: 'combat', actor: 'japanese' } };
  },
  apply(s, _side, a, ctx) {
    if (a.type === 'done') {
      s.engaged = [
        ...(s.engaged ?? []),
        ...s.units
          .values()
          .filter((u) => u.kind === 'pt' && u.place.at === 'slot')
          .map((u) => u.id),
      ];
      return { log: [], next: handTo('allied'), reveals: true };
    }
    return { log: applyPt(s, a, ctx), next: handTo('allied'), reveals: true };
  },
});
