/**
 * Bots playing matches over socket.io, as players' browsers would: each side's socket
 * keeps the latest state pushed to it and answers its prompt with the bot's choice, one
 * action at a time, counting what the server acknowledged and what it refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Bot } from '../../src/bots';

export interface SocketPlay {
  /** Actions acknowledged `ok: true`, per match. */
  acked: Map<string, number>;
  /** Refusals by error code. */
  refused: Record<string, number>;
  /** Acknowledged actions, all matches. */
  total(): number;
  /** Resolves when every match has ended or `maxActions` were acknowledged (or `stop()`). */
  done: Promise<void>;
  /** Stops sending and closes the sockets (an action in flight may still be committed, unacknowledged). */
  stop(): void;
}

export interface Seated {
  id: string;
  seats: Record<string, string>;
}

/** A seat's own dice value and its commitment, as a bot makes them (docs/fairness.md). */
export function newCommit(): { commitment: string; value: string } {
  const value = randomBytes(32).toString('hex');
  return { commitment: createHash('sha256').update(value).digest('hex'), value };
}

/** `commit`: each bot takes its seat with a dice value of its own (in the socket's handshake); `commits` gets them by match and side. */
export function playOverSockets(
  base: string,
  matches: Seated[],
  bot: (matchId: string, side: string) => Bot,
  maxActions = Infinity,
  opts: { commit?: boolean; commits?: Record<string, Record<string, { commitment: string; value: string }>> } = {},
): SocketPlay {
  const acked = new Map<string, number>();
  const refused: Record<string, number> = {};
  const sockets: Socket[] = [];
  let total = 0;
  let stopped = false;
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  let open = matches.length;
  const ended = new Set<string>();
  const end = (id: string) => {
    if (ended.has(id)) return;
    ended.add(id);
    if (--open === 0) finish();
  };
  for (const m of matches) {
    acked.set(m.id, 0);
    for (const [side, token] of Object.entries(m.seats)) {
      const b = bot(m.id, side);
      const commit = opts.commit ? newCommit() : null;
      if (commit && opts.commits) (opts.commits[m.id] ??= {})[side] = commit;
      // Two steps (docs/fairness.md): the commitment in the handshake, the value once every seat is in.
      const s = io(base, { auth: { token, ...(commit ? { commitment: commit.commitment } : {}) }, transports: ['websocket'], reconnection: false, forceNew: true });
      let revealing = false;
      const reveal = (body: { status: string; players: Record<string, { claimed: boolean; revealed?: boolean }>; dice?: { sealed: boolean } }) => {
        if (!commit || revealing || body.dice?.sealed !== false || body.players[side]?.revealed) return;
        if (!Object.values(body.players).every((p) => p.claimed)) return;
        revealing = true;
        void fetch(`${base}/api/matches/${m.id}/reveal`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ value: commit.value }),
        }).catch(() => (revealing = false));
      };
      sockets.push(s);
      let busy = false;
      let latest: { seq: number; prompt: any; view: unknown; status: string } | null = null;
      const act = () => {
        if (stopped || busy || !latest?.prompt || latest.status === 'finished') return;
        if (total >= maxActions) return finish();
        busy = true;
        const body = latest;
        s.emit(
          'action',
          { seq: body.seq, action: b.choose({ side, view: body.view, prompt: body.prompt }) },
          (ack: { ok: boolean; error?: { code: string }; state?: any; retryable?: boolean }) => {
            busy = false;
            // The database did not answer: the same action again a little later, as a page would.
            if (!ack.ok && ack.retryable) {
              refused[ack.error!.code] = (refused[ack.error!.code] ?? 0) + 1;
              return void setTimeout(act, 500);
            }
            if (ack.ok) {
              acked.set(m.id, acked.get(m.id)! + 1);
              total++;
            } else {
              refused[ack.error!.code] = (refused[ack.error!.code] ?? 0) + 1;
              // A 409 carries the state as it is now.
              if (ack.state && latest === body) latest = ack.state;
              // The dice wait for a seat's reveal: the next state (the reveal's) brings the bot back.
              if (ack.error!.code === 'dice-not-sealed' && latest === body) latest = null;
            }
            act();
          },
        );
      };
      s.on('state', (body) => {
        if (body.status === 'finished' || body.status === 'abandoned') return end(m.id);
        latest = body;
        reveal(body);
        act();
      });
    }
  }
  return {
    acked,
    refused,
    total: () => total,
    done,
    stop() {
      stopped = true;
      for (const s of sockets) s.close();
      finish();
    },
  };
}
