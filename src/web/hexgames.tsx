/**
 * The two hex-map games on the match and replay pages: East Wind Rain's intercept
 * procedure (ewr) and Empire of the Sun's submarine warfare (eots-subwar). Each has its
 * board, its words for actions, and the prompt's hex actions played on the map.
 */
import { AllocationPrompt } from './ewr/allocate';
import { EwrBoard } from './ewr/board';
import { ewrActionHex, ewrActionLabel } from './ewr/labels';
import { isEwrView, type EwrView } from './ewr/types';
import { EotsBoard } from './eots/board';
import { eotsActionHex, eotsDirect, eotsLabeler } from './eots/labels';
import { isEotsView, type EotsView } from './eots/types';
import { hexTargets, type HexPlay } from './hexplay';
import { GenericPrompt } from './prompt';
import type { Highlight } from './board/board';
import type { Action, LogEntry, Prompt, StateBody } from './types';

export type HexGame = { game: 'ewr'; view: EwrView } | { game: 'eots-subwar'; view: EotsView };

export function hexGameOf(body: Pick<StateBody, 'game' | 'view'> | null): HexGame | null {
  if (!body) return null;
  if (body.game === 'ewr' && isEwrView(body.view)) return { game: 'ewr', view: body.view };
  if (body.game === 'eots-subwar' && isEotsView(body.view)) return { game: 'eots-subwar', view: body.view };
  return null;
}

/** The side that must act now, as the view says (for "waiting for …"). */
export function hexGameActor(g: HexGame): string | null {
  if (g.game === 'ewr') return g.view.waitingFor.length === 1 ? g.view.waitingFor[0]! : null;
  return g.view.waitingFor?.side ?? null;
}

export function hexGameLabel(g: HexGame | null): (a: Action) => string | undefined {
  if (!g) return () => undefined;
  return g.game === 'ewr' ? ewrActionLabel : eotsLabeler(g.view);
}

function actionHex(g: HexGame): (a: Action) => string | null {
  return g.game === 'ewr' ? ewrActionHex : (a) => eotsActionHex(a, g.view);
}

/** The prompt's actions on the map, by hex key. */
export function hexGameTargets(g: HexGame | null, prompt: Prompt | null): Map<string, Action[]> {
  if (!g || !prompt) return new Map();
  return hexTargets(prompt.actions, actionHex(g));
}

/** Whether clicking a hex that offers only `a` sends it at once (a move), or first shows it in the panel. */
export function hexGameDirect(g: HexGame, a: Action): boolean {
  return g.game === 'ewr' ? true : eotsDirect(a);
}

/** Above this many choices on the map, the panel folds them into a list the player opens. */
const FOLD = 12;

export function HexGameBoard({ g, play, highlight, zoom }: { g: HexGame; play?: HexPlay | undefined; highlight?: ReadonlySet<string> | undefined; zoom?: number }) {
  return g.game === 'ewr' ? <EwrBoard view={g.view} play={play} highlight={highlight} zoom={zoom ?? 1} /> : <EotsBoard view={g.view} play={play} highlight={highlight} zoom={zoom ?? 1} />;
}

export interface HexPromptProps {
  g: HexGame;
  prompt: Prompt;
  busy: boolean;
  send(a: Action): void;
  targets: ReadonlyMap<string, Action[]>;
  selected: string | null;
  unselect(): void;
}

/** The decision for a hex game: a hex picked on the map, the sealed allocation, or buttons. */
export function HexGamePrompt({ g, prompt, busy, send, targets, selected, unselect }: HexPromptProps) {
  const label = hexGameLabel(g);
  const here = selected ? targets.get(selected) : undefined;
  if (here) {
    return (
      <section class="selected" aria-label={`Choices at hex ${selected}`} data-testid="hex-choices">
        <h3>Hex {selected}</h3>
        <GenericPrompt prompt={{ text: '', actions: here }} busy={busy} send={send} names={{}} label={label} />
        <button type="button" class="link" onClick={unselect}>
          Cancel
        </button>
      </section>
    );
  }
  if (g.game === 'ewr' && prompt.kind === 'allocate' && prompt.actions.length > 0 && prompt.actions.every((a) => a.type === 'allocate')) {
    return <AllocationPrompt prompt={prompt} busy={busy} send={send} />;
  }
  const hexOf = actionHex(g);
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
      <p class="hint">
        {onMap.length} choices name a hex: click a highlighted hex on the map to see its own, or open the whole list.
      </p>
      {rest.length > 0 && <GenericPrompt prompt={{ text: '', actions: rest }} busy={busy} send={send} names={{}} label={label} />}
      <details class="ship-list">
        <summary>All {onMap.length} choices on the map</summary>
        <GenericPrompt prompt={{ text: '', actions: onMap }} busy={busy} send={send} names={{}} label={label} />
      </details>
    </>
  );
}

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

/** What a hex game's log line names: its hexes (for the Log's hover). */
export function hexRefs(e: LogEntry): Highlight | null {
  const hexes = hexesOfLog(e.data);
  return hexes.length ? { ships: [], hexes } : null;
}
