/**
 * Issue 14 for East Wind Rain, Empire of the Sun's submarine warfare variant and the fog
 * duel: every action offered in seeded whole bot matches has the game's own words (not the
 * generic last resort), made from the viewer's own view, with no raw field name or id in
 * them; and every action type each action schema declares has words.
 */
import { createMatchState, Rng, seedState, step, type GameModule, type MatchState } from '../../src/engine';
import { eotsSubwar } from '../../src/games/eots-subwar';
import { EotsAction } from '../../src/games/eots-subwar/actions';
import { ewr } from '../../src/games/ewr';
import { EwrAction } from '../../src/games/ewr/actions';
import { BUILTIN_SCENARIOS } from '../../src/games/ewr/data/scenarios';
import { fogDuel } from '../../src/games/fog-duel';
import type { Action } from '../../src/protocol';
import type { EotsReport, EotsView } from '../../src/protocol/games/eots';
import { factText } from '../../src/web/games/eots-subwar/types';
import { eotsLabeler } from '../../src/web/games/eots-subwar/labels';
import { ewrActionLabel } from '../../src/web/games/ewr/labels';
import { fogDuelLabel } from '../../src/web/games/fog-duel/labels';
import { asWords, type Labeler } from '../../src/web/labels';
import { botChoice, CLOSING, PLAYING_ON, type Bias } from '../games/random-play';
import { rawWords, schemaKeys, schemaSamples } from './label-check';
import type { z } from 'zod';

interface Labelled {
  problems: string[];
  types: Set<string>;
  over: boolean;
}

/** A whole seeded match of bots that see only their own view and prompt; each prompt's actions labelled from the deciding side's view. */
function labelMatch<S>(game: GameModule<S>, options: unknown, seed: string, bias: Bias, labeler: (view: unknown) => Labeler, keys: Set<string>, max: number): Labelled {
  let ms = createMatchState(game, options, seed).state as MatchState<S>;
  const rng = new Rng(seedState(seed, 'labels'));
  const problems: string[] = [];
  const types = new Set<string>();
  for (let n = 0; n < max && !game.result(ms.game); n++) {
    const side = game.sides.find((s) => game.prompt(ms.game, s))!;
    const prompt = game.prompt(ms.game, side)!;
    const view = game.view(ms.game, side);
    const label = labeler(view);
    for (const a of prompt.actions as Action[]) {
      types.add(String(a.type));
      const own = label(a);
      if (own === undefined) {
        problems.push(`${prompt.kind}: no label for ${JSON.stringify(a)}`);
        continue;
      }
      const w = asWords(own);
      for (const p of [...rawWords(w.text, a, keys), ...(w.note ? rawWords(w.note, a, keys) : [])]) problems.push(`${prompt.kind}: "${w.text}" — ${p}`);
    }
    ms = step(game, ms, side, botChoice(rng, view, prompt.actions as { type?: string }[], bias)).state;
  }
  return { problems, types, over: !!game.result(ms.game) };
}

function schemaCase(schema: z.ZodType, label: Labeler, count: number) {
  const samples = schemaSamples(schema);
  expect(samples.length).toBe(count);
  const keys = schemaKeys(schema);
  for (const { type, sample } of samples) {
    const own = label(sample as Action);
    expect({ type, labelled: own !== undefined }).toEqual({ type, labelled: true });
    const w = asWords(own!);
    expect({ type, problems: [...rawWords(w.text, sample, keys), ...(w.note ? rawWords(w.note, sample, keys) : [])] }).toEqual({ type, problems: [] });
  }
}

describe('East Wind Rain', () => {
  const keys = schemaKeys(EwrAction);
  test.each(BUILTIN_SCENARIOS.map((s, i) => [s.id, i] as const))('every action offered in a whole bot match (%s) has its own words, no raw field name or id', (scenario, i) => {
    const all = new Set<string>();
    for (const k of [0, 1, 2]) {
      const r = labelMatch(ewr, { scenario }, `labels-${scenario}-${i}-${k}`, PLAYING_ON, () => ewrActionLabel, keys, 400);
      expect(r.over).toBe(true);
      expect(r.problems.slice(0, 10)).toEqual([]);
      for (const t of r.types) all.add(t);
    }
    expect(all.size).toBeGreaterThanOrEqual(8);
  });
  test('every action type the EWR action schema declares has its own words', () => schemaCase(EwrAction, ewrActionLabel, 12));
});

describe('Empire of the Sun: submarine warfare', () => {
  const keys = schemaKeys(EotsAction);
  const offered = new Set<string>();
  test.each(['1941', '1942', '1943', '1944'])('every action offered in a whole bot match (%s start) has its own words, no raw field name or id', (start) => {
    const r = labelMatch(eotsSubwar, { scenario: start }, `labels-${start}`, CLOSING, (v) => eotsLabeler(v as EotsView), keys, 3000);
    expect(r.over).toBe(true);
    expect(r.problems.slice(0, 10)).toEqual([]);
    for (const t of r.types) offered.add(t);
  });
  test('the four matches offered most of the variant action types', () => expect(offered.size).toBeGreaterThanOrEqual(18));
  test('every action type the EotS action schema declares has its own words, a report of every kind of fact too', () => {
    const view = eotsSubwar.view(createMatchState(eotsSubwar, { scenario: '1943' }, 'labels-schema').state.game, 'allied') as EotsView;
    schemaCase(EotsAction, eotsLabeler(view), 25);
    const facts = [
      { kind: 'activations', count: 3 },
      { kind: 'hq-move', hq: view.hqs[0]!.id, to: '3407' },
      { kind: 'control', hex: '3407', side: 'japanese' },
      { kind: 'supply', hex: '3407', inSupply: false },
      { kind: 'zoi', hex: '3407', unneutralized: true },
    ];
    for (const fact of facts) {
      const a = { type: 'propose', fact };
      expect(rawWords(asWords(eotsLabeler(view)(a)!).text, a, keys)).toEqual([]);
    }
  });
  test('every report a player is asked to confirm — a board fact or a play (Battle Hex, hits, occupation, card) — reads in words, no raw field name or id', () => {
    const view = eotsSubwar.view(createMatchState(eotsSubwar, { scenario: '1943' }, 'labels-reports').state.game, 'allied') as EotsView;
    const hqName = (id: string) => view.hqs.find((q) => q.id === id)?.name ?? id;
    const baseName = (id: string) => view.subBases.find((b) => b.id === id)?.name ?? id;
    const reports: EotsReport[] = [
      { kind: 'hq-move', hq: view.hqs[0]!.id, to: '3407' },
      { kind: 'battle-hex', hex: '3727' },
      { kind: 'sub-base-hits', base: 'lockwood-4', hits: 15, critical: true },
      { kind: 'ground-unit', base: 'lockwood-6' },
      { kind: 'event', card: 80 },
      { kind: 'card-5', base: 'lockwood-4' },
    ];
    for (const r of reports) expect({ r, problems: rawWords(factText(r, hqName, baseName), r, keys) }).toEqual({ r, problems: [] });
  });
});

describe('Fog duel', () => {
  const keys = schemaKeys(fogDuel.action);
  test('every action offered in a whole bot match has its own words, no raw field name or id', () => {
    const r = labelMatch(fogDuel, {}, 'labels-fog', { prefer: () => false, p: 0 }, () => fogDuelLabel, keys, 100);
    expect(r.over).toBe(true);
    expect(r.problems).toEqual([]);
  });
  test('its one action type has its own words', () => schemaCase(fogDuel.action as unknown as z.ZodType, fogDuelLabel, 1));
});
