/**
 * Several server processes on one database: a socket.io cluster adapter over the match
 * database's LISTEN/NOTIFY that keeps each process's messages in the order it sent them
 * (issue #43: a match's owner pushes every body and patch of the match through it, and a
 * viewer must get them in the owner's order).
 *
 * socket.io's own Postgres adapter (@socket.io/postgres-adapter, used before) does not: it
 * sends each NOTIFY on whichever of its pool's connections is free (two pushes made one after
 * the other could commit the other way round), and a payload over NOTIFY's 8000 bytes went
 * through a table that the receiving process read back asynchronously while the next, small,
 * message was delivered at once. Under `bench:load` with owners that crossed patches.
 *
 * This one:
 * - sends from one connection, one statement at a time: what is queued while a statement runs
 *   goes in the next one, all of it, in order (`pg_notify` over `unnest`, the array's order);
 *   PostgreSQL delivers one session's notifications in commit order, and one transaction's in
 *   the order they were made;
 * - numbers each message (so that two equal messages in one statement are not folded into one,
 *   as PostgreSQL does for equal payloads in one transaction) and cuts a long one into parts of
 *   at most 7,900 bytes, which the receiver puts together per sender: no table, no read back;
 * - handles what it receives synchronously, in the order it came;
 * - delivers a broadcast to this process's own sockets at once (not after the NOTIFY's round
 *   trip as socket.io's cluster adapters do), so that a socket of the sending process gets
 *   its pushes in the order they were made too, whatever it is sent directly in between.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { Adapter, ClusterAdapterWithHeartbeat, type BroadcastOptions, type ClusterMessage, type ClusterResponse, type Room } from 'socket.io-adapter';

/** The NOTIFY channel (one for every namespace: each message names its own). */
export const CHANNEL = 'ironbottom.socket.io';
/** The most bytes of a message one notification carries (PostgreSQL refuses payloads of 8,000 bytes or more). */
export const PART_BYTES = 7_900;
/** The most notifications one statement sends. */
const BATCH = 500;

/** socket.io-adapter's MessageType.BROADCAST, SOCKETS_JOIN and SOCKETS_LEAVE (a const enum's values in a d.ts). */
const BROADCAST = 3;
const SOCKETS_JOIN = 4;
const SOCKETS_LEAVE = 5;

interface Namespace {
  name: string;
}

/**
 * The parts of one message as notification payloads: `<sender> <n> <part> <parts>|<text>`, each
 * at most PART_BYTES bytes of text, cut on a character's boundary.
 */
export function partsOf(sender: string, n: number, text: string, limit = PART_BYTES): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const cuts: string[] = [];
  for (let at = 0; at < bytes.length || cuts.length === 0;) {
    let end = Math.min(bytes.length, at + limit);
    // Not inside a character: back to its first byte.
    while (end < bytes.length && end > at && (bytes[end]! & 0xc0) === 0x80) end--;
    cuts.push(bytes.subarray(at, end).toString('utf8'));
    at = end;
  }
  return cuts.map((t, i) => `${sender} ${n} ${i} ${cuts.length}|${t}`);
}

/** Puts messages together from their parts, per sender (each sender's parts come in order). */
export class Assembler {
  private partial = new Map<string, { n: string; parts: string[] }>();

  /** The whole message's text once its last part is in, else null; a part out of place drops what was held. */
  take(payload: string): { sender: string; text: string } | null {
    const bar = payload.indexOf('|');
    if (bar < 0) return null;
    const [sender, n, part, parts] = payload.slice(0, bar).split(' ');
    if (sender === undefined || n === undefined || part === undefined || parts === undefined) return null;
    const text = payload.slice(bar + 1);
    if (parts === '1') {
      this.partial.delete(sender);
      return { sender, text };
    }
    const held = this.partial.get(sender);
    if (part === '0') this.partial.set(sender, { n, parts: [text] });
    else if (held && held.n === n && held.parts.length === Number(part)) held.parts.push(text);
    else {
      this.partial.delete(sender);
      return null;
    }
    const now = this.partial.get(sender)!;
    if (now.parts.length < Number(parts)) return null;
    this.partial.delete(sender);
    return { sender, text: now.parts.join('') };
  }
}

/** One process's link to the channel: one connection that sends, in order, and one that listens. */
class Link {
  readonly id = randomBytes(6).toString('hex');
  private n = 0;
  private queue: string[] = [];
  private waiting: (() => void)[] = [];
  private sending = false;
  private sender: Client | null = null;
  private listener: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private assembler = new Assembler();
  readonly namespaces = new Map<string, OrderedPostgresAdapter>();

  constructor(
    private databaseUrl: string,
    private logger: Logger,
  ) {
    void this.listen();
  }

  /** Queues `message`; resolves once the statement that carries it has run (or failed: logged). */
  send(message: ClusterMessage | ClusterResponse): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const p of partsOf(this.id, this.n++, JSON.stringify(message))) this.queue.push(p);
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (!this.sending) void this.flush();
    return done;
  }

  private async flush(): Promise<void> {
    this.sending = true;
    while (this.queue.length > 0 && !this.closed) {
      const batch = this.queue.splice(0, BATCH);
      // Everyone waiting now has all its parts in this batch or an earlier one (parts are queued together).
      const settled = this.queue.length === 0 ? this.waiting.splice(0) : [];
      try {
        if (!this.sender) {
          const sender = await this.connect();
          // A notification is not data: its transaction need not wait for the WAL's flush (with it, every statement waited for an fsync).
          await sender.query('SET synchronous_commit = off');
          this.sender = sender;
        }
        await this.sender.query('SELECT count(pg_notify($1, p)) FROM unnest($2::text[]) AS p', [CHANNEL, batch]);
      } catch (err) {
        this.logger[this.closed ? 'debug' : 'error']({ err: (err as Error).message }, 'socket adapter: could not send');
        this.sender?.end().catch(() => undefined);
        this.sender = null;
      }
      for (const r of settled) r();
    }
    for (const r of this.waiting.splice(0)) r();
    this.sending = false;
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.databaseUrl, keepAlive: true });
    // A connection that breaks: logged, not thrown (the next statement makes a new one; the listener listens again).
    client.on('error', (err) => this.logger.debug({ err: err.message }, 'socket adapter: a connection broke'));
    await client.connect();
    return client;
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.connect();
      client.on('notification', (msg) => msg.payload !== undefined && this.received(msg.payload));
      client.on('end', () => {
        if (this.listener !== client || this.closed) return;
        this.listener = null;
        this.logger.warn('socket adapter: the listening connection ended; listening again');
        this.retry = setTimeout(() => void this.listen(), 1_000);
      });
      await client.query(`LISTEN "${CHANNEL}"`);
      this.listener = client;
    } catch (err) {
      if (this.closed) return;
      this.logger.warn({ err: (err as Error).message }, 'socket adapter: could not listen; trying again');
      this.retry = setTimeout(() => void this.listen(), 1_000);
    }
  }

  private received(payload: string): void {
    const whole = this.assembler.take(payload);
    if (!whole || whole.sender === this.id) return;
    let message: ClusterMessage;
    try {
      message = JSON.parse(whole.text) as ClusterMessage;
    } catch {
      return this.logger.warn('socket adapter: a message that is not JSON');
    }
    this.namespaces.get(message.nsp)?.take(message);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const r of this.waiting.splice(0)) r();
    const clients = [this.sender, this.listener].filter((c): c is Client => c !== null);
    this.sender = this.listener = null;
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

const encode = (opts: BroadcastOptions) => ({ rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags });

export class OrderedPostgresAdapter extends ClusterAdapterWithHeartbeat {
  constructor(
    nsp: Namespace,
    private link: Link,
  ) {
    super(nsp, {});
  }

  take(message: ClusterMessage): void {
    this.onMessage(message);
  }

  protected doPublish(message: ClusterMessage): Promise<string> {
    return this.link.send(message).then(() => '');
  }

  protected doPublishResponse(_requesterUid: string, response: ClusterResponse): Promise<void> {
    return this.link.send(response);
  }

  /** Sent to the others in order, and to this process's sockets at once. */
  override broadcast(packet: unknown, opts: BroadcastOptions): Promise<void> {
    if (!opts.flags?.local) this.publish({ type: BROADCAST, data: { packet, opts: encode(opts) } } as Parameters<typeof this.publish>[0]);
    Adapter.prototype.broadcast.call(this, packet, opts);
    return Promise.resolve();
  }

  override addSockets(opts: BroadcastOptions, rooms: Room[]): Promise<void> {
    if (!opts.flags?.local) this.publish({ type: SOCKETS_JOIN, data: { opts: encode(opts), rooms } } as Parameters<typeof this.publish>[0]);
    Adapter.prototype.addSockets.call(this, opts, rooms);
    return Promise.resolve();
  }

  override delSockets(opts: BroadcastOptions, rooms: Room[]): Promise<void> {
    if (!opts.flags?.local) this.publish({ type: SOCKETS_LEAVE, data: { opts: encode(opts), rooms } } as Parameters<typeof this.publish>[0]);
    Adapter.prototype.delSockets.call(this, opts, rooms);
    return Promise.resolve();
  }

  override close(): void {
    this.link.namespaces.delete(this.nsp.name);
    super.close();
  }
}

export function postgresSocketAdapter(databaseUrl: string, logger: Logger): { adapter: (nsp: Namespace) => OrderedPostgresAdapter; close(): Promise<void> } {
  const link = new Link(databaseUrl, logger);
  return {
    // socket.io calls it with `new` (a function that returns its object, not an arrow).
    adapter: function (nsp: Namespace) {
      const adapter = new OrderedPostgresAdapter(nsp, link);
      link.namespaces.set(nsp.name, adapter);
      return adapter;
    },
    close: () => link.close(),
  };
}
