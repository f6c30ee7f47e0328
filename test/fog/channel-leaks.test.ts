/**
 * The channels around the rules (issue #38, item 5), each checked through the real match
 * service: worlds that differ only in what a viewer may not see — the spectators' chat,
 * closed to the players while the match runs — and everything the viewer is sent and reads
 * compared byte for byte.
 */
import { Chat } from '../../src/matches/chat';
import { ssj } from '../../src/games/ssj';
import type { World } from '../support/fog/world';
import { playWorlds, transcriptDifference, type Step } from '../support/leak-worlds';

const chatOf = (world: World) => new Chat(world.svc, { max: 1000, windowMs: 10_000 });
const say = (from: string, text: string): Step => ({ run: (w) => chatOf(w).post(w.id, from, undefined, text, undefined, `${from}-key`) });

describe('chat: the players read nothing of the spectators’ chat while the match runs', () => {
  test('message ids are numbered per channel: the players’ messages and history read the same whether the spectators wrote nothing or three messages', async () => {
    const script = (spectatorMessages: number): Step[] => [
      say('allied', 'good luck'),
      'check',
      ...Array.from({ length: spectatorMessages }, (_, i) => say('spectator', `watching ${i}`)),
      'check',
      say('japanese', 'and to you'),
      'check',
    ];
    // What each player reads of the chat besides its pushes: the players' channel's history, whole and after the first message.
    const history = async (world: World, viewer: string) => ({
      all: await chatOf(world).list(world.id, viewer, undefined, 0),
      after1: await chatOf(world).list(world.id, viewer, undefined, 1),
    });
    const [quiet, busy] = await playWorlds(ssj, {}, 'leak-chat', [script(0), script(3)], ['allied', 'japanese', 'spectator'], history);
    for (const v of ['allied', 'japanese']) expect(transcriptDifference(quiet!, busy!, v)).toBeNull();
    // The spectators read their own channel: their worlds differ (the comparison can tell worlds apart).
    expect(transcriptDifference(quiet!, busy!, 'spectator')).not.toBeNull();
  });
});
