import type { AnyPageRoute, PageRoute } from "../types.ts";
import { USER_GUIDE_FILE_NAME } from "../../db/seed/user_guide.ts";
import { assets } from "../../server/pages/assets.ts";
import { newsRoute } from "./news.tsx";

const I = "/information";
export const USER_GUIDE_URL = `/rest/file/get?name=${USER_GUIDE_FILE_NAME}`;

const help: PageRoute<void> = {
  pattern: I,
  title: "Help",
  summary: "How to use the portal: the user guide, news and the API reference.",
  parent: "/",
  view: ({ ctx }) => (
    <>
      <p>
        The user guide describes every screen of the portal: the areas in the menu, the tables
        (filters apply two seconds after you stop typing; right-click a row, or use its ⋮ button,
        for its actions) and the dialogs.
      </p>
      <div className="index-grid">
        <article>
          <h2>User guide</h2>
          <p className="muted">The complete guide as a PDF.</p>
          <a href={USER_GUIDE_URL} download data-native>Download the user guide (PDF)</a>
        </article>
        <article>
          <h2>
            <a href="/information/news">News</a>
          </h2>
          <p className="muted">Service announcements, newest first.</p>
        </article>
        <article>
          <h2>
            <a href="/error">Error codes</a>
          </h2>
          <p className="muted">Every code the service can answer, with its meaning.</p>
        </article>
        <article>
          <h2>
            <a href="/information/about">About</a>
          </h2>
          <p className="muted">Version, build and the API reference for integrators.</p>
        </article>
      </div>
      {ctx.user.admin && (
        <p className="muted">
          As an administrator you also see the Administration and Monitoring areas.
        </p>
      )}
    </>
  ),
};

interface AboutData {
  version: string;
  build: string;
  database: string;
  startedAt: string;
  runtime: string;
}

const about: PageRoute<AboutData> = {
  pattern: `${I}/about`,
  title: "About",
  summary: "Version, build and links for integrators.",
  parent: I,
  load: async ({ deps }) => ({
    version: deps.version,
    build: (await assets()).entry.match(/-(\w+)\.js$/)?.[1] ?? "unknown",
    database: deps.dbKind === "pglite" ? "Embedded PGlite" : "PostgreSQL",
    startedAt: deps.startedAt.toISOString(),
    runtime: `Deno ${Deno.version.deno}`,
  }),
  view: ({ data }) => (
    <>
      <dl>
        <dt>Version</dt>
        <dd>{data.version}</dd>
        <dt>Build</dt>
        <dd>
          <code>{data.build}</code>
        </dd>
        <dt>Database</dt>
        <dd>{data.database}</dd>
        <dt>Runtime</dt>
        <dd>{data.runtime}</dd>
        <dt>Running since</dt>
        <dd>
          <time dateTime={data.startedAt}>{data.startedAt.replace("T", " ").slice(0, 19)} UTC</time>
        </dd>
      </dl>
      <h2>For integrators</h2>
      <ul>
        <li>
          <a href="/docs" data-native>API reference</a> (interactive)
        </li>
        <li>
          <a href="/openapi.json" data-native>OpenAPI document</a> (OpenAPI 3.1)
        </li>
        <li>
          <a href="/health" data-native>Health check</a>
        </li>
      </ul>
    </>
  ),
};

export const informationRoutes: AnyPageRoute[] = [
  help,
  about,
  newsRoute,
];
