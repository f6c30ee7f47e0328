/**
 * The decision in front of the player: the prompt's words and its legal actions. Known
 * kinds get their own controls (deployment by clicking the board, Magic's three numbers);
 * any other prompt is a list of buttons, one per legal action.
 */
import { useState } from 'preact/hooks';
import type { Target } from './board/board';
import { unitClass } from './board/counter';
import { actionLabel, type Names } from './labels';
import type { PieceChoices } from './ssj/choices';
import { RABAUL_SORTIE_LIMIT } from './ssj/data';
import { unitsOf, type SsjView, type UnitFace } from './ssj/types';
import type { Action, Prompt } from './types';

export interface PromptProps {
  prompt: Prompt;
  busy: boolean;
  send(action: Action): void;
  names: Names;
  /** A game's own words for an action (undefined: the generic words). */
  label?: (a: Action) => string | undefined;
}

export function GenericPrompt({ prompt, busy, send, names, label }: PromptProps) {
  return (
    <ul class="choices" aria-label="Your choices">
      {prompt.actions.map((a, i) => (
        <li key={i}>
          <button type="button" disabled={busy} onClick={() => send(a)}>
            {label?.(a) ?? actionLabel(a, names)}
          </button>
        </li>
      ))}
    </ul>
  );
}

const FACES = [1, 2, 3, 4, 5, 6];

/** Magic (VI.C): name three numbers; only a triple among the legal actions can be sent. */
export function MagicPrompt({ prompt, busy, send }: PromptProps) {
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (n: number) =>
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < 3 ? [...p, n].sort((a, b) => a - b) : p));
  const legal = prompt.actions.find((a) => {
    const nums = a.numbers as number[] | undefined;
    return a.type === 'magic' && Array.isArray(nums) && nums.length === picked.length && [...nums].sort().every((n, i) => n === picked[i]);
  });
  const canPick = (n: number) =>
    picked.includes(n) ||
    (picked.length < 3 && prompt.actions.some((a) => Array.isArray(a.numbers) && picked.every((p) => (a.numbers as number[]).includes(p)) && (a.numbers as number[]).includes(n)));
  return (
    <div class="magic">
      <p>Pick three numbers: if the die shows one of them, Magic works (a 50% chance) and you see the Japanese groups face down before you deploy.</p>
      <div class="dice" role="group" aria-label="Magic numbers">
        {FACES.map((n) => (
          <button
            type="button"
            key={n}
            class="die-button"
            aria-pressed={picked.includes(n)}
            disabled={busy || !canPick(n)}
            onClick={() => toggle(n)}
            aria-label={`Number ${n}`}
          >
            <Die value={n} />
            <span aria-hidden="true">{n}</span>
          </button>
        ))}
      </div>
      <p class="hint" aria-live="polite">
        {picked.length < 3 ? `Chosen: ${picked.join(', ') || 'none'} — ${3 - picked.length} more.` : `Chosen: ${picked.join(', ')}.`}
      </p>
      <button type="button" class="primary" disabled={busy || !legal} onClick={() => legal && send(legal)}>
        Roll for Magic
      </button>
    </div>
  );
}

/** A die face with pips, drawn (fonts need not have the die glyphs). */
export function Die({ value, size = 26 }: { value: number; size?: number }) {
  const P: Record<number, [number, number][]> = {
    1: [[2, 2]],
    2: [[1, 1], [3, 3]],
    3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
  };
  return (
    <svg class="die" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect x="1.5" y="1.5" width="37" height="37" rx="7" />
      {(P[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 10} cy={y * 10} r="3.6" />
      ))}
    </svg>
  );
}

export interface PieceProps extends PromptProps {
  view: SsjView;
  side: 'allied' | 'japanese';
  choices: PieceChoices;
  /** A deployment: show its rule limits. */
  deployment: boolean;
  selected: string | null;
  select(piece: string | null): void;
  choose(t: Target): void;
}

/** A prompt played on the board: pick a piece (on the map or in the list), then where it goes. */
export function PiecePrompt({ view, side, choices, deployment, selected, select, choose, busy, send, names }: PieceProps) {
  const mine = view.sides[side];
  const unit = (id: string): UnitFace | undefined => unitsOf(mine).find((s) => s.id === id);
  const chip = (id: string) => `${unitClass(unit(id) ?? ({} as UnitFace))} ${unit(id)?.name ?? id}`.trim();
  const targets = selected ? (choices.byPiece.get(selected) ?? []) : [];
  const sel = selected ? unit(selected) : undefined;
  const placed = (id: string) => !!choices.byPiece.get(id)?.some((t) => t.action.type === 'recall');
  const free = [...choices.selectable].filter((id) => !placed(id));
  const back = [...choices.selectable].filter(placed);
  return (
    <div class="deploy">
      {deployment && (
        <ul class="limits">
          <li>Slow ships may only go into a Day and Night box.</li>
          {side === 'japanese' && (
            <li data-testid="rabaul-sorties">
              Rabaul sorties this turn: <strong>{mine.rabaulSorties ?? 0}</strong>/{RABAUL_SORTIE_LIMIT}
              {(mine.rabaulSorties ?? 0) >= RABAUL_SORTIE_LIMIT ? ' — no more ships may leave Rabaul.' : ''}
            </li>
          )}
          {side === 'japanese' && <li>Japanese ships enter the Coral Sea only from Rabaul.</li>}
        </ul>
      )}
      {sel ? (
        <section class="selected" aria-label="Selected piece">
          <h3>
            {unitClass(sel)} {sel.name}
            {sel.slow ? ' (slow)' : ''}
          </h3>
          <p>Click a highlighted box, group or base on the map, or choose here:</p>
          <ul class="choices">
            {targets.map((t) => (
              <li key={t.key}>
                <button type="button" disabled={busy} onClick={() => choose(t)}>
                  {t.label}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="link" onClick={() => select(null)}>
            Cancel
          </button>
        </section>
      ) : choices.selectable.size > 0 ? (
        <p>Click one of your highlighted pieces to see what it may do{back.length ? ', or a placed one to take it back' : ''}.</p>
      ) : null}
      {choices.direct.size > 0 && (
        <section aria-label="Targets">
          <p>Click a highlighted piece on the map, or choose here:</p>
          <ul class="choices">
            {[...choices.direct.values()].map((t) => (
              <li key={t.key}>
                <button type="button" disabled={busy} onClick={() => choose(t)}>
                  {t.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {free.length > 0 && (
        <details class="ship-list">
          <summary>Pieces you can move ({free.length})</summary>
          <ul class="chips">
            {free.map((id) => (
              <li key={id}>
                <button type="button" aria-pressed={selected === id} onClick={() => select(id)}>
                  {chip(id)}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {back.length > 0 && (
        <details class="ship-list" open>
          <summary>Placed this turn ({back.length})</summary>
          <ul class="chips">
            {back.map((id) => (
              <li key={id}>
                <button type="button" aria-pressed={selected === id} onClick={() => select(id)}>
                  {chip(id)}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {choices.other.length > 0 && (
        <details class="ship-list" open={choices.other.length <= 8}>
          <summary>Other choices ({choices.other.length})</summary>
          <GenericPrompt prompt={{ text: '', actions: choices.other }} busy={busy} send={send} names={names} />
        </details>
      )}
      {choices.done && (
        <button type="button" class="primary" disabled={busy} onClick={() => send(choices.done!)}>
          {deployment ? 'Done — close my deployment' : 'Done'}
        </button>
      )}
    </div>
  );
}
