/** East Wind Rain's actions in words (the decision panel's buttons). */
import type { Action } from '../../../protocol';
import type { ActionWords } from '../../labels';

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
  'second-strike': 'Launch an immediate second strike',
};

/** What "decline" means at each step. */
const DECLINE: Record<string, string> = { '6': 'No second strike', B2: 'No second strike', B4: 'No (further) airstrike: move on' };

const hex = (v: unknown): string => {
  const h = v as { col?: unknown; row?: unknown } | null;
  return h && typeof h.col === 'number' && typeof h.row === 'number' ? `hex ${h.col},${h.row}` : 'a hex';
};

/** The flowchart's steps where a choice is made, in words (the sighting flowchart of the addenda). */
const STEP_NOTE: Record<string, string> = {
  '1': 'Flowchart 1: a static intercept at 2 hex range',
  '3': 'Flowchart 3: sight from the adjacent hex, or enter first',
  '5': 'Flowchart 5: airstrike, or surface combat only',
  '6': 'Flowchart 6 (V.B.2.c)',
  A1: 'Flowchart A1: a static intercept at adjacent hex range',
  A2: 'Flowchart A2: only worth it for an airstrike',
  A4: 'Flowchart A4',
  B1: 'Flowchart B1: an intercept in your own hex',
  B2: 'Flowchart B2 (V.B.2.c)',
  B4: 'Flowchart B4 (V.B.2.c; VIII.D: a TF in port only from the air)',
};

/** Every East Wind Rain action in words (undefined: not an action of this game). */
export function ewrActionLabel(a: Action): ActionWords | undefined {
  switch (a.type) {
    case 'begin-initiative':
      return { text: 'Begin the next initiative', note: 'X.I.4: a second initiative after combat costs double' };
    case 'end-operations':
      return { text: 'Close the operations phase' };
    case 'refuel':
      return { text: 'Refuel in port', note: 'X.N.3.g, VIII.D: costs ERs and takes time; a retreating TF cannot operate until it refuels' };
    case 'skip-refuel':
      return { text: 'Do not refuel' };
    case 'b4-adjacent':
      return { text: `Move to ${hex(a.to)} and try to sight TFZ from there`, note: 'Flowchart B4' };
    case 'move':
      return { text: `Move to ${hex(a.to)}` };
    case 'end-initiative':
      return { text: 'End the initiative' };
    case 'withdraw':
      return { text: 'Withdraw (retreat)' };
    case 'approach':
      return { text: `Go to ${hex(a.to)}`, note: 'Flowchart 2: one hex, adjacent to TFA (1944–45, for an airstrike: or stay two hexes off)' };
    case 'redeploy':
      return { text: `Redeploy to ${hex(a.to)}`, note: 'Flowchart 6: TFZ may redeploy in the area' };
    case 'allocate':
      return { text: `Allocate ${String(a.cap)} to CAP, ${String(a.escort)} to escort, ${String(a.strike)} to strike`, note: 'XI.H.1.c: in secret' };
    case 'decide': {
      const step = String(a.step);
      const choice = (a.choice === 'decline' && DECLINE[step]) || CHOICE[String(a.choice)] || 'Decline';
      const note = STEP_NOTE[step];
      return note ? { text: `Step ${step}: ${choice}`, note } : { text: `Step ${step}: ${choice}` };
    }
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
