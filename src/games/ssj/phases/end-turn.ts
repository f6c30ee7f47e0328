/**
 * The end of a turn, a step with no decision: VII.A's HD-on-a-5 check, the Rabaul volcano (VI.I), the turn's
 * objective points (IV), then the next turn (VI.A, the screen up; the Allied
 * reinforcements first) or, after DecI, the end of the game.
 */
import { TURNS } from '../data/types';
import { endOfTurnDamage } from '../damage';
import { auto } from '../flow';
import { beginTurn } from '../setup';
import { finishGame } from '../victory';
import { rollVolcano, scoreObjectives } from '../volcano';

export const endTurn = auto((s, ctx) => {
  // VII.A: the HD-on-a-5 check is made at the end of the turn, before the volcano.
  const log = [...endOfTurnDamage(s), ...rollVolcano(s, ctx), ...scoreObjectives(s)];
  if (s.turn === TURNS.length - 1) {
    log.push({ to: 'public', text: finishGame(s) });
    return { log, next: { phase: 'over', actor: null } };
  }
  s.turn++;
  log.push(...beginTurn(s, ctx));
  return { log, next: { phase: 'allied-reinforcements', actor: 'allied' } };
});
