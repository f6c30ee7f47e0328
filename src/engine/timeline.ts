/**
 * A match's history folded row by row: the engine state, the per-viewer seqs and log,
 * and the chain of decisions that may still be taken back. Pure (no I/O, no clock). The
 * same timeline serves the live match (`planAction` → `apply`), a reload after a restart
 * and an admin replay at any seq (`fold`), the verification of an exported match (`fold`
 * with a check), and the engine's `replay` that the rule tests use, so all of them walk
 * one path.
 *
 * Rows are append-only: an undo is a row of its own (`kind: 'undo'`, `payload.seq` = the
 * real seq of the action it takes back) and the state is rebuilt from the state before
 * that action plus the later rows still standing (see `planUndo`).
 */
import { canonicalJson } from './canonical';
import { RuleError } from './errors';
import { applyChecked, revived, sealDice, step, type MatchState } from './match-state';
import { promptOf } from './memo';
import { isSealed, type Roll, type RngState } from './rng';
import type { GameModule, LogEntry, Result, StampedLogEntry, Viewer } from './types';
import { SeqCounter } from './visibility';
import { HeldLog, type LogPacker } from './held-log';
import { endLog, endReasonOf, endResult, rulesLog, undoLog, type EndReason } from './row-texts';
import { withFields } from './objects';

export type RowKind = 'action' | 'undo' | 'resign' | 'forfeit';

/** One row of the actions table, as the fold needs it. */
export interface Row {
  seq: number;
  side: string;
  kind: RowKind;
  private: boolean;
  /** Known to every side but not in common (see `Applied.unshared`): spectators neither see nor count it. Absent: false. */
  unshared?: boolean;
  /** A cut-off for undo (see `Timeline.advance`). */
  reveals: boolean;
  payload: unknown;
  log: LogEntry[];
  rolls: Roll[];
}

/** A decision that may still be taken back, with the state before it. */
export interface ChainEntry {
  seq: number;
  side: string;
  private: boolean;
  unshared?: boolean;
  payload: unknown;
  before: MatchState;
  /** Its side may no longer take it back (a private step taught that side something since). */
  locked?: boolean;
}

export interface UndoPlan {
  target: ChainEntry;
  state: MatchState;
  chain: ChainEntry[];
}

/** An undo row names an action older than the state the fold started from: start earlier. */
export class NeedsEarlierBase extends Error {
  constructor(readonly target: number) {
    super(`The undo of seq ${target} reaches before the snapshot the match was loaded from.`);
  }
}

/** A row not stored yet, the state after it, and the rules' result then; `Timeline.accept` takes it in once it is stored. */
export interface Planned {
  row: Row;
  state: MatchState;
  /** The result after the row (a resignation's, or the rules' own), null while the match runs. */
  result: Result | null;
  /** An undo's plan (kind 'undo' only). */
  undo?: UndoPlan;
  /** The dice were sealed just before this row (at the row's seq - 1): their initial state. */
  seal?: RngState;
}

/** Where a match's dice were sealed: after row `seq` (0: before the first row), with their initial state. */
export interface Seal {
  seq: number;
  dice: RngState;
}

export class Timeline {
  /** The real number of rows (the referee's seq). */
  seq: number;
  /** The state after row `seq`. */
  state: MatchState;
  readonly seqs: SeqCounter;
  /** Every row's log entries, with the seqs each viewer knows them by (packed in part, given a packer: `packLog`). */
  log: HeldLog;
  chain: ChainEntry[] = [];
  /** A result decided outside the rules (a resignation, a forfeit). */
  ended: Result | null = null;
  /** Set by `fold`: the seq of the state the fold started from (undo targets at or before it are out of reach). */
  baseSeq = 0;
  /** Each side's last row's kind: an 'undo' last holds that side's standing orders (src/matches/orders.ts), after a restart too. */
  lastKind = new Map<string, RowKind>();

  constructor(
    readonly game: GameModule,
    /** The state after row `seq` (a snapshot's, or the set-up's with seq 0): read back from JSON, revived (`GameModule.revive`). */
    state: MatchState,
    setupLog: readonly LogEntry[],
  ) {
    this.state = revived(game, state);
    this.seq = 0;
    this.seqs = new SeqCounter(game.sides);
    this.log = new HeldLog(setupLog.map((entry) => ({ entry, vis: {} })));
  }

  /** The result: the one decided outside the rules, or the rules' own. */
  result(): Result | null {
    return this.ended ?? this.game.result(this.state.game);
  }

  /**
   * The log entries `viewer` may read after its own seq `afterSeq` (and up to its seq `upTo`),
   * stamped with its seqs. Made when asked for, from the end of the log: a push asks for the few
   * entries after the seq its audience knew, and a viewer's seqs only grow along the log, so the
   * first entry it may read at or below `afterSeq` ends the walk. Only a whole log (a socket
   * joining, GET, a replay) walks it all. No viewer's copy is kept: stamped copies of every entry
   * for every viewer were most of a long match's memory (docs/architecture.md, "Memory").
   */
  logFor(viewer: Viewer, afterSeq = -1, upTo = Infinity): StampedLogEntry[] {
    return this.log.read(viewer, afterSeq, upTo);
  }

  /** Keeps the older log entries packed by `packer` from now on (held-log.ts): a live match's, on the server. */
  packLog(packer: LogPacker): void {
    this.log.packWith(packer);
  }

  /** A copy that goes on independently: the states and entries (never changed) are shared, what grows is copied. */
  fork(): Timeline {
    const copy = new Timeline(this.game, this.state, []);
    copy.seq = this.seq;
    copy.seqs.copyFrom(this.seqs);
    copy.log = this.log.fork();
    copy.chain = this.chain.slice();
    copy.ended = this.ended;
    copy.baseSeq = this.baseSeq;
    copy.lastKind = new Map(this.lastKind);
    return copy;
  }

  /**
   * `side`'s action, checked by the rules (RuleError otherwise) and not taken in yet: the
   * row to store and the state after it. The row is an undo cut-off when the engine says
   * so (a roll, a revealed piece), when the match ends, or when a public action leaves its
   * actor nothing to decide (the decision passed on). Never whether another side's prompt
   * changed: the actor may not know that, and whether it may undo would tell it (docs/fog.md).
   */
  planAction(side: string, action: unknown, seal?: RngState): Planned {
    this.requireRunning();
    const sealing = seal && !isSealed(this.state.dice) ? seal : undefined;
    const out = step(this.game, sealing ? sealDice(this.state, sealing) : this.state, side, action);
    const result = this.game.result(out.state.game);
    const cut = out.reveals || result !== null || (!out.private && promptOf(this.game, out.state.game, side) === null);
    const row: Row = {
      seq: this.seq + 1,
      side,
      kind: 'action',
      private: out.private,
      ...(out.unshared ? { unshared: true } : {}),
      reveals: cut,
      payload: action,
      log: out.log,
      rolls: out.rolls,
    };
    return { row, state: out.state, result, ...(sealing ? { seal: sealing } : {}) };
  }

  /**
   * Seals the dice at `dice` (their initial state) now, if they are not sealed yet. No die
   * was rolled before, so nothing else changes; the undo chain ends here (its states hold
   * no dice), as it does at any public cut-off: the seal is public.
   */
  seal(dice: RngState): void {
    if (isSealed(this.state.dice)) return;
    this.state = sealDice(this.state, dice);
    this.chain = [];
  }

  /** `side` takes back its last decision (see `planUndo`); null when there is nothing it may take back. */
  planTakeBack(side: string): Planned | null {
    this.requireRunning();
    const plan = this.planUndo(side);
    if (!plan) return null;
    const isPrivate = plan.target.private;
    // An undo is known to those who knew of the step it takes back.
    const unshared = plan.target.unshared === true ? { unshared: true } : {};
    const row: Row = {
      seq: this.seq + 1,
      side,
      kind: 'undo',
      private: isPrivate,
      ...unshared,
      reveals: false,
      payload: { seq: plan.target.seq },
      log: undoLog(side, isPrivate),
      rolls: [],
    };
    return { row, state: plan.state, result: this.game.result(plan.state.game), undo: plan };
  }

  /** `side` resigns, or is declared forfeited (`reason` 'time': its time bank ran out): a public cut-off that ends the match. */
  planEnd(kind: 'resign' | 'forfeit', side: string, reason: EndReason = 'deadline'): Planned {
    this.requireRunning();
    const payload = kind === 'forfeit' && reason === 'time' ? { reason } : {};
    const row: Row = { seq: this.seq + 1, side, kind, private: false, reveals: true, payload, log: endLog(kind, side, reason), rolls: [] };
    return { row, state: this.state, result: endResult(this.game, kind, side, reason) };
  }

  private requireRunning(): void {
    if (this.result()) throw new RuleError('The match is over.', 'not-active');
  }

  /** Takes in a planned row once it is stored: the new state, the undo chain, the seqs and the log. */
  accept(p: Planned): void {
    const { row } = p;
    if (p.seal) this.seal(p.seal);
    if (row.kind === 'action') this.advance(row.seq, row.side, row.payload, p.state, row.private, row.reveals, row.unshared === true);
    else if (row.kind === 'undo') this.commitUndo(p.undo!);
    else this.chain = [];
    this.hold(row);
  }

  /**
   * Counts a row for its viewers and keeps its log entries: a private row's entries stay its
   * actor's; an unshared row's public entries go to the sides (no spectator counts the row).
   */
  hold(row: Pick<Row, 'seq' | 'side' | 'kind' | 'private' | 'unshared' | 'log'> & { payload?: unknown }): void {
    this.seq = row.seq;
    this.lastKind.set(row.side, row.kind);
    const unshared = row.unshared === true && !row.private;
    this.seqs.add(row.side, row.private, row.kind !== 'forfeit', unshared);
    const vis = this.seqs.snapshot();
    for (const entry of row.log) {
      const to = row.private ? (entry.to === 'public' ? [row.side] : entry.to.filter((s) => s === row.side)) : unshared && entry.to === 'public' ? [...this.game.sides] : entry.to;
      this.log.push({ entry: { ...entry, to }, vis });
    }
    if (row.kind === 'resign' || row.kind === 'forfeit') this.ended = endResult(this.game, row.kind, row.side, endReasonOf(row));
  }

  /**
   * The new state is `next`, after `side`'s action (real seq `seq`). A public cut-off
   * empties the chain; a public action also freezes every earlier decision of another
   * side (that side has learned something since). Another side's private steps, which
   * nobody else knows of, never shorten anyone's chain (refusing an undo for them would
   * tell); a private step that taught its actor something locks the actor's own steps only.
   */
  advance(seq: number, side: string, payload: unknown, next: MatchState, isPrivate: boolean, cut: boolean, unshared = false): void {
    if (cut && !isPrivate) {
      this.chain = [];
    } else {
      if (!isPrivate) {
        let last = -1;
        this.chain.forEach((e, i) => {
          if (e.side !== side) last = i;
        });
        this.chain = this.chain.slice(last + 1);
      }
      if (cut) this.chain = this.chain.map((e) => (e.side === side ? withFields(e, { locked: true }) : e));
      this.chain.push({ seq, side, private: isPrivate, ...(unshared ? { unshared: true } : {}), payload, before: this.state, ...(cut ? { locked: true } : {}) });
    }
    this.state = next;
  }

  /** Whether `side` has a decision it may take back now. */
  canUndo(side: string): boolean {
    const mine = this.chain.filter((e) => e.side === side);
    return mine.length > 0 && !mine.at(-1)!.locked;
  }

  /**
   * What undoing `side`'s last decision gives: the state before it, with the later steps
   * of other sides still standing replayed on it (they are private, or they would have
   * frozen it). Null when there is nothing to take back.
   */
  planUndo(side: string): UndoPlan | null {
    let idx = -1;
    this.chain.forEach((e, i) => {
      if (e.side === side) idx = i;
    });
    if (idx < 0 || this.chain[idx]!.locked) return null;
    const target = this.chain[idx]!;
    let state = target.before;
    const chain = this.chain.slice(0, idx);
    for (const e of this.chain.slice(idx + 1)) {
      let next;
      try {
        next = step(this.game, state, e.side, e.payload).state;
      } catch (err) {
        if (err instanceof RuleError) return null;
        throw err;
      }
      chain.push(withFields(e, { before: state }));
      state = next;
    }
    return { target, state, chain };
  }

  commitUndo(plan: UndoPlan): void {
    this.state = plan.state;
    this.chain = plan.chain;
  }

  /**
   * Replays a stored row on the state and takes it in, with the flags it was stored with.
   * With `check` (a match file from outside), the action is checked against its prompt and
   * what the rules produce now is compared with what was stored (rolls, log, private flag),
   * each difference reported through `check`; without, the row is the store's own, checked
   * when it was planned, and is applied as it is (`applyChecked`).
   */
  replayRow(row: Row, check?: (problem: string) => void): void {
    switch (row.kind) {
      case 'action': {
        // Without a check the row is the store's own, checked against its prompt when it was planned.
        const out = check ? step(this.game, this.state, row.side, row.payload) : applyChecked(this.game, this.state, row.side, row.payload);
        if (check) {
          if (canonicalJson(out.rolls) !== canonicalJson(row.rolls)) {
            check(`seq ${row.seq}: the file logs the rolls ${describeRolls(row.rolls)}; the seed gives ${describeRolls(out.rolls)}`);
          }
          if (canonicalJson(out.log) !== canonicalJson(rulesLog(row.side, row.log))) check(`seq ${row.seq}: the logged entries differ from what the rules produce`);
          if (out.private !== row.private) check(`seq ${row.seq}: the private flag differs from what the rules produce`);
          if (out.unshared !== (row.unshared === true)) check(`seq ${row.seq}: the unshared flag differs from what the rules produce`);
          if (out.reveals && !row.reveals) check(`seq ${row.seq}: a step that reveals something is not marked as a cut-off`);
        }
        this.accept({ row, state: out.state, result: null });
        return;
      }
      case 'undo': {
        const target = (row.payload as { seq?: unknown } | null)?.seq;
        if (typeof target !== 'number') throw new RuleError(`seq ${row.seq}: an undo row without the seq it takes back`);
        if (!this.chain.some((e) => e.seq === target)) {
          if (target <= this.baseSeq) throw new NeedsEarlierBase(target);
          throw new RuleError(`seq ${row.seq}: the undo of seq ${target} is not allowed there`);
        }
        const plan = this.planUndo(row.side);
        if (!plan || plan.target.seq !== target) throw new RuleError(`seq ${row.seq}: the undo of seq ${target} is not allowed there`);
        if (check) {
          if (plan.target.private !== row.private) check(`seq ${row.seq}: the undo's private flag differs from the step it takes back`);
          if ((plan.target.unshared === true) !== (row.unshared === true)) check(`seq ${row.seq}: the undo's unshared flag differs from the step it takes back`);
          if (canonicalJson(undoLog(row.side, plan.target.private)) !== canonicalJson(row.log)) check(`seq ${row.seq}: the undo's log entry differs`);
        }
        this.accept({ row, state: plan.state, result: null, undo: plan });
        return;
      }
      case 'resign':
      case 'forfeit':
        if (check && canonicalJson(endLog(row.kind, row.side, endReasonOf(row))) !== canonicalJson(row.log)) check(`seq ${row.seq}: the ${row.kind} log entry differs`);
        this.accept({ row, state: this.state, result: null });
        return;
      default:
        throw new RuleError(`seq ${(row as Row).seq}: unknown row kind "${String((row as Row).kind)}"`);
    }
  }
}

function describeRolls(rolls: readonly Roll[]): string {
  return rolls.length ? rolls.map((r) => `${r.why} d${r.sides}=${r.value}`).join(', ') : 'none';
}

/**
 * Folds `rows` (ascending: all of the match's rows up to the wanted seq) from `base`, the
 * state after row `base.seq` (the set-up's state with seq 0, or a snapshot's): rows at or
 * before it are only counted, later ones replayed (and checked, with `check`). `seal`:
 * where the match's dice were sealed, applied when the fold passes that seq.
 */
export function fold(
  game: GameModule,
  setupLog: readonly LogEntry[],
  rows: readonly Row[],
  base: { seq: number; state: MatchState },
  check?: (problem: string) => void,
  seal?: Seal | null,
): Timeline {
  const tl = new Timeline(game, base.state, setupLog);
  tl.baseSeq = base.seq;
  for (const row of rows) {
    if (row.seq <= tl.baseSeq) {
      tl.hold(row);
      continue;
    }
    if (seal && tl.seq >= seal.seq) tl.seal(seal.dice);
    tl.replayRow(row, check);
  }
  if (seal && tl.seq >= seal.seq) tl.seal(seal.dice);
  return tl;
}
