import { jwtVerify, SignJWT } from "jose";
import { eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/mod.ts";
import { isAdminRights } from "../../openapi/enums.ts";

export const SESSION_COOKIE = "portal_session";
const ISSUER = "portal";

/** What every authenticated handler knows about the caller. */
export interface SessionUser {
  key: number;
  id: string;
  mail: string;
  firstName: string;
  lastName: string;
  companyId: number;
  companyName: string;
  teamId: number;
  teamName: string;
  rights: number;
  admin: boolean;
  sessionId: string;
}

export interface SessionKeys {
  /** The HMAC key, imported once: jose re-imports raw bytes on every call (twice the cost). */
  key: Promise<CryptoKey>;
}

export const sessionKeys = (secret: string): SessionKeys => ({
  key: crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  ),
});

/** Creates the session row and its signed token. */
export async function startSession(
  db: Db,
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
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setSubject(String(opts.userKey))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keys.key);
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
  rights: number;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Resolves a token to its user: the signature and expiry are checked by jose, then one indexed,
 * plan-cached query confirms the session is not revoked and the user is still active (so logout,
 * deactivation and rights changes take effect at once, on every instance).
 */
export async function resolveSession(
  database: Database,
  keys: SessionKeys,
  token: string,
): Promise<SessionUser | null> {
  let sid: unknown, sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, await keys.key, {
      issuer: ISSUER,
      algorithms: ["HS256"],
    });
    sid = payload.sid;
    sub = payload.sub;
  } catch {
    return null;
  }
  if (typeof sid !== "string" || !sub || !UUID.test(sid)) return null;
  const [row] = await database.prepare<SessionRow>("session_lookup", SESSION_LOOKUP)(sid);
  if (!row || String(row.key) !== sub) return null;
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
    sessionId: sid,
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
