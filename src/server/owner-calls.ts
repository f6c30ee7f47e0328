/**
 * A match's calls as its owner runs them (owners.ts): the same whether the socket or request
 * that asks is on this process or on another one that forwarded it. One process (no cluster):
 * run here, as they always were.
 */
import { z } from 'zod';
import type { App } from './app-type';
import type { Lobby } from '../matches/lobby';
import type { MatchService } from '../matches/service';
import type { Mover, MoverPush } from '../matches/pushes';
import { INTERNAL_PATH, matchOfRoom, SECRET_HEADER, type Call, type Owners, type Reply } from './owners';

export interface CallDeps {
  service: MatchService;
  lobby: Lobby;
  /** Several processes: each match's owner (none: this process does everything). */
  owners?: Owners;
}

/** Runs `call` here; `mover`: the socket whose push comes in its acknowledgement. */
export async function perform({ service, lobby }: CallDeps, matchId: string, call: Call, mover?: Mover): Promise<unknown> {
  switch (call.op) {
    case 'state':
      return service.state(matchId, call.side, call.since);
    case 'open': {
      // With a dice commitment, the seat is taken before the first body (the one without is taken after it: `touch`).
      if (call.touch?.commit) await lobby.touch(matchId, call.side, call.touch.commit);
      return opening(service, matchId, call.side, call.since, call.patches);
    }
    case 'touch':
      return lobby.touch(matchId, call.side).then(() => null);
    case 'resync':
      return opening(service, matchId, call.side, call.since, true);
    case 'join':
    case 'leave':
      return null;
    case 'action':
      return service.submit(matchId, call.side, call.seq, call.action, call.answer, mover);
    case 'undo':
      return service.undo(matchId, call.side, call.seq, call.answer, mover);
    case 'resign':
      return service.end(matchId, call.side, 'resign', undefined, call.answer, mover);
  }
}

/**
 * Runs `call` where the match lives: here (one process, or this one owns it), else at its owner.
 * `mover` (a socket here) gets its push as it would from a local change: from the owner's reply.
 */
export async function callMatch(deps: CallDeps, matchId: string, call: Call, mover?: Mover): Promise<unknown> {
  if (!deps.owners) return perform(deps, matchId, call, mover);
  const remote: Call =
    mover && (call.op === 'action' || call.op === 'undo' || call.op === 'resign') ? { ...call, mover: { socketId: mover.socketId, patches: mover.patches } } : call;
  const r = await deps.owners.run(matchId, remote, async () => ({ result: await perform(deps, matchId, call, mover) }));
  if (r.push && mover) mover.deliver(r.push.push, r.push.seq);
  return r.result;
}

/** A socket's first body: the full body at its audience's version (patches), or its state; the log after `since`. */
async function opening(service: MatchService, matchId: string, side: string, since: number, patches: boolean): Promise<unknown> {
  if (!patches) return service.state(matchId, side, since);
  const live = await service.load(matchId);
  return service.pushes.sync(live, side, service.play.body(live, side, since));
}

const InternalBody = z.object({ matchId: z.string().min(1).max(64), from: z.string().min(1).max(64), call: z.object({ op: z.string() }).passthrough() });

/**
 * `POST /internal/call`: another process forwards a call for a match this one owns. Only with
 * this process's secret (anything else: 404, as for no route); hidden from the API's docs.
 */
export function internalRoutes(app: App, deps: CallDeps & { owners: Owners }): void {
  app.post(INTERNAL_PATH, { schema: { hide: true, body: InternalBody } }, async (req, reply) => {
    if (!deps.owners.authentic(req.headers[SECRET_HEADER])) return reply.status(404).send({ error: { code: 'not-found', message: `No route POST ${INTERNAL_PATH}` } });
    const { matchId, from } = req.body;
    const call = req.body.call as unknown as Call;
    await deps.owners.checkOwner(matchId);
    if (call.op === 'open' && call.room) deps.owners.join(matchId, call.room, call.socketId, from);
    if (call.op === 'join') deps.owners.join(matchId, call.room, call.socketId, from);
    if (call.op === 'leave') deps.owners.leave(matchOfRoom(call.room), call.room, call.socketId);
    let captured: { push: MoverPush; seq: number } | undefined;
    const m = 'mover' in call ? call.mover : undefined;
    const mover: Mover | undefined =
      m && 'side' in call ? { audience: call.side, socketId: m.socketId, patches: m.patches, deliver: (push, seq) => void (captured = { push, seq }) } : undefined;
    const result = await perform(deps, matchId, call, mover);
    const out: Reply = { result, ...(captured ? { push: captured } : {}) };
    return { reply: out };
  });
}
