/**
 * Adding, updating and deleting push processes (admin). A process's team must exist (400 "Unknown
 * team" otherwise; it is locked until the process is written); the spare counts are checked by
 * the request schemas (min ≤ max). Deleting a process keeps its push events (their processId
 * becomes null).
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { pushProcesses, teams } from "../../../db/schema/mod.ts";
import {
  type Process,
  PROCESS_MESSAGES,
  type ProcessAdd,
  type ProcessAdded,
  type ProcessUpdate,
} from "../../../openapi/schemas/push/push_processes.ts";
import { ApiError } from "../../errors.ts";
import { findProcess, getProcess, processNotFound } from "./process_read.ts";

const unknownTeam = () =>
  new ApiError(400, PROCESS_MESSAGES.unknownTeam, {
    fields: [{ path: "team", message: PROCESS_MESSAGES.unknownTeam }],
  });

async function assertTeam(tx: Tx, teamId: number | null | undefined) {
  if (teamId === null || teamId === undefined) return;
  const [row] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId))
    .for("share");
  if (!row) throw unknownTeam();
}

/** A new process: its id (lastInsertId) and the process. */
export async function addProcess(db: Db, input: ProcessAdd): Promise<ProcessAdded> {
  const id = await db.transaction(async (tx) => {
    await assertTeam(tx, input.team);
    const [row] = await tx.insert(pushProcesses).values({
      hostname: input.hostname,
      mode: input.mode,
      protocol: input.protocol ?? null,
      port: input.port,
      minSpare: input.min,
      maxSpare: input.max,
      ipFep: input.ipFep ?? null,
      teamId: input.team ?? null,
    }).returning({ id: pushProcesses.id });
    return row.id;
  });
  return { lastInsertId: id, process: await getProcess(db, id) };
}

/** Updates the process: 404 when unknown; protocol, ipFep and team omitted are kept. */
export async function updateProcess(db: Db, input: ProcessUpdate): Promise<Process> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: pushProcesses.id }).from(pushProcesses)
      .where(eq(pushProcesses.id, input.id)).for("update");
    if (!row) throw processNotFound();
    await assertTeam(tx, input.team);
    const kept = Object.fromEntries(
      Object.entries({ protocol: input.protocol, ipFep: input.ipFep, teamId: input.team })
        .filter(([, v]) => v !== undefined),
    );
    await tx.update(pushProcesses).set({
      hostname: input.address,
      mode: input.delivery,
      port: input.port,
      minSpare: input.min,
      maxSpare: input.max,
      ...kept,
      updatedAt: new Date(),
    }).where(eq(pushProcesses.id, input.id));
  });
  return await getProcess(db, input.id);
}

/** Deletes the process: what was deleted; 404 when unknown. */
export async function deleteProcess(db: Db, id: number): Promise<Process> {
  const process = await findProcess(db, id);
  if (!process) throw processNotFound();
  const gone = await db.delete(pushProcesses).where(eq(pushProcesses.id, id))
    .returning({ id: pushProcesses.id });
  if (gone.length === 0) throw processNotFound();
  return process;
}
