/**
 * Adding, renaming and deleting companies (docs/decisions/0007-companies-and-teams.md).
 * Each runs in one transaction.
 */
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type Db, executeRows, type Tx } from "../../../db/client.ts";
import {
  commandLists,
  companies,
  dnids,
  enids,
  files,
  pushProcesses,
  ruls,
  teams,
  terminals,
  tgids,
  users,
} from "../../../db/schema/mod.ts";
import type {
  Company,
  CompanyAdd,
  CompanyDeleted,
  CompanyUpdate,
} from "../../../openapi/schemas/companies.ts";
import { MAX_ID } from "../../../openapi/schemas/common.ts";
import { ApiError, databaseFailure, DUPLICATE_CODE } from "../../errors.ts";
import { companyNotFound, getCompany } from "./read.ts";

export const duplicateName = (name: string) =>
  new ApiError(409, `A company named "${name}" already exists`, { code: DUPLICATE_CODE });
export const idTaken = (id: number) =>
  new ApiError(409, `Company id ${id} is already taken`, { code: DUPLICATE_CODE });

/** The constraint a unique violation (SQLSTATE 23505) names, or null for any other error. */
function violatedUnique(err: unknown): string | null {
  const failure = databaseFailure(err);
  return failure?.code === "23505" ? failure.constraint ?? "" : null;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [other] = await tx.select({ id: companies.id }).from(companies).where(and(
    eq(companies.name, name),
    exceptId === undefined ? undefined : ne(companies.id, exceptId),
  ));
  if (other) throw duplicateName(name);
}

/**
 * The lowest free company id when the identity sequence cannot give one: it has given its last
 * value, or its next one is taken (an explicit id at the top of the range moved it there). Else
 * undefined: the sequence's next value.
 */
async function freeIdIfSequenceSpent(tx: Tx): Promise<number | undefined> {
  const [seq] = await executeRows<{ spent: boolean }>(
    tx,
    sql`select s.last_value >= s.max_value
        or exists (select 1 from ${companies} c where c.id = s.last_value + 1) as spent
      from pg_sequences s
      where s.schemaname || '.' || s.sequencename = pg_get_serial_sequence('companies', 'id')`,
  );
  if (!seq?.spent) return undefined;
  await tx.execute(sql`lock table ${companies} in share row exclusive mode`);
  const [free] = await executeRows<{ id: number | null }>(
    tx,
    sql`select min(c.id) + 1 as id from (select 0 as id union all select id from ${companies}) c
      where c.id < ${MAX_ID} and not exists (select 1 from ${companies} d where d.id = c.id + 1)`,
  );
  if (free?.id == null) throw new ApiError(409, "No company id is left", { code: DUPLICATE_CODE });
  return Number(free.id);
}

/**
 * A new company. With an explicit id (operators keep legacy ids) the table is locked against
 * other inserts meanwhile, and the identity sequence is moved past the highest id afterwards,
 * so later inserts without an id never collide with it.
 */
export async function addCompany(db: Db, input: CompanyAdd): Promise<Company> {
  try {
    return await db.transaction(async (tx) => {
      if (input.id !== undefined) {
        // Blocks concurrent inserts (and waits for uncommitted ones), so max(id) below is final.
        await tx.execute(sql`lock table ${companies} in share row exclusive mode`);
        const [taken] = await tx.select({ id: companies.id }).from(companies)
          .where(eq(companies.id, input.id));
        if (taken) throw idTaken(input.id);
      }
      await assertNameFree(tx, input.name);
      const id = input.id ?? await freeIdIfSequenceSpent(tx);
      const [row] = await tx.insert(companies).values({ id, name: input.name })
        .returning({ id: companies.id, name: companies.name });
      if (input.id !== undefined) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
        );
      }
      return { ...row, teamCount: 0, userCount: 0 };
    });
  } catch (e) {
    // A concurrent insert of the same name (or id) got there first.
    const constraint = violatedUnique(e);
    if (constraint === null) throw e;
    throw constraint.includes("name") || input.id === undefined
      ? duplicateName(input.name)
      : idTaken(input.id);
  }
}

/** Renames a company: 404 when unknown, 409 when another company has the name. */
export async function updateCompany(db: Db, input: CompanyUpdate): Promise<Company> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: companies.id }).from(companies)
        .where(eq(companies.id, input.id)).for("update");
      if (!row) throw companyNotFound(input.id);
      await assertNameFree(tx, input.name, input.id);
      await tx.update(companies).set({ name: input.name, updatedAt: new Date() })
        .where(eq(companies.id, input.id));
      return await getCompany(tx as unknown as Db, input.id);
    });
  } catch (e) {
    if (violatedUnique(e) !== null) throw duplicateName(input.name);
    throw e;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
const listing = (parts: string[]) =>
  parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/** What keeps a company from being deleted: its operational resources, still assigned. */
export async function companyBlockers(tx: Tx, id: number): Promise<string[]> {
  const teamIds = tx.select({ id: teams.id }).from(teams).where(eq(teams.companyId, id));
  const tgidIds = tx.select({ id: tgids.id }).from(tgids).where(inArray(tgids.teamId, teamIds));
  const count = sql<number>`count(*)::int`;
  const [[d], [t], [e], [term], [p], [l]] = await Promise.all([
    tx.select({ n: count }).from(dnids).where(eq(dnids.companyId, id)),
    tx.select({ n: count }).from(tgids).where(inArray(tgids.teamId, teamIds)),
    tx.select({ n: count }).from(enids).where(eq(enids.companyId, id)),
    tx.select({ n: count }).from(terminals).where(inArray(terminals.tgidId, tgidIds)),
    tx.select({ n: count }).from(pushProcesses).where(inArray(pushProcesses.teamId, teamIds)),
    tx.select({ n: count }).from(commandLists).where(eq(commandLists.companyId, id)),
  ]);
  return [
    d.n && plural(d.n, "dnid"),
    t.n && plural(t.n, "tgid"),
    e.n && plural(e.n, "enid"),
    term.n && plural(term.n, "terminal"),
    p.n && plural(p.n, "push process", "push processes"),
    l.n && plural(l.n, "command list"),
  ].filter((s): s is string => Boolean(s));
}

/**
 * Deletes a company with its users, teams and files, in one transaction. Refused (409, naming
 * what blocks it) while it still has dnids, tgids, enids, terminals, push processes or command
 * lists, and for the administrator's own company.
 */
export async function deleteCompany(
  db: Db,
  id: number,
  actor: { companyId: number },
): Promise<CompanyDeleted> {
  return await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies)
      .where(eq(companies.id, id)).for("update");
    if (!company) throw companyNotFound(id);
    if (actor.companyId === id) {
      throw new ApiError(409, "Unable to delete company: it is your own company");
    }
    const blockers = await companyBlockers(tx, id);
    if (blockers.length) {
      throw new ApiError(409, `Unable to delete company: the company has ${listing(blockers)}`);
    }
    const teamIds = tx.select({ id: teams.id }).from(teams).where(eq(teams.companyId, id));
    // Another company's dnid allocated to one of its teams loses that team, as on team delete.
    await tx.update(dnids).set({ teamId: null, updatedAt: new Date() })
      .where(inArray(dnids.teamId, teamIds));
    // Aliases, sessions, news reads, uploads and recipient history go with each user (cascade);
    // news, tgids, command lists and messages they wrote keep a null author.
    const gone = await tx.delete(users)
      .where(or(eq(users.companyId, id), inArray(users.teamId, teamIds)))
      .returning({ key: users.key });
    await tx.delete(files).where(eq(files.companyId, id));
    // Its ruls stay (an enid or dnid of another company may use one) as operator logins.
    await tx.update(ruls).set({ companyId: null, updatedAt: new Date() })
      .where(eq(ruls.companyId, id));
    // Tgid and enid shares of its teams go with them (cascade).
    const goneTeams = await tx.delete(teams).where(eq(teams.companyId, id))
      .returning({ id: teams.id });
    await tx.delete(companies).where(eq(companies.id, id));
    return { ...company, teams: goneTeams.length, users: gone.length };
  });
}
