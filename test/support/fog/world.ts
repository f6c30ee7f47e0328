/**
 * One world of the fog harness: a real MatchService holding one match, with everything it
 * sends recorded per audience — the state pushes to each room, other events, "your move"
 * notices, GET bodies and the error replies to a viewer's own requests.
 */
import pino from 'pino';
import { jsonEqual, SPECTATOR, type GameModule, type MatchState, type Viewer } from '../../../src/engine';
import { ApiError } from '../../../src/matches/errors';
import type { Live, StateBody } from '../../../src/matches/live';
import type { PushStep } from '../../../src/matches/push-patch';
import type { Notice, Notifier } from '../../../src/matches/notify';
import { MatchService } from '../../../src/matches/service';
import type { StoredRow } from '../../../src/store/match-store';
import { MemoryMatchStore } from '../../../src/store/memory-match-store';

const silent = pino({ level: 'silent' });

/** What one viewer was sent during one step, and what it reads and is told after it. */
export interface ViewerRecord {
  /** State bodies pushed to the viewer's room, in order. */
  pushes: StateBody[];
  /**
   * The same pushes as the sockets that take patches get them (issue #13): each patch (or a
   * chain's first full body), its versions without their random epoch. (Named to sort after
   * `pushes`: a difference in both is reported at the whole bodies.)
   */
  pushesAsPatches: unknown[];
  /** Other events pushed to the viewer's room, in order. */
  events: { event: string; payload: unknown }[];
  /** Notices queued for the viewer's seat. */
  notices: Notice[];
  /** GET state with the log after the seq the viewer knew before the step. */
  body: StateBody;
  /** The reply to a request of the viewer's that must fail (a stale seq, an action not offered now). */
  errors: unknown[];
}

export type Outcome = { ok: true } | { ok: false; error: { status: number; code: string; message: string } };

/** A shared, settable clock: every world of a match reads the same time at the same step. */
export interface Clock {
  t: number;
}

export class World {
  readonly pushes: { audience: Viewer; body: StateBody }[] = [];
  readonly patches: { audience: Viewer; step: unknown }[] = [];
  readonly events: { audiences: readonly Viewer[]; event: string; payload: unknown }[] = [];
  readonly notices: Notice[] = [];
  /** Actions and undos this world accepted: what the server's `ironbottom_actions_total{outcome="accepted"}` counts. */
  accepted = 0;
  private constructor(
    readonly game: GameModule,
    readonly store: MemoryMatchStore,
    readonly svc: MatchService,
    readonly id: string,
    readonly clock: Clock,
  ) {
    svc.onPublish((_m, audience, body) => this.pushes.push({ audience, body }));
    svc.pushes.onPatch((_m, audience, step) => this.patches.push({ audience, step: withoutEpoch(step) }));
    svc.onEvent((_m, audiences, event, payload) => this.events.push({ audiences, event, payload }));
  }

  private static service(game: GameModule, store: MemoryMatchStore, clock: Clock, seed: string, notices: () => Notice[]): MatchService {
    const notifier = { notify: (_t: unknown, n: Notice) => notices().push(n) } as unknown as Notifier;
    return new MatchService(store, {
      games: new Map([[game.id, game]]),
      publicUrl: 'http://fog.test',
      // Forks copy the live match (World.fork), so no world is ever rebuilt from snapshots.
      snapshotEvery: 1_000_000,
      idleMs: 1e12,
      logger: silent,
      now: () => clock.t,
      newSeed: () => seed,
      notifier,
    });
  }

  /** A new match of `game` with every seat taken, a move deadline and a notice address on each seat. */
  static async create(game: GameModule, options: unknown, seed: string, clock: Clock): Promise<World> {
    const store = new MemoryMatchStore({ now: () => clock.t });
    let world: World | null = null;
    const svc = World.service(game, store, clock, seed, () => world!.notices);
    const m = await svc.create(game.id, options, { deadlineMinutes: 60 });
    const seats = Object.fromEntries(game.sides.map((s) => [s, { claimedAt: new Date(clock.t), notify: { webhook: `http://fog.test/hook/${s}` } }]));
    await store.update(m.id, { match: { status: 'active' }, seats });
    // Written behind the service's back: its copy of the new match (kept since its creation) goes, and is read anew.
    svc.forget(m.id);
    world = new World(game, store, svc, m.id, clock);
    return world;
  }

  /**
   * An independent copy of this world as it stands: a new service over a copy of the rows,
   * holding a copy of the live match (its timeline's states are shared: the engine never
   * changes a state once made, so the views and prompts memoised for one state serve every
   * world that reaches it, and no world replays the match from its rows).
   */
  async fork(clock: Clock = this.clock): Promise<World> {
    const live = await this.live();
    const store = clock === this.clock ? this.store.fork() : this.store.fork({ now: () => clock.t });
    let world: World | null = null;
    const svc = World.service(this.game, store, clock, '', () => world!.notices);
    const copy = { ...live, tl: live.tl.fork(), seats: { ...live.seats } };
    held(svc).set(this.id, copy);
    // The copy goes on with the same chains of patches: its next patches are against the same last bodies.
    this.svc.pushes.chains.copy(live, copy, svc.pushes.chains);
    world = new World(this.game, store, svc, this.id, clock);
    world.accepted = this.accepted;
    return world;
  }

  live(): Promise<Live> {
    return this.svc.load(this.id);
  }

  async state(): Promise<MatchState> {
    return (await this.live()).tl.state;
  }

  /** The last row stored (its flags and rolls). */
  async lastRow(): Promise<StoredRow> {
    const seq = (await this.live()).tl.seq;
    return (await this.store.readRows(this.id, seq, { rolls: true, after: seq - 1 }))[0]!;
  }

  async seqOf(viewer: Viewer): Promise<number> {
    return (await this.live()).tl.seqs.of(viewer);
  }

  async seqs(): Promise<Record<string, number>> {
    return (await this.live()).tl.seqs.snapshot();
  }

  /** Replaces the game state (a look-alike world): the service goes on from it. */
  async replaceGame(game: unknown): Promise<void> {
    const live = await this.live();
    live.tl.state = { ...live.tl.state, game };
  }

  // Answered with the new seq only (as a socket's acknowledgement is): the harness reads what the side is sent from
  // its pushes and GET body, never from the answer, and a whole body as answer read the whole log (every packed block
  // unpacked) at every step of every world.
  async act(side: string, action: unknown): Promise<Outcome> {
    return this.outcome(async () => this.svc.submit(this.id, side, await this.seqOf(side), action, 'seq'));
  }

  async undo(side: string): Promise<Outcome> {
    return this.outcome(async () => this.svc.undo(this.id, side, await this.seqOf(side), 'seq'));
  }

  private async outcome(run: () => Promise<unknown>): Promise<Outcome> {
    try {
      await run();
      this.accepted++;
      return { ok: true };
    } catch (e) {
      return { ok: false, error: replyOf(e) };
    }
  }

  /** Starts a step: what is recorded from now on belongs to it. */
  mark(): void {
    this.pushes.length = 0;
    this.patches.length = 0;
    this.events.length = 0;
    this.notices.length = 0;
  }

  /**
   * What `viewer` was sent since the mark, and reads now. `since`: the seq it knew before.
   * `probe`: an action to send as the viewer that its prompt does not offer now (its reply
   * is recorded; it changes nothing); `stale`: also send a stale seq.
   */
  async record(viewer: Viewer, since: number, probe: unknown | undefined, stale: boolean): Promise<ViewerRecord> {
    const body = await this.svc.state(this.id, viewer, since);
    const errors: unknown[] = [];
    if (viewer !== SPECTATOR && this.game.sides.includes(viewer) && probe !== undefined) {
      // A probe this world offers after all would change it: its difference shows in the prompt already.
      if (body.prompt?.actions.some((a) => jsonEqual(a, probe))) errors.push('offered');
      else {
        errors.push(await this.failing(() => this.svc.submit(this.id, viewer, body.seq, probe)));
        if (stale) errors.push(await this.failing(() => this.svc.submit(this.id, viewer, body.seq - 1, probe)));
      }
    }
    return {
      pushes: this.pushes.filter((p) => p.audience === viewer).map((p) => p.body),
      pushesAsPatches: this.patches.filter((p) => p.audience === viewer).map((p) => p.step),
      events: this.events.filter((e) => e.audiences.includes(viewer)).map(({ event, payload }) => ({ event, payload })),
      notices: this.notices.filter((n) => n.side === viewer),
      body,
      errors,
    };
  }

  private async failing(run: () => Promise<unknown>): Promise<unknown> {
    // The reply is what is compared, never a stack: the errors a probe raises are made without one (they cost).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      await run();
    } catch (e) {
      return { ...replyOf(e), ...(e instanceof ApiError && e.detail !== undefined ? { detail: e.detail } : {}) };
    } finally {
      Error.stackTraceLimit = limit;
    }
    throw new Error('fog harness: a probe that must fail was accepted (the probe changed the world)');
  }
}

/** A push as patch with its versions' counts only: a chain's epoch is random, the same in no two worlds. */
function withoutEpoch(step: PushStep): unknown {
  const n = (v: string) => v.slice(v.lastIndexOf('.') + 1);
  return step.kind === 'full' ? { full: n(step.message.v), body: step.message.body } : { ...step.message, base: n(step.message.base), v: n(step.message.v) };
}

/** The service's map of live matches (LiveMatches keeps it private; the harness seeds a fork's copy there). */
function held(svc: MatchService): Map<string, Live> {
  const m = (svc.matches as unknown as { live?: unknown }).live;
  if (!(m instanceof Map)) throw new Error('fog harness: LiveMatches no longer keeps its copies in `live`; update World.fork');
  return m as Map<string, Live>;
}

export function replyOf(e: unknown): { status: number; code: string; message: string } {
  if (e instanceof ApiError) return { status: e.status, code: e.code, message: e.message };
  throw e;
}
