/** The two chats: the players' and the spectators' (each closed to the other while the match runs). */
import { z } from 'zod';

export const ChannelSchema = z.enum(['players', 'spectators']);
export type Channel = z.infer<typeof ChannelSchema>;

export const ChatMessageSchema = z.object({
  /** Its number in its match's channel: 1, 2, … (what `after` counts from). */
  id: z.number().int(),
  channel: ChannelSchema,
  /** The sender's side, or "spectator". */
  from: z.string(),
  name: z.string().nullable(),
  text: z.string(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatListSchema = z.object({ messages: z.array(ChatMessageSchema) });
