/** Index pages: a card per page of the area the user may open, with what it is for. */
import type { AnyPageRoute, PageRoute, UserPageContext } from "./types.ts";
import { childrenOf } from "./mod.ts";

export function IndexView({ ctx, pattern }: { ctx: UserPageContext; pattern: string }) {
  const children = childrenOf(pattern, ctx.user.admin);
  return (
    <div className="index-grid">
      {children.map((r) => (
        <article key={r.pattern}>
          <h2>
            <a href={r.pattern}>{r.title}</a>
          </h2>
          <p className="muted">{r.summary}</p>
          <SubLinks ctx={ctx} route={r} />
        </article>
      ))}
    </div>
  );
}

function SubLinks({ ctx, route }: { ctx: UserPageContext; route: AnyPageRoute }) {
  const sub = childrenOf(route.pattern, ctx.user.admin);
  if (!sub.length) return null;
  return (
    <ul>
      {sub.map((s) => (
        <li key={s.pattern}>
          <a href={s.pattern}>{s.title}</a>
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
  view: ({ ctx }) => <IndexView ctx={ctx} pattern={def.pattern} />,
});
