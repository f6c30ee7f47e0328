/**
 * The engine's flow table (src/engine/flow.ts), on a small game of its own: Nim. Two sides
 * take 1–3 stones in turn from a pile; whoever takes the last stone wins. Between turns an
 * automatic step may "rain" a stone back (when the pile is a multiple of 5); when the pile is
 * empty the automatic step "score" names the winner and the flow ends. The oracle is Nim's
 * rules and an independent count of the game, not the flow's code.
 */
import fc from 'fast-check';
import { createFlow, flowKit, Rng, RuleError, seedState, type ApplyContext, type FlowEntry } from '../../src/engine';

type Side = 'a' | 'b';
type Nim = { actor: Side | null; pile: number; taken: Record<Side, number>; last: Side | null; winner: Side | null; notes: number } & ({ phase: 'take' } | { phase: 'over' });
type Action = { type: 'take'; n: number } | { type: 'note' } | { type: 'stray' };
type Goto = { phase: 'take'; actor: Side } | { phase: 'over'; actor: null } | { auto: 'rain' | 'score' | 'loop' };
type Entry = 'take' | 'over' | 'rain' | 'score' | 'loop';

const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');
const kit = flowKit<Nim, Action, Side, Goto>();

const take = kit.decision('take', ['take', 'note'], {
  text: (s, side) => `${side}: take 1–3 of ${s.pile}`,
  choices: (s) => [...[1, 2, 3].filter((n) => n <= s.pile).map((n) => ({ type: 'take' as const, n })), { type: 'note' as const }],
  apply(s, side, a) {
    // `a` is narrowed to the kinds this entry takes: `a.n` needs no cast.
    if (a.type === 'note') {
      s.notes++;
      return { log: [{ to: [side], text: `${side} makes a note` }], private: true };
    }
    s.pile -= a.n;
    s.taken[side] += a.n;
    s.last = side;
    return { log: [{ to: 'public', text: `${side} takes ${a.n}` }], next: { auto: 'rain' }, reveals: true };
  },
});

const table: Record<Entry, FlowEntry<Nim, Action, Side, Goto>> = {
  take,
  over: kit.end(),
  rain: kit.auto((s) => {
    if (s.pile === 0) return { log: [{ to: 'public', text: 'the pile is empty' }], next: { auto: 'score' } };
    if (s.pile % 5 === 0) {
      s.pile++;
      return { log: [{ to: 'public', text: 'a stone rains back' }], next: { phase: 'take', actor: other(s.last!) } };
    }
    return { log: [], next: { phase: 'take', actor: other(s.last!) } };
  }),
  score: kit.auto((s) => {
    s.winner = s.last;
    return { log: [{ to: 'public', text: `${s.last} wins` }], next: { phase: 'over', actor: null } };
  }),
  loop: kit.auto(() => ({ log: [], next: { auto: 'loop' } })),
};

function go(s: Nim, to: Goto): Entry {
  if ('auto' in to) return to.auto;
  s.phase = to.phase;
  s.actor = to.actor;
  return to.phase;
}

const nim = createFlow<Nim, Action, Side, Entry, Goto>({ table, at: (s) => s.phase, actor: (s) => s.actor, go, limit: 50 });
const ctx = (): ApplyContext => ({ dice: new Rng(seedState('flow', 'dice')), tags: new Rng(seedState('flow', 'tags')) });
const start = (pile: number): Nim => ({ phase: 'take', actor: 'a', pile, taken: { a: 0, b: 0 }, last: null, winner: null, notes: 0 });
const texts = (log: { text: string }[]) => log.map((e) => e.text);

describe('engine flow table', () => {
  test("the side whose decision it is gets the entry's prompt (kind, text, legal choices); the other side none", () => {
    const s = start(2);
    expect(nim.prompt(s, 'a')).toEqual({ kind: 'take', text: 'a: take 1–3 of 2', actions: [{ type: 'take', n: 1 }, { type: 'take', n: 2 }, { type: 'note' }] });
    expect(nim.prompt(s, 'b')).toBeNull();
  });

  test('an action applies, then the flow runs every automatic step in order until the next decision', () => {
    const s = start(8);
    const out = nim.apply(s, 'a', { type: 'take', n: 3 }, ctx());
    // 8 − 3 = 5, a multiple of 5: a stone rains back, and it is b's turn at 6.
    expect(texts(out.log)).toEqual(['a takes 3', 'a stone rains back']);
    expect(s).toMatchObject({ phase: 'take', actor: 'b', pile: 6 });
    expect(out.reveals).toBe(true);
    expect(out.private).toBeUndefined();
  });

  test('automatic steps chain through to the end: the last stone wins and the flow rests at the end', () => {
    const s = start(2);
    const out = nim.apply(s, 'a', { type: 'take', n: 2 }, ctx());
    expect(texts(out.log)).toEqual(['a takes 2', 'the pile is empty', 'a wins']);
    expect(s).toMatchObject({ phase: 'over', actor: null, winner: 'a' });
    expect(nim.prompt(s, 'a')).toBeNull();
    expect(nim.prompt(s, 'b')).toBeNull();
    expect(() => nim.apply(s, 'b', { type: 'take', n: 1 }, ctx())).toThrow(new RuleError('The game is over.'));
  });

  test('a private step stays where it is and says so', () => {
    const s = start(4);
    const out = nim.apply(s, 'a', { type: 'note' }, ctx());
    expect(out).toEqual({ state: s, log: [{ to: ['a'], text: 'a makes a note' }], private: true });
    expect(s).toMatchObject({ phase: 'take', actor: 'a', notes: 1 });
  });

  test('an action of a kind the decision does not take, or from a side with nothing to decide, is refused and changes nothing', () => {
    const s = start(4);
    const before = structuredClone(s);
    expect(() => nim.apply(s, 'a', { type: 'stray' }, ctx())).toThrow(RuleError);
    expect(() => nim.apply(s, 'b', { type: 'take', n: 1 }, ctx())).toThrow(expect.objectContaining({ code: 'not-your-turn' }));
    expect(s).toEqual(before);
  });

  test('a flow that never comes to rest is stopped with an error, not left spinning', () => {
    expect(() => nim.run(start(4), { auto: 'loop' }, ctx())).toThrow(/no rest after 50 steps/);
  });

  test('an entry registered under another phase than its own fails loudly', () => {
    const wrong = createFlow<Nim, Action, Side, Entry, Goto>({ table: { ...table, over: take }, at: (s) => s.phase, actor: (s) => s.actor, go });
    const s = { ...start(0), phase: 'over' as const };
    expect(() => wrong.prompt(s, 'a')).toThrow(/an entry of take ran at over/);
  });

  test('property: any legal game of Nim through the flow ends with every stone taken once (plus those rained back) and the taker of the last stone the winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 200 }), (pile, moves) => {
        const s = start(pile);
        let rained = 0;
        let lastTaker: Side | null = null;
        for (const m of moves) {
          const side = s.actor;
          if (side === null) break;
          const n = Math.min(m, s.pile);
          const out = nim.apply(s, side, { type: 'take', n }, ctx());
          rained += texts(out.log).filter((t) => t === 'a stone rains back').length;
          lastTaker = side;
        }
        expect(s.taken.a + s.taken.b + s.pile).toBe(pile + rained);
        if (s.phase === 'over') {
          expect(s.pile).toBe(0);
          expect(s.winner).toBe(lastTaker);
        } else expect(s.actor).toBe(lastTaker === null ? 'a' : other(lastTaker));
      }),
    );
  });
});
