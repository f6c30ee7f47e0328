/**
 * A free TCP port on 127.0.0.1 for a server a test starts in another process. Chosen
 * below Linux's ephemeral range (32768–60999): a port the kernel hands out for port 0 may
 * be given again as the source port of an outgoing connection before the child binds it.
 */
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = randomInt(20000, 32000);
    if (await bindable(port)) return port;
  }
  throw new Error('no free port found');
}
