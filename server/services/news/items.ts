/**
 * News items: the lists of the news page and of /rest/news (all, new, old), one item, and the
 * administrators' add, edit and delete. Every read goes through one query that applies the
 * visibility rule (clients read public items only) and computes `new` for the reader.
 *
 * Read marking (docs/decisions/0006-news-new-and-search.md): what the user is shown as new is
 * marked read — by the news page (`newsPage`) and by GET /rest/news/whatsnew (`takeNewNews`).
 * The count, `all`, `old` and `get` never mark. An author has read what they publish.
 */
import { and, desc, eq, inArray, not, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { news, users } from "../../../db/schema/mod.ts";
import type { NewsEdit, NewsItem, NewsWrite } from "../../../openapi/schemas/news.ts";
import { type Prepared, statement } from "../../../db/statements.ts";
import { isNew, readBy, type Reader, recentNews, visibleNews } from "./unread.ts";

/** Which items a list holds: every visible one, the new ones, or the others. */
type NewsScope = "all" | "new" | "old";

const scopeWhere = (db: Db, user: Reader, scope: NewsScope): SQL | undefined =>
  scope === "all"
    ? undefined
    : scope === "new"
    ? isNew(db, user)
    : or(not(recentNews()), readBy(db, user));

/**
 * The author's display name: first and last name; administrators also get the author's id
 * when there is no name (clients get null rather than a staff member's login).
 */
const authorOf = (user: Reader) => {
  const name = sql`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;
  return user.admin
    ? sql<string | null>`coalesce(${name}, ${users.id})`
    : sql<string | null>`${name}`;
};

function selectNews(db: Db, user: Reader, where: SQL | undefined) {
  return db.select({
    id: news.id,
    title: news.title,
    content: news.content,
    level: news.level,
    public: news.public,
    createdAt: news.createdAt,
    updatedAt: news.updatedAt,
    author: authorOf(user),
    new: sql<boolean>`(${isNew(db, user)})`.mapWith(Boolean),
  })
    .from(news)
    .leftJoin(users, eq(users.key, news.authorKey))
    .where(and(visibleNews(user), where))
    .orderBy(desc(news.createdAt), desc(news.id));
}

type Row = Awaited<ReturnType<typeof selectNews>>[number];

/** A row as the API reads it (never the raw row). */
const toNewsItem = (r: Row): NewsItem => ({
  id: r.id,
  title: r.title,
  content: r.content,
  level: r.level,
  public: r.public ? 1 : 0,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  author: r.author ?? null,
  new: r.new,
});

/**
 * A statement built once (db/statements.ts) per kind of reader, administrator or not, the reader's
 * key the placeholder `userKey`: run with the reader and the other placeholders' values.
 */
function perReader<R>(build: (db: Db, user: Reader, name: string) => Prepared<R>) {
  const of = (admin: boolean) =>
    statement((db, name) =>
      build(db, { key: sql.placeholder("userKey") as unknown as number, admin }, `${name}_${admin}`)
    );
  const [admin, reader] = [of(true), of(false)];
  return (db: Db, user: Reader, values: Record<string, unknown> = {}) =>
    (user.admin ? admin : reader)(db).execute({ ...values, userKey: user.key });
}

const everyItem = perReader((db, user, name) => selectNews(db, user, undefined).prepare(name));
const itemById = perReader((db, user, name) =>
  selectNews(db, user, eq(news.id, sql.placeholder("id"))).limit(1).prepare(name)
);

/** The visible items of a scope, newest first. */
export async function listNews(db: Db, user: Reader, scope: NewsScope): Promise<NewsItem[]> {
  const rows = scope === "all"
    ? await everyItem(db, user)
    : await selectNews(db, user, scopeWhere(db, user, scope));
  return rows.map(toNewsItem);
}

/** One item, or null when it does not exist or the user may not read it. */
export async function getNews(db: Db, user: Reader, id: number): Promise<NewsItem | null> {
  const [row] = await itemById(db, user, { id });
  return row ? toNewsItem(row) : null;
}

/** Records that the user has read these items (those that still exist). */
async function markRead(db: Db, user: Reader, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`
    insert into news_reads (user_key, news_id)
    select ${user.key}, ${news.id} from ${news} where ${inArray(news.id, ids)}
    on conflict do nothing`);
}

/** GET /rest/news/whatsnew: the user's new items, newest first, now marked read. */
export function takeNewNews(db: Db, user: Reader): Promise<NewsItem[]> {
  return db.transaction(async (tx) => {
    const items = await listNews(tx, user, "new");
    await markRead(tx, user, items.map((i) => i.id));
    return items;
  });
}

/**
 * The news page: every visible item, newest first, `new` as it was before this view; the new
 * ones are then marked read (the page has shown them).
 */
export function newsPage(db: Db, user: Reader): Promise<NewsItem[]> {
  return db.transaction(async (tx) => {
    const items = await listNews(tx, user, "all");
    await markRead(tx, user, items.filter((i) => i.new).map((i) => i.id));
    return items;
  });
}

const columns = (input: NewsWrite) => ({
  title: input.title,
  content: input.content,
  level: input.level,
  public: input.public === 1,
});

/** Publishes an item; its author has read it. */
export function addNews(db: Db, user: Reader, input: NewsWrite): Promise<NewsItem> {
  return db.transaction(async (tx) => {
    const [{ id }] = await tx.insert(news).values({ ...columns(input), authorKey: user.key })
      .returning({ id: news.id });
    await markRead(tx, user, [id]);
    return (await getNews(tx, user, id))!;
  });
}

/** Changes an item (it does not become new again); null when there is no such item. */
export async function editNews(db: Db, user: Reader, input: NewsEdit): Promise<NewsItem | null> {
  const updated = await db.update(news).set({ ...columns(input), updatedAt: sql`now()` })
    .where(eq(news.id, input.id)).returning({ id: news.id });
  return updated.length ? await getNews(db, user, input.id) : null;
}

/** Deletes an item (and who read it); false when there is no such item. */
export async function deleteNews(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  return deleted.length > 0;
}
