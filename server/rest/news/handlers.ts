/** The /rest/news handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { notFound } from "../../errors.ts";
import { listNewNews } from "../../services/news/unread.ts";
import {
  addNews,
  deleteNews,
  editNews,
  getNews,
  listNews,
  takeNewNews,
} from "../../services/news/items.ts";

const NOT_FOUND = "News";

export const handlers: Handlers<typeof routes> = {
  countNew: async (c) => c.json(await listNewNews(c.var.deps.db, c.var.user), 200),
  add: async (c) => c.json(await addNews(c.var.deps.db, c.var.user, c.req.valid("json")), 200),
  edit: async (c) => {
    const item = await editNews(c.var.deps.db, c.var.user, c.req.valid("json"));
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item, 200);
  },
  remove: async (c) => {
    if (!await deleteNews(c.var.deps.db, c.req.valid("query").id)) throw notFound(NOT_FOUND);
    return c.json({ success: true as const }, 200);
  },
  get: async (c) => {
    const item = await getNews(c.var.deps.db, c.var.user, c.req.valid("query").id);
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item, 200);
  },
  whatsNew: async (c) => c.json(await takeNewNews(c.var.deps.db, c.var.user), 200),
  old: async (c) => c.json(await listNews(c.var.deps.db, c.var.user, "old"), 200),
  all: async (c) => c.json(await listNews(c.var.deps.db, c.var.user, "all"), 200),
};
