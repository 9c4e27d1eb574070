/**
 * Batches the engine's results: a finished message waits at most BATCH_MS (or until BATCH_MAX
 * are waiting), then the batch is written with one update and one insert (queue.ts). Batches are
 * written one after another. A batch that cannot be written (twice) is logged and dropped: its
 * messages keep their claim, and when the lease ends they are due again (at least once).
 */
import type { Db } from "../../../db/client.ts";
import { type MessageResult, writeResults } from "./lease.ts";

const BATCH_MS = 50;
const BATCH_MAX = 200;
const RETRY_MS = 100;

export class ResultWriter {
  #pending: MessageResult[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Messages written since the last `takeCounts()`, and the last write error. */
  #written = 0;
  #error: unknown;

  constructor(
    private readonly db: Db,
    private readonly instance: string,
    /** Hears every written batch (the engine wakes itself for short retry delays). */
    private readonly onWritten: (batch: readonly MessageResult[]) => void = () => {},
  ) {}

  add(result: MessageResult): void {
    this.#pending.push(result);
    if (this.#pending.length >= BATCH_MAX) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** Writes what is waiting; resolves when every batch so far is written (or dropped). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending.splice(0);
    if (batch.length) this.#writing = this.#writing.then(() => this.#write(batch));
    return this.#writing;
  }

  /** What was written since the last call, and the error of a failed write meanwhile. */
  takeCounts(): { written: number; error: unknown } {
    const counts = { written: this.#written, error: this.#error };
    this.#written = 0;
    this.#error = undefined;
    return counts;
  }

  async #write(batch: MessageResult[]): Promise<void> {
    // Tried twice: a deadlock with a concurrent retransmit, say, aborts the first try whole.
    for (let attempt = 1;; attempt++) {
      try {
        this.#written += await writeResults(this.db, batch, this.instance);
      } catch (e) {
        if (attempt < 2) {
          await new Promise((r) => setTimeout(r, RETRY_MS));
          continue;
        }
        this.#error = e;
        console.error(
          `delivery: writing ${batch.length} results failed (their leases will expire):`,
          e,
        );
        return;
      }
      return this.onWritten(batch);
    }
  }

  /** Counts results written elsewhere (a held claim's: held.ts) and tells `onWritten`. */
  wrote(batch: readonly MessageResult[]): void {
    if (!batch.length) return;
    this.#written += batch.length;
    this.onWritten(batch);
  }
}
