/** The /rest/news calls (portal-shell §7 News), declared for the OpenAPI document. */
import { createRoute } from "@hono/zod-openapi";
import { AUTHED_ERRORS, errorResponses, jsonBody, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import {
  NEW_NEWS_DAYS,
  NewNewsListSchema,
  NewsEditSchema,
  NewsIdQuerySchema,
  NewsItemSchema,
  NewsListSchema,
  NewsWriteSchema,
} from "../../../openapi/schemas/news.ts";
import { SuccessSchema } from "../../../openapi/schemas/common.ts";

const tags = ["News"];
const VISIBLE = "Administrators read every item, other users the public ones.";
const NEW = `New means published in the last ${NEW_NEWS_DAYS} days and not read by the user.`;

export const countNew = createRoute({
  method: "get",
  path: "/rest/news/countnew",
  tags,
  summary: "The signed-in user's new news",
  description: `News the user may read, published in the last ${NEW_NEWS_DAYS} days and not ` +
    "read yet, newest first. The array's length is the count the header shows. Marks nothing.",
  responses: {
    200: jsonResponse(NewNewsListSchema, "New news items"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const add = createRoute({
  method: "post",
  path: "/rest/news/add",
  tags,
  summary: "Publish a news item",
  description: "Administrators only. Level defaults to low, public to 0 (administrators only). " +
    "The author has read it; for everyone else who may read it, it is new.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(NewsWriteSchema) },
  responses: {
    200: jsonResponse(NewsItemSchema, "The published item"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const edit = createRoute({
  method: "post",
  path: "/rest/news/edit",
  tags,
  summary: "Change a news item",
  description: "Administrators only. Replaces title, content, level and public (level and " +
    "public take their defaults when left out). An edit does not make the item new again.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(NewsEditSchema) },
  responses: {
    200: jsonResponse(NewsItemSchema, "The changed item"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const remove = createRoute({
  method: "get",
  path: "/rest/news/delete",
  tags,
  summary: "Delete a news item",
  description: "Administrators only. A GET, as the specification has it: session cookies are " +
    "SameSite=Strict and cross-site requests are refused (docs/security.md).",
  middleware: [requireAdmin] as const,
  request: { query: NewsIdQuerySchema },
  responses: {
    200: jsonResponse(SuccessSchema, "Deleted"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const get = createRoute({
  method: "get",
  path: "/rest/news/get",
  tags,
  summary: "One news item",
  description: `${VISIBLE} An item the user may not read is answered 404. Marks nothing.`,
  request: { query: NewsIdQuerySchema },
  responses: {
    200: jsonResponse(NewsItemSchema, "The item"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const whatsNew = createRoute({
  method: "get",
  path: "/rest/news/whatsnew",
  tags,
  summary: "The signed-in user's new news, marked read",
  description: `${NEW} ${VISIBLE} Answers the user's new items in full, newest first, and ` +
    "marks them read: they are then old, and no longer counted by countnew.",
  responses: {
    200: jsonResponse(NewsListSchema, "The items that were new (each with new: true)"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const old = createRoute({
  method: "get",
  path: "/rest/news/old",
  tags,
  summary: "The signed-in user's old news",
  description: `${VISIBLE} The items that are not new for the user (read, or published more ` +
    `than ${NEW_NEWS_DAYS} days ago), newest first. Marks nothing.`,
  responses: {
    200: jsonResponse(NewsListSchema, "Old items"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const all = createRoute({
  method: "get",
  path: "/rest/news/all",
  tags,
  summary: "All news the signed-in user may read",
  description: `${VISIBLE} Every item, newest first, each saying whether it is new. ${NEW} ` +
    "Marks nothing.",
  responses: {
    200: jsonResponse(NewsListSchema, "Every visible item"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});
