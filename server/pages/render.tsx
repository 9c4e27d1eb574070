/** Renders a route of the route map into a complete HTML page. */
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import type { AnyPageRoute, PageContext, UserPageContext } from "../../routes/types.ts";
import type { RouteMap } from "../../routes/map.ts";
import { JsonScript } from "./json_script.tsx";
import { assets } from "../assets/mod.ts";
import { htmlDocument } from "./document.ts";
import { frameStyle } from "./frame_style.ts";
import { Header } from "./header.tsx";
import { Island } from "./island.tsx";
import type { Flash } from "./flash.ts";
import Toaster from "../../islands/shell/Toaster.tsx";
import ConfirmHost from "../../islands/shell/ConfirmHost.tsx";

interface FrameInput {
  ctx: PageContext;
  route: AnyPageRoute;
  /** The page's heading (headingOf). */
  heading: string;
  flash: Flash[];
  newsCount: number;
}

interface RenderInput extends Omit<FrameInput, "heading"> {
  data: unknown;
}

/** Where the page's own content goes in its frame. */
const SLOT = '<template data-content-slot=""></template>';

function Breadcrumbs(
  { route, heading, map }: { route: AnyPageRoute; heading: string; map: RouteMap },
) {
  const parents = map.trail(route);
  if (route.pattern === "/") return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ul>
        {parents.map((p) => (
          <li key={p.pattern}>
            <a href={p.pattern}>{p.pattern === "/" ? "Home" : p.title}</a>
          </li>
        ))}
        <li aria-current="page">{heading}</li>
      </ul>
    </nav>
  );
}

/** The page's heading: a detail page's label, else its title. */
const headingOf = (route: AnyPageRoute, ctx: PageContext, data: unknown) =>
  route.label && ctx.user ? route.label(ctx as UserPageContext, data) : route.title;

/**
 * The page's main element. The route change messages become toasts (the JSON script) and, without
 * JavaScript, alerts; unless `shown`: the page shows them already.
 */
function Main({ children, flash, shown }: { children: ReactNode; flash: Flash[]; shown: boolean }) {
  return (
    <main id="main" className="container" tabIndex={-1}>
      {children}
      {flash.length > 0 && !shown && (
        <noscript>
          {flash.map((f, i) => <p key={i} role="alert">{f.message}</p>)}
        </noscript>
      )}
      {flash.length > 0 && <JsonScript data-flash="" value={flash} />}
    </main>
  );
}

/**
 * The document around the page's own content (everything but its view), as the part before the
 * content and the part after it: the frame can be sent before the page's data is loaded
 * (./stream_page.tsx).
 */
export async function renderFrame({ ctx, route, heading, flash, newsCount }: FrameInput) {
  const manifest = await assets();
  const user = ctx.user;
  const slot = <template data-content-slot="" />;
  const stylesheetSlot = <template data-stylesheet-slot="" />;
  const framed = !route.bare && user !== null;
  const flashShown = framed && Boolean(route.showsFlash);
  const content = !framed ? slot : (
    <>
      <Breadcrumbs route={route} heading={heading} map={ctx.map} />
      <div className="page-head">
        <hgroup>
          <h1>{heading}</h1>
          <p className="muted">{route.summary}</p>
        </hgroup>
      </div>
      {stylesheetSlot}
      {flashShown &&
        flash.map((f, i) => (
          <p key={i} className={`flash-message ${f.kind}`} data-flash-message="">{f.message}</p>
        ))}
      {slot}
    </>
  );
  const header = renderToString(
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      {user && <Header user={user} path={ctx.url.pathname} newsCount={newsCount} />}
    </>,
  );
  const body = renderToString(
    <>
      <Main flash={flash} shown={flashShown}>{content}</Main>
      <div id="overlays">
        <Island of={Toaster} props={{}} />
        {user && <Island of={ConfirmHost} props={{}} />}
      </div>
    </>,
  );
  const html = htmlDocument({
    title: heading,
    header,
    body,
    layout: user ? "app" : "bare",
    userId: user?.id ?? "",
    eventsSince: user ? ctx.deps.events.lastId : undefined,
    manifest,
    frameStyle: user ? await frameStyle(manifest) : undefined,
  });
  const at = html.indexOf(SLOT);
  return [html.slice(0, at), html.slice(at + SLOT.length)] as const;
}

/** The page's own content: its view of the loaded data. */
export const renderContent = (ctx: PageContext, route: AnyPageRoute, data: unknown) =>
  route.view ? renderToString(<>{route.view({ ctx: ctx as UserPageContext, data })}</>) : "";

export async function renderPage({ ctx, route, data, flash, newsCount }: RenderInput) {
  const heading = headingOf(route, ctx, data);
  const [before, after] = await renderFrame({ ctx, route, heading, flash, newsCount });
  return before + renderContent(ctx, route, data) + after;
}
