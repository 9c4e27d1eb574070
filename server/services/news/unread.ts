/**
 * What "new" news means for a user (docs/decisions/0006-news-new-and-search.md): an item the user
 * may read (public, or any item for an administrator), published in the last NEW_NEWS_DAYS days,
 * that the user has not read yet. The news page and GET /rest/news/whatsnew mark what they show
 * as read (./items.ts); the count never does.
 */
import { and, desc, eq, exists, gte, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { news, newsReads } from "../../../db/schema/mod.ts";
import { NEW_NEWS_DAYS } from "../../../openapi/schemas/news.ts";

export { NEW_NEWS_DAYS };

export interface Reader {
  key: number;
  admin: boolean;
}

/** News a user may read: everything for administrators, public items for the others. */
export const visibleNews = (user: Reader): SQL | undefined =>
  user.admin ? undefined : eq(news.public, true);

/** The user has read the item. */
export const readBy = (db: Db, user: Reader): SQL =>
  exists(
    db.select({ one: sql`1` }).from(newsReads).where(
      and(eq(newsReads.newsId, news.id), eq(newsReads.userKey, user.key)),
    ),
  );

/** Published recently enough to be new. */
export const recentNews = (): SQL =>
  gte(news.createdAt, sql`now() - make_interval(days => ${NEW_NEWS_DAYS})`);

/** New for the user (visibility aside): recent and not read. */
export const isNew = (db: Db, user: Reader): SQL => and(recentNews(), not(readBy(db, user)))!;

const unreadBy = (db: Db, user: Reader) => and(visibleNews(user), isNew(db, user));

export async function countNewNews(db: Db, user: Reader): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(news)
    .where(unreadBy(db, user));
  return row?.n ?? 0;
}

/** The user's new items (title and level), newest first: the header's count. */
export async function listNewNews(db: Db, user: Reader) {
  const rows = await db.select({
    id: news.id,
    title: news.title,
    level: news.level,
    createdAt: news.createdAt,
  }).from(news).where(unreadBy(db, user)).orderBy(desc(news.createdAt), desc(news.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
