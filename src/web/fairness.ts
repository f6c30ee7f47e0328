/**
 * Dice nobody can choose, in the browser (docs/fairness.md): this seat's own random value
 * (crypto.getRandomValues), kept in localStorage per match and side, committed as its
 * sha256 when the seat is taken and revealed only once every seat is in — after this page
 * has seen, and kept, every other seat's commitment; and, once the match is over, the check
 * of the revealed seed and values against the hashes published while it ran (crypto.subtle).
 */
import type { StateBody } from '../protocol';

export interface SeatCommit {
  commitment: string;
  value: string;
}

const key = (matchId: string, side: string) => `ib.dice.${matchId}.${side}`;
/** Set once the value was sent to the server: a value revealed, then voided, is never committed again. */
const sentKey = (matchId: string, side: string) => `${key(matchId, side)}.sent`;
/** The other seats' commitments as this page saw them when it revealed its value. */
const sawKey = (matchId: string, side: string) => `${key(matchId, side)}.saw`;
const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex sha256 of a text's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function read(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}
function write(k: string, v: string | null): void {
  try {
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  } catch {
    /* storage disabled: the value still goes to the server, this browser just cannot check it later */
  }
}

/** The value this browser keeps for `side` of `matchId`, if any. */
export const keptValue = (matchId: string, side: string): string | null => read(key(matchId, side));

/** This seat's value (made once, then kept — a fresh one if the kept one was already sent) and its commitment. */
export async function seatCommit(matchId: string, side: string): Promise<SeatCommit> {
  let value = keptValue(matchId, side);
  if (!value || !/^[0-9a-f]{64}$/.test(value) || read(sentKey(matchId, side))) {
    value = hex(crypto.getRandomValues(new Uint8Array(32)));
    write(key(matchId, side), value);
    write(sentKey(matchId, side), null);
    write(sawKey(matchId, side), null);
  }
  return { commitment: await sha256Hex(value), value };
}

/** What a page needs to commit and reveal. */
export interface DiceCalls {
  commit(commitment: string): Promise<unknown>;
  reveal(value: string): Promise<unknown>;
}

const tending = new Set<string>();
const sentCommits = new Map<string, string>();

/**
 * What this page does with its seat's dice value as a body arrives, before the dice start:
 * commit a fresh value when its seat holds no commitment (its earlier one was voided by a
 * seat that left), and reveal its value once every seat is taken — keeping the other
 * seats' commitments it saw then, which the check at the end compares with.
 */
export async function tendDice(body: StateBody, calls: DiceCalls): Promise<void> {
  const mine = body.players[body.you];
  if (!mine?.claimed || body.dice?.sealed !== false || body.status === 'finished' || body.status === 'abandoned') return;
  const k = `${body.id}.${body.you}`;
  if (tending.has(k)) return;
  tending.add(k);
  try {
    if (!mine.commitment) {
      const { commitment } = await seatCommit(body.id, body.you);
      // Once per commitment: a server that does not take it is not asked again and again.
      if (sentCommits.get(k) === commitment) return;
      sentCommits.set(k, commitment);
      await calls.commit(commitment);
      return;
    }
    const value = keptValue(body.id, body.you);
    // Not this browser's commitment (another device took the seat), or already revealed.
    if (mine.revealed || !value || (await sha256Hex(value)) !== mine.commitment) return;
    if (!Object.values(body.players).every((p) => p.claimed)) return;
    const others = Object.fromEntries(Object.entries(body.players).flatMap(([s, p]) => (s === body.you ? [] : [[s, p.commitment ?? null]])));
    write(sawKey(body.id, body.you), JSON.stringify(others));
    write(sentKey(body.id, body.you), '1');
    await calls.reveal(value);
  } catch {
    /* the next body tries again */
  } finally {
    tending.delete(k);
  }
}

/** The other seats' commitments this browser saw when it revealed its value for `side`. */
function sawWhenRevealing(matchId: string, side: string): Record<string, string | null> {
  try {
    return JSON.parse(read(sawKey(matchId, side)) ?? '{}') as Record<string, string | null>;
  } catch {
    return {};
  }
}

/** What the match page shows of the dice once the match is over. */
export interface DiceCheck {
  ok: boolean;
  text: string;
}

/**
 * Checks an ended match's reveal: the seed against the seed hash (and against the one this
 * page first saw, `seenSeedHash`), each seat's value against its commitment, and this
 * browser's own kept value against the one revealed for its seat.
 */
export async function checkReveal(body: StateBody, seenSeedHash: string | null): Promise<DiceCheck> {
  if (!body.seed) return { ok: false, text: 'The seed is not revealed yet.' };
  const problems: string[] = [];
  if ((await sha256Hex(body.seed)) !== body.seedHash) problems.push('the seed does not match its published hash');
  if (seenSeedHash && seenSeedHash !== body.seedHash) problems.push('the seed hash is not the one this page saw while the match ran');
  const values = body.dice?.values ?? {};
  // No die was drawn (the match ended first): a seat's value made no dice, and it may never have been revealed (as src/verifier/file.ts reads it).
  // A die in the log this page holds would contradict the claim, whatever the dice block says.
  const noDice = body.dice?.version === 1 && !body.dice.sealed && (body.dice.sealedAfter ?? null) === null && !body.log.some((e) => e.data?.roll !== undefined);
  let own = 0;
  let unused = 0;
  for (const [side, p] of Object.entries(body.players)) {
    const v = values[side];
    if (noDice && p.by === 'seat' && !v) {
      unused++;
      continue;
    }
    if (p.by === 'seat') {
      own++;
      if (!v || !p.commitment || (await sha256Hex(v)) !== p.commitment) problems.push(`the ${side} value does not match its commitment`);
    }
    const mine = keptValue(body.id, side);
    if (mine && p.by === 'seat' && v !== mine) problems.push(`the ${side} value is not the one this browser sent`);
    // A commitment that changed after this browser revealed could have been chosen knowing its value.
    if (mine && p.by === 'seat') {
      for (const [other, saw] of Object.entries(sawWhenRevealing(body.id, side))) {
        if (saw !== (body.players[other]?.commitment ?? null)) problems.push(`the ${other} commitment is not the one this browser saw before revealing its own value`);
      }
    }
  }
  if (problems.length) return { ok: false, text: `Dice NOT verified: ${problems.join('; ')}.` };
  if (unused > 0 && own === 0)
    return { ok: true, text: 'Dice verified: the server seed matches its published hash; the match ended before any die was rolled, so no player value was used.' };
  const sides = Object.keys(body.players).length;
  if (body.dice?.version !== 1) return { ok: true, text: 'Dice verified: the server seed matches its published hash (a match from before players added their own values).' };
  if (own === sides) return { ok: true, text: "Dice verified: server and both players' values match their commitments." };
  return {
    ok: true,
    text: `Dice verified: the server seed and ${own === 0 ? 'no player value' : `${own} player value${own > 1 ? 's' : ''}`} match their commitments (${sides - own} seat${sides - own > 1 ? 's' : ''} brought no value of its own).`,
  };
}

const seenKey = (matchId: string) => `ib.seedHash.${matchId}`;

/** Keeps the first seed hash this browser saw for a match (a server that changed it later is caught by `checkReveal`). */
export function rememberSeedHash(matchId: string, seedHash: string): void {
  try {
    if (!localStorage.getItem(seenKey(matchId))) localStorage.setItem(seenKey(matchId), seedHash);
  } catch {
    /* storage disabled */
  }
}

export function seenSeedHash(matchId: string): string | null {
  try {
    return localStorage.getItem(seenKey(matchId));
  } catch {
    return null;
  }
}
