/**
 * One's own undo and the other side's private steps (issue #38, item 5). An undo replays the
 * other sides' steps taken since the step it takes back (`Timeline.planUndo`); were one of
 * them — a private step, say — no longer legal there, the undo would be refused while
 * `canUndo` said yes, and the refusal would tell the side that the other one had acted in
 * private. It cannot happen while no side may take a decision back across another side's
 * step: any other side's public step freezes it, and no game gives another side a decision
 * while one side still holds a step it may take back. Checked here over bot play of the three
 * games, at every step and for every side: a side that may undo has no other side's step
 * after its own in the chain, and its undo is allowed.
 */
import { z } from 'zod';
import { createMatchState, promptOf, Rng, seedState, Timeline, type GameModule } from '../../src/engine';
import { ewr } from '../../src/games/ewr';
import { eotsSubwar } from '../../src/games/eots-subwar';
import { ssj } from '../../src/games/ssj';
import { plausibleBot } from '../../src/games/ssj/bot';

/** Plays `matches` matches of `game` (at most `steps` steps each) and reports every moment a side's undo would replay another side's step. */
function probe(
  game: GameModule,
  matches: number,
  steps: number,
  choose: (m: number, side: string, tl: Timeline, rng: Rng) => unknown,
): { steps: number; undoable: number; across: string[] } {
  const out = { steps: 0, undoable: 0, across: [] as string[] };
  for (let m = 0; m < matches; m++) {
    const first = createMatchState(game, undefined, `undo-replay-${game.id}-${m}`);
    const tl = new Timeline(game, first.state, first.log);
    const rng = new Rng(seedState(`undo-replay-${game.id}-${m}`, 'bot'));
    for (let i = 0; i < steps && !tl.result(); i++) {
      out.steps++;
      for (const side of game.sides) {
        if (!tl.canUndo(side)) continue;
        out.undoable++;
        const last = tl.chain.map((e) => e.side).lastIndexOf(side);
        const after = tl.chain.slice(last + 1).filter((e) => e.side !== side);
        if (after.length > 0 || tl.planUndo(side) === null)
          out.across.push(`${game.id} match ${m} step ${i}: ${side}'s undo would replay ${after.map((e) => `${e.side} seq ${e.seq}`).join(', ')}`);
      }
      const sides = game.sides.filter((s) => promptOf(game, tl.state.game, s));
      if (sides.length === 0) break;
      const side = sides[rng.int(0, sides.length - 1)]!;
      tl.accept(tl.planAction(side, choose(m, side, tl, rng)));
    }
  }
  return out;
}

const randomChoice = (game: GameModule) => (_m: number, side: string, tl: Timeline, rng: Rng) => {
  const actions = promptOf(game, tl.state.game, side)!.actions;
  return actions[rng.int(0, actions.length - 1)];
};

test('an undo never replays another side’s step, so whether it is allowed never depends on that side’s private steps', () => {
  const bots = new Map<string, ReturnType<typeof plausibleBot>>();
  const ssjBot = (m: number, side: string, tl: Timeline) => {
    const key = `${m}-${side}`;
    if (!bots.has(key)) bots.set(key, plausibleBot(`undo-replay-${key}`));
    const state = tl.state.game as Parameters<typeof ssj.view>[0];
    return bots.get(key)!.choose({ side, view: ssj.view(state, side), prompt: ssj.prompt(state, side)! });
  };
  const runs = { ewr: probe(ewr, 150, 400, randomChoice(ewr)), eots: probe(eotsSubwar, 4, 400, randomChoice(eotsSubwar)), ssj: probe(ssj, 2, 4000, ssjBot) };
  for (const r of Object.values(runs)) expect(r.across).toEqual([]);
  // SSJ gave its sides many decisions they could take back (the check checked something; in EWR and EotS every step is a cut-off today).
  expect(runs.ssj.undoable).toBeGreaterThan(100);
});

/**
 * A game where it happens, to show the check can fail: side a posts in the open and may still
 * take it back (it has to close), while side b, asked at the same time, answers the post in
 * a private step — which is illegal once the post is taken back.
 */
const simultaneous: GameModule<{ posted: boolean; answered: boolean; closed: boolean }> = {
  id: 'simultaneous',
  name: 'Simultaneous',
  sides: ['a', 'b'],
  action: z.strictObject({ type: z.enum(['post', 'close', 'answer']) }),
  options: z.strictObject({}).optional(),
  setup: () => ({ state: { posted: false, answered: false, closed: false }, log: [] }),
  prompt: (s, side) => {
    if (s.closed) return null;
    if (side === 'a') return { text: 'a', actions: [{ type: s.posted ? 'close' : 'post' }] };
    return s.posted && !s.answered ? { text: 'b', actions: [{ type: 'answer' }] } : null;
  },
  apply: (s, _side, a: { type: string }) => {
    if (a.type === 'post') return { state: { ...s, posted: true }, log: [{ to: 'public', text: 'a posts.' }] };
    if (a.type === 'answer') return { state: { ...s, answered: true }, log: [{ to: ['b'], text: 'You answer.' }], private: true };
    return { state: { ...s, closed: true }, log: [{ to: 'public', text: 'a closes.' }] };
  },
  view: (s) => s,
  result: (s) => (s.closed ? { winner: null, text: 'over' } : null),
  publicData: () => ({}),
};

test('the check fails where a side may take a decision back across the other side’s private step', () => {
  const r = probe(simultaneous, 20, 10, randomChoice(simultaneous));
  expect(r.across.length).toBeGreaterThan(0);
  expect(r.across[0]).toMatch(/a's undo would replay b seq/);
});
