/**
 * A match's calls as its owner runs them (owners.ts): the same whether the socket or request
 * that asks is on this process or on another one that forwarded it. One process (no cluster):
 * run here, as they always were.
 *
 * With owners, every body and patch a socket gets for a match comes from the owner through one
 * channel, the cluster adapter, in the order the owner made them (socket-adapter.ts keeps each
 * process's order): the first body (`open`: the socket put in its push room and sent its body
 * in one synchronous step, so that no push falls between them), every push of its audience, and
 * the pushes of its own actions (no push in an acknowledgement, which would come by another way:
 * the acknowledgement carries the seq, the push comes with everyone else's).
 */
import type { Server } from 'socket.io';
import { z } from 'zod';
import type { App } from './app-type';
import type { Lobby } from '../matches/lobby';
import type { MatchService } from '../matches/service';
import type { Mover } from '../matches/pushes';
import { INTERNAL_PATH, matchOfRoom, SECRET_HEADER, type Call, type Owners } from './owners';

export interface CallDeps {
  service: MatchService;
  lobby: Lobby;
  /** Several processes: each match's owner (none: this process does everything). */
  owners?: Owners;
  /** With owners: the server whose adapter carries a socket's first body (the one channel). */
  io?: Server;
}

/** Runs `call` here; `mover`: the socket whose push comes in its acknowledgement. */
export async function perform({ service, lobby, io }: CallDeps, matchId: string, call: Call, mover?: Mover): Promise<unknown> {
  switch (call.op) {
    case 'state':
      return service.state(matchId, call.side, call.since);
    case 'open': {
      // With a dice commitment, the seat is taken before the first body (the one without is taken after it: `touch`).
      if (call.touch?.commit) await lobby.touch(matchId, call.side, call.touch.commit);
      if (!io || call.room === null) return opening(service, matchId, call.side, call.since, call.patches);
      // The socket joins its push room and gets its first body in one step, both through the adapter:
      // a push made before is not its (it was not in the room), one made after comes after its body.
      const live = await service.load(matchId);
      const body = service.play.body(live, call.side, call.since);
      io.in(call.socketId).socketsJoin(call.room);
      io.to(call.socketId).emit(call.patches ? 'sync' : 'state', call.patches ? service.pushes.sync(live, call.side, body) : body);
      return null;
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
  // No mover: its push goes through the adapter with the others' (the one channel), its acknowledgement carries the seq.
  const r = await deps.owners.run(matchId, call, async () => ({ result: await perform(deps, matchId, call) }));
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
    return { reply: { result: await perform(deps, matchId, call) } };
  });
}
