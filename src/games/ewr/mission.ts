/**
 * The scenario's mission and the end of the operations phase: whether TFA did what it set
 * out to do, and the victory points each side earned (RULING, ours: see RULINGS.md). The
 * score is computed only once the match is over — until then which ships the hits sank is
 * each owner's own knowledge.
 */
import type { LogEntry, Result } from '../../engine';
import { AIR_FACTORS_PER_VP, SHIP_VALUES } from './data/tables';
import { distance, sameHex, type HexRef } from './hex';
import type { Mission, Side } from './scenario';
import { afloatIn, airFactors, inPlay, label, NAMES, PARTS, otherRole, type EwrState, type Initiative, type Role } from './state';

const KIND_TEXT: Record<Mission['kind'], string> = {
  reach: 'reach',
  land: 'land at',
  'pass-through': 'pass through',
  strike: 'strike',
};

export const missionText = (m: Mission): string => m.text;

const inHexes = (hexes: readonly HexRef[], h: HexRef) => hexes.some((x) => sameHex(x, h));

/** Pass-through missions: does TFA's move take it through an exit hex? Noted privately, told when the initiative ends. */
export function noteExit(s: EwrState): void {
  const m = s.scenario.mission;
  if (m.kind === 'pass-through' && s.initiative && !s.tf.tfa.retreating && inHexes(m.hexes, s.tf.tfa.hex)) s.initiative.passedExit = true;
}

/** Has TFA done it, as the initiative `init` ends? */
function achievedBy(s: EwrState, init: Initiative): boolean {
  const m = s.scenario.mission;
  const tf = s.tf.tfa;
  if (init.kind !== 'operation' || !inPlay(s, 'tfa')) return false;
  if (m.kind === 'pass-through') return init.passedExit;
  if (tf.retreating) return false;
  switch (m.kind) {
    case 'reach':
      return inHexes(m.hexes, tf.hex);
    case 'land':
      return inHexes(m.hexes, tf.hex) && afloatIn(s, 'tfa', 'reserve').some((sh) => sh.type === 'AP');
    case 'strike':
      return m.hexes.some((h) => distance(s.scenario.map, h, tf.hex) <= 2) && airFactors(s, 'tfa') >= m.minAir;
  }
}

/** Checked as each of TFA's initiatives ends: the first time TFA achieves its mission, all are told. */
export function checkMission(s: EwrState, init: Initiative, log: LogEntry[]): void {
  if (s.mission.achieved || !achievedBy(s, init)) return;
  s.mission = { achieved: true, initiative: init.number };
  log.push({
    to: 'public',
    text: `${label(s, 'tfa')} achieves its mission in initiative ${init.number}: ${missionText(s.scenario.mission)}.`,
    data: { mission: 'achieved', initiative: init.number },
  });
}

export interface SideTally {
  /** VP for enemy ships sunk, enemy ships damaged, enemy air factors shot down, and the mission. */
  sunk: number;
  damaged: number;
  air: number;
  mission: number;
  total: number;
  /** The enemy ships it sank and damaged, by name. */
  sankNames: string[];
  damagedNames: string[];
}

/** What `r`'s side earned against the other TF. */
function tally(s: EwrState, r: Role): SideTally {
  const enemy = otherRole(r);
  const t: SideTally = { sunk: 0, damaged: 0, air: 0, mission: 0, total: 0, sankNames: [], damagedNames: [] };
  let airLost = 0;
  for (const part of PARTS) {
    for (const sh of s.scenario[enemy][part]) {
      const st = s.tf[enemy].ships[sh.id]!;
      const value = SHIP_VALUES[sh.type] ?? 1;
      airLost += st.airLost;
      if (st.hits >= sh.hull) {
        t.sunk += value;
        t.sankNames.push(sh.name);
      } else if (st.hits > 0) {
        t.damaged += Math.floor(value / 2);
        t.damagedNames.push(sh.name);
      }
    }
  }
  t.air = Math.floor(airLost / AIR_FACTORS_PER_VP);
  const m = s.scenario.mission;
  if (r === 'tfa' && s.mission.achieved) t.mission = m.points;
  if (r === 'tfz' && !s.mission.achieved) t.mission = m.deniedPoints;
  t.total = t.sunk + t.damaged + t.air + t.mission;
  return t;
}

/** The result once the operations phase is over: the side with more victory points wins; equal points are a draw. */
export function missionResult(s: EwrState): Result {
  const tallies = { tfa: tally(s, 'tfa'), tfz: tally(s, 'tfz') };
  const score = { [s.roles.tfa]: tallies.tfa.total, [s.roles.tfz]: tallies.tfz.total } as Record<Side, number>;
  const m = s.scenario.mission;
  const missionLine = s.mission.achieved
    ? `TFA's mission (${KIND_TEXT[m.kind]}: ${m.text}) was achieved in initiative ${s.mission.initiative}: ${NAMES[s.roles.tfa]} +${m.points}.`
    : `TFA's mission (${KIND_TEXT[m.kind]}: ${m.text}) was not achieved: ${NAMES[s.roles.tfz]} +${m.deniedPoints}.`;
  const side = (r: Role) => {
    const t = tallies[r];
    const what = [
      t.sankNames.length ? `sank ${t.sankNames.join(', ')} (${t.sunk})` : '',
      t.damagedNames.length ? `damaged ${t.damagedNames.join(', ')} (${t.damaged})` : '',
      t.air ? `shot down air factors (${t.air})` : '',
    ].filter(Boolean);
    return `${NAMES[s.roles[r]]} ${what.length ? what.join(', ') : 'inflicted no losses'}`;
  };
  const a = score.allied;
  const j = score.japanese;
  const winner: Side | null = a === j ? null : a > j ? 'allied' : 'japanese';
  const verdict = winner ? `${NAMES[winner]} victory, ${Math.max(a, j)}–${Math.min(a, j)}.` : `No winner: a draw at ${a}–${j}.`;
  const text = [s.endText ?? '', missionLine, `${side('tfa')}; ${side('tfz')}.`, `Victory points: Allied ${a}, Japanese ${j}. ${verdict}`].filter(Boolean).join(' ');
  return { winner, text, score };
}
