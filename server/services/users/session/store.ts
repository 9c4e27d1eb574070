/** The `sessions` rows: starting one (with its token), finding one per request, ending them. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../../../db/client.ts";
import { sessions } from "../../../../db/schema/mod.ts";
import { isAdminRights, type Rights } from "../../../../openapi/enums.ts";
import { type SessionKeys, signToken } from "../../../auth/token.ts";
import type { SessionUser } from "../../../auth/sessions.ts";
import { neIf } from "../../sql_filters.ts";

/** Creates the session row and its signed token. */
export async function createSession(
  db: Db | Tx,
  keys: SessionKeys,
  opts: { userKey: number; remember: boolean; lifetimeSeconds: number; ip: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + opts.lifetimeSeconds * 1000);
  await db.insert(sessions).values({
    id: sessionId,
    userKey: opts.userKey,
    remember: opts.remember,
    expiresAt,
    ip: opts.ip,
  });
  const token = await signToken(keys, { sessionId, userKey: opts.userKey, expiresAt });
  return { token, sessionId, expiresAt };
}

interface SessionRow {
  key: number;
  id: string;
  mail: string;
  first_name: string;
  last_name: string;
  company_id: number;
  company_name: string;
  team_id: number;
  team_name: string;
  rights: Rights;
}

/** The per-request lookup: runs as a prepared statement (see Database.prepare). */
const SESSION_LOOKUP = `select u.key, u.id, u.mail, u.first_name, u.last_name, u.company_id,
    c.name as company_name, u.team_id, t.name as team_name, t.rights
  from sessions s
  join users u on u.key = s.user_key
  join teams t on t.id = u.team_id
  join companies c on c.id = u.company_id
  where s.id = $1 and s.revoked_at is null and s.expires_at > now() and u.active
  limit 1`;

/**
 * The user of a live session: not revoked, not expired, the user still active. Null otherwise,
 * or when the session is not the user's `userKey` says.
 */
export async function findSessionUser(
  database: Database,
  sessionId: string,
  userKey: string,
): Promise<SessionUser | null> {
  const [row] = await database.prepare<SessionRow>("session_lookup", SESSION_LOOKUP)(sessionId);
  if (!row || String(row.key) !== userKey) return null;
  return {
    key: row.key,
    id: row.id,
    mail: row.mail,
    firstName: row.first_name,
    lastName: row.last_name,
    companyId: row.company_id,
    companyName: row.company_name,
    teamId: row.team_id,
    teamName: row.team_name,
    rights: row.rights,
    admin: isAdminRights(row.rights),
    sessionId,
  };
}

/** Ends one session (logout). */
export async function revokeSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user (logout everywhere: deactivation, password reset), or every one
 * but `exceptSessionId` (a changed password: the session that changed it goes on). Answers how
 * many ended.
 */
export async function revokeUserSessions(
  db: Db,
  userKey: number,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(
    eq(sessions.userKey, userKey),
    isNull(sessions.revokedAt),
    neIf(sessions.id, exceptSessionId),
  )).returning({ id: sessions.id });
  return ended.length;
}
