import { lt, or } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import {
  loginAttempts,
  passwordResets,
  sessions,
  uploadChunks,
} from "../../../../db/schema/mod.ts";
import { pruneAudit } from "../../audit/retention.ts";

const DAY_MS = 86_400_000;
/** Ended sessions stay a week (to answer "when did I last sign in" questions), then go. */
const SESSION_RETENTION_DAYS = 7;

/**
 * Deletes sessions that expired or were revoked more than a week ago, and login attempts older
 * than the lockout window (and at least a day, for audits), chunks of uploads abandoned more
 * than a day ago, and set-password links that expired more than a week ago (used or not, they
 * no longer work; the week keeps them for "who reset this account" questions). Idempotent: any
 * number of instances may run it at once.
 */
export async function pruneAuthState(db: Db, lockWindowMinutes: number, now = new Date()) {
  const sessionCutoff = new Date(now.getTime() - SESSION_RETENTION_DAYS * DAY_MS);
  const attemptCutoff = new Date(now.getTime() - Math.max(lockWindowMinutes * 60_000, DAY_MS));
  const endedSessions = await db.delete(sessions)
    .where(or(lt(sessions.expiresAt, sessionCutoff), lt(sessions.revokedAt, sessionCutoff)))
    .returning({ id: sessions.id });
  const oldAttempts = await db.delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, attemptCutoff))
    .returning({ id: loginAttempts.id });
  const abandonedChunks = await db.delete(uploadChunks)
    .where(lt(uploadChunks.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ index: uploadChunks.index });
  const oldResets = await db.delete(passwordResets)
    .where(lt(passwordResets.expiresAt, sessionCutoff))
    .returning({ id: passwordResets.id });
  return {
    sessions: endedSessions.length,
    passwordResets: oldResets.length,
    loginAttempts: oldAttempts.length,
    uploadChunks: abandonedChunks.length,
  };
}

/** Prunes now and every hour, the audit trail too; the timer does not keep the process alive. */
export function schedulePruning(
  db: Db,
  lockWindowMinutes: number,
  auditRetentionDays: number,
): () => void {
  const run = () =>
    Promise.all([pruneAuthState(db, lockWindowMinutes), pruneAudit(db, auditRetentionDays)])
      .catch((e) => console.error("[housekeeping]", e));
  run();
  const timer = setInterval(run, 3_600_000);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
