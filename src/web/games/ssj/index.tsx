/**
 * Sky, Sea, and JUNGLE in the web client: the board (both mapsheets across the Fog Of
 * War screen), its decisions played on the board, the victory points under the log.
 */
import type { LogEntry, Prompt } from '../../../protocol';
import type { Side, SsjView } from '../../../protocol/games/ssj';
import { labelOf, type Labeler, type Names } from '../../labels';
import { sideName } from '../../links';
import { GenericPrompt } from '../../prompt';
import type { BoardProps, DecisionProps, Highlight, WebGame } from '../types';
import { AirStrikePanel } from './air-strike';
import { BattleBoard } from './battle-board';
import { battleClicks, isBattlePrompt, type BattleClicks } from './battle-clicks';
import { SsjBoard, type Interaction } from './board/board';
import { isDeployment, pieceChoices, type PieceChoices } from './choices';
import { areaName, baseName, boxName, readSsjData, SSJ_DATA_KEYS, type SsjData } from './data';
import { GroundCombatPanel } from './ground-combat';
import { GroundOddsTable } from './ground-odds';
import { ssjLabeler } from './labels';
import { BattlePrompt, MagicPrompt, PiecePrompt } from './prompt';
import { isReinforcementPrompt, ReinforcementList } from './reinforcements';
import { chooser, picked } from './stack';
import { allFaces, isSsjView } from './view';

export interface SsjPlan {
  /** The player's side, when the viewer is one. */
  side: Side | null;
  names: Names;
  /** The game's words for every action it offers (labels.ts). */
  label: Labeler;
  /** The prompt's actions as pieces to pick and places to send them, when it has any. */
  choices: PieceChoices | null;
  /** A battle decision: its actions as clicks on the Battle Board. */
  battle: BattleClicks | null;
}

function plan(view: SsjView, data: SsjData, you: string, prompt: Prompt | null): SsjPlan {
  const faces = allFaces(view);
  const names: Names = {
    ship: (id) => faces.find((s) => s.id === id)?.name,
    place: (field, id) => (field === 'area' ? areaName(data, id) : field === 'box' ? boxName(data, id) : baseName(data, id)),
  };
  const side = you === 'allied' || you === 'japanese' ? you : null;
  const label = ssjLabeler(view, data, you);
  if (!prompt || !side) return { side, names, label, choices: null, battle: null };
  // A battle's decisions are made on the Battle Board (and its buttons), not on the map.
  if (view.battle && isBattlePrompt(prompt.actions)) return { side, names, label, choices: null, battle: battleClicks(prompt.actions, (a) => labelOf(a, label, names).text) };
  const ev = view.sides[side === 'allied' ? 'japanese' : 'allied'];
  const enemy = new Set([...ev.hidden.map((h) => h.tag), ...ev.units.map((u) => u.id), ...Object.values(ev.faces).map((u) => u.id)]);
  const mine = view.sides[side];
  const c = pieceChoices(data, prompt.actions, side, mine.units, mine.groups, names, label, enemy);
  return { side, names, label, choices: c.selectable.size > 0 || c.direct.size > 0 ? c : null, battle: null };
}

/** The pieces (by id, or face-down tag) and the group a log line names. */
function refs(e: LogEntry): Highlight | null {
  const d = e.data ?? {};
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const ships = [...ids(d.units), ...ids(d.ships), ...ids(d.pieces)];
  const group = typeof d.group === 'string' ? d.group : undefined;
  return ships.length || group ? { ships, ...(group ? { group } : {}) } : null;
}

function Board({ view, data, stage, you, plan: p, selected, select, send, sendChain, busy, highlight, zoom, log, undo }: BoardProps<SsjView, SsjData, SsjPlan>) {
  const c = p.choices;
  const { piece } = picked(selected);
  const interact: Interaction | undefined =
    c && p.side
      ? {
          selectable: c.selectable,
          selected: piece,
          targets: new Map((piece ? (c.byPiece.get(piece) ?? []) : []).map((t) => [t.key, t])),
          direct: c.direct,
          pick: (id) => select(piece === id ? null : id),
          choose: chooser(view, p.side, c, selected, send, sendChain),
        }
      : undefined;
  return (
    <>
      {view.battle && <BattleBoard view={view} data={data} you={you} clicks={p.battle} send={send} busy={busy} highlight={highlight} />}
      <GroundCombatPanel view={view} data={data} you={you} log={log ?? []} highlight={highlight} />
      {view.air && <AirStrikePanel view={view} data={data} you={you} direct={c?.direct} choose={(t) => send(t.action)} busy={busy} highlight={highlight} undo={undo} />}
      <SsjBoard view={view} data={data} stage={stage} you={you} interact={interact} highlight={highlight} zoom={zoom} />
    </>
  );
}

function Decision({ view, data, prompt, plan: p, busy, send, sendAll, sendChain, selected, select }: DecisionProps<SsjView, SsjData, SsjPlan>) {
  if (p.choices && p.side === 'allied' && sendAll && isReinforcementPrompt(prompt.actions))
    return (
      <ReinforcementList
        view={view}
        data={data}
        choices={p.choices}
        busy={busy}
        names={p.names}
        label={p.label}
        selected={selected}
        select={select}
        send={send}
        sendAll={sendAll}
      />
    );
  if (p.choices && p.side) {
    return (
      <PiecePrompt
        prompt={prompt}
        busy={busy}
        send={send}
        sendAll={sendAll}
        sendChain={sendChain}
        names={p.names}
        label={p.label}
        view={view}
        data={data}
        side={p.side}
        choices={p.choices}
        deployment={isDeployment(prompt.kind, prompt.actions)}
        selected={selected}
        select={select}
        choose={chooser(view, p.side, p.choices, selected, send, sendChain)}
      />
    );
  }
  if (p.battle) return <BattlePrompt prompt={prompt} busy={busy} send={send} names={p.names} label={p.label} clicks={p.battle} />;
  if (prompt.actions.length > 0 && prompt.actions.every((a) => a.type === 'magic')) return <MagicPrompt prompt={prompt} busy={busy} send={send} names={p.names} label={p.label} />;
  // Ground combat (VI.F.2.g.1): its odds as a table too, for a narrow screen.
  if (prompt.actions.some((a) => a.type === 'ground-attack'))
    return (
      <>
        <GroundOddsTable text={prompt.text} />
        <GenericPrompt prompt={prompt} busy={busy} send={send} names={p.names} label={p.label} />
      </>
    );
  return <GenericPrompt prompt={prompt} busy={busy} send={send} names={p.names} label={p.label} />;
}

/** The victory points as they were scored, turn by turn (what this viewer may know of them). */
function Aside({ view, data }: { view: SsjView; data: SsjData }) {
  if (!view.vpLog.length) return null;
  // The latest change, with its reason, on the line the page always shows (IV).
  const last = view.vpLog.at(-1);
  return (
    <details class="vp-log">
      <summary>
        Victory points: Allied {view.vp.allied}, Japanese {view.vp.japanese}
        {last && (
          <span class="vp-last" data-testid="vp-last">
            {' '}
            (last: {sideName(last.side)} {last.points > 0 ? '+' : ''}
            {last.points}, {last.why})
          </span>
        )}
      </summary>
      <ul>
        {view.vpLog.map((e, i) => (
          <li key={i}>
            {data.turns[e.turn] ?? e.turn}: {sideName(e.side)} {e.points > 0 ? '+' : ''}
            {e.points} — {e.why}
          </li>
        ))}
      </ul>
    </details>
  );
}

export const game: WebGame<SsjView, SsjData, SsjPlan> = {
  isView: isSsjView,
  dataKeys: SSJ_DATA_KEYS,
  readData: readSsjData,
  dice: 6,
  refs,
  plan,
  selectable: (p, key) => !!p.choices?.selectable.has(picked(key).piece ?? ''),
  Board,
  Decision,
  Aside,
};
