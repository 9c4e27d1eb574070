/** The Inmarsat C mtls (GET /rest/teams/getMtls) and recording an mtl's serial number. */
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { mtls } from "../../../db/schema/mod.ts";
import type { AddMtl, MtlSummary } from "../../../openapi/schemas/teams.ts";

const columns = {
  imn: mtls.imn,
  serial: mtls.serial,
  model: mtls.model,
  isValid: mtls.isValid,
  miniC: mtls.miniC,
  deviceId: mtls.deviceId,
};

/** Every mtl, by imn. */
export async function allMtls(db: Db): Promise<MtlSummary[]> {
  return await db.select(columns).from(mtls).orderBy(asc(mtls.imn));
}

/**
 * Records serial number `sn` for mtl `mtlId` (its imn): a new mtl (valid, not mini-C, no
 * terminal yet) when unknown, else its serial is replaced. One statement, so two calls at once
 * cannot both create it.
 */
export async function addMtl(db: Db, input: AddMtl): Promise<MtlSummary & { created: boolean }> {
  const [row] = await db.insert(mtls).values({ imn: input.mtlId, serial: input.sn })
    .onConflictDoUpdate({
      target: mtls.imn,
      set: { serial: input.sn, updateDate: new Date() },
    })
    // xmax is 0 on a freshly inserted row version, non-zero on one an upsert updated.
    .returning({ ...columns, created: sql<boolean>`(xmax = 0)` });
  return row;
}
