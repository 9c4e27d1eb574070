/**
 * What "new" news means for a user (docs/decisions/0005-news-new.md): an item the user may read
 * (public, or any item for an administrator), published in the last NEW_NEWS_DAYS days, that
 * the user has not read yet. Opening the news page marks what it shows as read.
 */
import { and, desc, eq, gte, notExists, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { news, newsReads } from "../../../db/schema/mod.ts";

export const NEW_NEWS_DAYS = 30;

interface Reader {
  key: number;
  admin: boolean;
}

/** News a user may read: everything for administrators, public items for the others. */
export const visibleNews = (user: Reader): SQL | undefined =>
  user.admin ? undefined : eq(news.public, true);

const unreadBy = (db: Db, user: Reader) =>
  and(
    visibleNews(user),
    gte(news.createdAt, sql`now() - make_interval(days => ${NEW_NEWS_DAYS})`),
    notExists(
      db.select({ one: sql`1` }).from(newsReads).where(
        and(eq(newsReads.newsId, news.id), eq(newsReads.userKey, user.key)),
      ),
    ),
  );

export async function countNewNews(db: Db, user: Reader): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(news)
    .where(unreadBy(db, user));
  return row?.n ?? 0;
}

export function listNewNews(db: Db, user: Reader) {
  return db.select({
    id: news.id,
    title: news.title,
    level: news.level,
    createdAt: news.createdAt,
  }).from(news).where(unreadBy(db, user)).orderBy(desc(news.createdAt), desc(news.id));
}
