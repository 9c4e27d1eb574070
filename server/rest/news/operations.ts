/** The /rest/news calls (portal-shell §7 News), declared for the OpenAPI document. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
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

const VISIBLE = "Administrators read every item, other users the public ones.";
const NEW = `New means published in the last ${NEW_NEWS_DAYS} days and not read by the user.`;

export const countNew = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/news/countnew",
  summary: "The signed-in user's new news",
  description: `News the user may read, published in the last ${NEW_NEWS_DAYS} days and not ` +
    "read yet, newest first. The array's length is the count the header shows. Marks nothing.",
  responses: {
    200: jsonResponse(NewNewsListSchema, "New news items"),
  },
});

export const add = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/news/add",
  summary: "Publish a news item",
  description: "Level defaults to low, public to 0 (administrators only). " +
    "The author has read it; for everyone else who may read it, it is new.",
  request: { body: jsonBody(NewsWriteSchema) },
  responses: {
    200: jsonResponse(NewsItemSchema, "The published item"),
  },
});

export const edit = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/news/edit",
  summary: "Change a news item",
  description: "Replaces title, content, level and public (level and " +
    "public take their defaults when left out). An edit does not make the item new again.",
  request: {
    body: jsonBody(NewsEditSchema, {
      id: 1,
      title: "Maintenance of the LES 21 gateway",
      content: "Saturday 02:00-04:00 UTC: messages are queued and delivered afterwards.",
      level: "medium",
      public: 1,
    }),
  },
  responses: {
    200: jsonResponse(NewsItemSchema, "The changed item"),
  },
  errors: [404],
});

export const remove = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/news/delete",
  summary: "Delete a news item",
  description: "A GET, as the specification has it: session cookies are " +
    "SameSite=Strict and cross-site requests are refused (docs/security.md).",
  request: { query: NewsIdQuerySchema },
  responses: {
    200: jsonResponse(SuccessSchema, "Deleted"),
  },
  errors: [404],
});

export const get = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/news/get",
  summary: "One news item",
  description: `${VISIBLE} An item the user may not read is answered 404. Marks nothing.`,
  request: { query: NewsIdQuerySchema },
  responses: {
    200: jsonResponse(NewsItemSchema, "The item"),
  },
  errors: [404],
});

export const whatsNew = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/news/whatsnew",
  summary: "The signed-in user's new news, marked read",
  description: `${NEW} ${VISIBLE} Answers the user's new items in full, newest first, and ` +
    "marks them read: they are then old, and no longer counted by countnew.",
  responses: {
    200: jsonResponse(NewsListSchema, "The items that were new (each with new: true)"),
  },
});

export const old = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/news/old",
  summary: "The signed-in user's old news",
  description: `${VISIBLE} The items that are not new for the user (read, or published more ` +
    `than ${NEW_NEWS_DAYS} days ago), newest first. Marks nothing.`,
  responses: {
    200: jsonResponse(NewsListSchema, "Old items"),
  },
});

export const all = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/news/all",
  summary: "All news the signed-in user may read",
  description: `${VISIBLE} Every item, newest first, each saying whether it is new. ${NEW} ` +
    "Marks nothing.",
  responses: {
    200: jsonResponse(NewsListSchema, "Every visible item"),
  },
});
