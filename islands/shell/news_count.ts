/**
 * The header's count of new news (the NewsCount island) is SWR data under this key. Every island
 * shares SWR's cache, so the news page refreshes the header with `refreshNewsCount()` once it has
 * shown (and so marked read) new items, without a reload.
 */
import { mutate } from "swr";

export const NEWS_COUNT_KEY = "/rest/news/countnew";

/** Refetches the count wherever it is shown. */
export const refreshNewsCount = () => mutate(NEWS_COUNT_KEY);
