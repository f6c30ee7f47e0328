/**
 * The entry of an air strike phase (VI.F.1.a morning land-based air, VI.F.1.b carrier
 * strikes and counterattacks, VI.F.1.d afternoon land-based air) for the flow table: the
 * stage starts on arrival and runs to each decision; when it is over, the owners of ships
 * knocked out at sea choose where they are repaired (repair.ts), damage is resolved (VII.A)
 * and the flow goes to `next`.
 */
import type { LogEntry } from '../../../engine';
import { checkRescued } from '../battle/rescue';
import { resolveDamage } from '../damage';
import { applyRepair, repairActor, repairChoices, repairText } from '../repair';
import { decision, handTo, type Goto } from '../flow';
import type { AirPhase } from '../state';
import { advanceAir, applyAir, startAir } from './flow';
import { airActor, airChoices } from './legality';
import type { AirStage } from './state';
import { airText } from './text';

const TAKES = ['air-strike', 'air-raid', 'air-target', 'air-land', 'done', 'repair'] as const;

export function airPhase(phase: AirPhase, stage: AirStage, next: Goto) {
  return decision(phase, TAKES, {
    // The stage over, its last decisions are where the ships knocked out at sea are repaired.
    text: (s, side) => (airActor(s) ? airText(s) : repairText(s, side)),
    choices: (s, side) => (airActor(s) ? airChoices(s, side) : repairChoices(s, side)),
    arrive(s, ctx) {
      const log: LogEntry[] = [];
      if (!s.air || s.air.stage !== stage) {
        startAir(s, stage);
        log.push(...advanceAir(s, ctx));
      }
      s.actor = airActor(s) ?? repairActor(s);
      if (s.actor) return { log };
      // VII.A: damage is resolved after each phase.
      log.push(...resolveDamage(s, ctx));
      // VII.A example: a task force protecting ships left behind may have been sunk, or gone for repair.
      log.push(...checkRescued(s, 'day'));
      return { log, next };
    },
    apply(s, side, a, ctx) {
      if (a.type === 'repair') {
        const out = applyRepair(s, side, a);
        return out.private ? { log: out.log, private: true } : { log: out.log, next: handTo(null), reveals: true };
      }
      const out = applyAir(s, side, a, ctx);
      if (out.private) return { log: out.log, private: true };
      s.actor = airActor(s);
      return { log: out.log, ...(s.actor ? {} : { next: handTo(null) }), reveals: true };
    },
  });
}
