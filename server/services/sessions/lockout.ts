import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { loginAttempts } from "../../../db/schema/mod.ts";

/**
 * Login lockout, counted in the database so every instance sharing it enforces one limit.
 * - per username: `maxFailures` failed attempts since its last successful login, within the
 *   window, lock it until the oldest of those failures leaves the window;
 * - per address: `maxFailuresPerIp` failures within the window lock the address the same way.
 * Refused attempts are not recorded, so a lock always ends when its window has passed.
 */
export interface LockoutPolicy {
  maxFailures: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export interface Lock {
  scope: "username" | "address";
  limit: number;
  retryAt: Date;
}

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

async function lockFor(
  db: Db,
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

export async function checkLockout(
  db: Db,
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

export async function recordAttempt(db: Db, username: string, ip: string, succeeded: boolean) {
  await db.insert(loginAttempts).values({ username, ip, succeeded });
}
