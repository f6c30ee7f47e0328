/** VI.F.1.c/f, VI.F.2: how each battle decision applies; then the battle runs on to the next decision. */
import { namedLine, namerFor } from '../naming';
import type { ApplyContext, LogEntry } from '../../../engine';
import { antiShipResult, antiShipShift, SEA_AREA_NAMES } from '../data';
import type { Side } from '../data/types';
import { placeName, sendHome } from '../home';
import { learn, other, SIDE_NAME, type SsjState } from '../state';
import { SHIP_BY_ID, unitName } from '../units';
import { autoAdvance, beginRounds, endBattle, nextArea, toBattle } from './flow';
import { battleActor, byTag, canTorpedo, cls, noneCanFire, recordStandoff, surfaceShips, tagOf, targetsOf, type BattleAction } from './legality';
import { abandon, applyHit, resolveTorpedoes, spreadFire, withdraw } from './resolution';
import { change } from '../shared';

export interface BattleApplied {
  log: LogEntry[];
  private: boolean;
}

export function applyBattle(s: SsjState, side: Side, a: BattleAction, ctx: ApplyContext): BattleApplied {
  const b = s.battle!;
  const enemy = other(side);
  const log: LogEntry[] = [];
  let priv = false;
  switch (a.type) {
    case 'battle-engage':
      if (b.step === 'engage') {
        // VI.F.1.c: "If both sides choose to engage in surface naval gunfire battle (and the IJN player must decide first)".
        b.engage = { ...b.engage, [side]: a.engage };
        log.push({
          to: 'public',
          text: a.engage
            ? `The ${SIDE_NAME[side]} player chooses to engage in a daylight surface battle in ${SEA_AREA_NAMES[b.area]}.`
            : `The ${SIDE_NAME[side]} player does not engage in ${SEA_AREA_NAMES[b.area]}; his ships stay in the sea area (VI.F.1.c note).`,
        });
      } else if (a.engage) {
        // RULING (VI.F.1.c): the pursued side "is unwilling to abandon or scuttle" its slow or HD ships: the battle ensues.
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player will not abandon his slow and heavily damaged ships: he fights.` }, ...toBattle(s));
      } else log.push(...abandon(s, side, b.area), ...nextArea(s));
      break;
    case 'battle-tf':
      b.tf[side] = a.group;
      log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player sends a task force into the battle.`, data: { group: a.group } });
      break;
    case 'battle-row':
      b.row[a.ship] = a.row;
      priv = true;
      log.push({ to: [side], text: `${unitName(a.ship)} is placed ${a.row} the size perception line.`, data: { units: [a.ship] } });
      break;
    case 'set-aside': {
      // VI.F.2.a: the damaged ship "is considered withdrawn": home, where its owner chooses.
      sendHome(s, s.units.of(a.ship), a.to);
      delete b.row[a.ship];
      // A damaged ship is face up: everyone sees it leave.
      change(s, 'revealed')[a.ship] = ['allied', 'japanese'];
      learn(s, a.ship, 'public');
      log.push({ to: 'public', text: `${unitName(a.ship)} (damaged) is set aside and withdrawn (VI.F.2.a) to ${placeName(a.to)}.`, data: { units: [a.ship] } });
      break;
    }
    case 'battle-pt': {
      // VI.F.1.c: the PT unit attacks: it is turned face up and may be fired on; one PT attack a turn (RULING).
      (b.pts ??= []).push(a.unit);
      s.engaged = [...new Set([...(s.engaged ?? []), a.unit])];
      change(s, 'revealed')[a.unit] = ['allied', 'japanese'];
      learn(s, a.unit, 'public');
      log.push({ to: 'public', text: `Allied PT boats (piece ${tagOf(s, a.unit)}) come out of hiding to join the daylight battle in the Slot.`, data: { units: [a.unit] } });
      break;
    }
    case 'done':
      if (b.step === 'pt-day') {
        beginRounds(b);
        log.push({ to: 'public', text: 'The Allied PT boats in the Slot hide (VI.F.1.c).' });
        break;
      }
      b.placed.push(side);
      log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player has placed his task force on the Battle Board.` });
      break;
    case 'battle-open':
      if (a.first === 'torpedoes') {
        b.torpedoBattles[b.tf[side]!] = (b.torpedoBattles[b.tf[side]!] ?? 0) + 1;
        b.step = 'torpedo';
        b.torpedoes = [];
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player opens with a surprise torpedo attack.` });
      } else {
        b.step = 'fire';
        b.order = 'first';
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player opens with surprise gunfire.` });
      }
      break;
    case 'torpedo': {
      const ready = surfaceShips(s, b.tf[side]).filter((id) => canTorpedo(s.units.of(id)));
      const target = byTag(s, surfaceShips(s, b.tf[enemy]), a.piece)!;
      b.torpedoes.push([ready[b.torpedoes.length]!, target]);
      if (b.torpedoes.length < ready.length) {
        priv = true;
        log.push({ to: [side], text: `A torpedo aimed at ${namerFor(s, side).piece(target)}.` });
      } else log.push(...resolveTorpedoes(s, ctx));
      break;
    }
    case 'wild-target': {
      const ship = b.wild.shift()!;
      const target = byTag(s, surfaceShips(s, b.tf[enemy]), a.piece)!;
      const die = ctx.dice.d6(`wild torpedo (${enemy})`);
      const result = antiShipResult(
        cls(target),
        die,
        antiShipShift({ longLance: SHIP_BY_ID.get(ship)!.torpedo === 'T*', targetHeavilyDamaged: s.units.of(target).damage === 'HD' }),
      );
      log.push(namedLine(s, (n) => `The ${SIDE_NAME[side]} player picks ${n.piece(target)} for the wild torpedo: rolled ${die}.`, { roll: { why: 'wild torpedo', die } }));
      log.push(...applyHit(s, target, result, 'wild torpedo'));
      if (b.wild.length === 0 || surfaceShips(s, b.tf[enemy]).length === 0) {
        b.wild = [];
        b.step = 'after-torpedo';
      }
      break;
    }
    case 'fire': {
      const target = byTag(s, targetsOf(s, b, side), a.piece)!;
      b.fire[side][a.ship] = target;
      priv = battleActor(s) === side;
      if (priv) log.push({ to: [side], text: `${unitName(a.ship)} will fire at ${namerFor(s, side).piece(target)}.`, data: { units: [a.ship] } });
      break;
    }
    case 'fire-spread':
      spreadFire(s, side);
      log.push({ to: [side], text: `The rest of your ships' fire is spread over the enemy pieces.` });
      break;
    case 'battle-continue':
      if (b.step === 'after-torpedo') {
        b.step = 'fire';
        b.order = 'both';
        b.round = 1;
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player fights on with gunfire.` });
      } else {
        b.decided.push(side);
        log.push({ to: 'public', text: `The ${SIDE_NAME[side]} player fights on.` });
        if (b.decided.length === 2 && noneCanFire(s, b) && !b.voluntary) {
          // RULING (VI.F.1.f "Only one side's ships may be left", VI.F.2 "Battle must be fought until there are ships from only
          // one side left", VI.F.2.g.2.b): neither can fire and neither withdraws — no round can decide it, so both must withdraw.
          b.forced = true;
          b.decided = [];
          log.push({ to: 'public', text: 'Neither task force can fire and neither withdraws: no battle can leave one side alone, so both must withdraw (the Japanese first).' });
        } else if (b.decided.length === 2 && noneCanFire(s, b)) {
          // RULING (VI.F.1.c): in a battle by choice neither task force can fire and neither withdraws — no round can be fought; the two
          // stay (not withdrawing, the note), and do not meet again this stage; the mandatory battles at the end of the day decide.
          recordStandoff(b);
          log.push({ to: 'public', text: 'Neither task force can fire and neither withdraws: the battle ends with both in the sea area.' }, ...endBattle(s));
        } else if (b.decided.length === 2) {
          b.round++;
          b.step = 'fire';
          b.order = 'both';
          b.decided = [];
          log.push({ to: 'public', text: `Round ${b.round}.` });
        }
      }
      break;
    case 'battle-withdraw':
      log.push(...withdraw(s, side, a.to));
      // A forced withdrawal (neither could fire): the other side withdraws too before the battle ends.
      if (!(b.forced && b.tf[enemy])) log.push(...endBattle(s));
      break;
  }
  if (!priv) log.push(...autoAdvance(s, ctx));
  return { log, private: priv };
}
