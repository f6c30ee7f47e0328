/** East Wind Rain (sighting and intercept) in the web client: the hex map, the task forces, the flowchart. */
import { hexGame } from '../hex/game';
import { AllocationPrompt } from './allocate';
import { EwrBoard } from './board';
import { readFlowchart } from './flowchart';
import { ewrActionHex, ewrActionLabel } from './labels';
import { isEwrView } from './types';

export const game = hexGame({
  isView: isEwrView,
  // The flowchart the board draws, with the step the match stands at.
  dataKeys: ['flowchart'],
  readData: readFlowchart,
  dice: 6,
  label: () => ewrActionLabel,
  hexOf: () => ewrActionHex,
  // A move: one click on its hex sends it.
  direct: () => true,
  Map: EwrBoard,
  special: (prompt, busy, send) =>
    prompt.kind === 'allocate' && prompt.actions.length > 0 && prompt.actions.every((a) => a.type === 'allocate') ? (
      <AllocationPrompt prompt={prompt} busy={busy} send={send} />
    ) : null,
});
