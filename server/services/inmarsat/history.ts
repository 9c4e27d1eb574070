/**
 * Messaging C's recipient history (the autocomplete of the recipient field): the mtls a user sent
 * to, most recent first, only those the user can still reach; and the Messaging C access rule.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { mtls, recipientHistory, terminals, users } from "../../../db/schema/mod.ts";
import { RECIPIENT_HISTORY_MAX } from "../../../openapi/enums.ts";
import {
  isMiniC,
  MESSAGING_C_MESSAGES as M,
  type Recipient,
} from "../../../openapi/schemas/inmarsat/messaging_c.ts";
import { ApiError } from "../../errors.ts";
import type { Scope } from "../tenancy.ts";
import { findMtl, mtlNotFound, mtlRows } from "../mtls/read.ts";
import { eqIf } from "../sql_filters.ts";

/**
 * Messaging C is for administrators and for users given Messaging C access (users.messagingCAccess);
 * anyone else is answered 403 'Messaging C access required'.
 */
export async function requireMessagingC(db: Db, user: { key: number; admin: boolean }) {
  if (user.admin) return;
  const [row] = await db.select({ access: users.messagingCAccess }).from(users)
    .where(eq(users.key, user.key));
  if (!row?.access) throw new ApiError(403, M.noAccess);
}

/** Whether the user may use Messaging C (the page shows a notice otherwise). */
export async function hasMessagingC(db: Db, user: { key: number; admin: boolean }) {
  try {
    await requireMessagingC(db, user);
    return true;
  } catch {
    return false;
  }
}

/** Records that `userKey` sent to each of `imns` now (newest first in the history). */
export async function rememberRecipients(db: Db | Tx, userKey: number, imns: string[]) {
  if (!imns.length) return;
  const now = new Date();
  await db.insert(recipientHistory)
    .values([...new Set(imns)].map((mtl) => ({ userKey, mtl, usedAt: now })))
    .onConflictDoUpdate({
      target: [recipientHistory.userKey, recipientHistory.mtl],
      set: { usedAt: sql`excluded.used_at` },
    });
}

/**
 * POST /rest/inmarsat/storeRecipientInHistory: an mtl the caller reaches (else 404); answers its
 * history entry.
 */
export async function storeRecipient(
  db: Db,
  scope: Scope,
  userKey: number,
  imn: string,
): Promise<Recipient> {
  if (!await findMtl(db, scope, imn)) throw mtlNotFound();
  await rememberRecipients(db, userKey, [imn]);
  const [entry] = await recipientHistoryOf(db, scope, userKey, imn);
  return entry;
}

/** GET /rest/inmarsat/getRecipientHistory: the caller's recipients it still reaches. */
export async function recipientHistoryOf(
  db: Db,
  scope: Scope,
  userKey: number,
  /** Only this mtl's entry. */
  only?: string,
): Promise<Recipient[]> {
  const rows = await db.select({
    mtl: mtls.imn,
    terminalLabel: terminals.deviceLabel,
    mtlLabel: mtls.deviceLabel,
    model: mtls.model,
    miniC: mtls.miniC,
    isValid: mtls.isValid,
    usedAt: recipientHistory.usedAt,
  }).from(recipientHistory)
    .innerJoin(mtls, eq(mtls.imn, recipientHistory.mtl))
    .leftJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
    .where(and(
      eq(recipientHistory.userKey, userKey),
      eqIf(recipientHistory.mtl, only),
      mtlRows(scope),
    ))
    .orderBy(desc(recipientHistory.usedAt), recipientHistory.mtl)
    .limit(RECIPIENT_HISTORY_MAX);
  return rows.map((r) => ({
    mtl: r.mtl,
    label: r.terminalLabel ?? r.mtlLabel,
    model: r.model,
    miniC: isMiniC(r),
    isValid: r.isValid,
    usedAt: new Date(r.usedAt).toISOString(),
  }));
}
