/**
 * The news page (/information/news): every item the user may read, newest first, the new ones
 * marked "New", 10 a page with the kit's pager (the page and size kept in the URL); an "Older
 * news" dialog; and for administrators Add, Edit and Delete.
 *
 * The server marked the new items read when it rendered the page (they are shown now), so the
 * island refreshes the header's count once hydrated. After an add, edit or delete the list is
 * reloaded from whatsnew (items new since, which it marks read) and old; an item stays marked
 * "New" for the rest of this visit.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { PAGE_SIZE, PAGE_SIZES } from "../../openapi/enums.ts";
import { Pager, useStateInUrl } from "../kit/table/Pager.tsx";
import type { TableDefaults, TableState } from "../kit/table/table_state.ts";
import { call, client, messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { formatDateTime } from "../kit/format.ts";
import { NEWS_MESSAGES } from "../../openapi/schemas/messages.ts";
import type { NewsItem } from "../../openapi/schemas/news.ts";
import { LevelBadge } from "./news_level.tsx";
import { refreshNewsCount } from "../shell/news_count.ts";
import { useMounted } from "../kit/lazy.ts";
import { confirmDelete } from "../kit/dialog/confirm_delete.ts";

// The dialogs are loaded when first opened: most visits only read.
const NewsDialog = lazy(() => import("./news_dialog.tsx").then((m) => ({ default: m.NewsDialog })));
const OldNews = lazy(() => import("./old_news.tsx").then((m) => ({ default: m.OldNews })));

/** The page's paging: the spec's page size of the news tables (portal-shell §9), no sort. */
export const NEWS_PAGE_DEFAULTS: TableDefaults = {
  sorting: null,
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

interface NewsListProps {
  items: NewsItem[];
  /** The page and size the URL asks for (stateFromSearch with NEWS_PAGE_DEFAULTS). */
  initialState: TableState;
  /** Show the add, edit and delete controls (the server renders none for other users). */
  admin: boolean;
}

/** Newest first, as the server orders them. */
const newestFirst = (a: NewsItem, b: NewsItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The list again: what is new now (marked read by whatsnew) and the rest. */
async function loadNews(): Promise<NewsItem[]> {
  const [fresh, old] = await Promise.all([
    call(client.GET("/rest/news/whatsnew")),
    call(client.GET("/rest/news/old")),
  ]);
  const byId = new Map(old.map((i) => [i.id, i]));
  for (const i of fresh) byId.set(i.id, i); // the two may overlap if whatsnew marked first
  return [...byId.values()].sort(newestFirst);
}

type Editing = { item: NewsItem | null } | null;

export default function NewsList({ items: initial, initialState, admin }: NewsListProps) {
  const [items, setItems] = useState(initial);
  const [paging, setPaging] = useState(initialState);
  useStateInUrl(paging, NEWS_PAGE_DEFAULTS);
  const list = useRef<HTMLDivElement>(null);
  // A page past the last (a shorter list after a delete, an old link) shows the last one.
  const pages = Math.max(1, Math.ceil(items.length / paging.count));
  const page = Math.min(paging.page, pages);
  const shown = items.slice((page - 1) * paging.count, page * paging.count);
  function turn(patch: Partial<TableState>) {
    setPaging((p) => ({ ...p, ...patch }));
    // The pager is below the items: the next page is read from its top.
    list.current?.scrollIntoView({ block: "start" });
  }
  const seenNew = useRef(new Set(initial.filter((i) => i.new).map((i) => i.id)));
  const [editing, setEditing] = useState<Editing>(null);
  const [oldOpen, setOldOpen] = useState(false);
  // A lazy dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({ edit: editing !== null, old: oldOpen });

  useEffect(() => {
    if (seenNew.current.size) void refreshNewsCount();
  }, []);

  /** The list again; after an add, its first page, where the new item is. */
  async function reload(added = false) {
    try {
      const next = await loadNews();
      const fresh = next.filter((i) => i.new);
      for (const i of fresh) seenNew.current.add(i.id);
      setItems(next);
      if (added) setPaging((p) => ({ ...p, page: 1 }));
      if (fresh.length) void refreshNewsCount();
    } catch (e) {
      toast("error", messageOf(e));
    }
  }

  async function remove(item: NewsItem) {
    const deleted = await confirmDelete(
      {
        title: "Delete news",
        message: `Delete the news "${item.title}"? It is removed for every user.`,
      },
      () => call(client.GET("/rest/news/delete", { params: { query: { id: item.id } } })),
      () => NEWS_MESSAGES.deleted,
    );
    if (deleted) await reload();
  }

  return (
    <>
      <div className="news-tools">
        <button type="button" className="secondary" onClick={() => setOldOpen(true)}>
          Older news
        </button>
        {admin && (
          <button type="button" onClick={() => setEditing({ item: null })}>
            Add news
          </button>
        )}
      </div>
      <div ref={list} className="news-page">
        {items.length === 0
          ? <p className="muted" data-news-empty="">There is no news.</p>
          : (
            <ol className="news-list" aria-label="News items">
              {shown.map((item) => (
                <NewsEntry
                  key={item.id}
                  item={item}
                  isNew={item.new || seenNew.current.has(item.id)}
                  admin={admin}
                  onEdit={() => setEditing({ item })}
                  onDelete={() => void remove(item)}
                />
              ))}
            </ol>
          )}
      </div>
      <Pager
        id="news"
        caption="News"
        state={{ ...paging, page }}
        defaults={NEWS_PAGE_DEFAULTS}
        total={items.length}
        filtered={items.length}
        onChange={turn}
        sizeLabel="News per page"
      />
      <Suspense fallback={null}>
        {admin && mounted.edit && (
          <NewsDialog
            open={editing !== null}
            item={editing?.item ?? null}
            onClose={() => setEditing(null)}
            onSaved={() => void reload(editing?.item === null)}
          />
        )}
        {mounted.old && <OldNews open={oldOpen} onClose={() => setOldOpen(false)} />}
      </Suspense>
    </>
  );
}

function NewsEntry({ item, isNew, admin, onEdit, onDelete }: {
  item: NewsItem;
  isNew: boolean;
  admin: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = `news-${item.id}-title`;
  const edited = item.updatedAt.slice(0, 19) !== item.createdAt.slice(0, 19);
  return (
    <li data-news-id={item.id} data-new={isNew ? "true" : "false"}>
      <article className={`news-item ${item.level}`} aria-labelledby={titleId}>
        <header>
          <h2 id={titleId}>{item.title}</h2>
          <p className="news-meta">
            <LevelBadge level={item.level} />
            {isNew && <span className="badge news-new">New</span>}
            {admin && item.public === 0 && (
              <span className="news-private">
                Administrators only
              </span>
            )}
            <span>
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)} UTC</time>
              {item.author && <>{" · "}{item.author}</>}
              {edited && (
                <>
                  {" · edited "}
                  <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)} UTC</time>
                </>
              )}
            </span>
          </p>
        </header>
        <p className="news-content">{item.content}</p>
        {admin && (
          <footer className="news-actions">
            {([["Edit", onEdit], ["Delete", onDelete]] as const).map(([action, onClick]) => (
              <button
                key={action}
                type="button"
                className="secondary outline"
                aria-label={`${action} ${item.title}`}
                onClick={onClick}
              >
                {action}
              </button>
            ))}
          </footer>
        )}
      </article>
    </li>
  );
}
