/**
 * Creating, updating and deleting ruls. An id names one rul whatever its LES (unique index
 * `ruls_id_key`): a taken id answers 409, code 23000, "The RUL with id {id} already exists". A
 * rul used by a dnid or an enid is never deleted (nothing may be orphaned).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { companies, dnids, enids, ruls } from "../../../db/schema/mod.ts";
import {
  type Rul,
  RUL_MESSAGES,
  type RulCreate,
  type RulKey,
  type RulUpdate,
} from "../../../openapi/schemas/ruls/ruls.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";
import { ApiError, DUPLICATE_CODE, duplicateAs } from "../../errors.ts";
import { findRulByKey, rulNotFound } from "./read.ts";

const duplicateRul = (id: number) =>
  new ApiError(409, RUL_MESSAGES.duplicate(id), { code: DUPLICATE_CODE });

const unknownCompany = () =>
  new ApiError(400, USER_MESSAGES.unknownCompany, {
    fields: [{ path: "company", message: USER_MESSAGES.unknownCompany }],
  });

async function assertCompany(tx: Tx, companyId: number | null | undefined) {
  if (companyId === null || companyId === undefined) return;
  // Locked against deletion until the rul is written (a company delete unlinks its ruls).
  const [row] = await tx.select({ id: companies.id }).from(companies)
    .where(eq(companies.id, companyId)).for("share");
  if (!row) throw unknownCompany();
}

/** The optional fields as given: undefined (omitted) stays out of an update. */
const optionalFields = (input: RulCreate | RulUpdate) => ({
  comments: input.comments,
  mailContact: input.mailContact,
  phoneContact: input.phoneContact,
  companyName: input.companyName,
  requesterName: input.requesterName,
  companyId: input.company,
});

/** A new rul: 409 (code 23000) when its id is taken, whatever the LES; 400 for an unknown company. */
export async function createRul(db: Db, input: RulCreate): Promise<Rul> {
  try {
    await db.transaction(async (tx) => {
      await assertCompany(tx, input.company);
      const [taken] = await tx.select({ id: ruls.id }).from(ruls).where(eq(ruls.id, input.id));
      if (taken) throw duplicateRul(input.id);
      const optional = optionalFields(input);
      await tx.insert(ruls).values({
        id: input.id,
        les: input.les,
        password: input.password,
        customerName: input.customerName,
        comments: optional.comments ?? null,
        mailContact: optional.mailContact ?? null,
        phoneContact: optional.phoneContact ?? null,
        companyName: optional.companyName ?? null,
        requesterName: optional.requesterName ?? null,
        companyId: optional.companyId ?? null,
      });
    });
  } catch (e) {
    // A concurrent create of the same id got there first.
    throw duplicateAs(e, () => duplicateRul(input.id));
  }
  return (await findRulByKey(db, input.id, input.les))!;
}

/**
 * Updates the rul (id, les), which cannot change: 404 when unknown. The password and customer
 * name are always given; an optional field left out keeps its value, "" or null clears it.
 */
export async function updateRul(db: Db, input: RulUpdate): Promise<Rul> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: ruls.id }).from(ruls)
      .where(and(eq(ruls.id, input.id), eq(ruls.les, input.les))).for("update");
    if (!row) throw rulNotFound(input.id, input.les);
    await assertCompany(tx, input.company);
    const optional = Object.fromEntries(
      Object.entries(optionalFields(input)).filter(([, v]) => v !== undefined),
    );
    await tx.update(ruls).set({
      password: input.password,
      customerName: input.customerName,
      ...optional,
      updatedAt: new Date(),
    }).where(and(eq(ruls.id, input.id), eq(ruls.les, input.les)));
  });
  return (await findRulByKey(db, input.id, input.les))!;
}

/**
 * Deletes the rul (id, les): 404 when unknown; refused (409) while a dnid or an enid uses it,
 * naming how many. The rul's row is locked first, so no dnid or enid can take it meanwhile.
 */
export async function deleteRul(db: Db, key: RulKey): Promise<Rul> {
  const rul = await findRulByKey(db, key.id, key.les);
  if (!rul) throw rulNotFound(key.id, key.les);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: ruls.id }).from(ruls)
      .where(and(eq(ruls.id, key.id), eq(ruls.les, key.les))).for("update");
    if (!row) throw rulNotFound(key.id, key.les);
    const count = sql<number>`count(*)::int`;
    const [[d], [e]] = await Promise.all([
      tx.select({ n: count }).from(dnids)
        .where(and(eq(dnids.rulId, key.id), eq(dnids.les, key.les))),
      tx.select({ n: count }).from(enids)
        .where(and(eq(enids.rulId, key.id), eq(enids.rulLes, key.les))),
    ]);
    const [usedByDnids, usedByEnids] = [Number(d.n), Number(e.n)];
    if (usedByDnids || usedByEnids) {
      throw new ApiError(409, RUL_MESSAGES.inUse(key.id, usedByDnids, usedByEnids));
    }
    await tx.delete(ruls).where(and(eq(ruls.id, key.id), eq(ruls.les, key.les)));
  });
  return rul;
}
