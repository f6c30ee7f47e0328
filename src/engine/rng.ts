/**
 * The seeded random source. The generator is pure-rand's xoroshiro128+, whose whole
 * state (four 32-bit words) lives in the match state, so the same seed and the same
 * actions give the same rolls. Each roll made during one action is recorded, so the
 * roll log can be checked when a finished match is verified.
 */
import { createHash } from 'node:crypto';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export type RngState = readonly number[];

export interface Roll {
  /** What the roll was for, in words ("Magic", "volcano"). */
  why: string;
  sides: number;
  value: number;
}

/** The initial generator state of a named stream of a seed (sha256 of stream:seed, 128 bits). */
export function seedState(seed: string, stream: string): RngState {
  const h = createHash('sha256').update(`${stream}:${seed}`).digest();
  const words: number[] = [h.readInt32BE(0), h.readInt32BE(4), h.readInt32BE(8), h.readInt32BE(12)];
  if (!words.some((w) => w !== 0)) words[3] = 1; // xoroshiro's one forbidden state
  return words;
}

export class Rng {
  private gen: RandomGenerator;
  readonly rolls: Roll[] = [];

  constructor(state: RngState) {
    this.gen = xoroshiro128plusFromState(state);
  }

  /** An integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }

  /** A die with `sides` faces (1..sides), recorded under `why`. */
  roll(sides: number, why: string): number {
    const value = this.int(1, sides);
    this.rolls.push({ why, sides, value });
    return value;
  }

  d6(why: string): number {
    return this.roll(6, why);
  }

  /** A ten-sided die read 0–9 (Empire of the Sun), recorded under `why`. */
  d10(why: string): number {
    const value = this.int(0, 9);
    this.rolls.push({ why, sides: 10, value });
    return value;
  }

  /** A short opaque tag (letters and digits), for ids that must not reveal what they name. */
  tag(length = 8): string {
    const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
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
    return this.gen.getState().slice();
  }
}
