/**
 * A small game where what one side may know depends on where the other side is, the way
 * East Wind Rain's TFA moves past a TFZ it cannot see: "a" walks along a line of 10 hexes
 * in public or private steps (private while more than two hexes from b's hidden post); when
 * a comes within two hexes, b is asked (in secret) whether to note it. a never sees b's post.
 */
import { z } from 'zod';
import { randomBot } from '../../../src/bots';
import { RuleError, type GameModule } from '../../../src/engine';
import type { FogSpec } from './harness';

export interface WatchState {
  pos: number;
  post: number;
  steps: number;
  notes: number;
  asked: boolean;
  done: boolean;
}

const Action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('walk') }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('note') }),
  z.strictObject({ type: z.literal('ignore') }),
]);
type Action = z.infer<typeof Action>;

export const watch: GameModule<WatchState, Action, Record<string, never>> = {
  id: 'watch',
  name: 'Watch',
  sides: ['a', 'b'],
  action: Action,
  options: z.strictObject({}),
  setup: (_o, ctx) => ({ state: { pos: 0, post: ctx.tags.int(3, 9), steps: 0, notes: 0, asked: false, done: false }, log: [] }),
  prompt(s, side) {
    if (s.done) return null;
    if (side === 'a') return { text: 'Walk on, or stop', actions: s.pos < 9 ? [{ type: 'walk' }, { type: 'stop' }] : [{ type: 'stop' }] };
    return s.asked ? { text: 'a is near: note it?', actions: [{ type: 'note' }, { type: 'ignore' }] } : null;
  },
  apply(s, side, a) {
    if (a.type === 'walk') {
      s.pos++;
      s.steps++;
      const near = Math.abs(s.post - s.pos) <= 2;
      if (near) s.asked = true;
      return { state: s, log: [{ to: ['a'], text: `You walk to ${s.pos}.` }, ...(near ? [{ to: ['b'] as string[], text: `a is at ${s.pos}.` }] : [])], private: !near };
    }
    if (a.type === 'stop') {
      s.done = true;
      return { state: s, log: [{ to: 'public', text: 'a stops.' }] };
    }
    if (side !== 'b') throw new RuleError('not yours');
    if (a.type === 'note') s.notes++;
    s.asked = false;
    return { state: s, log: [{ to: ['b'], text: a.type === 'note' ? 'Noted.' : 'Ignored.' }], private: true };
  },
  view: (s, viewer) => ({
    pos: viewer === 'a' || viewer === 'referee' || (viewer === 'b' && Math.abs(s.post - s.pos) <= 2) ? s.pos : null,
    done: s.done,
    ...(viewer === 'b' || viewer === 'referee' ? { post: s.post, notes: s.notes } : {}),
  }),
  result: (s) => (s.done ? { winner: null, text: 'over' } : null),
  publicData: () => ({}),
};

export const watchSpec: FogSpec<WatchState> = {
  game: watch,
  options: () => ({}),
  bots: (seed) => ({ a: walker(), b: randomBot(`${seed}/b`) }),
  rolls: [],
  lookalikes: (s, viewer) =>
    viewer === 'b' || s.done
      ? []
      : [3, 4, 5, 6, 7, 8, 9].filter((p) => p !== s.post).map((p) => ({ what: `b's post at ${p} instead of ${s.post}`, apply: (x: WatchState) => ({ ...x, post: p }) })),
};

/** Walks to the end of the line, then stops. */
function walker() {
  return { name: 'walker', choose: ({ prompt }: { prompt: { actions: unknown[] } }) => prompt.actions[0] };
}
