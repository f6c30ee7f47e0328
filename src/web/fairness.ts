/**
 * Dice nobody can choose, in the browser (docs/fairness.md): this seat's own random value
 * (crypto.getRandomValues), kept in localStorage per match and side and committed as its
 * sha256 when the seat is taken; and, once the match is over, the check of the revealed
 * seed and values against the hashes published while it ran (crypto.subtle).
 */
import type { StateBody } from '../protocol';

export interface SeatCommit {
  commitment: string;
  value: string;
}

const key = (matchId: string, side: string) => `ib.dice.${matchId}.${side}`;
const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex sha256 of a text's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The value this browser keeps for `side` of `matchId`, if any. */
export function keptValue(matchId: string, side: string): string | null {
  try {
    return localStorage.getItem(key(matchId, side));
  } catch {
    return null;
  }
}

/** This seat's value (made once, then kept) and its commitment. */
export async function seatCommit(matchId: string, side: string): Promise<SeatCommit> {
  let value = keptValue(matchId, side);
  if (!value || !/^[0-9a-f]{64}$/.test(value)) {
    value = hex(crypto.getRandomValues(new Uint8Array(32)));
    try {
      localStorage.setItem(key(matchId, side), value);
    } catch {
      /* storage disabled: the value still goes to the server, this browser just cannot check it later */
    }
  }
  return { commitment: await sha256Hex(value), value };
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
  let own = 0;
  for (const [side, p] of Object.entries(body.players)) {
    const v = values[side];
    if (p.by === 'seat') {
      own++;
      if (!v || !p.commitment || (await sha256Hex(v)) !== p.commitment) problems.push(`the ${side} value does not match its commitment`);
    }
    const mine = keptValue(body.id, side);
    if (mine && p.by === 'seat' && v !== mine) problems.push(`the ${side} value is not the one this browser sent`);
  }
  if (problems.length) return { ok: false, text: `Dice NOT verified: ${problems.join('; ')}.` };
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
