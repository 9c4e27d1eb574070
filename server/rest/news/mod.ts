import { createRoute } from "@hono/zod-openapi";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { NewNewsListSchema } from "../../../openapi/schemas/news.ts";
import { listNewNews, NEW_NEWS_DAYS } from "../../services/news/unread.ts";

export const countNew = createRoute({
  method: "get",
  path: "/rest/news/countnew",
  tags: ["News"],
  summary: "The signed-in user's new news",
  description:
    `News the user may read, published in the last ${NEW_NEWS_DAYS} days and not read yet, ` +
    "newest first. The array's length is the count the header shows.",
  responses: {
    200: jsonResponse(NewNewsListSchema, "New news items"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const newsRouter = createRouter().openapi(countNew, async (c) => {
  const rows = await listNewNews(c.var.deps.db, c.var.user);
  return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), 200);
});
