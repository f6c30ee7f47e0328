/**
 * VI.I: at the end of every turn the Allied player rolls; a 6 on four consecutive turns
 * blows up Rabaul: every Japanese ship and air unit there is lost, half the ground units
 * (rounded up), and Rabaul is no longer a base. IV: each turn the holders of objectives
 * score them.
 */
import type { ApplyContext, LogEntry } from '../../engine';
import { BASES, halfRoundedUp, volcanoErupts, volcanoStreak } from './data';
import type { BaseId } from './data/types';
import { destroyUnit } from './damage';
import { awardAll, type Award } from './victory';
import { SIDE_NAME, type SsjState } from './state';
import { aboard, baseName } from './units';
import { change } from './shared';

export function rollVolcano(s: SsjState, ctx: ApplyContext): LogEntry[] {
  if (s.volcano.erupted) return [];
  const die = ctx.dice.d6('Rabaul volcano');
  change(s, 'volcano').rolls = [...s.volcano.rolls, die];
  change(s, 'volcano').streak = volcanoStreak(s.volcano.streak, die);
  const log: LogEntry[] = [
    {
      to: 'public',
      text: `The Rabaul volcano (VI.I): the Allied player rolls ${die}${die === 6 ? ` — ${s.volcano.streak} six${s.volcano.streak === 1 ? '' : 'es'} in a row` : ''}.`,
      data: { roll: { why: 'volcano', die, streak: s.volcano.streak } },
    },
  ];
  if (!volcanoErupts(s.volcano.streak)) return log;
  change(s, 'volcano').erupted = true;
  const at = (u: { place: { at: string; base?: BaseId } }) => u.place.at === 'base' && u.place.base === 'rabaul';
  const jp = s.units.values().filter((u) => u.side === 'japanese');
  for (const u of jp.filter((x) => (x.kind === 'ship' || x.kind === 'air') && at(x))) {
    for (const c of aboard(s, u.id)) destroyUnit(s, c, 'the Rabaul volcano');
    destroyUnit(s, u, 'the Rabaul volcano');
  }
  const ground = jp.filter((x) => x.kind === 'ground' && at(x)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const g of ground.slice(0, halfRoundedUp(ground.length))) destroyUnit(s, g, 'the Rabaul volcano');
  log.push({ to: 'public', text: 'RABAUL BLOWS UP. Every Japanese ship and air unit there is lost, and half the ground units; Rabaul is no longer a base.' });
  return log;
}

/** IV: the turn's occupation points. */
export function scoreObjectives(s: SsjState): LogEntry[] {
  const log: LogEntry[] = [];
  const awards: Award[] = [];
  for (const b of Object.values(BASES)) {
    if (b.vpPerTurn <= 0) continue;
    const side = s.holder[b.id];
    awards.push({ side, points: b.vpPerTurn, why: `held ${b.name}` });
    log.push({ to: 'public', text: `${baseName(b.id)} held by the ${SIDE_NAME[side]} player: +${b.vpPerTurn} VP.` });
  }
  awardAll(s, awards);
  return log;
}
