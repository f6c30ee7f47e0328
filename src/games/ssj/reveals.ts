/**
 * What the rules of Sky, Sea, and JUNGLE tell each viewer about the other side's pieces, as
 * data (docs/fog.md, "Reveals"), from the rule text: where the match stands (the turn, the
 * phase, whose decision it is: every step that is not behind the screen is announced), the
 * detection results (VI.E), who holds each base (VI.G), the score (IV), whether the screen is
 * off (VI.C) and then where the enemy's face-down groups are and how many pieces each holds,
 * and where its other pieces stand, and which pieces the viewer has learned in play (seen
 * face up or named in a result both players saw). The fog harness lets two worlds a viewer cannot otherwise
 * tell apart differ for it only once these facts differ.
 */
import { SPECTATOR, type Reveal, type Reveals, type Viewer } from '../../engine';
import type { Place, SsjState, UnitKind } from './state';
import { unitsOf } from './units';

const SIDES = ['allied', 'japanese'] as const;

/** The box of a base a face-down piece stands in: ships in the harbour, air units on the airfield, troops and PT boats ashore. */
const BOX: Record<UnitKind, string> = { ship: 'harbour', air: 'airfield', ground: 'land', pt: 'land' };

/**
 * Where a face-down piece off the sea stands on the enemy's map (VI.C; RULINGS: "in its bases and in the Returning to
 * Truk box: where they are and how many"): a base's box, a recon box by sea area, the Slot, the Returning to Truk box.
 * Nothing else: the base a recon flight came from is not on the board, and a piece in repair, sunk, destroyed or not yet
 * in play is off the board, its whereabouts and how long it is out the owner's secret (VII.A "sinks (secretly)").
 */
function onTheMap(kind: UnitKind, p: Place): string | null {
  switch (p.at) {
    case 'base':
      return `${BOX[kind]}@${p.base}`;
    case 'recon':
      return `recon@${p.area}`;
    case 'slot':
    case 'returning-to-truk':
      return p.at;
    default:
      return null;
  }
}

export const ssjReveals: Reveals<SsjState> = (s, viewer: Viewer, read = []) => {
  const out: Reveal[] = [
    // `shows`: where each fact stands in the viewer's body (and what follows from it there: whose decision it is shapes
    // the prompt, the due times and the boards of the phase).
    {
      rule: 'SSJ VI: the sequence of play, announced step by step',
      what: 'where the match stands',
      value: [s.turn, s.phase, s.actor],
      // The match's first die is drawn at a public step of the sequence (the detection rolls of VI.E, or the early
      // activation roll), and it seals the dice (docs/fairness.md): the body's `dice` block and each seat's `by` change with
      // where the match stands (fog-ssj-10, step 49: deployment over, detection rolled in one world, the submarines' phase
      // still to come in the other).
      shows: [
        'view.turn',
        'view.turnName',
        'view.phase',
        'view.actor',
        'view.battle',
        'view.air',
        'view.groundCombat',
        'view.subAttack',
        'prompt',
        'deadline',
        'stage',
        'dice',
        'players.*.by',
      ],
    },
    // VI.E: detection decides who may search, strike and fight where, so the viewer's own decisions follow from it.
    { rule: 'SSJ VI.E: whether each side detects is public', what: 'detection', value: s.detection, shows: ['view.detection', 'prompt'] },
    { rule: 'SSJ VI.G: who holds each base', what: 'bases', value: s.holder, shows: ['view.holder'] },
    { rule: 'SSJ IV: the score', what: 'score', value: s.vp, shows: ['view.vp', 'view.vpLog'] },
    { rule: 'SSJ VI.C: the screen', what: 'screen', value: s.fogLiftedFor, shows: ['view.sides.*.visibility', 'view.sides.*.hidden', 'view.sides.*.groups'] },
    // VI.F.1.a: a land raid is flown in the open against the ground units or the airfield it chose (its typed `raid` datum).
    {
      rule: 'SSJ VI.F.1.a: a raid and its target',
      what: 'raids',
      value: read.filter((e) => e.to === 'public' && e.data?.['raid']).map((e) => [e.seq, e.data!['raid']]),
      shows: ['view.air'],
    },
    // VI.F.1.b: "Anti-ship airstrikes against face-down enemy task forces in a sea area are always pre-allocated. […] The
    // task forces' ships are then turned up": each strike at a group or a harbour flies in the open, its public entry (the
    // typed `flight` datum) saying who strikes, where and with how many units — a group by its sea area only ("a group in
    // the Coral Sea"), a harbour by its base, or that its target is gone — while the allocation behind it stays secret
    // (fog-ssj-4, step 449: 5 units at a group in the Slot in one world; 4, then 1 at another in the other). Told at the
    // step whose entry the viewer reads, like a raid: where it stands then is masked for the rest of the comparison, and what
    // follows there (the attacks on the ships turned up, the fire that shoots the attackers down) is its consequence. Not
    // the group's id (an opaque name: fog-ssj-11, step 956, a strike at one of two Japanese groups in the Coral Sea or the
    // other), nor the stage's flights kept as a list (fog-ssj-12, step 955: a carrier unit at Espiritu Santo's empty
    // harbour rather than with the others at a group, told at that step, the same to read once both strikes were over).
    {
      rule: 'SSJ VI.F.1.b: a strike at a task force or a harbour flies in the open',
      what: 'strikes flown',
      value: read.filter((e) => e.to === 'public' && e.data?.['flight']).map((e) => [e.seq, e.data!['flight']]),
      shows: ['view.air'],
    },
    // VI.F.1.b "The task forces' ships are then turned up", VI.F.1.a "all the ships in the harbor are turned face-up": the
    // attacker aims each air unit at one of them, in the open, and the entry of each attack names the ship it fell on to
    // both players (to everyone once it is damaged or sunk; the spectator reads a missed piece's tag only). What each reader
    // is told, step by step, in the entries' typed `units` (fog-ssj-12, step 955: the Allies read the last Japanese unit
    // attack SAN FRANCISCO in the group, or HORNET in the harbour of Espiritu Santo it struck in the other world). The log
    // only: the damage it does is the pieces' own facts.
    {
      rule: 'SSJ VI.F.1.a/b: each air unit attacks one ship turned up, in the open',
      what: 'air attacks',
      value: read.filter((e) => (e.data?.['roll'] as { why?: string } | undefined)?.why === 'air attack' && e.data?.['units']).map((e) => [e.seq, e.data!['units']]),
    },
  ];
  // A player sees his own pieces (VI.C: his own map): what befalls them is told him, whoever's secret die decided it
  // (VI.D "On a roll of 1, the sub is instead sunk"; his own damage dice, VII.A), with his own groups and his decisions.
  const mine = SIDES.find((x) => x === viewer);
  if (mine)
    out.push({
      rule: 'SSJ VI.C: a player keeps his own map',
      what: `${mine} own pieces`,
      // A group by where it is, not by its id (drawn from the tag stream: an opaque name, which names nothing).
      value: unitsOf(s, mine).map((u) => {
        const g = u.place.at === 'group' ? s.groups[u.place.group] : undefined;
        return [u.id, g ? { at: 'group', area: g.area, box: g.box } : u.place, u.damage ?? null];
      }),
      shows: [`view.sides.${mine}`, 'prompt'],
    });
  for (const enemy of SIDES) {
    if (enemy === viewer) continue;
    // With the screen off, the other side's map is seen face down: its groups, where, and how many pieces each.
    const sees = viewer === SPECTATOR ? SIDES.every((x) => s.fogLiftedFor.includes(x)) : s.fogLiftedFor.includes(viewer as (typeof SIDES)[number]);
    if (sees) {
      const groups = Object.values(s.groups)
        .filter((g) => g.side === enemy)
        .map((g) => `${g.area}/${g.box}/${g.ships.length}`)
        .sort();
      out.push({
        rule: 'SSJ VI.C: the enemy map, face down',
        what: `${enemy} groups`,
        value: groups,
        // Where the enemy's groups are shapes the viewer's decisions (targets, sailings) and which of their ships a strike
        // or a battle turns face up for it (VI.F.1.b, VI.F.2); and the submarine attacks of VI.D ("Each submarine in a sea
        // area may […] attack 1 ship or division of ships […] in any one task force group"), whose target, on the sub-attack
        // board, is one of these groups (fog-ssj-7, step 1233: an Allied group in another box, the spectator reading a
        // Japanese submarine's attack on it in one world).
        shows: [`view.sides.${enemy}.groups`, `view.sides.${enemy}.hidden`, `view.sides.${enemy}.faces`, 'view.subAttack', 'prompt'],
      });
      // A ship in the repair yards is on no map (VII.A "knocked out of the game"): that it left is told, not where it is repaired
      // (its owner's choice, VI.H) nor until when (his secret die) — those show when it is back on the map.
      const pieces = unitsOf(s, enemy)
        .map((u) => onTheMap(u.kind, u.place))
        .filter((p): p is string => p !== null)
        .sort();
      out.push({ rule: 'SSJ VI.C: the enemy map, face down', what: `${enemy} pieces off the sea`, value: pieces, shows: [`view.sides.${enemy}.hidden`, 'prompt'] });
      // Which of the enemy's pieces on the map stand face up for the viewer now, their faces with them: a group a submarine
      // attacks (VI.D "the owning player must flip the targetted unit face-up, so that the [sub] may choose his target"), a task
      // force or a harbour an air strike turns up (VI.F.1.a, b "The task forces' ships are then turned up"), damaged ships. Which
      // ships a group holds is told so (fog-ssj-1, step 1554: another Allied ship in the group a Japanese submarine attacked,
      // both ships seen before, its face on the map in one world only).
      const up = unitsOf(s, enemy)
        .filter((u) => u.place.at === 'group' || onTheMap(u.kind, u.place) !== null)
        .filter((u) => {
          const to = s.revealed[u.id] ?? [];
          return viewer === SPECTATOR ? to.length === 2 && (s.known[u.id] ?? []).includes('public') : to.includes(viewer as (typeof SIDES)[number]);
        })
        .map((u) => u.id);
      out.push({ rule: 'SSJ VI.D, VI.F.1: pieces turned face up', what: `${enemy} pieces face up`, value: up, shows: [`view.sides.${enemy}.faces`] });
    }
    // Pieces learned in play (seen face up, or named in a result both players saw): who they are.
    const ids = unitsOf(s, enemy)
      .filter((u) => {
        const k = s.known[u.id] ?? [];
        return (
          k.includes('public') || (viewer !== SPECTATOR && k.includes(viewer as (typeof SIDES)[number])) || (s.revealed[u.id] ?? []).includes(viewer as (typeof SIDES)[number])
        );
      })
      .map((u) => u.id);
    out.push({
      rule: 'SSJ: pieces seen face up or named in a result',
      what: `${enemy} pieces known`,
      value: ids,
      shows: [`view.sides.${enemy}.faces`, `view.sides.${enemy}.units`, `view.sides.${enemy}.hidden`],
    });
    // VI.F.1.a/b: strikes are allocated in secret, but the air units that fly attack in the open (a harbour's or a turned-up
    // task force's ships one at a time, against their anti-aircraft fire): how many of the enemy's have flown this stage is told.
    if (s.air) {
      const theirs = new Set(unitsOf(s, enemy).map((u) => u.id));
      out.push({
        rule: 'SSJ VI.F.1.a/b: striking air units attack in the open',
        what: `${enemy} air units flown`,
        value: s.air.flown.filter((id) => theirs.has(id)).length,
        shows: ['view.air'],
      });
    }
  }
  return out;
};

/**
 * The opaque names in a state — each piece's tag of the turn, each group's id — drawn from the
 * tag stream: two worlds whose bytes differ only by which of these names what are the same to
 * a viewer (they name nothing; the harness erases them).
 */
export function ssjOpaqueNames(s: SsjState): Iterable<string> {
  return [...Object.values(s.tags.toJSON()), ...Object.keys(s.groups)];
}
