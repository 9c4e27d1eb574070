/**
 * A terminal's default member (default mtl): POST /rest/defaultMtl/update sets it to one of the
 * terminal's status rows, POST /rest/defaultMtl/delete removes it. The "default flag" of a status
 * row is this entry pointing at it; the status page toggles it (management-routing §4).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { defaultMtls, dnids } from "../../../db/schema/mod.ts";
import {
  type DefaultMtl,
  DNID_STATUS_MESSAGES,
} from "../../../openapi/schemas/dnids/dnid_status.ts";
import { ApiError, notFound } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { lockStatus } from "../dnids/status/write.ts";

/** No default, or one on another company's dnid: the same answer, naming nothing. */
const defaultNotFound = () => notFound("Default mtl");

const columns = {
  deviceId: defaultMtls.deviceId,
  dnid: defaultMtls.dnidId,
  les: defaultMtls.les,
  member: defaultMtls.member,
};

/**
 * Makes the status row (dnid, les, member, deviceId) the terminal's default, replacing any other.
 * 404 when that row is missing or another company's. A client cannot take over a default that
 * points to another company's dnid (409): the terminal is that company's default there.
 */
export async function updateDefaultMtl(
  db: Db,
  scope: Scope,
  input: DefaultMtl,
): Promise<DefaultMtl> {
  return await db.transaction(async (tx) => {
    await lockStatus(tx, scope, {
      dnid: input.dnid,
      les: input.les,
      member: input.member,
      device: input.deviceId,
    });
    const [current] = await tx.select({ companyId: dnids.companyId }).from(defaultMtls)
      .innerJoin(dnids, and(eq(dnids.id, defaultMtls.dnidId), eq(dnids.les, defaultMtls.les)))
      .where(eq(defaultMtls.deviceId, input.deviceId))
      .for("update", { of: defaultMtls });
    if (current && scope.onlyCompany !== null && current.companyId !== scope.onlyCompany) {
      throw new ApiError(409, DNID_STATUS_MESSAGES.otherCompanyDefault(input.deviceId));
    }
    const values = {
      dnidId: input.dnid,
      les: input.les,
      member: input.member,
      updatedAt: new Date(),
    };
    const [row] = await tx.insert(defaultMtls).values({ deviceId: input.deviceId, ...values })
      .onConflictDoUpdate({ target: defaultMtls.deviceId, set: values })
      .returning(columns);
    return row;
  });
}

/** Removes the terminal's default; 404 when it has none, or it is on another company's dnid. */
export async function deleteDefaultMtl(
  db: Db,
  scope: Scope,
  deviceId: string,
): Promise<DefaultMtl> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(defaultMtls)
      .innerJoin(dnids, and(eq(dnids.id, defaultMtls.dnidId), eq(dnids.les, defaultMtls.les)))
      .where(and(eq(defaultMtls.deviceId, deviceId), companyRows(scope, dnids.companyId)))
      .for("update", { of: defaultMtls });
    if (!row) throw defaultNotFound();
    await tx.delete(defaultMtls).where(eq(defaultMtls.deviceId, deviceId));
    return row;
  });
}
