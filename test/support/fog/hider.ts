/**
 * A small hidden-information game for proving the fog harness able to fail: side "a" hides
 * a number in private steps and may wave (a public step); side "b" has a lair chosen at
 * set-up, scouts with a secret die and guesses with a public one. `plant` puts one leak in.
 */
import { z } from 'zod';
import { randomBot } from '../../../src/bots';
import { RuleError, type GameModule, type Lookalike, type LogEntry } from '../../../src/engine';
import type { FogSpec } from './harness';

export type Plant = 'none' | 'roll-in-view' | 'prompt-order' | 'undo' | 'key-order' | 'beside-reveal';

export interface HiderState {
  round: number;
  phase: 'hide' | 'guess' | 'over';
  hidden: number | null;
  picks: number;
  lair: number;
  scouts: number[];
  guesses: { die: number; hit: boolean }[];
  waves: number;
  /** Planted ('beside-reveal'): the parity of the number a guess was made against, shown with the guess's announcement. */
  parity?: number;
}

const Action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pick'), n: z.number().int().min(1).max(6) }),
  z.strictObject({ type: z.literal('seal') }),
  z.strictObject({ type: z.literal('wave') }),
  z.strictObject({ type: z.literal('guess'), n: z.number().int().min(1).max(6) }),
]);
type Action = z.infer<typeof Action>;

export function hider(plant: Plant = 'none'): GameModule<HiderState, Action, Record<string, never>> {
  return {
    id: 'hider',
    name: 'Hider',
    sides: ['a', 'b'],
    action: Action,
    options: z.strictObject({}),
    setup: (_o, ctx) => ({
      state: { round: 1, phase: 'hide', hidden: null, picks: 0, lair: ctx.tags.int(1, 6), scouts: [], guesses: [], waves: 0 },
      log: [{ to: 'public', text: 'Round 1.' }],
    }),
    prompt(s, side) {
      if (s.phase === 'hide' && side === 'a') {
        const acts: Action[] = [1, 2, 3, 4, 5, 6].map((n) => ({ type: 'pick', n }));
        if (s.hidden !== null) acts.push({ type: 'seal' });
        if (s.waves < 2) acts.push({ type: 'wave' });
        return { text: 'Hide a number', actions: acts };
      }
      if (s.phase === 'guess' && side === 'b') {
        const order = [1, 2, 3, 4, 5, 6];
        // Planted: the choices start at the hidden number.
        if (plant === 'prompt-order') order.sort((x, y) => ((x - s.hidden! + 6) % 6) - ((y - s.hidden! + 6) % 6));
        return { text: 'Guess', actions: order.map((n) => ({ type: 'guess', n })) };
      }
      return null;
    },
    apply(s, side, a, ctx) {
      if (a.type === 'pick') {
        s.hidden = a.n;
        s.picks++;
        return { state: s, log: [{ to: ['a'], text: `You hid ${a.n}.` }], private: true };
      }
      if (a.type === 'seal') {
        s.phase = 'guess';
        return { state: s, log: [{ to: 'public', text: 'A has hidden a number.' }] };
      }
      if (a.type === 'wave') {
        s.waves++;
        // Planted: whether the wave may be taken back depends on b's lair.
        return { state: s, log: [{ to: 'public', text: 'A waves.' }], reveals: plant === 'undo' && s.lair > 3 };
      }
      if (a.type === 'guess') {
        const scout = ctx.dice.d6('scout', ['b']);
        const die = ctx.dice.d6('guess');
        const hit = die === s.hidden || a.n === s.hidden;
        s.scouts.push(scout);
        s.guesses.push({ die, hit });
        // Planted: with the announced guess, the parity of the hidden number goes out too (no rule tells it).
        if (plant === 'beside-reveal') s.parity = s.hidden! % 2;
        s.round++;
        s.hidden = null;
        s.waves = 0;
        s.phase = s.round > 3 ? 'over' : 'hide';
        const log: LogEntry[] = [
          { to: ['b'], text: `Your scout rolled ${scout}.` },
          { to: 'public', text: `B guessed ${a.n} and rolled ${die}: ${hit ? 'hit' : 'miss'}.` },
        ];
        return { state: s, log };
      }
      throw new RuleError(`bad action from ${side}`);
    },
    view(s, viewer) {
      const ref = viewer === 'referee';
      // Planted: the same fields for everyone, but written in an order that depends on b's lair.
      const head = plant === 'key-order' && s.lair > 3 ? { phase: s.phase, round: s.round } : { round: s.round, phase: s.phase };
      return {
        ...head,
        guesses: s.guesses,
        waves: s.waves,
        ...(viewer === 'a' || ref ? { hidden: s.hidden, picks: s.picks } : {}),
        ...(viewer === 'b' || ref || plant === 'roll-in-view' ? { scouts: s.scouts } : {}),
        ...(viewer === 'b' || ref ? { lair: s.lair } : {}),
        ...(s.parity !== undefined ? { parity: s.parity } : {}),
      };
    },
    result: (s) => (s.phase === 'over' ? { winner: s.guesses.some((g) => g.hit) ? 'b' : 'a', text: 'over' } : null),
    publicData: () => ({}),
  };
}

/** The harness's description of the hider: its rolls as its "rules" say, its look-alikes. */
export function hiderSpec(plant: Plant = 'none'): FogSpec<HiderState> {
  return {
    game: hider(plant),
    options: () => ({}),
    bots: (seed) => ({ a: randomBot(`${seed}/a`), b: randomBot(`${seed}/b`) }),
    rolls: [
      { rule: 'scout: b alone sees it', why: /^scout$/, audience: () => ['b'] },
      { rule: 'guess: public', why: /^guess$/, audience: () => 'public' },
    ],
    // Its "rules": each guess and whether it hit are announced, in the guesses every view lists.
    told: (s) => [{ rule: 'hider: a guess is announced, hit or miss', what: 'guesses', value: s.guesses, shows: ['view.guesses'] }],
    lookalikes(s, viewer) {
      const out: Lookalike<HiderState>[] = [];
      if (viewer !== 'a' && s.hidden !== null) {
        const other = (s.hidden % 6) + 1;
        out.push({ what: `a's hidden number ${s.hidden} → ${other}`, apply: (x) => ({ ...x, hidden: other }) });
      }
      if (viewer !== 'b') {
        const other = (s.lair % 6) + 1;
        out.push({ what: `b's lair ${s.lair} → ${other}`, apply: (x) => ({ ...x, lair: other }) });
      }
      return out;
    },
  };
}
