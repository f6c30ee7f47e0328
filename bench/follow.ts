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
  /**
   * Each push's bytes as they came over the wire, when the bench counts them: every socket.io
   * event and acknowledgement frame the socket receives (the pushes, and the acknowledgements that
   * carry the mover's push), socket.io's few bytes of framing included, counted as the frame arrives.
   */
  counted?: (bytes: number) => void;
}

/** Follows `socket`'s pushes; returns what takes the push an action's acknowledgement carries for its sender (`Moved`). */
export function follower(socket: Socket, { onBody, onBroken, counted }: Follow): (ack: Moved) => void {
  let held: VersionedState | null = null;
  // The frames' own text, not the pushes made JSON again (that was much of the bench's own time).
  if (counted) {
    socket.io.engine.on('packet', (p: { type: string; data?: unknown }) => {
      // A socket.io EVENT (2) or ACK (3) packet, as engine.io hands it over: the frame's text.
      if (p.type === 'message' && typeof p.data === 'string' && (p.data[0] === '2' || p.data[0] === '3')) counted(Buffer.byteLength(p.data));
    });
  }
  const onState = (b: unknown) => onBody(b);
  const onSync = (s: VersionedState) => {
    held = s;
    onBody(s.body);
  };
  const onPatch = (p: StatePatch) => {
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
