/** Reading Sky, Sea, and JUNGLE's view (its shape: src/protocol/games/ssj.ts). */
import type { SideView, SsjView, UnitFace } from '../../../protocol/games/ssj';

export function isSsjView(v: unknown): v is SsjView {
  const o = v as SsjView | null;
  return !!o && typeof o === 'object' && typeof o.turn === 'number' && !!o.sides?.allied && !!o.sides?.japanese;
}

/** Every unit the viewer sees face up, on both sides. */
export function allFaces(view: SsjView): UnitFace[] {
  const out: UnitFace[] = [];
  for (const side of ['allied', 'japanese'] as const) {
    const sv: SideView = view.sides[side];
    out.push(...sv.units, ...Object.values(sv.faces));
  }
  return out;
}
