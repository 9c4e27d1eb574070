/**
 * The header's count of new news (the NewsCount island) and how other islands ask it to refetch:
 * the news page calls `refreshNewsCount()` once it has shown (and so marked read) new items, and
 * the header updates without a reload. A tiny store rather than SWR keeps the header — on every
 * page's first load — light.
 */
import { createStore } from "../runtime/store.ts";

export const NEWS_COUNT_KEY = "/rest/news/countnew";

/** Bumped to ask every mounted NewsCount to refetch. */
export const newsCountRequests = createStore(0);

/** Refetches the count wherever it is shown. */
export const refreshNewsCount = () => newsCountRequests.set((n) => n + 1);
