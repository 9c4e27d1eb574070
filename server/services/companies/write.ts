/**
 * Adding, renaming and deleting companies (docs/decisions/0007-companies-and-teams.md).
 * Each runs in one transaction.
 */
import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Db, executeRows, type Tx } from "../../../db/client.ts";
import {
  commandLists,
  companies,
  dnids,
  enids,
  enidTeams,
  files,
  pushProcesses,
  ruls,
  teams,
  terminals,
  tgids,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import type {
  Company,
  CompanyAdd,
  CompanyDeleted,
  CompanyDeleteImpact,
  CompanyUpdate,
} from "../../../openapi/schemas/companies/companies.ts";
import {
  blockerList,
  COMPANY_MESSAGES,
  type CompanyBlockers,
} from "../../../openapi/schemas/companies/company_messages.ts";
import { MAX_ID } from "../../../openapi/schemas/common.ts";
import { ApiError, databaseFailure, DUPLICATE_CODE } from "../../errors.ts";
import { companyName, companyNotFound, getCompany } from "./read.ts";
import { neIf } from "../sql_filters.ts";

const duplicateName = (name: string) =>
  new ApiError(409, `A company named "${name}" already exists`, { code: DUPLICATE_CODE });
const idTaken = (id: number) =>
  new ApiError(409, `Company id ${id} is already taken`, { code: DUPLICATE_CODE });

/** The constraint a unique violation (SQLSTATE 23505) names, or null for any other error. */
function violatedUnique(err: unknown): string | null {
  const failure = databaseFailure(err);
  return failure?.code === "23505" ? failure.constraint ?? "" : null;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [other] = await tx.select({ id: companies.id }).from(companies).where(and(
    eq(companies.name, name),
    neIf(companies.id, exceptId),
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
      return await getCompany(tx, input.id);
    });
  } catch (e) {
    if (violatedUnique(e) !== null) throw duplicateName(input.name);
    throw e;
  }
}

/** How many rows of `table` match `where`. */
async function countRows(tx: Tx | Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row.n;
}

/** Its teams' ids, as a subquery. */
const teamIdsOf = (tx: Tx | Db, id: number) =>
  tx.select({ id: teams.id }).from(teams).where(eq(teams.companyId, id));

/** What keeps a company from being deleted: its operational resources, still assigned. */
async function companyBlockers(tx: Tx | Db, id: number): Promise<CompanyBlockers> {
  const teamIds = teamIdsOf(tx, id);
  const tgidIds = tx.select({ id: tgids.id }).from(tgids).where(inArray(tgids.teamId, teamIds));
  const [dnidCount, tgidCount, enidCount, terminalCount, processCount, listCount] = await Promise
    .all([
      countRows(tx, dnids, eq(dnids.companyId, id)),
      countRows(tx, tgids, inArray(tgids.teamId, teamIds)),
      countRows(tx, enids, eq(enids.companyId, id)),
      countRows(tx, terminals, inArray(terminals.tgidId, tgidIds)),
      countRows(tx, pushProcesses, inArray(pushProcesses.teamId, teamIds)),
      countRows(tx, commandLists, eq(commandLists.companyId, id)),
    ]);
  return {
    dnids: dnidCount,
    tgids: tgidCount,
    enids: enidCount,
    terminals: terminalCount,
    pushProcesses: processCount,
    commandLists: listCount,
  };
}

/** Its users: of the company, or of one of its teams. */
const usersOf = (tx: Tx | Db, id: number) =>
  or(eq(users.companyId, id), inArray(users.teamId, teamIdsOf(tx, id)));

/**
 * GET /rest/companies/deleteImpact: what deleting the company would delete and unlink, what
 * refuses it, and whether it is the caller's own (read as `deleteCompany` would act).
 */
export async function companyDeleteImpact(
  db: Db,
  id: number,
  actor: { companyId: number },
): Promise<CompanyDeleteImpact> {
  const name = await companyName(db, id);
  const teamIds = teamIdsOf(db, id);
  const [teamCount, userCount, fileCount, dnidCount, tgidShares, enidShares, rulCount, blockers] =
    await Promise.all([
      countRows(db, teams, eq(teams.companyId, id)),
      countRows(db, users, usersOf(db, id)),
      countRows(db, files, eq(files.companyId, id)),
      countRows(db, dnids, and(inArray(dnids.teamId, teamIds), ne(dnids.companyId, id))),
      countRows(db, tgidTeams, inArray(tgidTeams.teamId, teamIds)),
      countRows(db, enidTeams, inArray(enidTeams.teamId, teamIds)),
      countRows(db, ruls, eq(ruls.companyId, id)),
      companyBlockers(db, id),
    ]);
  return {
    id,
    name,
    deletes: { teams: teamCount, users: userCount, files: fileCount },
    unlinks: { dnids: dnidCount, tgidShares, enidShares, ruls: rulCount },
    blockers,
    ownCompany: actor.companyId === id,
  };
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
  /** The name typed to confirm, when given: it must be the company's (it may have been renamed). */
  confirmName?: string,
): Promise<CompanyDeleted> {
  return await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies)
      .where(eq(companies.id, id)).for("update");
    if (!company) throw companyNotFound(id);
    if (confirmName !== undefined && confirmName !== company.name) {
      throw new ApiError(409, COMPANY_MESSAGES.nameMismatch(company.name));
    }
    if (actor.companyId === id) throw new ApiError(409, COMPANY_MESSAGES.ownCompany);
    const blockers = await companyBlockers(tx, id);
    if (blockerList(blockers).length) throw new ApiError(409, COMPANY_MESSAGES.blocked(blockers));
    const teamIds = teamIdsOf(tx, id);
    // Another company's dnid allocated to one of its teams loses that team, as on team delete.
    await tx.update(dnids).set({ teamId: null, updatedAt: new Date() })
      .where(inArray(dnids.teamId, teamIds));
    // Aliases, sessions, news reads, uploads and recipient history go with each user (cascade);
    // news, tgids, command lists and messages they wrote keep a null author.
    const gone = await tx.delete(users).where(usersOf(tx, id)).returning({ key: users.key });
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
