/** Reading push processes (admin): one by id, or every one, with its team's name. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushProcesses, teams } from "../../../db/schema/mod.ts";
import { type Process, PROCESS_MESSAGES } from "../../../openapi/schemas/push/push_processes.ts";
import { ApiError } from "../../errors.ts";

export const processNotFound = () => new ApiError(404, PROCESS_MESSAGES.notFound);

const p = pushProcesses;
/** A process row (`ProcessRow`: the spec's min and max for the spare counts, its team's name). */
export const processColumns = {
  id: p.id,
  hostname: p.hostname,
  mode: p.mode,
  protocol: p.protocol,
  port: p.port,
  min: p.minSpare,
  max: p.maxSpare,
  ipFep: p.ipFep,
  team: p.teamId,
  teamName: teams.name,
};
const processRow = (db: Db) =>
  db.select(processColumns).from(p).leftJoin(teams, eq(teams.id, p.teamId));

/** The process, or null when unknown. */
export async function findProcess(db: Db, id: number): Promise<Process | null> {
  const [row] = await processRow(db).where(eq(p.id, id));
  return row ?? null;
}

/** The process; 404 "Push process not found" when unknown. */
export async function getProcess(db: Db, id: number): Promise<Process> {
  const row = await findProcess(db, id);
  if (!row) throw processNotFound();
  return row;
}

/** Every process, by id. */
export function allProcesses(db: Db): Promise<Process[]> {
  return processRow(db).orderBy(asc(p.id));
}
