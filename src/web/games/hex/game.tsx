/**
 * What the hex-map games (East Wind Rain, Empire of the Sun) share in the client: the
 * prompt's actions that name a hex become targets on the map; clicking one sends its
 * action (a move) or lists the actions it offers in the decision panel.
 */
import type { ComponentType, VNode } from 'preact';
import type { Action, LogEntry, Prompt, Stage } from '../../../protocol';
import type { Labeler } from '../../labels';
import { GenericPrompt } from '../../prompt';
import type { BoardProps, DecisionProps, Highlight, WebGame } from '../types';
import { hexTargets, type HexPlay } from './play';

export interface HexPlan {
  /** The prompt's actions that name a hex, by hex key. */
  targets: ReadonlyMap<string, Action[]>;
  label: Labeler;
  hexOf(a: Action): string | null;
}

export interface HexRules<V, D> {
  isView(view: unknown): view is V;
  /** The parts of the game's public data its map draws from (none by default), and how to read them. */
  dataKeys?: readonly string[];
  readData?(raw: unknown): D;
  dice: number;
  /** The game's words for every action it offers, with the rule section where it helps (undefined: the generic words). */
  label(view: V): Labeler;
  /** The hex key an action names, or null. */
  hexOf(view: V): (a: Action) => string | null;
  /** Whether a click on a hex offering only `a` sends it at once. */
  direct(a: Action): boolean;
  Map: ComponentType<{ view: V; data: D; stage: Stage | null; play?: HexPlay | undefined; highlight?: ReadonlySet<string> | undefined; zoom: number }>;
  /** A decision the game draws its own way (East Wind Rain's sealed allocation), or null. */
  special?(prompt: Prompt, busy: boolean, send: (a: Action) => void): VNode | null;
}

/** Above this many choices on the map, the panel folds them into a list the player opens. */
const FOLD = 12;

/** The hexes a log line names (ewr: {col,row}; eots: "XXYY"), for hovering. */
export function hexesOfLog(data: Record<string, unknown> | undefined): string[] {
  if (!data) return [];
  const out: string[] = [];
  for (const k of ['hex', 'to', 'from']) {
    const v = data[k];
    if (typeof v === 'string' && /^\d{4}$/.test(v)) out.push(v);
    else if (v && typeof v === 'object' && typeof (v as { col?: unknown }).col === 'number' && typeof (v as { row?: unknown }).row === 'number') {
      out.push(`${(v as { col: number }).col},${(v as { row: number }).row}`);
    }
  }
  return out;
}

function refs(e: LogEntry): Highlight | null {
  const hexes = hexesOfLog(e.data);
  return hexes.length ? { ships: [], hexes } : null;
}

export function hexGame<V, D = undefined>(rules: HexRules<V, D>): WebGame<V, D, HexPlan> {
  function Board({ view, data, stage, plan, selected, select, send, highlight, zoom }: BoardProps<V, D, HexPlan>) {
    const play: HexPlay | undefined =
      plan.targets.size > 0
        ? {
            targets: plan.targets,
            selected,
            pick: (key: string) => {
              const acts = plan.targets.get(key) ?? [];
              if (acts.length === 1 && rules.direct(acts[0]!)) send(acts[0]!);
              else select(selected === key ? null : key);
            },
          }
        : undefined;
    return <rules.Map view={view} data={data} stage={stage} play={play} highlight={highlight?.hexes ? new Set(highlight.hexes) : undefined} zoom={zoom} />;
  }

  /** The decision: a hex picked on the map, the game's own drawing, or buttons. */
  function Decision({ prompt, plan, busy, send, selected, select }: DecisionProps<V, D, HexPlan>) {
    const { label, hexOf } = plan;
    const here = selected ? plan.targets.get(selected) : undefined;
    if (here) {
      return (
        <section class="selected" aria-label={`Choices at hex ${selected}`} data-testid="hex-choices">
          <h3>Hex {selected}</h3>
          <GenericPrompt prompt={{ text: '', actions: here }} busy={busy} send={send} names={{}} label={label} />
          <button type="button" class="link" onClick={() => select(null)}>
            Cancel
          </button>
        </section>
      );
    }
    const own = rules.special?.(prompt, busy, send);
    if (own) return own;
    const onMap = prompt.actions.filter((a) => hexOf(a) !== null);
    if (onMap.length <= FOLD) {
      return (
        <>
          {onMap.length > 0 && <p class="hint">Click a highlighted hex on the map, or choose here.</p>}
          <GenericPrompt prompt={prompt} busy={busy} send={send} names={{}} label={label} />
        </>
      );
    }
    const rest = prompt.actions.filter((a) => hexOf(a) === null);
    return (
      <>
        <p class="hint">{onMap.length} choices name a hex. Click a highlighted hex on the map to see its own, or open the whole list.</p>
        {rest.length > 0 && <GenericPrompt prompt={{ text: '', actions: rest }} busy={busy} send={send} names={{}} label={label} />}
        <details class="ship-list">
          <summary>All {onMap.length} choices on the map</summary>
          <GenericPrompt prompt={{ text: '', actions: onMap }} busy={busy} send={send} names={{}} label={label} />
        </details>
      </>
    );
  }

  return {
    isView: rules.isView,
    dataKeys: rules.dataKeys ?? [],
    readData: (raw) => (rules.readData ? rules.readData(raw) : (undefined as D)),
    dice: rules.dice,
    refs,
    plan(view, _data, _you, prompt) {
      const hexOf = rules.hexOf(view);
      return { targets: prompt ? hexTargets(prompt.actions, hexOf) : new Map(), label: rules.label(view), hexOf };
    },
    selectable: (plan, key) => plan.targets.has(key),
    Board,
    Decision,
  };
}
