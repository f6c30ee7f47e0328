/**
 * socket.io's parser, with the pushes of state encoded the short way (issue #13). The wire
 * format is socket.io's own (protocol 5), so every client reads it unchanged.
 *
 * socket.io's encoder walks every argument of every packet looking for binary data before it
 * writes the JSON; a state body never holds any (it is JSON made by the server), so the
 * pushes (`state`, `patch`, `sync`, and the acknowledgement that carries a mover's push) skip that walk. Every other packet goes through
 * socket.io's encoder as before. The encoder also remembers the push it encoded last, so
 * that neither the push metrics (src/server/metrics.ts) nor the recovery buffer
 * (session-adapter.ts, which keeps the text instead of the body) serialise it again.
 */
import * as parser from 'socket.io-parser';

/** The events whose arguments are JSON made by the server (src/server/sockets.ts). */
const PUSHES = new Set(['state', 'patch', 'sync']);

/** The push an acknowledgement carries to the socket whose action made it (Mover in src/matches/pushes.ts), if it carries one. */
function ackedPush(obj: parser.Packet): unknown {
  if (obj.type !== parser.PacketType.ACK || !Array.isArray(obj.data) || obj.data.length !== 1) return undefined;
  const a = obj.data[0] as Record<string, unknown> | null;
  return a && typeof a === 'object' && a.ok === true ? (a.patch ?? a.sync ?? a.state) : undefined;
}

export class PushEncoder extends parser.Encoder {
  private lastData: unknown[] | undefined = undefined;
  private lastJson = '';
  private lastBody: unknown = undefined;
  private lastBytes = 0;

  override encode(obj: parser.Packet): string[] {
    const data = obj.data as unknown[] | undefined;
    const acked = ackedPush(obj);
    const isPush = acked !== undefined || (obj.type === parser.PacketType.EVENT && Array.isArray(data) && PUSHES.has(data[0] as string));
    if (!isPush || !data) return super.encode(obj) as string[];
    // As socket.io-parser's encodeAsString for an event: type, namespace (unless '/'), id, then the JSON.
    let str = String(obj.type);
    if (obj.nsp && obj.nsp !== '/') str += `${obj.nsp},`;
    if (obj.id !== undefined && obj.id !== null) str += String(obj.id);
    const json = JSON.stringify(data);
    str += json;
    this.lastData = data;
    this.lastJson = json;
    this.lastBody = acked ?? data[1];
    this.lastBytes = Buffer.byteLength(str);
    return [str];
  }

  /** The JSON of a push's arguments if they were the last encoded (in the same tick as its emit). */
  jsonOf(data: unknown[]): string | undefined {
    return data === this.lastData ? this.lastJson : undefined;
  }

  /** The bytes of `body`'s push if it was the last one encoded (in the same tick as its emit), else of its JSON. */
  bytesOf(body: unknown): number {
    if (body === this.lastBody) return this.lastBytes;
    return Buffer.byteLength(JSON.stringify(body));
  }
}

/** The parser for socket.io's `parser` option. */
export const pushParser = { ...parser, Encoder: PushEncoder };

/** The bytes of a push just emitted on `io` (its encoder's count when it is ours). */
export function pushedBytes(io: { encoder: unknown }, body: unknown): number {
  return io.encoder instanceof PushEncoder ? io.encoder.bytesOf(body) : Buffer.byteLength(JSON.stringify(body));
}
