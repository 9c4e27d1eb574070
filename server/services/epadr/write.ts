/** Saving the EPADR robot's configuration (administrators): one row, written whole. */
import type { Db } from "../../../db/client.ts";
import { epadrConfig } from "../../../db/schema/mod.ts";
import type { EpadrConfig, EpadrConfigUpdate } from "../../../openapi/schemas/epadr/epadr.ts";
import { getEpadrConfig } from "./read.ts";

export async function updateEpadrConfig(
  db: Db,
  userKey: number,
  update: EpadrConfigUpdate,
): Promise<EpadrConfig> {
  const values = { ...update, updatedAt: new Date(), updatedByKey: userKey };
  await db.insert(epadrConfig).values({ id: 1, ...values })
    .onConflictDoUpdate({ target: epadrConfig.id, set: values });
  return await getEpadrConfig(db);
}
