import type { ReactNode } from "react";
import type { Deps } from "../server/router.ts";
import type { SessionUser } from "../server/auth/sessions.ts";
import type { Scope } from "../server/services/tenancy.ts";
import type { RouteMap } from "./map.ts";

/** What a page's loader and view see. */
export interface PageContext {
  url: URL;
  params: Record<string, string | undefined>;
  /** Null only on public pages (login). */
  user: SessionUser | null;
  /** Whose rows the user reaches (server/services/tenancy.ts); none when signed out. */
  scope: Scope;
  deps: Deps;
  /** The route map: index pages, breadcrumbs and menus read it. */
  map: RouteMap;
}

/** A signed-in page's context. */
export type UserPageContext = PageContext & { user: SessionUser };

export interface PageRoute<D = unknown> {
  /** URL pattern; `:name` is a parameter, `:name?` an optional one. */
  pattern: string;
  /** Heading, breadcrumb and menu label. */
  title: string;
  /** One line saying what the page is for (index pages and menus show it). */
  summary: string;
  /** Needs team rights below 100 (spec: "(admin)"). */
  admin?: boolean;
  /** Reachable without a session (/login, /login/reset). */
  public?: boolean;
  /** A public page a signed-in user may open too, instead of being sent on (a set-password link). */
  alsoSignedIn?: boolean;
  /** Breadcrumb parent; index pages list the routes whose parent they are. */
  parent?: string;
  /** Loads what the page shows; a thrown ApiError becomes a route change error. */
  load?: (ctx: UserPageContext) => Promise<D>;
  /** The page's own content below its heading. */
  view?: (props: { ctx: UserPageContext; data: D }) => ReactNode;
  /**
   * A detail page's heading, found before its data with one indexed query: it throws the loader's
   * own 404 (or a PageRedirect) for a row that does not exist or is not the user's, so the page
   * can be sent frame first with its status and heading settled (server/pages/stream_page.tsx).
   */
  heading?: (ctx: UserPageContext) => Promise<string>;
  /**
   * The heading of a page whose heading and status come from its whole data (the error page),
   * which is therefore rendered only once its loader has run.
   */
  label?: (ctx: UserPageContext, data: D) => string;
  /**
   * The loader changes what the page's frame shows, so nothing is sent before it has run (the
   * news page marks what it shows read, and the header counts unread news). Other pages without
   * parameters send their frame first (server/pages/stream_page.tsx).
   */
  loadsBeforeFrame?: boolean;
  /** Pages whose body the page renders itself (login, errors) instead of the standard head. */
  bare?: boolean;
  /**
   * The route change message the page was sent with (server/pages/flash.ts) is part of its
   * content, under its heading, as well as a toast: an error page says what was refused.
   */
  showsFlash?: boolean;
}

// deno-lint-ignore no-explicit-any
export type AnyPageRoute = PageRoute<any>;

/** Thrown by a loader to send the browser to another page (e.g. an mtl to its terminal). */
export class PageRedirect {
  constructor(readonly location: string) {}
}
