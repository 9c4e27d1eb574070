import { and, desc, eq, gt, sql } from "drizzle-orm";
import { lockedMessage } from "../../../../openapi/schemas/messages.ts";
import type { Db, Tx } from "../../../../db/client.ts";
import { loginAttempts } from "../../../../db/schema/mod.ts";
import type { Config } from "../../../config.ts";
import { ApiError } from "../../../errors.ts";

/**
 * Login lockout, counted in the database so every instance sharing it enforces one limit.
 * - per username: `maxFailures` failed attempts since its last successful login, within the
 *   window, lock it until the oldest of those failures leaves the window;
 * - per address: `maxFailuresPerIp` failures within the window lock the address the same way.
 * Refused attempts are not recorded, so a lock always ends when its window has passed.
 *
 * An attempt is admitted before its password is checked: under transaction-level advisory locks
 * on the username and the address, the lock is checked and the attempt recorded as a failure in
 * one transaction; a right password then turns it into a success. Attempts in flight therefore
 * count, and however many arrive at once on however many instances, at most the limit of
 * passwords is ever evaluated before the lock.
 */
interface LockoutPolicy {
  maxFailures: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export interface Lock {
  scope: "username" | "address";
  limit: number;
  retryAt: Date;
}

/** An admitted attempt: settle it with its outcome. */
interface Admitted {
  attemptId: number;
}

const lockoutPolicy = (config: Config): LockoutPolicy => ({
  maxFailures: config.LOGIN_MAX_FAILURES,
  maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
  windowSeconds: config.LOGIN_LOCK_MINUTES * 60,
});

const isLock = (r: Lock | Admitted): r is Lock => "retryAt" in r;

/** The 429 of a lock: one message for every attempt while it lasts, and when to retry. */
function lockedError(lock: Lock): ApiError {
  const retryAfter = Math.max(1, Math.ceil((lock.retryAt.getTime() - Date.now()) / 1000));
  return new ApiError(
    429,
    lockedMessage(lock.scope, lock.limit),
    { limit: lock.limit, retryAt: lock.retryAt.toISOString(), retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

/** Namespaces of the advisory locks (the second key is the hash of the username or address). */
const USERNAME_LOCK = 7_271_010;
const ADDRESS_LOCK = 7_271_011;

async function lockFor(
  db: Db | Tx,
  scope: Lock["scope"],
  filter: ReturnType<typeof and>,
  limit: number,
  windowSeconds: number,
): Promise<Lock | null> {
  const rows = await db.select({ at: loginAttempts.attemptedAt }).from(loginAttempts)
    .where(filter).orderBy(desc(loginAttempts.attemptedAt)).limit(limit);
  if (rows.length < limit) return null;
  const retryAt = new Date(rows[limit - 1].at.getTime() + windowSeconds * 1000);
  return retryAt > new Date() ? { scope, limit, retryAt } : null;
}

async function checkLockout(
  db: Db | Tx,
  policy: LockoutPolicy,
  username: string,
  ip: string,
): Promise<Lock | null> {
  const since = new Date(Date.now() - policy.windowSeconds * 1000);
  // Failures of this username after its last success (a success resets the count).
  const lastSuccess = sql`coalesce((select max(${loginAttempts.attemptedAt}) from ${loginAttempts}
    where ${loginAttempts.username} = ${username} and ${loginAttempts.succeeded}), '-infinity')`;
  return await lockFor(
    db,
    "username",
    and(
      eq(loginAttempts.username, username),
      eq(loginAttempts.succeeded, false),
      gt(loginAttempts.attemptedAt, since),
      gt(loginAttempts.attemptedAt, lastSuccess),
    ),
    policy.maxFailures,
    policy.windowSeconds,
  ) ?? await lockFor(
    db,
    "address",
    and(
      eq(loginAttempts.ip, ip),
      eq(loginAttempts.succeeded, false),
      gt(loginAttempts.attemptedAt, since),
    ),
    policy.maxFailuresPerIp,
    policy.windowSeconds,
  );
}

/**
 * The lock on this username or address, or the attempt admitted (recorded as a failure until
 * settled). Locks are taken username first, then address, by every instance: no deadlock.
 */
function admitAttempt(
  db: Db,
  policy: LockoutPolicy,
  username: string,
  ip: string,
): Promise<Lock | Admitted> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${USERNAME_LOCK}, hashtext(${username})),
        pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`,
    );
    const lock = await checkLockout(tx, policy, username, ip);
    if (lock) return lock;
    const [row] = await tx.insert(loginAttempts).values({ username, ip, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { attemptId: row.id };
  });
}

/**
 * An attempt for `username` (normalized) from `ip`, admitted under the configured policy: throws
 * the lock's 429 instead. Settle a right password with settleSuccess.
 */
export async function admitOrThrow(
  deps: { db: Db; config: Config },
  username: string,
  ip: string,
): Promise<Admitted> {
  const admitted = await admitAttempt(deps.db, lockoutPolicy(deps.config), username, ip);
  if (isLock(admitted)) throw lockedError(admitted);
  return admitted;
}

/** Records a right password: the admitted attempt becomes a success (resetting the count). */
export async function settleSuccess(db: Db, attempt: Admitted) {
  await db.update(loginAttempts).set({ succeeded: true })
    .where(eq(loginAttempts.id, attempt.attemptId));
}
