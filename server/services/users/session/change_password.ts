/**
 * POST /rest/users/changePassword: the signed-in user's new password. The current one is checked
 * under the sign-in lockout (a stolen session cannot guess it faster than a login could), and
 * every other session of the user ends; the one that changed it goes on.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { users } from "../../../../db/schema/mod.ts";
import type { Config } from "../../../config.ts";
import type { PasswordPool } from "../../../auth/password_pool.ts";
import type { SessionUser } from "../../../auth/sessions.ts";
import { validationError } from "../../../errors.ts";
import {
  ACCOUNT_MESSAGES,
  type ChangePassword,
} from "../../../../openapi/schemas/users/account.ts";
import { admitOrThrow, normalizeUsername, settleSuccess } from "./lockout.ts";
import { revokeUserSessions } from "./store.ts";
import { actorOf, setAuditContext, trailed } from "../../audit/record.ts";

/** Answers how many other sessions ended. */
export async function changeOwnPassword(
  deps: { db: Db; config: Config; passwords: PasswordPool },
  user: SessionUser,
  input: ChangePassword,
  ip: string,
): Promise<number> {
  const { db } = deps;
  // The pool's place first (503 when full), so a refused change counts as no failed login.
  const passwordHash = await deps.passwords.with(async (slot) => {
    const admitted = await admitOrThrow(deps, normalizeUsername(user.id), ip);
    const [row] = await db.select({ hash: users.passwordHash }).from(users)
      .where(eq(users.key, user.key));
    if (!await slot.verify(input.currentPassword, row?.hash)) {
      throw validationError([{
        path: ["currentPassword"],
        message: ACCOUNT_MESSAGES.currentWrong,
      }]);
    }
    await settleSuccess(db, admitted);
    // Derived before the transaction: it takes a while, and holds no lock meanwhile.
    return await slot.hash(input.newPassword);
  });
  return await db.transaction(async (tx) => {
    await setAuditContext(tx, trailed(deps.config, actorOf(user, ip, "usersChangePassword")));
    await tx.update(users).set({
      passwordHash,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    })
      .where(eq(users.key, user.key));
    return await revokeUserSessions(tx, user.key, user.sessionId);
  });
}
