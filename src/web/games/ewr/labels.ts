/** East Wind Rain's actions in words (the decision panel's buttons). */
import type { Action } from '../../../protocol';

const CHOICE: Record<string, string> = {
  intercept: 'Intercept',
  decline: 'Do not intercept',
  sight: 'Try to sight',
  enter: 'Declare intent to enter TFA’s hex',
  airstrike: 'Set up an airstrike',
  surface: 'Surface / ASW combat',
  pass: 'Do not try to sight',
  continue: 'Continue moving',
  stay: 'Stay where you are',
  retreat: 'Retreat',
  'second-strike': 'Launch an immediate second strike (V.B.2.c)',
};

/** What "decline" means at each step. */
const DECLINE: Record<string, string> = { '6': 'No second strike', B2: 'No second strike', B4: 'No airstrike: move on' };

const hex = (v: unknown): string => {
  const h = v as { col?: unknown; row?: unknown } | null;
  return h && typeof h.col === 'number' && typeof h.row === 'number' ? `hex ${h.col},${h.row}` : '?';
};

export function ewrActionLabel(a: Action): string | undefined {
  switch (a.type) {
    case 'begin-initiative':
      return 'Begin the next initiative';
    case 'end-operations':
      return 'Close the operations phase';
    case 'refuel':
      return 'Refuel in port (VIII.D: costs ERs, takes time)';
    case 'skip-refuel':
      return 'Do not refuel';
    case 'b4-adjacent':
      return `Move to ${hex(a.to)} and try to sight TFZ from there`;
    case 'move':
      return `Move to ${hex(a.to)}`;
    case 'end-initiative':
      return 'End the initiative';
    case 'withdraw':
      return 'Withdraw (retreat)';
    case 'approach':
      return `Move one hex to ${hex(a.to)}`;
    case 'redeploy':
      return `Redeploy to ${hex(a.to)}`;
    case 'allocate':
      return `CAP ${String(a.cap)}, escort ${String(a.escort)}, strike ${String(a.strike)}`;
    case 'decide':
      return `${String(a.step)}: ${(a.choice === 'decline' && DECLINE[String(a.step)]) || CHOICE[String(a.choice)] || String(a.choice)}`;
    default:
      return undefined;
  }
}

/** The hex an action names (a TF's move, TFZ's approach or redeployment), as "col,row". */
export function ewrActionHex(a: Action): string | null {
  if (a.type !== 'move' && a.type !== 'approach' && a.type !== 'redeploy' && a.type !== 'b4-adjacent') return null;
  const h = a.to as { col?: unknown; row?: unknown } | undefined;
  return h && typeof h.col === 'number' && typeof h.row === 'number' ? `${h.col},${h.row}` : null;
}
