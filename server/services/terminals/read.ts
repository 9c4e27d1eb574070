/** Reading terminals: the terminal of an mtl (the /management/terminal/mtl/{mid} page). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { mtls, terminals } from "../../../db/schema/mod.ts";
import { type Scope, tgidRows } from "../tenancy.ts";

/** The device id of the terminal whose mtl is `imn`, among the scope's tgids; null if none. */
export async function terminalOfMtl(db: Db, scope: Scope, imn: string): Promise<number | null> {
  const [row] = await db.select({ deviceId: mtls.deviceId }).from(mtls)
    .innerJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
    .where(and(eq(mtls.imn, imn), tgidRows(scope, terminals.tgidId)));
  return row?.deviceId ?? null;
}
