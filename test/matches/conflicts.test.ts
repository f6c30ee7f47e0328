/**
 * Each 409 names its own conflict (docs/architecture.md, "Errors"): a client that acts on
 * a seq it no longer holds (`stale-seq`), a seat someone else took (`seat-taken`), a match
 * with no free seat (`no-free-seat`), a rematch or a verification before the end
 * (`not-over`). Run on the in-memory store through the real service and lobby.
 */
import pino from 'pino';
import type { GameModule } from '../../src/engine';
import { Archive } from '../../src/matches/archive';
import { Lobby } from '../../src/matches/lobby';
import { MatchService } from '../../src/matches/service';
import { MemoryMatchStore } from '../../src/store/memory-match-store';
import { toy } from '../support/toy-game';

const service = () =>
  new MatchService(new MemoryMatchStore(), {
    games: new Map([['toy', toy as GameModule]]),
    publicUrl: 'http://x',
    snapshotEvery: 10,
    idleMs: 60_000,
    logger: pino({ level: 'silent' }),
  });

test('a listed match: a seat taken by another is seat-taken; once both are taken, no-free-seat', async () => {
  const svc = service();
  const lobby = new Lobby(svc);
  const m = await svc.create('toy', {}, { listed: true });
  await lobby.join(m.id, 'a', { name: 'First' });
  await expect(lobby.join(m.id, 'a', {})).rejects.toMatchObject({ status: 409, code: 'seat-taken' });
  await lobby.join(m.id, 'b', {});
  await expect(lobby.join(m.id, undefined, {})).rejects.toMatchObject({ status: 409, code: 'no-free-seat' });
});

test('a rematch or a verification before the end is not-over', async () => {
  const svc = service();
  const m = await svc.create('toy', {});
  await expect(new Lobby(svc).rematch(m.id, 'a', false)).rejects.toMatchObject({ status: 409, code: 'not-over' });
  await expect(new Archive(svc).verifyMatch(m.id)).rejects.toMatchObject({ status: 409, code: 'not-over' });
});

test('an action on a seq the match has left is stale-seq, with the current state for the sender', async () => {
  const svc = service();
  const m = await svc.create('toy', {});
  await svc.submit(m.id, 'a', 0, { type: 'pick', n: 1 });
  await expect(svc.submit(m.id, 'a', 0, { type: 'pick', n: 2 })).rejects.toMatchObject({ status: 409, code: 'stale-seq', detail: { you: 'a', seq: 1 } });
});
