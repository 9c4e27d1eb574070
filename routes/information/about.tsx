import type { PageRoute } from "../types.ts";
import { assets } from "../../server/assets/mod.ts";

const I = "/information";

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

export default [about];
