/**
 * Retrying a transaction PostgreSQL gave up on to keep rows consistent: a deadlock (40P01) or a
 * serialization failure (40001) rolled the whole transaction back, so running it again is safe.
 * After the last attempt the error goes on; the API answers it 503 "The database was busy;
 * please retry" (server/errors.ts), never 500.
 */
import { databaseFailure } from "../../errors.ts";

/** SQLSTATEs of a transaction the database rolled back and that may simply run again. */
const RETRYABLE_SQLSTATES = ["40P01", "40001"];

/** Whether `err` is a deadlock or serialization failure. */
const isRetryable = (err: unknown) =>
  RETRYABLE_SQLSTATES.includes(databaseFailure(err)?.code ?? "");

/**
 * Runs `work` (one whole transaction) again when the database rolled it back for a deadlock or
 * a serialization failure, up to `attempts` times in all, after a short random pause.
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (attempt >= attempts || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
