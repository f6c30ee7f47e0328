/**
 * The entry of a surface-combat phase (VI.F.1.c by choice and VI.F.1.f at the end of the day, VI.F.2 at night) for the flow
 * table: the stage's battles, sea area by sea area, each decision by the side whose it is;
 * when they are over, the owners of ships knocked out at sea choose where they are repaired
 * (repair.ts), damage is resolved (VII.A) and the flow goes where `next` says.
 */
import type { ApplyContext, LogEntry } from '../../../engine';
import { resolveDamage } from '../damage';
import { applyRepair, repairActor, repairChoices, repairText } from '../repair';
import { checkRescued } from './rescue';
import { decision, type Goto } from '../flow';
import type { At, DayCombatPhase } from '../state';
import { applyBattle } from './decisions';
import { startBattles } from './flow';
import { battleActor, battleChoices } from './legality';
import { battleText } from './text';

const TAKES = [
  'set-aside',
  'battle-pt',
  'battle-engage',
  'battle-tf',
  'battle-row',
  'battle-open',
  'torpedo',
  'wild-target',
  'fire',
  'fire-spread',
  'battle-continue',
  'battle-withdraw',
  'done',
  'repair',
] as const;

export function combatPhase<P extends DayCombatPhase | 'night-combat'>(phase: P, next: (s: At<P>) => Goto) {
  const mode = phase === 'night-combat' ? 'night' : 'day';
  // VI.F.1.c: the battles of the day-combat phase are fought only where both sides engage.
  const voluntary = phase === 'day-combat';
  // The stage is over: VII.A, damage is resolved after each phase; then on. (Not back through `arrive`, which would
  // start the stage anew — and meet again the task forces that stood off.)
  const finish = (s: At<P>, ctx: ApplyContext, log: LogEntry[]) => {
    s.battle = null;
    // The ships knocked out at sea are repaired where their owners choose, before the damage dice (repair.ts).
    s.actor = repairActor(s);
    if (s.actor) return { log };
    log.push(...resolveDamage(s, ctx));
    // VII.A example: a task force protecting ships left behind may have gone for repair.
    log.push(...checkRescued(s, mode));
    return { log, next: next(s) };
  };
  return decision(phase, TAKES, {
    // With no battle left to fight (the stage over), the decisions left are where the ships knocked out at sea are repaired.
    text: (s, side) => (s.battle ? battleText(s, side) : repairText(s, side)),
    choices: (s, side) => (s.battle ? battleChoices(s, side) : repairChoices(s, side)),
    arrive(s, ctx) {
      const log: LogEntry[] = [];
      if (!s.battle) log.push(...startBattles(s, mode, ctx, mode === 'night' ? (s.torpedoBattles ?? {}) : {}, voluntary, !!s.afterMidnight));
      s.actor = battleActor(s);
      if (s.battle && s.actor) return { log };
      return finish(s, ctx, log);
    },
    apply(s, side, a, ctx) {
      if (a.type === 'repair') {
        const out = applyRepair(s, side, a);
        if (out.private) return { log: out.log, private: true };
        s.actor = repairActor(s);
        return s.actor ? { log: out.log, reveals: true } : { ...finish(s, ctx, out.log), reveals: true };
      }
      const out = applyBattle(s, side, a, ctx);
      if (out.private) return { log: out.log, private: true };
      s.actor = battleActor(s);
      if (s.battle && s.actor) return { log: out.log, reveals: true };
      return { ...finish(s, ctx, out.log), reveals: true };
    },
  });
}
