/**
 * East Wind Rain leaks of issue #38, each checked through the real match service: two matches
 * that differ only in something a viewer does not see are played, and everything that viewer
 * is sent and reads is compared byte for byte (test/support/leak-worlds.ts).
 */
import { ewr } from '../../src/games/ewr';
import type { ScenarioInput } from '../../src/games/ewr/scenario';
import { playWorlds, transcriptDifference, type Step } from '../support/leak-worlds';

const ship = (id: string, type: 'CV' | 'CA' | 'DD', air = 0) => ({ id, name: id, type, air, surface: type === 'DD' ? 1 : 3, asw: type === 'DD' ? 2 : 0, hull: 3 });

/**
 * TFA (Japanese) at 0,1, far out of the sight of TFZ (Allied) at 6,2; TFA's side has two
 * markers in its zone, and a marker in no zone lies on the empty hex 0,2 (no base there).
 */
const markerScenario = (): ScenarioInput => ({
  id: 'leak-markers',
  name: 'Markers',
  year: 1942,
  map: { width: 7, height: 5 },
  tfaSide: 'japanese',
  tfa: { id: 'tfa', name: 'Force A', hex: { col: 0, row: 1 }, movement: 4, morale: 4, main: [ship('a-cv', 'CV', 4)], screen: [ship('a-dd', 'DD')] },
  tfz: { id: 'tfz', name: 'Force Z', hex: { col: 6, row: 2 }, morale: 4, main: [ship('z-ca', 'CA')], screen: [ship('z-dd', 'DD')] },
  bases: [],
  markers: [
    { id: 'marker-0', name: 'Marker 0', hex: { col: 0, row: 4 }, value: 2, zone: 'japanese' },
    { id: 'marker-1', name: 'Marker 1', hex: { col: 0, row: 3 }, value: 1, zone: 'japanese' },
    { id: 'free', name: 'Free marker', hex: { col: 0, row: 2 }, value: 1, zone: null },
  ],
  mission: { kind: 'reach', hexes: [{ col: 6, row: 4 }], text: 'reach 6,4', points: 4, deniedPoints: 2 },
  initiativeCost: 1,
  maxInitiatives: 3,
});

const tfa = (action: unknown): Step => ({ side: 'japanese', action });
const move = (col: number, row: number) => tfa({ type: 'move', to: { col, row } });

describe('V.B.2.c: which markers pay for an initiative tells no one where TFA is', () => {
  /** Initiative 1: TFA moves out of sight to `hex`; initiative 2: back to 0,1. */
  const script = (hex: { col: number; row: number }): Step[] => [
    tfa({ type: 'begin-initiative' }),
    'check',
    move(hex.col, hex.row),
    'check',
    tfa({ type: 'end-initiative' }),
    'check',
    tfa({ type: 'begin-initiative' }),
    'check',
    move(0, 1),
    tfa({ type: 'end-initiative' }),
    'check',
  ];

  test('"occupied by friendly units or bases or … in a friendly zone": TFZ and the spectator read the same whether TFA sits on a zone-less marker (0,2) or on an empty hex (1,0)', async () => {
    const viewers = ['allied', 'spectator'];
    const [onMarker, offMarker] = await playWorlds(
      ewr,
      { scenario: markerScenario() },
      'leak-markers',
      [script({ col: 0, row: 2 }), script({ col: 1, row: 0 })],
      [...viewers, 'japanese'],
    );
    for (const v of viewers) expect(transcriptDifference(onMarker!, offMarker!, v)).toBeNull();
    // TFA itself knows where it is: its worlds differ (the comparison can tell worlds apart).
    expect(transcriptDifference(onMarker!, offMarker!, 'japanese')).not.toBeNull();
  });
});

describe('Hex knowledge: the spectator sees what both sides know, not what either side knows', () => {
  /** TFZ (Allied) lies in wait at `tfz`; TFA (Japanese) comes from 0,2 with its side's marker in its zone. */
  const waiting = (tfz: { col: number; row: number }): ScenarioInput => ({
    ...markerScenario(),
    id: 'leak-spectator',
    map: { width: 8, height: 6 },
    tfa: { ...markerScenario().tfa, hex: { col: 0, row: 2 }, movement: 6 },
    tfz: { ...markerScenario().tfz, hex: tfz },
    markers: [{ id: 'marker-0', name: 'Marker 0', hex: { col: 0, row: 5 }, value: 2, zone: 'japanese' }],
    mission: { kind: 'reach', hexes: [{ col: 7, row: 5 }], text: 'reach 7,5', points: 4, deniedPoints: 2 },
  });
  // TFA's path: three hexes off both TFZs, then two off both at 1,1 (step 1 asks, TFZ declines, as everyone sees); then
  // 1,2 and 1,3, two hexes off the TFZ at 3,2 — which watches them — and three off the TFZ at 3,1.
  const steps: Step[] = [
    tfa({ type: 'begin-initiative' }),
    move(0, 1),
    move(1, 0),
    'check',
    move(1, 1),
    'check',
    { side: 'allied', action: { type: 'decide', step: '1', choice: 'decline' } },
    'check',
    move(1, 2),
    'check',
    move(1, 3),
    'check',
    tfa({ type: 'end-initiative' }),
    'check',
  ];

  test('RULINGS "Hex knowledge": TFA moving on two hexes from TFZ (which TFZ sees and TFA cannot know) shows the spectator nothing — neither its hex nor a step in its seq — so it cannot tell where TFZ lies', async () => {
    const viewers = ['spectator', 'japanese', 'allied'];
    const [near, far] = await playWorlds(
      ewr,
      {},
      'leak-spectator',
      [
        { steps, options: { scenario: waiting({ col: 3, row: 2 }) } },
        { steps, options: { scenario: waiting({ col: 3, row: 1 }) } },
      ],
      viewers,
    );
    // TFA itself cannot tell the worlds apart (it never saw TFZ); neither may the spectator.
    expect(transcriptDifference(near!, far!, 'japanese')).toBeNull();
    expect(transcriptDifference(near!, far!, 'spectator')).toBeNull();
    // TFZ can (it watches TFA in one world only): the comparison tells worlds apart.
    expect(transcriptDifference(near!, far!, 'allied')).not.toBeNull();
    // The moves TFZ watched count for TFZ and not for the spectator, and stay so when the match is read back from the store.
    const seqs = await near!.world.seqs();
    expect(seqs.allied! - seqs.spectator!).toBe(2);
    near!.world.svc.forget(near!.world.id);
    expect(await near!.world.seqs()).toEqual(seqs);
  });
});
