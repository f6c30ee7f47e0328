/**
 * The seeded random source. The generator is pure-rand's xoroshiro128+, whose whole
 * state (four 32-bit words) lives in the match state, so the same seed and the same
 * actions give the same rolls. Each roll made during one action is recorded, so the
 * roll log can be checked when a finished match is verified.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { RuleError } from './errors';
import { hmacSha256Hex, sha256Bytes, sha256Hex } from './hash';

export type RngState = readonly number[];

/** Who may read a log entry or see a die: everyone, or the listed sides only (the referee reads all). */
export type Visibility = 'public' | readonly string[];

export interface Roll {
  /** What the roll was for, in words ("Magic", "volcano"). */
  why: string;
  sides: number;
  value: number;
  /**
   * Who sees the die itself (see docs/fog.md): the listed sides, or everyone when absent.
   * A secret roll names its audience where it is made; what its outcome later tells the
   * others is the game's own log and view.
   */
  to?: Visibility;
}

/** What a dice hook is told of a roll about to be recorded. */
export interface HookedRoll {
  /** The generator state this Rng started from, and the roll's index among its rolls: one roll of one step of one match. */
  start: RngState;
  index: number;
  why: string;
  sides: number;
  /** The value the seed gives. */
  value: number;
  to?: Visibility;
}

/**
 * A test-only hook that may replace a roll's value (the fog harness forces each other
 * value of a secret roll to build the worlds a viewer must not tell apart). The generator
 * advances as usual, so every later roll is the seed's own. Null outside those tests.
 */
export type DiceHook = (roll: HookedRoll) => number;
let diceHook: DiceHook | null = null;

/** Installs (or, with null, removes) the test-only dice hook. Never called by the server. */
export function setDiceHook(hook: DiceHook | null): void {
  diceHook = hook;
}

/** The initial generator state of a named stream of a seed (sha256 of stream:seed, 128 bits). */
export function seedState(seed: string, stream: string): RngState {
  const h = sha256Bytes(`${stream}:${seed}`);
  const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
  const words: number[] = [view.getInt32(0), view.getInt32(4), view.getInt32(8), view.getInt32(12)];
  if (!words.some((w) => w !== 0)) words[3] = 1; // xoroshiro's one forbidden state
  return words;
}

/**
 * The dice of a match that has not been sealed yet: no die can be rolled from it (see
 * `diceSeed`). A match's dice are sealed once every seat has committed its own value and
 * revealed it to the server.
 */
export const UNSEALED: RngState = Object.freeze([]) as RngState;

export const isSealed = (state: RngState): boolean => state.length > 0;

/** A die was wanted before the dice were sealed: refused, nothing changes. */
export class DiceNotSealed extends RuleError {
  constructor() {
    super('No die can be rolled yet: the dice start once every seat has committed its own random value and revealed it to the server.', 'dice-not-sealed');
  }
}

/** A seat's random value, as a seat's client makes it: 32 bytes in lowercase hex. */
export const SEAT_VALUE = /^[0-9a-f]{64}$/;

/** A seat's commitment to its value: the hex sha256 of the value's text (`printf %s VALUE | sha256sum`). */
export const commitmentOf = (value: string): string => sha256Hex(value);

/**
 * The seed the dice start from: HMAC-SHA256 keyed by the server's seed over every
 * contributing seat's value, in the game's order of sides ("ironbottom dice v1", then
 * one line `side:value` a seat). The server fixed its seed (published as its hash) before
 * any seat's value existed, and each seat committed its value before any value was
 * revealed, so no one party's choice can aim the dice. With no seat value (matches from
 * before, and the rule tests) the dice start from the server's seed alone.
 */
export function diceSeed(serverSeed: string, values: readonly (readonly [side: string, value: string])[]): string {
  if (values.length === 0) return serverSeed;
  return hmacSha256Hex(serverSeed, ['ironbottom dice v1', ...values.map(([side, value]) => `${side}:${value}`)].join('\n'));
}

/** The dice's initial generator state from the server's seed and the seats' values (see `diceSeed`). */
export const diceState = (serverSeed: string, values: readonly (readonly [string, string])[]): RngState => seedState(diceSeed(serverSeed, values), 'dice');

/** The letters of a tag (`Rng.tag`): 32 of them, none easily taken for another (no l, o, 0, 1). */
const TAG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TAG_CODES: readonly number[] = Array.from(TAG_ALPHABET, (c) => c.charCodeAt(0));
/** Each letter's rank among the alphabet's letters in code order (digits before letters): a tag read as 8 such ranks sorts as its text does. */
const TEXT_RANK: readonly number[] = TAG_CODES.map((code) => TAG_CODES.filter((other) => other < code).length);
/** The same ranks by character code (-1: not a letter of the alphabet), to read a tag's text back (`tagTextNumber`). */
const RANK_OF_CODE: Int8Array = (() => {
  const r = new Int8Array(128).fill(-1);
  TAG_CODES.forEach((code, i) => (r[code] = TEXT_RANK[i]!));
  return r;
})();

/**
 * A tag's number that sorts as its text does, as `distinctTags` hands it over with the tag (8 letters
 * of 5 bits, first letter highest), read back from the text; -1 for a text that is not 8 letters of
 * the alphabet (a tag made by hand).
 */
export function tagTextNumber(tag: string): number {
  if (tag.length !== 8) return -1;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = tag.charCodeAt(i);
    const r = c < 128 ? RANK_OF_CODE[c]! : -1;
    if (r < 0) return -1;
    n = n * 32 + r;
  }
  return n;
}

export class Rng {
  /** Null while unsealed (see UNSEALED): any draw throws DiceNotSealed. */
  private gen: RandomGenerator | null;
  private readonly start: RngState;
  readonly rolls: Roll[] = [];

  constructor(state: RngState) {
    this.start = state;
    this.gen = isSealed(state) ? xoroshiro128plusFromState(state) : null;
  }

  /** An integer in [from, to], both included. */
  int(from: number, to: number): number {
    if (!this.gen) throw new DiceNotSealed();
    return uniformInt(this.gen, from, to);
  }

  /** A die with `sides` faces (1..sides), recorded under `why`; `to`: who sees it, when not everyone. */
  roll(sides: number, why: string, to?: Visibility): number {
    return this.record(why, sides, this.int(1, sides), to);
  }

  d6(why: string, to?: Visibility): number {
    return this.roll(6, why, to);
  }

  /** A ten-sided die read 0–9 (Empire of the Sun), recorded under `why`. */
  d10(why: string, to?: Visibility): number {
    return this.record(why, 10, this.int(0, 9), to);
  }

  private record(why: string, sides: number, natural: number, to: Visibility | undefined): number {
    const value = diceHook ? diceHook({ start: this.start, index: this.rolls.length, why, sides, value: natural, ...(to ? { to } : {}) }) : natural;
    this.rolls.push(to ? { why, sides, value, to: Array.isArray(to) ? [...to] : to } : { why, sides, value });
    return value;
  }

  /** A short opaque tag (letters and digits), for ids that must not reveal what they name. */
  tag(length = 8): string {
    let out = '';
    for (let i = 0; i < length; i++) out += TAG_ALPHABET[this.int(0, TAG_ALPHABET.length - 1)];
    return out;
  }

  /**
   * `count` different tags of eight letters: each drawn as `tag(8)` draws it, and drawn again while it
   * equals one drawn before, so the same draws give the same tags as a loop of `tag(8)` with a set of
   * the tags so far. Each tag's letters are kept as one number (8 × 5 bits, exact in a double) in an
   * open-addressed table to find a repeat, and its text is made once: a turn's 284 tags (SSJ) spent
   * about half their time growing strings a letter at a time and hashing them into a set.
   *
   * `textOrder`, when given, receives each tag's number that sorts as its text does (its letters'
   * `TEXT_RANK`s, 5 bits each, first letter highest): a caller that sorts the tags sorts these
   * numbers without reading the strings back.
   */
  distinctTags(count: number, textOrder?: Float64Array): string[] {
    const gen = this.gen;
    if (!gen) throw new DiceNotSealed();
    // A letter as `int(0, 31)` draws it: pure-rand's uniformInt over 32 values, which never draws
    // again (32 divides 2^32), is the generator's next 32 bits made unsigned, modulo 32. Here and
    // not through `int`: eight calls of it a tag were not inlined, and were half this loop's time.
    const letter = () => (gen.next() + 2147483648) % 32;
    const out = new Array<string>(count);
    const size = 1 << (32 - Math.clz32(count * 2 + 1)); // a power of two over twice `count`: short probes
    const seen = new Float64Array(size).fill(-1);
    const c = new Uint8Array(8);
    for (let n = 0; n < count;) {
      let key = 0;
      for (let i = 0; i < 8; i++) key = key * 32 + (c[i] = letter());
      let h = key & (size - 1);
      while (seen[h] !== -1 && seen[h] !== key) h = (h + 1) & (size - 1);
      if (seen[h] === key) continue; // drawn before: draw it again
      seen[h] = key;
      if (textOrder) {
        let t = 0;
        for (let i = 0; i < 8; i++) t = t * 32 + TEXT_RANK[c[i]!]!;
        textOrder[n] = t;
      }
      const code = TAG_CODES;
      out[n++] = String.fromCharCode(code[c[0]!]!, code[c[1]!]!, code[c[2]!]!, code[c[3]!]!, code[c[4]!]!, code[c[5]!]!, code[c[6]!]!, code[c[7]!]!);
    }
    return out;
  }

  /** A Fisher–Yates shuffle of a copy of `items`. */
  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }

  state(): RngState {
    return this.gen ? this.gen.getState().slice() : UNSEALED;
  }
}
