/** Index pages: a card per page the user may open, with what it is for and its own pages. */
import type { AnyPageRoute, PageRoute, UserPageContext } from "./types.ts";
import { hrefOf } from "./map.ts";

export function IndexCards({ ctx, routes }: { ctx: UserPageContext; routes: AnyPageRoute[] }) {
  return (
    <div className="index-grid">
      {routes.map((r) => (
        <article key={r.pattern}>
          <h2>
            <a href={hrefOf(r)}>{r.title}</a>
          </h2>
          <p className="muted">{r.summary}</p>
          <SubLinks ctx={ctx} route={r} />
        </article>
      ))}
    </div>
  );
}

function SubLinks({ ctx, route }: { ctx: UserPageContext; route: AnyPageRoute }) {
  const sub = ctx.map.childrenOf(route.pattern, ctx.user.admin);
  if (!sub.length) return null;
  return (
    <ul>
      {sub.map((s) => (
        <li key={s.pattern}>
          <a href={hrefOf(s)}>{s.title}</a>
        </li>
      ))}
    </ul>
  );
}

/** An index route: its view lists its children. */
export const indexRoute = (
  def: Omit<PageRoute<void>, "view">,
): PageRoute<void> => ({
  ...def,
  view: ({ ctx }) => (
    <IndexCards ctx={ctx} routes={ctx.map.childrenOf(def.pattern, ctx.user.admin)} />
  ),
});
