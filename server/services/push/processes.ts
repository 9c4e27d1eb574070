/** The push process overview's list (admin): filtered, sorted (default: id), paged. */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushProcesses, teams } from "../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../openapi/schemas/push/push_find.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { processColumns } from "./process_read.ts";
import { eqIf } from "../sql_filters.ts";

export async function findProcesses(
  db: Db,
  req: PushFindOf<"process">,
): Promise<PushFound["process"]> {
  const f = req.filter;
  const p = pushProcesses;
  return await findPage(db, req, {
    rows: db.select(processColumns).from(p).leftJoin(teams, eq(teams.id, p.teamId)).$dynamic(),
    count: (one) => db.select(one).from(p),
    filters: [
      eqIf(p.id, f.id),
      f.hostname ? contains(p.hostname, f.hostname) : undefined,
      eqIf(p.mode, f.mode),
      eqIf(p.port, f.port),
      eqIf(p.teamId, f.team),
    ],
    sorts: {
      id: p.id,
      hostname: p.hostname,
      mode: p.mode,
      port: p.port,
      min: p.minSpare,
      max: p.maxSpare,
      team: p.teamId,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: p.id,
  });
}
