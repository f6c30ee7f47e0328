/**
 * The log entries and results that rows of the server's own kinds make (an undo, a
 * resignation, a forfeit): the same text whether the server appends the row or a fold
 * replays and checks it (timeline.ts), so each is written once, here.
 */
import type { GameModule, LogEntry, Result } from './types';

export const NOTHING_TO_UNDO =
  "There is nothing of yours to take back: undo reaches back only over your own decisions since anything was learned (a die roll, a revealed piece, the other side's move).";

/** The log entry of an undo: read by its actor alone when it takes back a private step. */
export function undoLog(side: string, isPrivate: boolean): LogEntry[] {
  return isPrivate
    ? [{ to: [side], text: 'You took back your last step.', data: { undo: true } }]
    : [{ to: 'public', text: `The ${side} player took back a decision.`, data: { undo: true, side } }];
}

/**
 * The log entry of a step a side's standing orders took (issue #41): the last of its row, to
 * that side alone, naming the rule. The rules do not make it, so a fold checking a row's log
 * (timeline.ts) sets it aside; the other side sees the step as it would a person's.
 */
export function orderLog(side: string, rule: string): LogEntry {
  return { to: [side], text: `By your standing order: ${rule}.`, data: { standingOrder: true } };
}

/** A row's log without its standing-order entry (see `orderLog`): what the rules made. */
export function rulesLog(side: string, log: readonly LogEntry[]): readonly LogEntry[] {
  const last = log.at(-1);
  const isOrder = last?.data?.standingOrder === true && Array.isArray(last.to) && last.to.length === 1 && last.to[0] === side;
  return isOrder ? log.slice(0, -1) : log;
}

/**
 * A log without the standing-order entries of sides other than `viewer`: once a match is over
 * everything the game hid is shown to all, but a side's orders are its player's own inputs,
 * not the game's (issue #41): the other side never reads them, during the match or after.
 */
export function withoutOthersOrders<E extends Pick<LogEntry, 'to' | 'data'>>(log: E[], viewer: string): E[] {
  return log.filter((e) => !(e.data?.standingOrder === true && Array.isArray(e.to) && !e.to.includes(viewer)));
}

/** Why a match was forfeited: the move deadline passed (the creator declared it), or the side's time bank ran out. */
export type EndReason = 'deadline' | 'time';

/** A forfeit row's reason (`payload.reason`; absent: the move deadline, as before time banks). */
export function endReasonOf(row: { payload?: unknown }): EndReason {
  return (row.payload as { reason?: unknown } | null)?.reason === 'time' ? 'time' : 'deadline';
}

/** The result of a resignation or of a forfeit (declared by the match's creator, or a time bank run out). */
export function endResult(game: GameModule, kind: 'resign' | 'forfeit', side: string, reason: EndReason = 'deadline'): Result {
  const others = game.sides.filter((s) => s !== side);
  const winner = others.length === 1 ? others[0]! : null;
  const how = kind === 'resign' ? 'resigned' : reason === 'time' ? 'ran out of time and forfeited the match' : 'forfeited the match (move deadline passed)';
  return { winner, text: `The ${side} player ${how}.${winner ? ` The ${winner} player wins.` : ''}` };
}

export function endLog(kind: 'resign' | 'forfeit', side: string, reason: EndReason = 'deadline'): LogEntry[] {
  if (kind === 'forfeit' && reason === 'time') {
    return [{ to: 'public', text: `The ${side} player ran out of time: the match is forfeited.`, data: { end: kind, side, reason } }];
  }
  return [
    { to: 'public', text: kind === 'resign' ? `The ${side} player resigned.` : `The ${side} player forfeited the match: the move deadline passed.`, data: { end: kind, side } },
  ];
}
