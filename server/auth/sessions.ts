/**
 * Resolving a request's token to its user, with a short per-instance cache
 * (docs/decisions/0009-resource-recipe.md, "Sessions"). A token is checked fully (signature and
 * expiry by jose, then the `sessions` row, its user and team in one prepared query) at most once
 * per SESSION_RECHECK_SECONDS on an instance; in between, the same token resolves from memory.
 * Logout, deactivation and password resets end a session at once on the instance that handled
 * them (it forgets its cache), and on every other instance as soon as the database's
 * `session.ended` event reaches it (forgetUsers; within SESSION_RECHECK_SECONDS at the latest).
 */
import type { Database } from "../../db/client.ts";
import type { Rights } from "../../openapi/enums.ts";
import { type SessionKeys, verifyToken } from "./token.ts";
import { findSessionUser } from "../services/users/session/store.ts";

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
  rights: Rights;
  admin: boolean;
  sessionId: string;
}

interface Entry {
  user: Promise<SessionUser | null>;
  /** When the entry must be checked against the database again (ms since the epoch). */
  until: number;
  /** The user's key, once the check has answered. */
  userKey?: number;
}

/** At most this many tokens are remembered; the oldest go first. */
const MAX_ENTRIES = 10_000;

export class Sessions {
  private readonly entries = new Map<string, Entry>();
  private readonly recheckMs: number;

  constructor(
    private readonly database: Database,
    private readonly keys: SessionKeys,
    recheckSeconds: number,
  ) {
    this.recheckMs = recheckSeconds * 1000;
  }

  /** The token's user, or null when the token or its session is not (or no longer) good. */
  resolve(token: string): Promise<SessionUser | null> {
    const now = Date.now();
    const cached = this.entries.get(token);
    if (cached && cached.until > now) return cached.user;
    if (cached) this.entries.delete(token);
    const user = this.check(token);
    if (this.recheckMs > 0) {
      // Concurrent requests with the same token share one check.
      const entry: Entry = { user, until: now + this.recheckMs };
      this.entries.set(token, entry);
      if (this.entries.size > MAX_ENTRIES) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      // Failures are not remembered: a bad token is checked again next time.
      user.then((u) => {
        if (u) entry.userKey = u.key;
        else if (this.entries.get(token) === entry) this.entries.delete(token);
      }, () => this.entries.get(token) === entry && this.entries.delete(token));
    }
    return user;
  }

  private async check(token: string): Promise<SessionUser | null> {
    const claims = await verifyToken(this.keys, token);
    if (!claims) return null;
    const user = await findSessionUser(this.database, claims.sessionId, claims.userKey);
    const entry = this.entries.get(token);
    // Never remembered past the token's own expiry.
    if (entry && entry.until > claims.expiresAtMs) entry.until = claims.expiresAtMs;
    return user;
  }

  /** The token's user as the database says now (a stream asks when its session may have ended). */
  recheck(token: string): Promise<SessionUser | null> {
    this.entries.delete(token);
    return this.resolve(token);
  }

  /** Forgets one token (its session's logout on this instance). */
  forget(token: string) {
    this.entries.delete(token);
  }

  /**
   * Forgets the cached sessions of these users (their sessions ended or changed, on any instance:
   * server/services/events/hub.ts), and those still being checked.
   */
  forgetUsers(userKeys: ReadonlySet<number>) {
    for (const [token, entry] of this.entries) {
      if (entry.userKey === undefined || userKeys.has(entry.userKey)) this.entries.delete(token);
    }
  }

  /** Forgets every cached session: users, teams or companies changed on this instance. */
  clear() {
    this.entries.clear();
  }
}
