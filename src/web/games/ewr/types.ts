/**
 * Reading East Wind Rain's view: its types are the game's own (src/protocol/games/ewr.ts);
 * here, what the client adds to them.
 */
import type { EwrView, HexRef, OwnTfView, Role, TfView } from '../../../protocol/games/ewr';

export type * from '../../../protocol/games/ewr';

export const isOwnTf = (t: TfView): t is OwnTfView => 'parts' in t && typeof (t as OwnTfView).parts === 'object';

export function isEwrView(v: unknown): v is EwrView {
  const x = v as EwrView | null;
  return !!x && typeof x === 'object' && typeof x.step === 'string' && !!x.scenario?.map && typeof x.tfs === 'object' && Array.isArray(x.walked);
}

export const ROLE_NAMES: Record<Role, string> = { tfa: 'TFA', tfz: 'TFZ' };
export const hexKey = (h: HexRef) => `${h.col},${h.row}`;
