/** The shell's header: the menu by area, quick search, news count, user guide and the user. */
import type { SessionUser } from "../auth/sessions.ts";
import { ROUTE_MAP } from "../../routes/mod.ts";
import { hrefOf } from "../../routes/map.ts";
import { USER_GUIDE_URL } from "../../routes/information/help.tsx";
import { Island } from "./island.tsx";
import QuickSearch from "../../islands/shell/QuickSearch.tsx";
import NewsCount from "../../islands/shell/NewsCount.tsx";
import UserMenu from "../../islands/shell/UserMenu.tsx";

function Nav({ user, path }: { user: SessionUser; path: string }) {
  const current = ROUTE_MAP.areaOf(path);
  const here = ROUTE_MAP.match(path)?.route;
  return (
    <ul id="nav" aria-label="Main menu">
      {ROUTE_MAP.areas(user.admin).map((area) => {
        const pages = ROUTE_MAP.childrenOf(area.pattern, user.admin);
        return (
          <li key={area.pattern}>
            <details className={`dropdown${current === area.pattern ? " current" : ""}`}>
              <summary>{area.title}</summary>
              <ul>
                <li>
                  <a
                    href={area.pattern}
                    aria-current={path === area.pattern ? "page" : undefined}
                  >
                    {area.title} overview
                  </a>
                </li>
                {pages.map((p) => (
                  <li key={p.pattern}>
                    <a href={hrefOf(p)} aria-current={p === here ? "page" : undefined}>
                      {p.title}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Header(
  { user, path, newsCount }: { user: SessionUser; path: string; newsCount: number },
) {
  return (
    <header id="site-header" className="site-header container-fluid">
      <nav aria-label="Portal">
        <ul className="site-brand">
          <li>
            <a className="brand" href="/">Satellite Portal</a>
          </li>
        </ul>
        {
          /*
          On a phone the menu and the tools fold behind this button (a popover: it opens without
          script, Escape or a click elsewhere closes it); on wider screens the button is hidden and
          the panel is laid out as part of the header (islands/styles/frame.css).
        */
        }
        <button type="button" className="site-menu-button" popoverTarget="site-menu">
          <span aria-hidden="true">☰</span> Menu
        </button>
        <div id="site-menu" className="site-menu" popover="auto">
          <Nav user={user} path={path} />
          <ul className="header-tools">
            <li>
              <Island of={QuickSearch} props={{ admin: user.admin }} />
            </li>
            <li>
              <Island of={NewsCount} props={{ count: newsCount }} />
            </li>
            <li>
              <a href={USER_GUIDE_URL} download data-native title="Download the user guide (PDF)">
                Guide (PDF)
              </a>
            </li>
            <li>
              <Island
                of={UserMenu}
                props={{
                  name: `${user.firstName} ${user.lastName}`.trim() || user.id,
                  id: user.id,
                  company: user.companyName,
                  team: user.teamName,
                }}
              />
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
