/**
 * A plausible player of Sky, Sea, and JUNGLE for tests and benchmarks: it sees only its
 * view and prompt. It keeps slow ships home unless they carry troops to Guadalcanal,
 * sends a surface force, submarines and recon into the Slot, attacks with submarines
 * only where it can pick its target (Day and Day and Night groups), and lands its troops
 * on Guadalcanal.
 */
import { Rng, seedState } from '../../engine';
import type { Bot, BotTurn } from '../../bots';
import type { SsjAction } from './actions';
import type { Side } from './data/types';
import type { SsjView, UnitFace } from './view';

const VALUE: Record<string, number> = { CV: 9, CVL: 7, CVE: 5, SBB: 8, BB: 8, BC: 7, B: 6, CA: 5, CL: 4, CLAA: 4, TR: 4, DL: 3, DD: 3 };
const SURFACE_FORCE = 6;

export function plausibleBot(seed: string): Bot<SsjAction> {
  const rng = new Rng(seedState(seed, 'bot'));
  const pick = <T>(xs: T[]): T => xs[rng.int(0, xs.length - 1)]!;

  return {
    name: 'plausible',
    choose({ side, view, prompt }: BotTurn<SsjAction>): SsjAction {
      const v = view as SsjView;
      const acts = prompt.actions;
      const of = <K extends SsjAction['type']>(t: K) => acts.filter((a): a is Extract<SsjAction, { type: K }> => a.type === t);
      const done = acts.find((a) => a.type === 'done');
      const mine = v.sides[side as Side].units;
      const unit = (id: string) => mine.find((u) => u.id === id);

      switch (prompt.kind) {
        case 'early-activation':
          return of('early-activation').find((a) => !a.roll)!;
        case 'allied-reinforcements': {
          const place = of('place');
          if (place.length) return place.find((a) => a.base === 'espiritu-santo') ?? place[0]!;
          const picks = v.sides.allied.picks;
          for (const slot of ['cruiser', 'other'] as const) {
            const options = of('pick').filter((a) => a.slot === slot);
            if (picks && !picks[slot] && options.length) return options[0]!;
          }
          return done ?? acts[0]!;
        }
        case 'magic':
          return of('magic')[0]!;
        case 'japanese-deployment':
        case 'allied-deployment':
          return deploy(side as Side, mine, acts, of, unit) ?? done!;
        case 'submarines': {
          const targets = [...of('sub-target')];
          if (targets.length) {
            const faced = targets.filter((a): a is { type: 'sub-target'; ship: string } => a.ship !== undefined);
            if (faced.length) {
              const faces = Object.values(v.sides[side === 'allied' ? 'japanese' : 'allied'].faces);
              const worth = (id: string) => VALUE[faces.find((f) => f.id === id)?.cls ?? ''] ?? 0;
              return faced.sort((a, b) => worth(b.ship) - worth(a.ship))[0]!;
            }
            return pick(targets);
          }
          const enemyGroups = v.sides[side === 'allied' ? 'japanese' : 'allied'].groups;
          const good = of('sub-attack').filter((a) => enemyGroups.find((g) => g.id === a.group)?.box !== 'night');
          if (good.length) return pick(good);
          return of('sub-pass')[0] ?? done!;
        }
        case 'combat': {
          const lands = of('land');
          return lands.find((a) => a.base === 'guadalcanal') ?? lands[0]!;
        }
        case 'supply':
          return of('air-supply').find((a) => a.base === 'guadalcanal') ?? done!;
        case 'return':
          return of('return')[0] ?? of('embark')[0] ?? of('pt-slot')[0] ?? done!;
        default:
          return acts.find((a) => a.type !== 'recall') ?? acts[0]!;
      }
    },
  };
}

type Of = <K extends SsjAction['type']>(t: K) => Extract<SsjAction, { type: K }>[];

function deploy(side: Side, mine: UnitFace[], acts: SsjAction[], of: Of, unit: (id: string) => UnitFace | undefined): SsjAction | undefined {
  const atSea = mine.filter((u) => u.place.at === 'group');
  // Troops onto transports (a transport division carries 3).
  const load = of('load').find((a) => unit(a.ship)?.cls === 'TR');
  if (load) return load;
  const loaded = new Set(mine.filter((u) => u.place.at === 'aboard').map((u) => (u.place as { ship: string }).ship));
  // Loaded transports sail for the Slot together.
  const convoy = of('deploy').filter((a) => loaded.has(a.ship) && a.area === 'SL' && a.box === 'daynight');
  if (convoy.length) return convoy.find((a) => a.group !== 'new') ?? convoy[0];
  // Recon over the Slot.
  const recon = of('recon').find((a) => a.area === 'SL' && ['B-17', 'Betty'].includes(unit(a.unit)?.type ?? ''));
  if (recon) return recon;
  // Submarines each into the Slot's Night Only box.
  const sub = of('deploy').find((a) => unit(a.ship)?.cls === 'SS' && a.area === 'SL' && a.box === 'night' && a.group === 'new');
  if (sub && atSea.filter((u) => u.cls === 'SS').length < 2) return sub;
  // A surface force of fast warships into the Slot, Day and Night.
  const warships = atSea.filter((u) => u.cls !== 'SS' && u.cls !== 'TR');
  if (warships.length < SURFACE_FORCE) {
    const fast = of('deploy').filter((a) => {
      const u = unit(a.ship);
      return u && !u.slow && !['SS', 'TR', 'CV', 'CVL', 'CVE'].includes(u.cls ?? '') && a.area === 'SL' && a.box === 'daynight';
    });
    const join = fast.find((a) => a.group !== 'new' && !loaded.has(a.ship));
    if (join) return join;
    if (fast.length) return fast[0];
  }
  void side;
  return undefined;
}
