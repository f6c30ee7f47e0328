/**
 * Group commit of the hot path (issue #13): appends of different matches that arrive while the
 * database is busy go to it together, as one statement (append-sql.ts `batchStatement`), so a
 * busy server pays one round trip, one commit and one flush of the log for many actions
 * instead of one each. Nothing is acknowledged before its statement has committed: each
 * append's promise settles only then.
 *
 * - At most `inFlight` statements run at once; appends that come meanwhile wait and go in
 *   the next one (up to `maxBatch`). With nothing in flight an append waits only for the end
 *   of its tick (`setImmediate`), so that the appends of one tick go together.
 * - A statement of several appends is all or nothing: if it fails (a (match, seq) key taken
 *   by another process, a bad value), its appends are run again one by one, so each gets its
 *   own answer — `SeqTaken` for the one whose key was taken, success for the others.
 * - A match's appends are serial (its lane waits for each), so one batch never holds two of
 *   one match.
 */
import type { Append } from './append-sql';
import { withFields } from '../engine/objects';

interface Waiting extends Append {
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class AppendBatch {
  private waiting: Waiting[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * `runMany`: writes several appends in one statement; `runOne`: writes one (and throws
   * its own error, SeqTaken included).
   */
  constructor(
    private readonly runMany: (appends: readonly Append[]) => Promise<void>,
    private readonly runOne: (append: Append) => Promise<void>,
    private readonly inFlight = 2,
    private readonly maxBatch = 100,
  ) {}

  append(a: Append): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push(withFields(a, { resolve, reject }));
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.inFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.running++;
      void this.write(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      try {
        await this.runMany(batch);
        for (const w of batch) w.resolve();
        return;
      } catch {
        // All or nothing: nothing of the batch was written. Each goes again alone, for its own answer.
      }
    }
    await Promise.all(
      batch.map((w) =>
        this.runOne(w).then(
          () => w.resolve(),
          (e: unknown) => w.reject(e),
        ),
      ),
    );
  }
}
