/**
 * Where changes go once committed: one state body per audience to its room (computed
 * once per audience, however many sockets watch), and to the sockets that take patches the
 * same push as a patch against the body that audience was pushed last (push-patch.ts, also
 * once per audience); other events (chat, rematch, overdue), and revoked seats whose
 * sockets must go. The socket layer and the fog harness hook in here (`onPublish`,
 * `onPatch`, `onEvent`, `onSeatRevoked`).
 */
import { REFEREE, type Viewer } from '../engine';
import type { StatePatch, VersionedState } from '../protocol';
import { isOver, type Live, type StateBody } from './live';
import { PatchChains, type PushStep } from './push-patch';

/**
 * The socket whose action made a change, answered with its own push (issue #13): the push it
 * would get from its audience's room comes in its acknowledgement instead, one message where
 * there were two, and the room is pushed to without it. A publisher that pushes to the
 * socket's kind of room (`patches`: the patch room; otherwise the full one) calls `deliver`
 * once, in the very turn it pushes to the room, so the mover's pushes keep their order.
 */
export interface Mover {
  audience: Viewer;
  socketId: string;
  patches: boolean;
  /** `seq`: the pushed body's seq (the seq an acknowledgement carries). */
  deliver(push: MoverPush, seq: number): void;
}
/** A mover as a publisher gets it: its push's seq already known. */
export interface MoverOf {
  socketId: string;
  patches: boolean;
  deliver(push: MoverPush): void;
}
/** A push as a mover's acknowledgement carries it: the event it stands for, with its argument. */
export type MoverPush = { state: StateBody } | { sync: VersionedState } | { patch: StatePatch };

/** A push of a whole body; `mover`: the socket of this audience answered in its acknowledgement (see Mover). */
export type Publisher = (matchId: string, audience: Viewer, body: StateBody, mover?: MoverOf) => void;
/** A push as its patch (or, starting a chain, its full versioned body); `mover` as for Publisher. */
export type PatchPublisher = (matchId: string, audience: Viewer, step: PushStep, mover?: MoverOf) => void;
/** Whether any socket of `audience` takes patches (false: its chain is dropped, nothing is diffed). */
export type PatchWanted = (matchId: string, audience: Viewer) => boolean;
/** Any other push: `event` with `payload` to each audience's room. */
export type EventPublisher = (matchId: string, audiences: readonly Viewer[], event: string, payload: unknown) => void;
/** A seat's token was revoked (left, re-issued): its sockets must go. */
export type SeatRevoked = (matchId: string, side: string) => void;

export class Pushes {
  private publishers: { p: Publisher; followed: boolean }[] = [];
  private eventPublishers: EventPublisher[] = [];
  private revokers: SeatRevoked[] = [];
  private patchPublishers: { p: PatchPublisher; wanted: PatchWanted }[] = [];
  private changeListeners: ((matchId: string) => void)[] = [];
  readonly chains = new PatchChains();

  /** Every change this process made and pushed (never one it followed): the cluster tells the other processes. */
  onChanged(l: (matchId: string) => void): void {
    this.changeListeners.push(l);
  }

  /**
   * Every state body pushed. With `followed`, also the bodies of changes another process
   * made (that process acted on them: a computer seat, a notice, must not act twice); the
   * patch publishers (sockets) get those always.
   */
  onPublish(p: Publisher, { followed = false }: { followed?: boolean } = {}): void {
    this.publishers.push({ p, followed });
  }

  /** Patches to the sockets that take them; `wanted` tells whether any does (default: always). */
  onPatch(p: PatchPublisher, wanted: PatchWanted = () => true): void {
    this.patchPublishers.push({ p, wanted });
  }

  /** The full body for a socket of `audience` joining (or resyncing): the chain's head with `fresh`'s log, at its version. */
  sync(live: Live, audience: Viewer, fresh: StateBody): VersionedState {
    return this.chains.current(live, audience, fresh);
  }

  onEvent(p: EventPublisher): void {
    this.eventPublishers.push(p);
  }

  onSeatRevoked(r: SeatRevoked): void {
    this.revokers.push(r);
  }

  /**
   * Pushes the new state to each audience that may know of it, with the log entries after
   * the seq each knew `before`; once over, every audience reads the referee's log.
   * `followed`: the change was made by another process (LiveMatches.reload). `mover`: the socket
   * whose action it was, which takes its push in its acknowledgement (see Mover).
   */
  publish(
    live: Live,
    audiences: readonly Viewer[],
    before: Record<string, number>,
    body: (live: Live, audience: Viewer, afterSeq: number) => StateBody,
    followed = false,
    mover?: Mover,
  ): void {
    if (!followed) for (const l of this.changeListeners) l(live.id);
    const publishers = followed ? this.publishers.filter((x) => x.followed) : this.publishers;
    if (publishers.length === 0 && this.patchPublishers.length === 0) return;
    for (const audience of audiences) {
      const after = isOver(live.status) ? (before[REFEREE] ?? -1) : (before[audience] ?? -1);
      const b = body(live, audience, after);
      const m: MoverOf | undefined = mover?.audience === audience ? { socketId: mover.socketId, patches: mover.patches, deliver: (push) => mover.deliver(push, b.seq) } : undefined;
      for (const x of publishers) x.p(live.id, audience, b, m);
      if (this.patchPublishers.length === 0) continue;
      const takers = this.patchPublishers.filter((x) => x.wanted(live.id, audience));
      if (takers.length === 0) {
        this.chains.drop(live, audience);
        continue;
      }
      const step = this.chains.advance(live, audience, b);
      for (const x of takers) x.p(live.id, audience, step, m);
    }
  }

  /** Pushes another event (chat, rematch, overdue) to audiences' rooms. */
  emit(matchId: string, audiences: readonly Viewer[], event: string, payload: unknown): void {
    for (const p of this.eventPublishers) p(matchId, audiences, event, payload);
  }

  /** Tells the socket layer that `side`'s token of `matchId` no longer opens it. */
  revoke(matchId: string, side: string): void {
    for (const r of this.revokers) r(matchId, side);
  }
}
