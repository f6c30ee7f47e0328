/** Web Push: the server's VAPID public key, and a seat's devices after a subscribe or unsubscribe. */
import { z } from 'zod';

/** GET /api/push/key: the key a browser subscribes with (`applicationServerKey`), base64url. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

/** POST / DELETE /api/matches/:id/push: whether the device named is subscribed now, and how many of the seat's holder are. */
export const PushStatusSchema = z.object({ subscribed: z.boolean(), devices: z.number().int() });
export type PushStatus = z.infer<typeof PushStatusSchema>;
