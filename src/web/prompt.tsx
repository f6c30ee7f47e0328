/**
 * The decision in front of the player, for any game: a list of buttons, one per legal
 * action, in the game's words where it gives them. Games draw their own decisions on top
 * of it (src/web/games/<game>); the die is drawn here for every game's log.
 */
import type { Action, Prompt } from '../protocol';
import { labelOf, type ActionWords, type Labeler, type Names } from './labels';

export interface PromptProps {
  prompt: Prompt;
  busy: boolean;
  send(action: Action): void;
  names: Names;
  /** A game's own words for an action, with a short explanation where it helps (undefined: the generic words). */
  label?: Labeler | undefined;
}

export function GenericPrompt({ prompt, busy, send, names, label }: PromptProps) {
  return (
    <ul class="choices" aria-label="Your choices">
      {prompt.actions.map((a, i) => {
        const w = labelOf(a, label, names);
        return (
          <li key={i}>
            <button type="button" disabled={busy} onClick={() => send(a)}>
              <ActionText words={w} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A choice's words, with its explanation (the rule section) on a line of its own below. */
export function ActionText({ words }: { words: ActionWords }) {
  if (!words.note) return <>{words.text}</>;
  return (
    <span class="action-text" style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <span>{words.text}</span>
      <small class="hint">{words.note}</small>
    </span>
  );
}

/** A die face with pips, drawn (fonts need not have the die glyphs). */
export function Die({ value, size = 26 }: { value: number; size?: number }) {
  const P: Record<number, [number, number][]> = {
    1: [[2, 2]],
    2: [
      [1, 1],
      [3, 3],
    ],
    3: [
      [1, 1],
      [2, 2],
      [3, 3],
    ],
    4: [
      [1, 1],
      [3, 1],
      [1, 3],
      [3, 3],
    ],
    5: [
      [1, 1],
      [3, 1],
      [2, 2],
      [1, 3],
      [3, 3],
    ],
    6: [
      [1, 1],
      [3, 1],
      [1, 2],
      [3, 2],
      [1, 3],
      [3, 3],
    ],
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
