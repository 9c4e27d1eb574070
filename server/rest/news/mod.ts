/** /rest/news: the handlers of ./routes.ts; the rules live in services/news. */
import { createRouter } from "../../router.ts";
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
import { add, all, countNew, edit, get, old, remove, whatsNew } from "./routes.ts";

const NOT_FOUND = "News";

export const newsRouter = createRouter()
  .openapi(countNew, async (c) => {
    const rows = await listNewNews(c.var.deps.db, c.var.user);
    return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), 200);
  })
  .openapi(add, async (c) => {
    return c.json(await addNews(c.var.deps.db, c.var.user, c.req.valid("json")), 200);
  })
  .openapi(edit, async (c) => {
    const item = await editNews(c.var.deps.db, c.var.user, c.req.valid("json"));
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item, 200);
  })
  .openapi(remove, async (c) => {
    if (!await deleteNews(c.var.deps.db, c.req.valid("query").id)) throw notFound(NOT_FOUND);
    return c.json({ success: true as const }, 200);
  })
  .openapi(get, async (c) => {
    const item = await getNews(c.var.deps.db, c.var.user, c.req.valid("query").id);
    if (!item) throw notFound(NOT_FOUND);
    return c.json(item, 200);
  })
  .openapi(whatsNew, async (c) => c.json(await takeNewNews(c.var.deps.db, c.var.user), 200))
  .openapi(old, async (c) => c.json(await listNews(c.var.deps.db, c.var.user, "old"), 200))
  .openapi(all, async (c) => c.json(await listNews(c.var.deps.db, c.var.user, "all"), 200));
