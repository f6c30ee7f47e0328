/**
 * Issue 14 for Sky, Sea, and JUNGLE: every action the game offers has its own words (not the
 * generic last resort), made from the viewer's own view, with no raw field name or id in
 * them — checked over seeded bot campaigns of two turns and more, and for every action type
 * the action schema declares. The board's targets (pick a piece, then where it goes) too.
 */
import { createMatchState, step, type MatchState } from '../../src/engine';
import { randomBot, type Bot } from '../../src/bots';
import { ssj } from '../../src/games/ssj';
import { SsjAction } from '../../src/games/ssj/actions';
import { plausibleBot } from '../../src/games/ssj/bot';
import type { SsjState } from '../../src/games/ssj/state';
import type { Action } from '../../src/protocol';
import type { SsjData, SsjView } from '../../src/protocol/games/ssj';
import { pieceChoices } from '../../src/web/games/ssj/choices';
import { ssjLabeler } from '../../src/web/games/ssj/labels';
import { allFaces } from '../../src/web/games/ssj/view';
import { rawWords, schemaKeys, schemaSamples } from './label-check';

const DATA = ssj.publicData() as SsjData;
const KEYS = schemaKeys(SsjAction);

/** Plays bots until the start of `untilTurn`, labelling every prompt's every action as the deciding side's page would. */
function campaign(seed: string, untilTurn: number) {
  let ms: MatchState<SsjState> = createMatchState(ssj, {}, seed).state as MatchState<SsjState>;
  const bots: Record<string, Bot> = { allied: plausibleBot(`${seed}/a`) as Bot, japanese: randomBot(`${seed}/j`) };
  const problems: string[] = [];
  const types = new Set<string>();
  let prompts = 0;
  while (!ssj.result(ms.game) && ms.game.turn < untilTurn) {
    const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))!;
    const prompt = ssj.prompt(ms.game, side)!;
    const view = ssj.view(ms.game, side) as SsjView;
    const label = ssjLabeler(view, DATA, side);
    prompts++;
    for (const a of prompt.actions as Action[]) {
      types.add(String(a.type));
      const w = label(a);
      if (!w) problems.push(`${view.phase}: no label for ${JSON.stringify(a)}`);
      else for (const p of [...rawWords(w.text, a, KEYS), ...(w.note ? rawWords(w.note, a, KEYS) : [])]) problems.push(`${view.phase}: "${w.text}" — ${p}`);
    }
    // The same actions as the board lays them out: each target's words.
    const faces = allFaces(view);
    const names = { ship: (id: string) => faces.find((u) => u.id === id)?.name };
    const enemy = view.sides[side === 'allied' ? 'japanese' : 'allied'];
    const c = pieceChoices(
      DATA,
      prompt.actions as Action[],
      side as 'allied',
      view.sides[side as 'allied'].units,
      view.sides[side as 'allied'].groups,
      names,
      label,
      new Set([...enemy.hidden.map((h) => h.tag), ...Object.keys(enemy.faces)]),
    );
    for (const t of [...[...c.byPiece.values()].flat(), ...c.direct.values()])
      for (const p of rawWords(t.label, t.action, KEYS)) problems.push(`${view.phase} (board): "${t.label}" — ${p}`);
    ms = step(ssj, ms, side, bots[side]!.choose({ side, view, prompt })).state;
  }
  return { problems, types, prompts, turn: ms.game.turn };
}

test.each(['labels-1', 'labels-2'])('every action offered in two turns of a bot campaign (seed %s) has its own words, no raw field name or id', (seed) => {
  const { problems, types, prompts, turn } = campaign(seed, 3);
  expect(turn).toBeGreaterThanOrEqual(3);
  expect(prompts).toBeGreaterThan(50);
  expect(types.size).toBeGreaterThan(12);
  expect([...new Set(problems.map((p) => p.replace(/"[^"]*"/, '…')))].slice(0, 10).concat(problems.slice(0, 10))).toEqual([]);
});

test('every action type the SSJ action schema declares has its own words', () => {
  const samples = schemaSamples(SsjAction);
  expect(samples.length).toBe(44);
  const view = ssj.view(createMatchState(ssj, {}, 'labels-schema').state.game, 'allied') as SsjView;
  const label = ssjLabeler(view, DATA, 'allied');
  for (const { type, sample } of samples) {
    const w = label(sample as Action);
    expect({ type, label: w?.text }).toEqual({ type, label: expect.any(String) });
    expect({ type, problems: rawWords(w!.text, sample, KEYS) }).toEqual({ type, problems: [] });
  }
});

test('the check catches the generic words it replaced: "Pick: slot cruiser, ship NORTHAMPTON"', () => {
  const a = { type: 'pick', slot: 'cruiser', ship: 'usn-northampton' };
  expect(rawWords('Pick: slot cruiser, ship NORTHAMPTON', a, KEYS)).toEqual(expect.arrayContaining(['field slot with its raw value']));
  expect(rawWords('Deploy: ship usn-northampton, group a new group', { type: 'deploy', ship: 'usn-northampton', group: 'new' }, KEYS)).toEqual(
    expect.arrayContaining(['raw id usn-northampton']),
  );
  expect(rawWords('Report: hex 3407 inSupply true', { type: 'propose' }, ['inSupply'])).toEqual(expect.arrayContaining(['camelCase identifier inSupply']));
  expect(rawWords('Fire at undefined', { type: 'fire' }, KEYS)).toEqual(['holds undefined']);
});

describe('issue 42 item 3: a deployment whose consequence a rule fixes says it on its choice', () => {
  test('VI.F.1.b: "Carriers in the Slot may not launch offensive airstrikes": deploying SARATOGA to the Slot says so, to the South Pacific or a cruiser to the Slot does not', () => {
    let ms: MatchState<SsjState> = createMatchState(ssj, {}, 'labels-slot').state as MatchState<SsjState>;
    // Minimal play to the Allied deployment (the Japanese close theirs at once).
    for (let i = 0; i < 200 && ms.game.phase !== 'allied-deployment'; i++) {
      const side = ssj.sides.find((s) => ssj.prompt(ms.game, s))!;
      const actions = ssj.prompt(ms.game, side)!.actions as SsjAction[];
      const a = actions.find((x) => x.type === 'done') ?? actions.find((x) => x.type === 'early-activation' && !x.roll) ?? actions[0]!;
      ms = step(ssj, ms, side, a).state as MatchState<SsjState>;
    }
    expect(ms.game.phase).toBe('allied-deployment');
    const label = ssjLabeler(ssj.view(ms.game, 'allied') as SsjView, DATA, 'allied');
    const note = (ship: string, area: string) => label({ type: 'deploy', ship, area, box: 'daynight', group: 'new' })!.note;
    expect(note('usn-saratoga', 'SL')).toBe('VI.F.1.b: carriers in the Slot may not launch strikes');
    expect(note('usn-saratoga', 'SP')).toBeUndefined();
    expect(note('usn-quincy', 'SL')).toBeUndefined();
  });
});
