/**
 * A plausible player of Empire of the Sun's submarine warfare variant (issue #42): it sees
 * only its seat's view and prompt, and keeps no memory between decisions (a bot seat is made
 * afresh for each step). It plays to the variant's aims:
 * - Allied: keep the Sub Bases eligible (in supply, within half range of an American HQ), near
 *   the Japanese SLOC and out of the Japanese HQs' reach, roll for every Sub Base, take the Japanese ASP with each
 *   success, play #80 when it can, and card #5 whenever it is offered; it makes an offensive
 *   only to move a Sub Base out of Japanese reach (two activations each, 11.21.C), keeping a
 *   card in hand for #5.
 * - Japanese: play #37 and #38 when it can, and send its HQs against the Sub Bases: move an
 *   HQ into reach, declare the Sub Bases' hexes Battle Hexes, report hits on them until they are
 *   displaced, and a ground unit in the hexes of those still there.
 * It answers the other player's reports truthfully from what its seat sees (`disputable`):
 * it confirms a report unless the board it sees shows it cannot be so, and then disputes it.
 * Its own disputed reports it withdraws: it never insists.
 */
import { Rng, seedState } from '../../engine';
import type { Bot, BotTurn } from '../../bots';
import type { EotsAction } from './actions';
import { MAX_ACTIVATIONS } from './data/tables';
import type { Report } from './fact';
import { hexDistance } from './hex';
import { sloc } from './strategic-warfare';
import type { EotsView } from './view';

type Act<T extends EotsAction['type']> = Extract<EotsAction, { type: T }>;

/** Hits a plausible Air-Naval Combat lands on a Sub Base (15 displace it, 11.21.D). */
const HITS = { min: 4, max: 15 } as const;
/** The later rolls an SWM step must help to be worth more than an ASP now. */
const SWM_WORTH = 6;

/**
 * Why the report cannot be so on the board the seat sees, or null when nothing it sees
 * contradicts it (our reading, RULINGS.md "Against the computer"):
 * - A hex holding a Sub Base on the map (an Allied unit) changes hands only through combat
 *   there — a Battle Hex of the offensive (11.21.D: a Sub Base leaves its hex only displaced
 *   by hits or with a Japanese ground unit in it, then by an emergency move) — so Japanese
 *   control of it reported outside the offensive's Battle Hexes is wrong.
 * - An offensive changes supply and ZoI where its units reach: a change in the reporter's
 *   favour (the enemy's supply lost, or its own ZoI gained) in a hex beyond its HQ's
 *   activation range and outside its Battle Hexes is wrong.
 */
export function disputable(v: EotsView, r: Report): string | null {
  const off = v.phase.offensive;
  const battle = (hex: string) => off?.battleHexes.includes(hex) ?? false;
  if (r.kind === 'control' && r.side === 'japanese') {
    const held = v.subBases.find((b) => b.location.at === 'map' && b.location.hex === r.hex);
    if (held && !battle(r.hex)) return `${held.name} stands in ${r.hex}, which was no Battle Hex of this offensive`;
  }
  if ((r.kind === 'supply' || r.kind === 'zoi') && off) {
    const favours = r.kind === 'supply' ? (r.inSupply ? 'allied' : 'japanese') : r.unneutralized ? 'japanese' : 'allied';
    const q = v.hqs.find((x) => x.id === off.hq);
    const reach = !!q?.hex && hexDistance(q.hex, r.hex) <= q.activationRange;
    if (favours === off.side && !reach && !battle(r.hex)) return `${r.hex} lies beyond the reach of this offensive's HQ and its Battle Hexes`;
  }
  return null;
}

export function plausibleBot(seed: string): Bot<EotsAction> {
  const rng = new Rng(seedState(seed, 'bot'));
  return {
    name: 'plausible',
    choose({ view, prompt }: BotTurn<EotsAction>): EotsAction {
      const v = view as EotsView;
      const acts = prompt.actions;
      const of = <T extends EotsAction['type']>(t: T) => acts.filter((a): a is Act<T> => a.type === t);
      const first = <T extends EotsAction['type']>(t: T) => of(t)[0];
      const japaneseHqs = v.hqs.filter((q) => q.side === 'japanese' && q.hex !== null);
      /** How far a hex lies beyond the reach of every Japanese HQ (negative: inside one's reach). */
      const safety = (hex: string) => Math.min(99, ...japaneseHqs.map((q) => hexDistance(q.hex!, hex) - q.activationRange - (q.movement ?? q.activationRange)));
      const hexOf = (hex: string) => v.hexes.find((h) => h.hex === hex);
      const eligibleAt = (hex: string) =>
        !!hexOf(hex)?.alliedSupply &&
        v.hqs.some((q) => q.side === 'allied' && q.american && q.activatesSubBases && q.hex !== null && 2 * hexDistance(q.hex, hex) <= q.activationRange);
      /**
       * Where an Allied Sub Base is best put: out of the Japanese HQs' reach first (one in it is soon displaced, a
       * point to the Japanese, and one placed there this turn is gone before it may roll, 11.22.A.4), then eligible
       * to roll, then near the Japanese SLOC (each point of SLOC PV makes a roll a tenth likelier, 11.22.A).
       */
      const placeScore = (hex: string) => (safety(hex) > 0 ? 1000 : 0) + (eligibleAt(hex) ? 100 : 0) + 10 * sloc(v, hex).pv + Math.max(-5, Math.min(5, safety(hex)));
      const bases = v.subBases.filter((b) => b.location.at === 'map').map((b) => ({ id: b.id, hex: (b.location as { hex: string }).hex }));
      /**
       * The Sub Bases an Allied HQ could relocate that would do better elsewhere: standing within a Japanese HQ's reach,
       * unable to roll where they are, or where no SLOC counts (a roll there needs a 0 with no SWM to help).
       */
      const movable = (hqId: string) => {
        const q = v.hqs.find((x) => x.id === hqId);
        if (!q || q.side !== 'allied' || !q.activatesSubBases || q.hex === null) return [];
        const poor = (hex: string) => safety(hex) <= 0 || !eligibleAt(hex) || sloc(v, hex).pv === 0;
        return bases.filter((b) => hexDistance(q.hex!, b.hex) <= q.activationRange && poor(b.hex));
      };

      switch (prompt.kind) {
        case 'confirm-fact': {
          const r = v.proposal?.fact as Report | undefined;
          return (r && disputable(v, r) ? first('dispute') : first('confirm')) ?? acts[0]!;
        }
        case 'disputed-fact':
          return first('withdraw') ?? acts[0]!;
        case 'emergency-move': {
          const moves = of('emergency-move').filter((a) => a.to !== 'trt');
          const stay = first('no-emergency-move');
          const best = [...moves].sort((a, b) => placeScore(b.to) - placeScore(a.to))[0];
          if (stay) {
            const here = bases.find((b) => b.id === stay.base)?.hex;
            if (!best || (here && placeScore(here) >= placeScore(best.to))) return stay;
          }
          return best ?? acts[0]!;
        }
        case 'place-sub-base':
          return [...of('place-sub-base')].sort((a, b) => placeScore(b.hex) - placeScore(a.hex))[0] ?? acts[0]!;
        case 'submarine-warfare':
          return acts[0]!;
        case 'sub-warfare-effect': {
          // An ASP taken counts at once; an SWM step makes every later roll likelier (each success denies a card and
          // takes an ASP): worth it while enough rolls are left (turns to come × Sub Bases on the map).
          const later = (v.scenario.lastTurn - v.turn) * bases.length;
          const effect = (c: 'asp' | 'swm') => of('sub-warfare-effect').find((a) => a.choice === c);
          return (later >= SWM_WORTH ? effect('swm') : undefined) ?? effect('asp') ?? effect('swm') ?? acts[0]!;
        }
        case 'card-play': {
          const event = first('play-event');
          if (event) return event;
          if (v.waitingFor?.side === 'allied') {
            // An offensive to relocate a Sub Base the Japanese HQs can reach (11.21.C), keeping a card for #5.
            const hq = of('begin-offensive').find((a) => movable(a.hq).length > 0);
            if (hq && v.hands.allied >= 2) return hq;
          }
          if (v.waitingFor?.side === 'japanese') {
            // The HQ that can reach a Sub Base soonest.
            const reach = (hq: string) => {
              const q = japaneseHqs.find((x) => x.id === hq);
              if (!q) return 99;
              return Math.min(99, ...bases.map((b) => hexDistance(q.hex!, b.hex) - q.activationRange));
            };
            const offensive = [...of('begin-offensive')].sort((a, b) => reach(a.hq) - reach(b.hq))[0];
            const movement = offensive ? japaneseHqs.find((q) => q.id === offensive.hq) : undefined;
            if (offensive && movement && reach(offensive.hq) <= (movement.movement ?? movement.activationRange)) return offensive;
          }
          return first('pass') ?? acts[0]!;
        }
        case 'offensive-movement': {
          const off = v.phase.offensive;
          const q = v.hqs.find((x) => x.id === off?.hq);
          if (off?.side === 'allied') {
            // The activations it needs: two for each Sub Base to move (11.21.C); then each moved where it scores best.
            const need = Math.min(MAX_ACTIVATIONS, 2 * movable(off.hq).length);
            const report = acts.find((a) => a.type === 'propose' && a.fact.kind === 'activations' && a.fact.count === need);
            if (off.activations === null && report) return report;
            const moves = of('relocate-sub-base').filter((a) => {
              const from = bases.find((b) => b.id === a.base)?.hex;
              return from && placeScore(a.to) > placeScore(from);
            });
            const best = [...moves].sort((a, b) => placeScore(b.to) - placeScore(a.to))[0];
            return best ?? first('end-movement') ?? acts[0]!;
          }
          if (off?.side === 'japanese' && q?.hex && !off.hqMoved) {
            const inReach = (hex: string) => bases.some((b) => hexDistance(hex, b.hex) <= q.activationRange);
            if (!inReach(q.hex)) {
              const moves = acts.filter((a): a is Act<'propose'> & { fact: { kind: 'hq-move'; to: string } } => a.type === 'propose' && a.fact.kind === 'hq-move');
              const gap = (hex: string) => Math.min(99, ...bases.map((b) => hexDistance(hex, b.hex)));
              const best = [...moves].filter((a) => hexOf(a.fact.to)?.control !== 'allied').sort((a, b) => gap(a.fact.to) - gap(b.fact.to))[0];
              // Only a move that closes on a Sub Base (the hexes it may enter do not always lead nearer).
              if (best && gap(best.fact.to) < gap(q.hex)) return best;
            }
          }
          return first('end-movement') ?? acts[0]!;
        }
        case 'declare-battle-hexes': {
          // Allied: a Sub Base's hex made a Battle Hex only lets the Japanese hit it (11.21.D), so none is declared.
          if (v.phase.offensive?.side !== 'japanese') return first('end-declaration') ?? acts[0]!;
          const held = new Set(bases.map((b) => b.hex));
          return of('declare-battle-hex').find((a) => held.has(a.hex)) ?? first('end-declaration') ?? acts[0]!;
        }
        case 'card-5':
          return first('play-card-5') ?? acts[0]!;
        case 'attack-sub-bases': {
          // Hits on each Sub Base in a Battle Hex until 15 have displaced it (hits add up within a combat, 11.21.D).
          const hit = v.phase.offensive?.hits ?? {};
          const attacks = of('japanese-attack').filter((a) => !a.critical);
          const target = attacks.find((a) => (hit[a.base] ?? 0) < HITS.max)?.base;
          if (target) {
            const wanted = Math.min(HITS.max - (hit[target] ?? 0), rng.int(HITS.min, HITS.max));
            return attacks.find((a) => a.base === target && a.hits === wanted) ?? attacks.find((a) => a.base === target)!;
          }
          return first('end-air-naval-combat') ?? acts[0]!;
        }
        case 'ground-combat':
          // A ground unit into every Sub Base's hex the offensive fought in.
          return first('japanese-ground-unit') ?? first('end-ground-combat') ?? acts[0]!;
        case 'conclusion':
          return first('end-offensive') ?? acts[0]!;
        case 'political':
          return first('end-political') ?? acts[0]!;
        default:
          return acts[0]!;
      }
    },
  };
}
