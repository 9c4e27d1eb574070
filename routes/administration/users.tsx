import { historyOf } from "../history.ts";
import HistorySection from "../../islands/administration/audit/HistorySection.tsx";
import type { History } from "../../islands/administration/audit/history_table.tsx";
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import { ApiError } from "../../server/errors.ts";
import UserList, {
  type UserListProps,
  USERS_DEFAULTS,
} from "../../islands/administration/users/UserList.tsx";
import UserDetail from "../../islands/administration/users/UserDetail.tsx";
import {
  type User,
  USER_MESSAGES,
  UsersFindRequestSchema,
} from "../../openapi/schemas/users/users.ts";
import { findUsers, userById, userKeyById } from "../../server/services/users/read.ts";
import type { Db } from "../../db/client.ts";

const usersRoute: PageRoute<UserListProps> = {
  pattern: `/administration/users`,
  title: "Users",
  summary: "Users, their access rights, e-mail aliases and status.",
  admin: true,
  parent: "/administration",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(url, USERS_DEFAULTS, UsersFindRequestSchema, (req) => findUsers(deps.db, req)),
  view: ({ data }) => <Island of={UserList} props={data} />,
};

async function knownUser(db: Db, id = "") {
  const user = await userById(db, id);
  if (!user) throw new ApiError(404, USER_MESSAGES.userNotFound);
  return user;
}

const userRoute: PageRoute<{ user: User; userKey: number; history: History }> = {
  pattern: `/administration/users/:id`,
  title: "User",
  summary: "A user's access, quotas and e-mail aliases.",
  admin: true,
  parent: `/administration/users`,
  heading: async ({ deps, params }) => {
    const user = await knownUser(deps.db, params.id);
    const name = `${user.firstName} ${user.lastName}`.trim();
    return name ? `${name} (${user.id})` : user.id;
  },
  load: async ({ deps, params, scope }) => {
    const user = await knownUser(deps.db, params.id);
    const userKey = (await userKeyById(deps.db, user.id))!;
    const history = await historyOf(deps.db, scope, { rowTable: "users", rowId: String(userKey) });
    return { user, userKey, history };
  },
  view: ({ data: { history, ...user } }) => (
    <>
      <Island of={UserDetail} props={user} />
      <Island of={HistorySection} props={{ history }} />
    </>
  ),
};

export default [usersRoute, userRoute] satisfies AnyPageRoute[];
