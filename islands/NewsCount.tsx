/** The header's count of new news, linking to the news page; refreshed every few minutes. */
import useSWR from "swr";
import { call, client } from "./runtime/api.ts";

const REFRESH_MS = 5 * 60 * 1000;

export default function NewsCount({ count }: { count: number }) {
  const { data } = useSWR(
    "/rest/news/countnew",
    () => call(client.GET("/rest/news/countnew")).then((list) => list.length),
    { fallbackData: count, revalidateOnMount: false, refreshInterval: REFRESH_MS },
  );
  return (
    <a href="/information/news" aria-label={`News: ${data} new`} data-news-count={data}>
      News <span className={data ? "badge" : "badge muted"}>{data}</span>
    </a>
  );
}
