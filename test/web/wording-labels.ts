/** Each game's labeller for the wording test (src/web/games/<game>/labels.ts), as its page makes it from the viewer's view. */
import { ssj } from '../../src/games/ssj';
import type { SsjData, SsjView } from '../../src/protocol/games/ssj';
import type { Labeler } from '../../src/web/labels';
import { eotsLabeler } from '../../src/web/games/eots-subwar/labels';
import type { EotsView } from '../../src/web/games/eots-subwar/types';
import { ewrActionLabel } from '../../src/web/games/ewr/labels';
import { ssjLabeler } from '../../src/web/games/ssj/labels';

const SSJ_DATA = ssj.publicData() as SsjData;

export function loadLabeler(game: string, view: unknown, side: string): Labeler | undefined {
  if (game === 'ssj') return ssjLabeler(view as SsjView, SSJ_DATA, side);
  if (game === 'ewr') return ewrActionLabel as Labeler;
  if (game === 'eots-subwar') return eotsLabeler(view as EotsView) as Labeler;
  return undefined;
}
