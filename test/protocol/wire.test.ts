/**
 * The protocol's messages in (src/protocol/socket.ts) against the server's own input
 * schemas (src/server/schemas.ts): whatever the protocol lets a client send, the server
 * accepts — checked by the compiler (the assignments below) and by parsing examples.
 */
import type { z } from 'zod';
import type { ActionMessage, ChatHistoryIn, ChatIn, Handshake, UndoMessage } from '../../src/protocol';
import { ActionMessage as ActionIn, ChatHistoryMessage, ChatMessageIn, Handshake as HandshakeIn, UndoMessage as UndoIn } from '../../src/server/schemas';

/** Compiles only when every value of A is a value of B. */
const fits = <A, B>(a: A & B): B => a;

test('every message the protocol lets a client send is one the server accepts', () => {
  const action: ActionMessage = { seq: 3, action: { type: 'deploy', ship: 'ijn-chokai', area: 'SL' } };
  const undo: UndoMessage = { seq: 4 };
  const chat: ChatIn = { text: 'well played', channel: 'players', name: 'Yamamoto' };
  const history: ChatHistoryIn = { channel: 'spectators', after: 12 };
  const hello: Handshake = { token: 'x'.repeat(32), since: -1 };
  expect(ActionIn.parse(fits<ActionMessage, z.input<typeof ActionIn>>(action))).toEqual(action);
  expect(UndoIn.parse(fits<UndoMessage, z.input<typeof UndoIn>>(undo))).toEqual(undo);
  expect(ChatMessageIn.parse(fits<ChatIn, z.input<typeof ChatMessageIn>>(chat))).toEqual(chat);
  expect(ChatHistoryMessage.parse(fits<ChatHistoryIn, z.input<typeof ChatHistoryMessage>>(history))).toEqual(history);
  expect(HandshakeIn.parse(fits<Handshake, z.input<typeof HandshakeIn>>(hello))).toEqual(hello);
});
