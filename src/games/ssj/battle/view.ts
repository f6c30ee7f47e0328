/** What a viewer sees of the battle (VI.F): the Battle Board once both sides have placed, enemy pieces by tag, own allocations only to their owner. */
import type { Side } from '../data/types';
import type { SsjState } from '../state';
import { heldBack, livePts, surfaceShips, tagOf } from './legality';

/** What a viewer sees of the battle: the board once both sides have placed, pieces by tag for the enemy, own allocations. */
export function battleView(s: SsjState, viewer: string) {
  const b = s.battle;
  if (!b) return null;
  const full = viewer === 'referee';
  const boardShown = b.placed.length === 2 || b.step !== 'place';
  const side = (sd: Side) => {
    const own = full || viewer === sd;
    const ships = [...surfaceShips(s, b.tf[sd]), ...(sd === 'allied' ? livePts(s, b) : [])];
    const name = (id: string) => (own ? id : tagOf(s, id));
    const show = own || (b.mode === 'day' ? b.step !== 'choose-tf' : boardShown && b.step !== 'choose-tf');
    const night = b.mode === 'night';
    return {
      taskForce: b.tf[sd],
      /** Every piece on the Battle Board (by day all face up; at night the enemy's by tag). */
      pieces: show ? ships.map(name).sort() : [],
      above:
        show && night
          ? ships
              .filter((id) => b.row[id] === 'above')
              .map(name)
              .sort()
          : [],
      below:
        show && night
          ? ships
              .filter((id) => b.row[id] === 'below')
              .map(name)
              .sort()
          : [],
      /**
       * The pieces of this side sunk by fire in this battle: the tag everyone saw and the ship, which the announcement
       * of the sinking names to everyone (RULINGS VI.F.2.b note). The same for every viewer.
       */
      sunk: (b.sunk ?? []).filter((id) => s.units.of(id).side === sd).map((id) => ({ piece: tagOf(s, id), ship: id })),
      /** By day: the carriers and transports held back (VI.F.1.c.1). */
      heldBack: show && !night ? ships.filter(heldBack).map(name).sort() : [],
      ...(own
        ? {
            fire: Object.fromEntries(Object.entries(b.fire[sd]).map(([f, t]) => [f, tagOf(s, t)])),
            torpedoes: b.surprise === sd ? b.torpedoes.map(([f, t]) => [f, tagOf(s, t)]) : [],
          }
        : {}),
    };
  };
  return {
    mode: b.mode,
    /** VI.F.1.c: fought by choice (each side's choice to engage, public once made); false: a battle that must be fought. */
    voluntary: !!b.voluntary,
    engage: { ...(b.engage ?? {}) },
    area: b.area,
    step: b.step,
    round: b.round,
    surprise: b.surprise,
    order: b.order,
    wildTorpedoes: b.wild.length,
    allied: side('allied'),
    japanese: side('japanese'),
  };
}
