/** A fixed-window counter per key (chat, socket events): `take` is false once a key has used its window's share. */
export class WindowLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private sweeps = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private now: () => number = () => Date.now(),
  ) {}

  take(key: string): boolean {
    const t = this.now();
    if (++this.sweeps >= 1000) this.sweep(t);
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      this.windows.set(key, { start: t, count: 1 });
      return this.max > 0;
    }
    w.count++;
    return w.count <= this.max;
  }

  private sweep(t: number): void {
    this.sweeps = 0;
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
