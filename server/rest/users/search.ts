import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { type AppEnv, AUTHED_ERRORS, errorResponses, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { searchUsers } from "../../services/users/read.ts";
import { SearchQuerySchema, SearchUserListSchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/users/search",
  tags: ["Users"],
  summary: "Find users",
  description:
    "Administrators only. Users whose login, mail, first or last name contains the text " +
    `(case-insensitive), with their company and team, at most ${MULTISELECT_SEARCH_LIMIT}: ` +
    "exact matches first, then by login.",
  middleware: [requireAdmin] as const,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchUserListSchema, "Matching users"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const searchHandler: RouteHandler<typeof search, AppEnv> = async (c) => {
  const { query } = c.req.valid("query");
  return c.json(await searchUsers(c.var.deps.db, query, MULTISELECT_SEARCH_LIMIT), 200);
};
