/**
 * The creator's answers (issue #38): the creator is usually a player (the home page keeps the
 * creator token; against the computer the person is always the creator), so nothing the
 * creator endpoints say may move with the other side's private steps. Worlds that differ only
 * in the Allied player's private steps behind the screen (SSJ VI.A: placing the arriving
 * reinforcements) are played through the real match service; the Japanese player, creator of
 * the match, reads the same from `manage` and from a re-issue in each.
 */
import { Deadlines } from '../../src/matches/deadlines';
import { ApiError } from '../../src/matches/errors';
import { Lobby } from '../../src/matches/lobby';
import { ssj } from '../../src/games/ssj';
import type { World } from '../support/fog/world';
import { playWorlds, transcriptDifference, type Step } from '../support/leak-worlds';

const japanese = (action: unknown): Step => ({ side: 'japanese', action });
const allied = (action: unknown): Step => ({ side: 'allied', action });
const pick = (ship: string) => allied({ type: 'pick', slot: 'cruiser', ship });
const undo: Step = { side: 'allied', undo: true };

/** The Japanese player opens the match (no early activation: no die); the Allies then place their reinforcements in private steps. */
const opening: Step[] = [japanese({ type: 'early-activation', roll: false }), 'check'];
/** One private step, or five (two of them undos), leaving the same pick. */
const few: Step[] = [...opening, pick('usn-northampton'), 'check'];
const many: Step[] = [...opening, pick('usn-pensacola'), pick('usn-northampton'), undo, undo, pick('usn-northampton'), 'check'];
/** None at all. */
const none: Step[] = [...opening, 'check'];

/** What the creator reads: `manage`, and the answer to re-issuing the Allied seat (which changes nothing when refused). */
async function creatorReads(world: World, viewer: string): Promise<unknown> {
  if (viewer !== 'japanese') return null;
  const lobby = new Lobby(world.svc);
  let reissue: unknown;
  try {
    const r = await lobby.reissue(world.id, 'allied');
    reissue = { ok: true, side: r.side };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    reissue = { status: e.status, code: e.code, message: e.message };
  }
  return { manage: await lobby.manage(world.id), reissue };
}

describe("the creator's answers count no private step of the other side", () => {
  test('GET /manage: its seq is the one a spectator counts, and a re-issue refused for a taken seat says so whatever the side did in private', async () => {
    const [a, b, c] = await playWorlds(ssj, {}, 'leak-manage', [few, many, none], ['japanese'], creatorReads);
    expect(transcriptDifference(a!, b!, 'japanese')).toBeNull();
    // No private step at all: the same too (the seat is taken, not "played").
    expect(transcriptDifference(a!, c!, 'japanese')).toBeNull();
    expect((a!.transcripts.japanese![1] as { extra: { reissue: { code: string } } }).extra.reissue.code).toBe('seat-taken');
  });

  test('re-issuing an overdue seat: decided by whether its side acted publicly, not by the private steps it took', async () => {
    // The Allies are given their decision at the first checkpoint; an hour later (the World's move deadline) they are overdue.
    const overdue = async (world: World, viewer: string, n: number) => {
      if (viewer !== 'japanese' || n === 0) return null;
      world.clock.t += 61 * 60_000;
      await new Deadlines(world.svc).tick();
      return creatorReads(world, viewer);
    };
    const [a, idle] = await playWorlds(ssj, {}, 'leak-reissue', [[...opening, pick('usn-northampton'), pick('usn-pensacola'), 'check'], none], ['japanese'], overdue);
    const last = (w: typeof a) => (w!.transcripts.japanese!.at(-1) as { extra: { reissue: unknown } }).extra.reissue;
    expect(last(a)).toEqual(last(idle));
  });
});
