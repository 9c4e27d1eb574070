import { jwtVerify, SignJWT } from "jose";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, sessions, teams, users } from "../../db/schema/mod.ts";
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
  secret: Uint8Array;
}

export const sessionKeys = (secret: string): SessionKeys => ({
  secret: new TextEncoder().encode(secret),
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
    .sign(keys.secret);
  return { token, sessionId, expiresAt };
}

/**
 * Resolves a token to its user: the signature and expiry are checked by jose, then one indexed
 * query confirms the session is not revoked and the user is still active (so logout, deactivation
 * and rights changes take effect at once, on every instance).
 */
export async function resolveSession(
  db: Db,
  keys: SessionKeys,
  token: string,
): Promise<SessionUser | null> {
  let sid: unknown, sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      issuer: ISSUER,
      algorithms: ["HS256"],
    });
    sid = payload.sid;
    sub = payload.sub;
  } catch {
    return null;
  }
  if (typeof sid !== "string" || !sub || !/^[0-9a-f-]{36}$/.test(sid)) return null;
  const [row] = await db
    .select({
      key: users.key,
      id: users.id,
      mail: users.mail,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: users.companyId,
      companyName: companies.name,
      teamId: users.teamId,
      teamName: teams.name,
      rights: teams.rights,
    })
    .from(sessions)
    .innerJoin(users, eq(users.key, sessions.userKey))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(
      eq(sessions.id, sid),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date()),
      eq(users.active, true),
    ))
    .limit(1);
  if (!row || String(row.key) !== sub) return null;
  return { ...row, admin: isAdminRights(row.rights), sessionId: sid };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
