/**
 * Fog duel (the benchmark game, registered with BENCH_GAMES=1) in the web client: the
 * placements so far in words — your own by area, the other side's as a count — and its one
 * decision as buttons.
 */
import type { Prompt } from '../../../protocol';
import { sideName } from '../../links';
import { GenericPrompt } from '../../prompt';
import type { BoardProps, DecisionProps, WebGame } from '../types';
import { fogDuelLabel } from './labels';

type Own = { placed: Record<string, number> };
type Other = { pieces: number };
export interface FogDuelView {
  moves: number;
  of: number;
  a: Own | Other;
  b: Own | Other;
}

const isView = (v: unknown): v is FogDuelView => {
  const o = v as FogDuelView | null;
  return !!o && typeof o === 'object' && typeof o.moves === 'number' && typeof o.of === 'number' && !!o.a && !!o.b;
};

const AREAS = ['north', 'centre', 'south'] as const;

function SideLine({ side, v }: { side: 'a' | 'b'; v: Own | Other }) {
  if ('placed' in v) {
    return (
      <li>
        {sideName(side)}: {AREAS.map((a) => `${v.placed[a] ?? 0} in the ${a}`).join(', ')}
      </li>
    );
  }
  return (
    <li>
      {sideName(side)}: {v.pieces} piece{v.pieces === 1 ? '' : 's'} placed, where unknown
    </li>
  );
}

function Board({ view }: BoardProps<FogDuelView, undefined, null>) {
  return (
    <section class="fog-duel" aria-label="Placements">
      <p>
        Placement {view.moves} of {view.of}
      </p>
      <ul>
        <SideLine side="a" v={view.a} />
        <SideLine side="b" v={view.b} />
      </ul>
    </section>
  );
}

function Decision({ prompt, busy, send }: DecisionProps<FogDuelView, undefined, null>) {
  return <GenericPrompt prompt={prompt} busy={busy} send={send} names={{}} label={fogDuelLabel} />;
}

export const game: WebGame<FogDuelView, undefined, null> = {
  isView,
  dataKeys: [],
  readData: () => undefined,
  dice: 6,
  refs: () => null,
  plan: (_view: FogDuelView, _data: undefined, _you: string, _prompt: Prompt | null) => null,
  selectable: () => false,
  Board,
  Decision,
};
