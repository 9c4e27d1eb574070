import type { AnyPageRoute, PageRoute } from "../types.ts";
import { A } from "./paths.ts";
import { Island } from "../../server/pages/island.tsx";
import { ApiError } from "../../server/errors.ts";
import Users, { USERS_DEFAULTS } from "../../islands/Users.tsx";
import UserDetail from "../../islands/UserDetail.tsx";
import { findBody, stateFromSearch, type TableState } from "../../islands/kit/table_state.ts";
import {
  type User,
  USER_MESSAGES,
  type UserListItem,
  UsersFindRequestSchema,
} from "../../openapi/schemas/users.ts";
import { findUsers, userById } from "../../server/services/users/read.ts";

interface ListData {
  state: TableState;
  rows: UserListItem[];
  total: number;
  filtered: number;
}

const usersRoute: PageRoute<ListData> = {
  pattern: `${A}/users`,
  title: "Users",
  summary: "Users, their access rights, e-mail aliases and status.",
  admin: true,
  parent: A,
  // The first page is rendered on the server, with the query the URL asks for.
  load: async ({ deps, url }) => {
    let state = stateFromSearch(url.searchParams, USERS_DEFAULTS);
    let req = UsersFindRequestSchema.safeParse(findBody(state));
    if (!req.success) {
      // A hand-edited URL with a bad filter shows the unfiltered list instead of failing.
      state = stateFromSearch(new URLSearchParams(), USERS_DEFAULTS);
      req = UsersFindRequestSchema.safeParse(findBody(state));
    }
    const r = await findUsers(deps.db, req.data!);
    return { state, rows: r.results, total: r.total, filtered: r.filtered };
  },
  view: ({ data }) => (
    <Island
      of={Users}
      props={{
        initialState: data.state,
        initialData: { rows: data.rows, total: data.total, filtered: data.filtered },
      }}
    />
  ),
};

const userRoute: PageRoute<User> = {
  pattern: `${A}/users/:id`,
  title: "User",
  summary: "A user's access, quotas and e-mail aliases.",
  admin: true,
  parent: `${A}/users`,
  load: async ({ deps, params }) => {
    const user = await userById(deps.db, params.id ?? "");
    if (!user) throw new ApiError(404, USER_MESSAGES.userNotFound);
    return user;
  },
  label: (_ctx, user) => {
    const name = `${user.firstName} ${user.lastName}`.trim();
    return name ? `${name} (${user.id})` : user.id;
  },
  view: ({ data }) => <Island of={UserDetail} props={{ user: data }} />,
};

export const userRoutes: AnyPageRoute[] = [usersRoute, userRoute];
