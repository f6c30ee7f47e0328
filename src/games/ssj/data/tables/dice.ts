/** Dice and rounding shared by the tables. */

/** Throws unless `die` is a whole number 1–6. */
export function checkDie(die: number): void {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new RangeError(`die roll must be 1–6, got ${die}`);
}

/** Half of a group, fractions rounded up (out of supply, VI.G; the volcano, VI.I). */
export function halfRoundedUp(n: number): number {
  return Math.ceil(n / 2);
}
