/**
 * The header's count of new news, linking to the news page; refetched when news is published or
 * changed (a change event; every few minutes while the tab has no event stream), when the window
 * regains focus, and when the news page has shown (so marked read) new items
 * (`refreshNewsCount()` in ./news_count.ts).
 */
import { useEffect, useState } from "react";
import { getJson } from "../runtime/fetch_json.ts";
import { useStore } from "../runtime/store.ts";
import { NEWS_COUNT_KEY, newsCountRequests } from "./news_count.ts";

/** Without an event stream, the count is fetched again this often. */
const REFRESH_MS = 5 * 60 * 1000;
const NEWS_POLL = { pollMs: REFRESH_MS };
const NEWS_EVENTS = ["news.published"] as const;

export default function NewsCount({ count }: { count: number }) {
  const [data, setData] = useState(count);
  const requested = useStore(newsCountRequests);
  const [tick, setTick] = useState(0);

  // Events, the timer and focus only bump `tick`; one effect below does the fetching. The event
  // stream's module loads after the header is live (the header is on every page's first load).
  useEffect(() => {
    const bump = () => setTick((n) => n + 1);
    addEventListener("focus", bump);
    let stop: (() => void) | undefined;
    let gone = false;
    import("../runtime/live.ts").then((live) => {
      if (!gone) stop = live.subscribeLive(NEWS_EVENTS, () => ({ refresh: bump }), NEWS_POLL);
    });
    return () => {
      gone = true;
      stop?.();
      removeEventListener("focus", bump);
    };
  }, []);

  useEffect(() => {
    // The server rendered the count: nothing to fetch until asked.
    if (tick === 0 && requested === 0) return;
    let live = true;
    getJson<unknown[]>(NEWS_COUNT_KEY)
      .then((list) => live && setData(list.length))
      // A failed refresh keeps the last count; the header is no place for an error.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [tick, requested]);

  return (
    <a href="/information/news" aria-label={`News: ${data} new`} data-news-count={data}>
      News <span className={data ? "badge" : "badge muted"}>{data}</span>
    </a>
  );
}
