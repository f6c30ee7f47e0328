/**
 * Pushes as deltas (issue #13): each audience of a live match has a chain of the bodies it
 * was pushed. The first push of a chain is a full body; every later one is an RFC 6902 patch
 * (json-diff.ts; the web client applies it, src/web/patches.ts) against the body that audience was pushed last, computed
 * once per audience however many sockets watch. Each body of a chain has a version
 * `<epoch>.<n>`: the epoch is random per chain (a reloaded match, another process, start
 * another chain), `n` counts the pushes to this audience only. A client applies a patch only
 * to the version it names (`base`); any other client asks for a full body.
 *
 * The log and the clock stay out of the diff: the log is already sent as the entries after
 * `logFrom`, and the clock's `leftMs` is made at the time of each body, so a socket that
 * joins gets the current clock with the chain's head and later patches still apply exactly.
 *
 * A patch is a function of its audience's previous and next bodies alone (and of the
 * audience's own count of pushes): the diff walks both in their own key order, nothing else.
 */
import { randomBytes } from 'node:crypto';
import type { Viewer } from '../engine';
import type { JsonPatchOp, StatePatch, VersionedState } from '../protocol';
import { jsonDiff } from './json-diff';
import type { Live, StateBody } from './live';
import { withFields } from '../engine/objects';

/** The part of a body a patch covers: all but the log and the clock. */
export type BodyCore = Omit<StateBody, 'log' | 'logFrom' | 'clock'>;

export type PushStep = { kind: 'full'; message: VersionedState } | { kind: 'patch'; message: StatePatch };

interface Head {
  epoch: string;
  n: number;
  core: BodyCore;
}

export const versionOf = (epoch: string, n: number): string => `${epoch}.${n}`;

export function coreOf(body: StateBody): BodyCore {
  const { log: _log, logFrom: _logFrom, clock: _clock, ...core } = body;
  return core;
}

/** The body a chain's head stands for, with the log after `logFrom` and the clock of `fresh`. */
function withTail(core: BodyCore, fresh: Pick<StateBody, 'log' | 'logFrom' | 'clock'>): StateBody {
  return withFields(core, fresh.clock ? { log: fresh.log, logFrom: fresh.logFrom, clock: fresh.clock } : { log: fresh.log, logFrom: fresh.logFrom });
}

export class PatchChains {
  private heads = new WeakMap<Live, Map<Viewer, Head>>();

  constructor(private newEpoch: () => string = () => randomBytes(6).toString('base64url')) {}

  private of(live: Live): Map<Viewer, Head> {
    let m = this.heads.get(live);
    if (!m) this.heads.set(live, (m = new Map()));
    return m;
  }

  /** The push of `body` to `audience`: a patch against its chain's head, or a full body that starts a chain. */
  advance(live: Live, audience: Viewer, body: StateBody): PushStep {
    const heads = this.of(live);
    const head = heads.get(audience);
    const core = coreOf(body);
    if (!head) {
      const epoch = this.newEpoch();
      heads.set(audience, { epoch, n: 0, core });
      return { kind: 'full', message: { v: versionOf(epoch, 0), body } };
    }
    const ops: JsonPatchOp[] = jsonDiff(head.core, core);
    const base = versionOf(head.epoch, head.n);
    heads.set(audience, { epoch: head.epoch, n: head.n + 1, core });
    const message: StatePatch = { base, v: versionOf(head.epoch, head.n + 1), ops, log: body.log, logFrom: body.logFrom };
    if (body.clock) message.clock = body.clock;
    return { kind: 'patch', message };
  }

  /**
   * A full body for a socket that joins `audience`'s room (or lost its place in the chain):
   * the chain's head with `fresh`'s log and clock, so the room's next patch applies to it; with
   * no chain yet, `fresh` starts one. Call it in the same tick as `fresh` is made.
   */
  current(live: Live, audience: Viewer, fresh: StateBody): VersionedState {
    const heads = this.of(live);
    const head = heads.get(audience);
    if (head) return { v: versionOf(head.epoch, head.n), body: withTail(head.core, fresh) };
    const epoch = this.newEpoch();
    heads.set(audience, { epoch, n: 0, core: coreOf(fresh) });
    return { v: versionOf(epoch, 0), body: fresh };
  }

  /** Forgets `audience`'s chain (no socket takes patches there): its next push is a full body. */
  drop(live: Live, audience: Viewer): void {
    this.heads.get(live)?.delete(audience);
  }

  /** Gives `to` (a copy of `from`, as the fog harness's worlds make) the same chains, in `into`. */
  copy(from: Live, to: Live, into: PatchChains): void {
    const m = this.heads.get(from);
    if (m) into.heads.set(to, new Map(m));
  }
}
