/**
 * A bench socket's side of the pushes, as the web client takes them (src/web/socket.ts): whole
 * bodies (`state`), or a full body (`sync`) and then patches against it, made whole with the web
 * client's own src/web/patches.ts. Used by bench:server and bench:load.
 */
import type { Socket } from 'socket.io-client';
import type { Moved, StatePatch, VersionedState } from '../src/protocol';
import { applyStatePatch } from '../src/web/patches';

export interface Follow {
  /** Each body the socket holds after a push. */
  onBody: (body: any) => void;
  /** A patch that does not apply to the body held (the chain broke). */
  onBroken: () => void;
  /** Each push's JSON bytes, when the bench counts them. */
  counted?: (bytes: number) => void;
}

/** Follows `socket`'s pushes; returns what takes the push an action's acknowledgement carries for its sender (`Moved`). */
export function follower(socket: Socket, { onBody, onBroken, counted }: Follow): (ack: Moved) => void {
  let held: VersionedState | null = null;
  const count = (x: unknown) => counted?.(Buffer.byteLength(JSON.stringify(x)));
  const onState = (b: unknown) => {
    count(b);
    onBody(b);
  };
  const onSync = (s: VersionedState) => {
    count(s);
    held = s;
    onBody(s.body);
  };
  const onPatch = (p: StatePatch) => {
    count(p);
    held = applyStatePatch(held, p);
    if (!held) return onBroken();
    onBody(held.body);
  };
  socket.on('state', onState);
  socket.on('sync', onSync);
  socket.on('patch', onPatch);
  return (ack) => {
    if (ack.state) onState(ack.state);
    else if (ack.sync) onSync(ack.sync);
    else if (ack.patch) onPatch(ack.patch);
  };
}
