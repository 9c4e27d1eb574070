/**
 * Reading users: one user as the API reads it (getUser), every user (all), the company → team →
 * users hierarchy, and the list page's find (filtered, sorted and paged in SQL).
 */
import { asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, teams, userAliases, users } from "../../../db/schema/mod.ts";
import type {
  SearchUser,
  User,
  UserHierarchy,
  UserListItem,
  UsersFindRequest,
  UsersFindResponse,
} from "../../../openapi/schemas/users/users.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { contains, textSearch } from "../text_search.ts";
import { findPage } from "../paging.ts";
import { eqIf } from "../sql_filters.ts";

/** A user id as stored: ids are lower-cased on write, and compared lower-cased on read. */
export const idEquals = (id: string) => eq(sql`lower(${users.id})`, id.toLowerCase());

const listColumns = {
  key: users.key,
  id: users.id,
  mail: users.mail,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  companyId: companies.id,
  companyName: companies.name,
  teamId: teams.id,
  teamName: teams.name,
  rights: teams.rights,
};

const selectList = (db: Db) =>
  db.select(listColumns).from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(teams, eq(teams.id, users.teamId));

type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>["execute"]>>[number];

const toListItem = (r: ListRow): UserListItem => ({
  id: r.id,
  mail: r.mail,
  firstName: r.firstName,
  lastName: r.lastName,
  active: r.active,
  company: { id: r.companyId, name: r.companyName },
  team: { id: r.teamId, name: r.teamName, rights: r.rights },
});

/** The user as read (portal-shell §3), by key; null when there is none. */
export async function userByKey(db: Db, key: number): Promise<User | null> {
  return await readUser(db, eq(users.key, key));
}

/** The user's key (what the audit trail names its row by), or null for an unknown login. */
export async function userKeyById(db: Db, id: string): Promise<number | null> {
  const [row] = await db.select({ key: users.key }).from(users).where(idEquals(id)).limit(1);
  return row?.key ?? null;
}

/** The user as read, by id (the login); null when there is none. */
export async function userById(db: Db, id: string): Promise<User | null> {
  return await readUser(db, idEquals(id));
}

async function readUser(db: Db, where: SQL): Promise<User | null> {
  const [row] = await db.select({
    ...listColumns,
    quota: users.quota,
    webAccess: users.webAccess,
    wsAccess: users.wsAccess,
    ftpAccess: users.ftpAccess,
    messagingCAccess: users.messagingCAccess,
    messagingCRul: users.messagingCRul,
    downloadDnid: users.downloadDnid,
    telnetAccess: users.telnetAccess,
    telnetAddress: users.telnetAddress,
    smtpAccess: users.smtpAccess,
    gpgId: users.gpgId,
    gpgContent: users.gpgContent,
    subject: users.subject,
    hasPassword: sql<boolean>`(${users.passwordHash} is not null)`.mapWith(Boolean),
  }).from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const aliases = await db.select({ mail: userAliases.mail }).from(userAliases)
    .where(eq(userAliases.userKey, row.key))
    .orderBy(asc(userAliases.mail));
  return {
    ...toListItem(row),
    quota: row.quota,
    webAccess: row.webAccess,
    wsAccess: row.wsAccess,
    ftpAccess: row.ftpAccess,
    messagingCAccess: row.messagingCAccess,
    messagingCRul: row.messagingCRul,
    downloadDnid: row.downloadDnid,
    telnetAccess: row.telnetAccess,
    telnetAddress: row.telnetAddress,
    smtpAccess: row.smtpAccess,
    gpgId: row.gpgId,
    gpgContent: row.gpgContent,
    subject: row.subject,
    mailLogin: aliases.map((a) => ({ user_id: row.id, mail: a.mail })),
    hasPassword: row.hasPassword,
  };
}

/** Every user, by id. */
export async function allUsers(db: Db): Promise<UserListItem[]> {
  return (await selectList(db).orderBy(asc(users.id))).map(toListItem);
}

const SEARCHED = [users.id, users.mail, users.firstName, users.lastName];

/**
 * The users whose login, mail, first or last name contains `query` (any case): exact matches
 * first, then by login; at most `limit`. As in lists, but the team without its rights.
 */
export async function searchUsers(
  db: Db,
  query: string,
  limit = MULTISELECT_SEARCH_LIMIT,
): Promise<SearchUser[]> {
  const match = textSearch(query, { contains: SEARCHED });
  const rows = await selectList(db).where(match.where)
    .orderBy(match.exactFirst, asc(users.id))
    .limit(limit);
  return rows.map((r) => {
    const { team, ...user } = toListItem(r);
    return { ...user, team: { id: team.id, name: team.name } };
  });
}

/**
 * Users grouped company → team → users: only companies and teams that have users; companies and
 * teams by name (then id), users by id.
 */
export async function userHierarchy(db: Db): Promise<UserHierarchy> {
  const rows = await selectList(db).orderBy(
    asc(companies.name),
    asc(companies.id),
    asc(teams.name),
    asc(teams.id),
    asc(users.id),
  );
  const out: UserHierarchy = [];
  for (const r of rows) {
    let company = out.at(-1);
    if (company?.id !== r.companyId) {
      company = { id: r.companyId, name: r.companyName, teams: [] };
      out.push(company);
    }
    let team = company.teams.at(-1);
    if (team?.id !== r.teamId) {
      team = { id: r.teamId, name: r.teamName, rights: r.rights, users: [] };
      company.teams.push(team);
    }
    team.users.push({
      id: r.id,
      mail: r.mail,
      firstName: r.firstName,
      lastName: r.lastName,
      active: r.active,
    });
  }
  return out;
}

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/** The list page: filtered, sorted (default id ascending) and paged in SQL. */
export async function findUsers(db: Db, req: UsersFindRequest): Promise<UsersFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: selectList(db).$dynamic(),
    count: (one) =>
      db.select(one).from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(teams, eq(teams.id, users.teamId)),
    filters: [
      f.id ? contains(users.id, f.id) : undefined,
      f.name
        ? or(
          contains(users.firstName, f.name),
          contains(users.lastName, f.name),
          contains(fullName, f.name),
        )
        : undefined,
      f.company ? contains(companies.name, f.company) : undefined,
      f.team ? contains(teams.name, f.team) : undefined,
      eqIf(users.active, f.active),
    ],
    sorts: {
      id: users.id,
      name: [users.firstName, users.lastName],
      company: companies.name,
      team: teams.name,
      active: users.active,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: users.key,
  });
  return { ...page, results: page.results.map(toListItem) };
}
