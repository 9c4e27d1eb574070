import type { PageRoute } from "./types.ts";
import { AREAS, childrenOf, mayOpen, routeByPattern } from "./mod.ts";

export const homeRoute: PageRoute<void> = {
  pattern: "/",
  title: "Home",
  summary: "Your areas of the portal.",
  view: ({ ctx }) => {
    const areas = AREAS.map((p) => routeByPattern.get(p)!).filter((r) =>
      mayOpen(r, ctx.user.admin)
    );
    return (
      <>
        <p>
          Signed in as <strong>{ctx.user.id}</strong> — {ctx.user.companyName}, team{" "}
          {ctx.user.teamName}.
        </p>
        <div className="index-grid">
          {areas.map((area) => (
            <article key={area.pattern}>
              <h2>
                <a href={area.pattern}>{area.title}</a>
              </h2>
              <p className="muted">{area.summary}</p>
              <ul>
                {childrenOf(area.pattern, ctx.user.admin).map((r) => (
                  <li key={r.pattern}>
                    <a href={r.pattern}>{r.title}</a>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </>
    );
  },
};
