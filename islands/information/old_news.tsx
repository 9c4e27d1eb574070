/**
 * The old-news dialog: the user's items that are not new (read, or published more than 30 days
 * ago; GET /rest/news/old), in a table of 10 rows a page (portal-shell §9), fetched each time it
 * opens.
 */
import useSWR from "swr";
import { Dialog } from "../kit/dialog/Dialog.tsx";
import { DataTable } from "../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../kit/table/table_state.ts";
import { formatDateTime } from "../kit/format.ts";
import { call, client, messageOf } from "../runtime/api.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../openapi/enums.ts";
import type { NewsItem } from "../../openapi/schemas/news.ts";
import { LEVEL_LABELS, LevelBadge } from "./news_level.tsx";

const OLD_NEWS_KEY = "/rest/news/old";

const DEFAULTS: TableDefaults = {
  sorting: { field: "createdAt", direction: "desc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};
const INITIAL: TableState = { filter: {}, sorting: DEFAULTS.sorting, page: 1, count: PAGE_SIZE };

export function OldNews({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Older news"
      onClose={onClose}
      wide
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      <OldNewsTable />
    </Dialog>
  );
}

function OldNewsTable() {
  const { data, error } = useSWR(
    OLD_NEWS_KEY,
    () => call(client.GET("/rest/news/old")),
    { revalidateOnFocus: false },
  );
  if (error) return <p role="alert" className="field-error">{messageOf(error)}</p>;
  if (!data) return <p aria-busy="true">Loading older news…</p>;
  return (
    <DataTable<NewsItem>
      id="old-news"
      caption="News you have read, and news published more than 30 days ago"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => r.title}
      source={{ kind: "local", rows: data }}
      defaults={DEFAULTS}
      initialState={INITIAL}
      exportName="older-news"
      columns={[
        {
          key: "createdAt",
          label: "Published (UTC)",
          sortable: true,
          text: (r) => formatDateTime(r.createdAt),
        },
        {
          key: "level",
          label: "Level",
          filter: { kind: "select", options: Object.entries(LEVEL_LABELS) },
          text: (r) => LEVEL_LABELS[r.level],
          render: (r) => <LevelBadge level={r.level} />,
        },
        { key: "title", label: "Title", sortable: true, filter: { kind: "text" } },
        {
          key: "content",
          label: "Content",
          filter: { kind: "text" },
          render: (r) => <span className="news-content">{r.content}</span>,
        },
      ]}
    />
  );
}
