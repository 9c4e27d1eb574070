/**
 * The header's count of new news, linking to the news page; refreshed every few minutes, and by
 * the news page once it has shown (so marked read) new items (islands/news/count.ts).
 */
import useSWR from "swr";
import { call, client } from "../runtime/api.ts";
import { NEWS_COUNT_KEY } from "./news_count.ts";

const REFRESH_MS = 5 * 60 * 1000;

export default function NewsCount({ count }: { count: number }) {
  const { data } = useSWR(
    NEWS_COUNT_KEY,
    () => call(client.GET("/rest/news/countnew")).then((list) => list.length),
    { fallbackData: count, revalidateOnMount: false, refreshInterval: REFRESH_MS },
  );
  return (
    <a href="/information/news" aria-label={`News: ${data} new`} data-news-count={data}>
      News <span className={data ? "badge" : "badge muted"}>{data}</span>
    </a>
  );
}
