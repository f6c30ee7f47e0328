/**
 * A tiny hidden-information game for testing the engine and the match service apart
 * from any real rule set: side "a" hides a number behind a screen in private steps
 * (`pick`, then `seal`); side "b" rolls a die to guess it; five rounds.
 */
import { z } from 'zod';
import { RuleError, type GameModule } from '../../src/engine';

export interface ToyState {
  round: number;
  phase: 'hide' | 'guess' | 'over';
  hidden: number | null;
  picks: number;
  guesses: { round: number; die: number; hit: boolean }[];
}

const Action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pick'), n: z.number().int().min(1).max(6) }),
  z.strictObject({ type: z.literal('seal') }),
  z.strictObject({ type: z.literal('guess') }),
]);
type Action = z.infer<typeof Action>;

export const toy: GameModule<ToyState, Action, Record<string, never>> = {
  id: 'toy',
  name: 'Toy',
  sides: ['a', 'b'],
  action: Action,
  options: z.strictObject({}),
  setup: () => ({ state: { round: 1, phase: 'hide', hidden: null, picks: 0, guesses: [] }, log: [{ to: 'public', text: 'Round 1.' }] }),
  prompt(s, side) {
    if (s.phase === 'hide' && side === 'a') {
      const acts: Action[] = [1, 2, 3, 4, 5, 6].map((n) => ({ type: 'pick', n }));
      if (s.hidden !== null) acts.push({ type: 'seal' });
      return { text: 'Hide a number', actions: acts };
    }
    if (s.phase === 'guess' && side === 'b') return { text: 'Guess', actions: [{ type: 'guess' }] };
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
    if (a.type === 'guess') {
      const die = ctx.dice.d6('guess');
      const hit = die === s.hidden;
      s.guesses.push({ round: s.round, die, hit });
      s.round++;
      s.hidden = null;
      s.phase = s.round > 5 ? 'over' : 'hide';
      return { state: s, log: [{ to: 'public', text: `B rolled ${die}: ${hit ? 'hit' : 'miss'}.` }] };
    }
    throw new RuleError(`bad action from ${side}`);
  },
  view(s, viewer) {
    const sees = viewer === 'a' || viewer === 'referee';
    return { round: s.round, phase: s.phase, guesses: s.guesses, ...(sees ? { hidden: s.hidden, picks: s.picks } : {}) };
  },
  result: (s) => (s.phase === 'over' ? { winner: s.guesses.filter((g) => g.hit).length > 0 ? 'b' : 'a', text: 'over' } : null),
  publicData: () => ({}),
};
