/**
 * The push encoder (src/server/push-encoder.ts) writes socket.io's own wire format, and counts a
 * push's bytes as the bytes of that text in UTF-8. The oracle for both is socket.io-parser's own
 * Encoder and Buffer.byteLength of the text it makes, not the encoder's own arithmetic.
 */
import * as parser from 'socket.io-parser';
import { PushEncoder } from '../../src/server/push-encoder';

const body = {
  seq: 12,
  view: { note: 'Turn 3 — the screen is up', names: ['Ōshima', 'Hiei'], empty: {}, n: [1, 2.5, null] },
  prompt: null,
};

const packets: { name: string; packet: parser.Packet; pushed: unknown }[] = [
  { name: 'a state event', packet: { type: parser.PacketType.EVENT, nsp: '/', data: ['state', body] }, pushed: body },
  { name: 'a patch event', packet: { type: parser.PacketType.EVENT, nsp: '/', data: ['patch', { base: 'v1', v: 'v2', ops: [], log: [], logFrom: 3 }] }, pushed: null },
  { name: 'an acknowledgement carrying the mover’s push', packet: { type: parser.PacketType.ACK, nsp: '/', id: 417, data: [{ ok: true, state: body }] }, pushed: body },
  { name: 'an event in another namespace', packet: { type: parser.PacketType.EVENT, nsp: '/admin', data: ['sync', { v: 'v9', body }] }, pushed: null },
];

describe('the push encoder writes socket.io’s format and counts its UTF-8 bytes', () => {
  for (const { name, packet, pushed } of packets) {
    test(`${name}: the text socket.io-parser would send, and its byte count`, () => {
      const ours = new PushEncoder().encode(packet);
      const theirs = new parser.Encoder().encode(packet);
      expect(ours).toEqual(theirs);
      const encoder = new PushEncoder();
      encoder.encode(packet);
      const counted = pushed ?? (packet.data as unknown[])[1];
      expect(encoder.bytesOf(counted)).toBe(Buffer.byteLength(theirs[0] as string));
    });
  }

  test('a body not encoded last is counted from its own JSON', () => {
    const encoder = new PushEncoder();
    encoder.encode(packets[0]!.packet);
    const other = { seq: 13, text: 'Sōryū — sunk' };
    expect(encoder.bytesOf(other)).toBe(Buffer.byteLength(JSON.stringify(other)));
  });
});
