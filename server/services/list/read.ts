/**
 * Reading command lists: a page of the overview (with each list's commands counted by display
 * class) and one list with its commands. A client (scope of one company) reaches only its
 * company's lists; another's answers exactly like a missing one.
 */
import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists, commands, users } from "../../../db/schema/mod.ts";
import type {
  CommandList,
  CommandListFindRequest,
  CommandListFindResponse,
  CommandListFull,
} from "../../../openapi/schemas/list/lists.ts";
import {
  type CommandStatus,
  STATUSES_OF_CLASS,
} from "../../../openapi/schemas/command/commands.ts";
import { notFound } from "../../errors.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { commandsOfList } from "../command/read.ts";
import { checkedIf, eqIf } from "../sql_filters.ts";

/** 404 naming nothing: an answer to a client never carries another company's list id. */
export const listNotFound = () => notFound("Command list");

/** How many of the list's commands (of these statuses, or all). */
const tally = (statuses?: readonly CommandStatus[]) =>
  sql<number>`(select count(*) from ${commands} where ${commands.listId} = ${commandLists.id}${
    statuses
      ? sql` and ${commands.status} in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})`
      : sql``
  })::int`;

const columns = {
  id: commandLists.id,
  user: users.id,
  date: commandLists.date,
  protocol: commandLists.protocol,
  terminated: commandLists.terminated,
  commands: tally(),
  success: tally(STATUSES_OF_CLASS.success),
  danger: tally(STATUSES_OF_CLASS.danger),
  pending: tally(STATUSES_OF_CLASS.pending),
};

type ListColumns = {
  id: number;
  user: string | null;
  date: Date;
  protocol: number;
  terminated: boolean;
  commands: number;
  success: number;
  danger: number;
  pending: number;
};

const base = (db: Db) =>
  db.select(columns).from(commandLists).leftJoin(users, eq(users.key, commandLists.userKey));

const toList = (r: ListColumns): CommandList => ({
  id: r.id,
  user: r.user,
  date: r.date.toISOString(),
  protocol: r.protocol as CommandList["protocol"],
  terminated: r.terminated,
  counts: {
    commands: Number(r.commands),
    success: Number(r.success),
    danger: Number(r.danger),
    pending: Number(r.pending),
  },
});

/** The lists sent on `day` (YYYY-MM-DD, UTC). */
function onDay(day: string): SQL {
  const start = new Date(`${day}T00:00:00Z`);
  return and(
    gte(commandLists.date, start),
    lt(commandLists.date, new Date(start.getTime() + 24 * 3600 * 1000)),
  )!;
}

/** POST /rest/list/find: one page of the overview, newest (highest id) first by default. */
export async function findLists(
  db: Db,
  scope: Scope,
  req: CommandListFindRequest,
): Promise<CommandListFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: base(db).$dynamic(),
    count: (one) =>
      db.select(one).from(commandLists).leftJoin(users, eq(users.key, commandLists.userKey)),
    scope: companyRows(scope, commandLists.companyId),
    filters: [
      eqIf(commandLists.id, f.id),
      f.user ? or(contains(users.id, f.user), contains(users.mail, f.user)) : undefined,
      f.date ? onDay(f.date) : undefined,
      eqIf(commandLists.protocol, f.protocol),
      checkedIf(commandLists.terminated, f.terminated),
    ],
    sorts: {
      id: commandLists.id,
      user: users.id,
      date: commandLists.date,
      protocol: commandLists.protocol,
      terminated: commandLists.terminated,
    },
    defaultSort: { field: "id", direction: "desc" },
    key: commandLists.id,
  });
  return { ...page, results: page.results.map(toList) };
}

/** The list's row, if the caller may see it. */
export async function listRow(db: Db, scope: Scope, id: number): Promise<CommandList | undefined> {
  const [row] = await base(db)
    .where(and(eq(commandLists.id, id), companyRows(scope, commandLists.companyId)));
  return row && toList(row);
}

/** GET /rest/list/getCommandsFull: the list and its commands; 404 when unknown or not ours. */
export async function getCommandsFull(
  db: Db,
  scope: Scope,
  listId: number,
): Promise<CommandListFull> {
  const list = await listRow(db, scope, listId);
  if (!list) throw listNotFound();
  return { ...list, commands: await commandsOfList(db, listId) };
}
