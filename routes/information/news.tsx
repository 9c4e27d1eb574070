/**
 * /information/news: every news item the user may read, newest first (portal-shell §2: "loads
 * all news"), shown 10 a page (the page in the URL, `?page=2`). Rendering the page shows the user's new items, so it marks them read (decision
 * 0006); the header, rendered after the loader, already counts them as read.
 */
import type { PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import NewsList, { NEWS_PAGE_DEFAULTS } from "../../islands/information/NewsList.tsx";
import { stateFromSearch } from "../../islands/kit/table/table_state.ts";
import type { NewsItem } from "../../openapi/schemas/news.ts";
import { newsPage } from "../../server/services/news/items.ts";

const newsRoute: PageRoute<{ items: NewsItem[] }> = {
  pattern: "/information/news",
  title: "News",
  summary: "Service announcements, newest first.",
  parent: "/information",
  // Showing the items marks them read: the header's count must come after.
  loadsBeforeFrame: true,
  load: async ({ deps, user }) => ({ items: await newsPage(deps.db, user) }),
  view: ({ ctx, data }) => (
    <Island
      of={NewsList}
      props={{
        items: data.items,
        initialState: stateFromSearch(ctx.url.searchParams, NEWS_PAGE_DEFAULTS),
        admin: ctx.user.admin,
      }}
    />
  ),
};

export default [newsRoute];
