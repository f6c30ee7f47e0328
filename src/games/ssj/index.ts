/**
 * Sky, Sea, and JUNGLE as a game module (see src/engine/types.ts for the contract): the
 * sequence of play of section VI, turn by turn, AugI to DecI. Each phase is a prompt to
 * the side whose decision it is; phases with nothing to decide resolve on their own.
 */
import { RuleError, type Applied, type ApplyContext, type GameModule, type LogEntry, type Prompt, type Viewer } from '../../engine';
import { AIR_UNITS, BASES, GROUND_UNITS, PT_UNITS, SHIPS } from './data';
import { BOXES, SEA_AREAS, TURNS, type Side } from './data/types';
import { SsjAction, SsjOptions } from './actions';
import { applyLanding, hasLandings, landingChoices, NO_COMBAT_YET, updateControl } from './combat';
import { resolveDamage } from './damage';
import { applyDeployment, deploymentChoices } from './deployment';
import { rollDetection } from './detection';
import { FIRST_MAGIC_TURN, magicChoices, rollMagic } from './magic';
import { applyEarly, applyReinforcement, earlyChoices, reinforcementChoices } from './reinforcements';
import { applyReturnStep, autoReturn, returnStepChoices } from './returns';
import { beginTurn, setupState } from './setup';
import { cloneState } from './clone';
import { other, SIDE_NAME, type Phase, type SsjState } from './state';
import { applySub, hasSubDecision, subChoices } from './submarines';
import { airSupplyChoices, applyAirSupply, resolveSupply } from './supply';
import { finishGame, result } from './victory';
import { rollVolcano, scoreObjectives } from './volcano';
import { viewFor } from './view';

const SIDES = ['allied', 'japanese'] as const;
const T = (s: SsjState) => TURNS[s.turn]!;

function choices(s: SsjState, side: Side): SsjAction[] {
  switch (s.phase) {
    case 'early-activation':
      return earlyChoices();
    case 'allied-reinforcements':
      return reinforcementChoices(s);
    case 'japanese-deployment':
    case 'allied-deployment':
      return deploymentChoices(s, side);
    case 'magic':
      return magicChoices();
    case 'submarines':
      return subChoices(s, side);
    case 'combat':
      return landingChoices(s, side);
    case 'supply':
      return airSupplyChoices(s);
    case 'return':
      return returnStepChoices(s, side);
    case 'over':
      return [];
  }
}

const TEXT: Record<Exclude<Phase, 'over'>, (s: SsjState) => string> = {
  'early-activation': () => 'AugI (V): roll for the early activation of your Truk forces? On a success they may move on the first turn, and the Allies get 5 VP.',
  'allied-reinforcements': (s) =>
    `${T(s)} (VI.A): place your arriving reinforcements at Espiritu Santo or Australia${s.turn < TURNS.length - 1 ? ', and choose the cruiser and the other ship that arrive next turn' : ''}.`,
  'japanese-deployment': (s) => `${T(s)} (VI.B): deploy your ships, submarines, recon air and troops face down behind the Fog Of War screen, then close your deployment.`,
  magic: (s) => `${T(s)} (VI.C): name three numbers for the Magic roll.`,
  'allied-deployment': (s) =>
    s.fogLiftedFor.includes('allied')
      ? `${T(s)} (VI.C): Magic has lifted the screen — deploy, then close your deployment.`
      : `${T(s)} (VI.C): deploy with the Fog Of War screen still up, then close your deployment.`,
  submarines: (s) => (s.subAttack ? `${T(s)} (VI.D): choose your submarine's target.` : `${T(s)} (VI.D): your submarines may attack one ship or division of an enemy group in their sea area.`),
  combat: (s) => `${T(s)} (VI.F): land the troops aboard your ships on a base of their sea area.`,
  supply: (s) => `${T(s)} (VI.G): designate B-17s to fly supply (3 ground units each), then close.`,
  return: (s) => `${T(s)} (VI.H): return your ships to base, then transfer ground units between home bases, air units between airfields, PT boats into the Slot.`,
};

function prompt(s: SsjState, side: string): Prompt<SsjAction> | null {
  if (s.phase === 'over' || s.actor !== side) return null;
  return { kind: s.phase, text: TEXT[s.phase](s), actions: choices(s, side as Side) };
}

/** Moves on from a finished phase through every phase with nothing to decide. */
function enter(s: SsjState, phase: Phase, actor: Side | null, ctx: ApplyContext): LogEntry[] {
  const log: LogEntry[] = [];
  s.phase = phase;
  s.actor = actor;
  switch (phase) {
    case 'allied-reinforcements':
      if (reinforcementChoices(s).length === 1) return [...log, ...enter(s, 'japanese-deployment', 'japanese', ctx)];
      return log;
    case 'submarines': {
      // The Japanese subs first, then the Allied (actor null: both are through).
      if (actor && hasSubDecision(s, actor)) return log;
      if (actor === 'japanese') return [...log, ...enter(s, 'submarines', 'allied', ctx)];
      // VII.A after the phase, then VI.E.
      log.push(...resolveDamage(s, ctx), ...rollDetection(s, ctx), NO_COMBAT_YET);
      return [...log, ...enter(s, 'combat', 'japanese', ctx)];
    }
    case 'combat': {
      if (actor && hasLandings(s, actor)) return log;
      if (actor === 'japanese') return [...log, ...enter(s, 'combat', 'allied', ctx)];
      log.push(...updateControl(s));
      return [...log, ...enter(s, 'supply', 'allied', ctx)];
    }
    case 'supply':
      if (airSupplyChoices(s).length > 0) return log;
      log.push(...resolveSupply(s));
      return [...log, ...enter(s, 'return', 'japanese', ctx)];
    case 'return':
      log.push(...autoReturn(s, actor!));
      return log;
    default:
      return log;
  }
}

/** The end of the turn: the volcano, the turn's objective points, and the next turn (or the end). */
function endTurn(s: SsjState, ctx: ApplyContext): LogEntry[] {
  const log = [...rollVolcano(s, ctx), ...scoreObjectives(s)];
  if (s.turn === TURNS.length - 1) {
    log.push({ to: 'public', text: finishGame(s) });
    return log;
  }
  s.turn++;
  log.push(...beginTurn(s, ctx));
  if (s.phase === 'allied-reinforcements') log.push(...enter(s, 'allied-reinforcements', 'allied', ctx));
  return log;
}

function apply(s: SsjState, side: string, action: SsjAction, ctx: ApplyContext): Applied<SsjState> {
  const who = side as Side;
  const done = action.type === 'done';
  switch (s.phase) {
    case 'early-activation': {
      const log = applyEarly(s, action as Extract<SsjAction, { type: 'early-activation' }>, ctx);
      return { state: s, log: [...log, ...enter(s, 'allied-reinforcements', 'allied', ctx)], reveals: true };
    }
    case 'allied-reinforcements': {
      const log = applyReinforcement(s, action as never);
      if (!done) return { state: s, log, private: true };
      log.push({ to: 'public', text: `${T(s)}: the Allied player has placed his reinforcements.` });
      return { state: s, log: [...log, ...enter(s, 'japanese-deployment', 'japanese', ctx)], reveals: true };
    }
    case 'japanese-deployment':
    case 'allied-deployment': {
      const out = applyDeployment(s, who, action as never, ctx);
      if (!done) return { state: s, log: out.log, private: true };
      const log = [...out.log];
      if (who === 'japanese') {
        log.push(...enter(s, s.turn >= FIRST_MAGIC_TURN ? 'magic' : 'allied-deployment', 'allied', ctx));
      } else {
        s.fogLiftedFor = ['allied', 'japanese'];
        log.push({ to: 'public', text: "The Fog Of War screen is removed: each side sees the other's pieces, face down." });
        log.push(...enter(s, 'submarines', 'japanese', ctx));
      }
      return { state: s, log, reveals: true };
    }
    case 'magic': {
      const log = rollMagic(s, action as never, ctx);
      return { state: s, log: [...log, ...enter(s, 'allied-deployment', 'allied', ctx)], reveals: true };
    }
    case 'submarines': {
      const out = applySub(s, who, action as never, ctx);
      const log = [...out.log];
      if (done || !hasSubDecision(s, who)) {
        log.push(...enter(s, 'submarines', who === 'japanese' ? 'allied' : null, ctx));
      }
      return { state: s, log, reveals: out.reveals || done };
    }
    case 'combat': {
      const log = applyLanding(s, who, action as never);
      if (!hasLandings(s, who)) log.push(...enter(s, 'combat', who === 'japanese' ? 'allied' : null, ctx));
      return { state: s, log, reveals: true };
    }
    case 'supply': {
      if (!done) return { state: s, log: applyAirSupply(s, action as never), private: true };
      const log = [...resolveSupply(s)];
      return { state: s, log: [...log, ...enter(s, 'return', 'japanese', ctx)], reveals: true };
    }
    case 'return': {
      // The screen is down: the other side sees the pieces move (face down), so these steps are not private.
      const log = applyReturnStep(s, who, action as never);
      if (!done) return { state: s, log };
      log.push({ to: 'public', text: `${T(s)}: the ${SIDE_NAME[who]} player has returned to base.` });
      if (who === 'japanese') log.push(...enter(s, 'return', 'allied', ctx));
      else log.push(...endTurn(s, ctx));
      return { state: s, log, reveals: true };
    }
    default:
      throw new RuleError('The game is over.');
  }
}

export const ssj: GameModule<SsjState, SsjAction, SsjOptions> = {
  id: 'ssj',
  name: 'Sky, Sea, and JUNGLE',
  sides: SIDES,
  action: SsjAction,
  options: SsjOptions,
  setup: (_options, ctx) => setupState(ctx),
  clone: cloneState,
  prompt,
  apply,
  view: (s: SsjState, viewer: Viewer) => viewFor(s, viewer),
  result,
  publicData: () => ({ turns: TURNS, seaAreas: SEA_AREAS, boxes: BOXES, bases: BASES, ships: SHIPS, air: AIR_UNITS, ground: GROUND_UNITS, pt: PT_UNITS }),
};

export { other };
