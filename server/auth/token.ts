/**
 * Session tokens: a JWT (HS256, signed with SESSION_SECRET by jose) whose `sid` names a row of
 * `sessions` and whose `sub` is the user's key (docs/security.md).
 */
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "portal";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** A signed token for session `sessionId` of user `userKey`, expiring at `expiresAt`. */
export async function signToken(
  keys: SessionKeys,
  claims: { sessionId: string; userKey: number; expiresAt: Date },
): Promise<string> {
  return await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setSubject(String(claims.userKey))
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await keys.key);
}

/** The claims of a token whose signature and expiry are good, else null. */
export async function verifyToken(
  keys: SessionKeys,
  token: string,
): Promise<{ sessionId: string; userKey: string; expiresAtMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await keys.key, {
      issuer: ISSUER,
      algorithms: ["HS256"],
    });
    const { sid, sub, exp } = payload;
    if (typeof sid !== "string" || !sub || !UUID.test(sid) || !exp) return null;
    return { sessionId: sid, userKey: sub, expiresAtMs: exp * 1000 };
  } catch {
    return null;
  }
}

/** The bearer token, else the session cookie. */
export function sessionToken(authorization: string | undefined, cookie: string | undefined) {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : cookie;
}
