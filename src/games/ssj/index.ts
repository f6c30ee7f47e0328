/**
 * Sky, Sea, and JUNGLE as a game module (see src/engine/types.ts for the contract): the
 * sequence of play of section VI, turn by turn, AugI to DecI. Each phase is a prompt to
 * the side whose decision it is; phases with nothing to decide resolve on their own.
 */
import { RuleError, type Applied, type ApplyContext, type GameModule, type LogEntry, type Prompt, type Viewer } from '../../engine';
import { AIR_UNITS, BASES, GROUND_UNITS, PT_UNITS, SEA_AREA_NAMES, SHIPS } from './data';
import { BOXES, SEA_AREAS, TURNS, type Side } from './data/types';
import { SsjAction, SsjOptions } from './actions';
import { applyDayLanding, applyLanding, dayLandingChoices, hasLandings, landingChoices, updateControl } from './combat';
import { applyBattle, battleActor, battleChoices, startBattles } from './battle';
import { applyGround, groundChoices, groundDecision } from './ground-combat';
import { applyMidnight, midnightChoices } from './after-midnight';
import { applyWithdraw, withdrawChoices } from './withdrawal';
import { applyBombard, applyPt, bombardChoices, hasBombard, ptChoices } from './bombardment';
import { advanceAir, airActor, airChoices, applyAir, startAir, type AirStage } from './air-strikes';

const AIR_STAGE: Partial<Record<Phase, AirStage>> = { 'air-morning': 'morning-land', 'carrier-strikes': 'carriers', counterattack: 'counter', 'air-afternoon': 'afternoon-land' };
/** What follows each combat stage of VI.F. */
const AFTER: Partial<Record<Phase, Phase>> = { 'air-morning': 'carrier-strikes', 'carrier-strikes': 'counterattack', counterattack: 'withdrawal', 'day-combat': 'air-afternoon', 'air-afternoon': 'day-only' };
/** Phases both sides take in turn, the Japanese first. */
const IN_TURN: Partial<Record<Phase, Phase>> = { withdrawal: 'day-combat', 'day-only': 'day-landings', 'day-landings': 'bombard-day' };
const turnChoices = (s: SsjState, side: Side) => (s.phase === 'day-landings' ? dayLandingChoices(s, side) : withdrawChoices(s, side));
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
    case 'day-combat':
    case 'night-combat':
      return battleChoices(s, side);
    case 'air-morning':
    case 'carrier-strikes':
    case 'counterattack':
    case 'air-afternoon':
      return airChoices(s, side);
    case 'bombard-day':
    case 'bombard-night':
      return bombardChoices(s, side);
    case 'pt-boats':
      return ptChoices(s);
    case 'after-midnight':
      return midnightChoices(s, side);
    case 'withdrawal':
    case 'day-only':
    case 'day-landings':
      return turnChoices(s, side);
    case 'combat':
      return landingChoices(s, side);
    case 'ground-combat':
      return groundChoices(s, side);
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
  'air-morning': (s) => airText(s),
  'carrier-strikes': (s) => airText(s),
  counterattack: (s) => airText(s),
  'air-afternoon': (s) => airText(s),
  'day-combat': (s) => battleText(s),
  'bombard-day': (s) => `${T(s)} (VI.F.1.h): your ships holding the Slot or the Coral Sea by day that did not fight may each shell one base's ground units or airfield once (then they go home), or close.`,
  'bombard-night': (s) => `${T(s)} (VI.F.2.f): your ships at sea at night that have neither fought nor bombarded may each shell one base's ground units or airfield once, or close.`,
  withdrawal: (s) => `${T(s)} (VI.F.1): you may withdraw any undamaged or damaged (D) ship at sea to base, one by one (not slow or heavily damaged ships), then close.`,
  'day-landings': (s) => `${T(s)} (VI.F.1.g): each of your undamaged troop-carrying ships in a Day Only or Day and Night box may land one unit now (the rest land at night), then close.`,
  'day-only': (s) => `${T(s)} (VI.F.1.f): holding the day, you may move non-slow ships from Day and Night task forces to the Day Only box to avoid a night battle, then close.`,
  'after-midnight': (s) => `${T(s)} (VI.F.2.c): After Midnight — your Day Only task forces that have not fought may sail into an adjacent sea area's Night Only box to engage the enemy still there, or close.`,
  'pt-boats': (s) => `${T(s)} (VI.F.2.d): your PT boats may each attack one Japanese piece in the Slot (chosen blindly), or close.`,
  'night-combat': (s) => battleText(s),
  combat: (s) => `${T(s)} (VI.F): land the troops aboard your ships on a base of their sea area.`,
  'ground-combat': (s) => {
    const d = groundDecision(s);
    return d ? `${T(s)} (VI.F.2.g): ground combat at ${BASES[d.base].name} — your ${d.mine.length} unit(s) against ${d.theirs.length}. Attack (risking how many?) or not?` : '';
  },
  supply: (s) => `${T(s)} (VI.G): designate B-17s to fly supply (3 ground units each), then close.`,
  return: (s) => `${T(s)} (VI.H): return your ships to base, then transfer ground units between home bases, air units between airfields, PT boats into the Slot.`,
};

const STEP_TEXT: Record<string, string> = {
  'pt-day': 'your PT boats in the Slot may join this daylight battle (VI.F.1.c) — each gunfire roll at them sinks them on a 4–6 — or hide: pick the units that attack, then close',
  'choose-tf': 'choose the task force that fights first',
  place: 'place your ships face down on the Battle Board, above or below the night-time size perception line (cruisers and transports either side; at least one unit each side if possible), then close',
  surprise: 'you have surprise: open with torpedoes, with gunfire, or withdraw',
  torpedo: 'aim your surprise torpedoes (spread over the enemy pieces as much as possible)',
  wild: "a torpedo has turned: choose blindly the piece of the firing task force it runs at",
  'after-torpedo': 'after your torpedo attack: fight on with gunfire, or withdraw',
  fire: 'allocate your ships\' gunfire, one ship at a time, or spread the rest',
  continue: 'the round is over: fight on, or withdraw',
};

function airText(s: SsjState): string {
  const a = s.air;
  if (!a) return '';
  const what =
    a.stage === 'morning-land'
      ? '(VI.F.1.a) morning land-based air'
      : a.stage === 'carriers'
        ? '(VI.F.1.b) morning carrier strikes'
        : a.stage === 'counter'
          ? '(VI.F.1.b) counterattack on the raiding carriers'
          : '(VI.F.1.d) afternoon land-based air';
  if (a.step === 'land') return `${T(s)} ${what}: your carrier air is in the air (VI.F.1.b note, VII.A) — pick where the next air unit lands: a carrier with room or a friendly active airfield.`;
  if (a.step === 'aim') return `${T(s)} ${what}: the struck ships are face up — aim your next air unit at one of them.`;
  return `${T(s)} ${what}: allocate your air units to strikes (a group at sea${a.stage === 'afternoon-land' ? '' : ' where you have detection'}, or a base's ground units, airfield or harbour), then close.`;
}

function battleText(s: SsjState): string {
  const b = s.battle;
  if (!b) return '';
  const what = b.mode === 'night' ? '(VI.F.2) night battle' : '(VI.F.1.c, f) daylight surface battle';
  const step =
    b.mode === 'day' && b.step === 'continue' && b.round === 0
      ? 'the task forces are face up: fight, or withdraw (slow and heavily damaged ships are scuttled)'
      : b.mode === 'day' && b.step === 'fire'
        ? "allocate your ships' gunfire, one ship at a time (not at a higher class while one of its own or a lower class is not fired on), or spread the rest"
        : STEP_TEXT[b.step];
  return `${T(s)} ${what} in ${SEA_AREA_NAMES[b.area]}${b.round ? `, round ${b.round}` : ''}: ${step}.`;
}

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
      log.push(...resolveDamage(s, ctx), ...rollDetection(s, ctx));
      s.air = null;
      s.engaged = [];
      s.torpedoBattles = {};
      s.midnightDone = false;
      s.dayLanded = [];
      return [...log, ...enter(s, 'air-morning', null, ctx)];
    }
    case 'air-morning':
    case 'carrier-strikes':
    case 'counterattack':
    case 'air-afternoon': {
      const stage = AIR_STAGE[phase]!;
      if (!s.air || s.air.stage !== stage) {
        startAir(s, stage);
        log.push(...advanceAir(s, ctx));
      }
      s.actor = airActor(s);
      if (s.actor) return log;
      if (phase === 'air-afternoon') s.air = null;
      // VII.A: damage is resolved after each phase.
      log.push(...resolveDamage(s, ctx));
      const next = AFTER[phase]!;
      return [...log, ...enter(s, next, IN_TURN[next] ? 'japanese' : null, ctx)];
    }
    case 'day-combat':
    case 'night-combat': {
      const mode = phase === 'day-combat' ? 'day' : 'night';
      if (!s.battle) log.push(...startBattles(s, mode, ctx, mode === 'night' ? s.torpedoBattles ?? {} : {}));
      s.actor = battleActor(s);
      if (s.battle && s.actor) return log;
      s.battle = null;
      // VII.A: damage is resolved after each phase.
      log.push(...resolveDamage(s, ctx));
      if (mode === 'day') return [...log, ...enter(s, 'air-afternoon', null, ctx)];
      if (!s.midnightDone) return [...log, ...enter(s, 'after-midnight', 'japanese', ctx)];
      return [...log, ...enter(s, 'pt-boats', 'allied', ctx)];
    }
    case 'withdrawal':
    case 'day-only':
    case 'day-landings': {
      if (actor && turnChoices(s, actor).length) return log;
      if (actor === 'japanese') return [...log, ...enter(s, phase, 'allied', ctx)];
      const next = IN_TURN[phase]!;
      return [...log, ...enter(s, next, next === 'bombard-day' ? 'japanese' : null, ctx)];
    }
    case 'after-midnight': {
      if (actor && midnightChoices(s, actor).length) return log;
      if (actor === 'japanese') return [...log, ...enter(s, 'after-midnight', 'allied', ctx)];
      s.midnightDone = true;
      return [...log, ...enter(s, 'night-combat', null, ctx)];
    }
    case 'bombard-day':
    case 'bombard-night': {
      // actor null: both sides are through.
      if (actor && hasBombard(s, actor)) return log;
      if (actor === 'japanese') return [...log, ...enter(s, phase, 'allied', ctx)];
      if (phase === 'bombard-day') return [...log, ...enter(s, 'night-combat', null, ctx)];
      s.groundDone = [];
      return [...log, ...enter(s, 'ground-combat', null, ctx)];
    }
    case 'pt-boats': {
      if (ptChoices(s).length) return log;
      log.push(...resolveDamage(s, ctx));
      return [...log, ...enter(s, 'combat', 'japanese', ctx)];
    }
    case 'combat': {
      if (actor && hasLandings(s, actor)) return log;
      if (actor === 'japanese') return [...log, ...enter(s, 'combat', 'allied', ctx)];
      return [...log, ...enter(s, 'bombard-night', 'japanese', ctx)];
    }
    case 'ground-combat': {
      const d = groundDecision(s);
      s.actor = d ? d.side : null;
      if (d) return log;
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
    case 'day-combat':
    case 'night-combat': {
      const out = applyBattle(s, who, action as never, ctx);
      if (out.private) return { state: s, log: out.log, private: true };
      const log = [...out.log];
      s.actor = battleActor(s);
      if (!s.battle || !s.actor) log.push(...enter(s, s.phase, null, ctx));
      return { state: s, log, reveals: true };
    }
    case 'air-morning':
    case 'carrier-strikes':
    case 'counterattack':
    case 'air-afternoon': {
      const out = applyAir(s, who, action as never, ctx);
      if (out.private) return { state: s, log: out.log, private: true };
      const log = [...out.log];
      s.actor = airActor(s);
      if (!s.actor) log.push(...enter(s, s.phase, null, ctx));
      return { state: s, log, reveals: true };
    }
    case 'bombard-day':
    case 'bombard-night': {
      if (done) return { state: s, log: [...enter(s, s.phase, who === 'japanese' ? 'allied' : null, ctx)], reveals: true };
      const log = applyBombard(s, who, action as never, ctx);
      if (!hasBombard(s, who)) log.push(...enter(s, s.phase, who === 'japanese' ? 'allied' : null, ctx));
      return { state: s, log, reveals: true };
    }
    case 'withdrawal':
    case 'day-only':
    case 'day-landings': {
      const log = done ? [] : s.phase === 'day-landings' ? applyDayLanding(s, who, action as never) : applyWithdraw(s, who, action as never, ctx);
      const next = done ? (who === 'japanese' ? 'allied' : null) : who;
      log.push(...enter(s, s.phase, next, ctx));
      return { state: s, log, reveals: true };
    }
    case 'after-midnight': {
      const log = done ? [] : applyMidnight(s, who, action as never);
      const next = done ? (who === 'japanese' ? 'allied' : null) : who;
      log.push(...enter(s, 'after-midnight', next === who && !midnightChoices(s, who).length ? (who === 'japanese' ? 'allied' : null) : next, ctx));
      return { state: s, log, reveals: true };
    }
    case 'pt-boats': {
      if (done) {
        s.engaged = [...(s.engaged ?? []), ...Object.values(s.units).filter((u) => u.kind === 'pt' && u.place.at === 'slot').map((u) => u.id)];
        return { state: s, log: [...enter(s, 'pt-boats', 'allied', ctx)], reveals: true };
      }
      const log = applyPt(s, action as never, ctx);
      log.push(...enter(s, 'pt-boats', 'allied', ctx));
      return { state: s, log, reveals: true };
    }
    case 'ground-combat': {
      const log = applyGround(s, who, action as never, ctx);
      log.push(...enter(s, 'ground-combat', null, ctx));
      return { state: s, log, reveals: true };
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
