/** The push process overview (administrators): the first page server-rendered, id ascending. */
import type { PageRoute } from "../types.ts";
import { type FirstPage, firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import ProcessList, { PROCESS_TABLE_DEFAULTS } from "../../islands/routing/process/ProcessList.tsx";
import { ProcessFindSchema, type ProcessRow } from "../../openapi/schemas/push/push_find.ts";
import { findProcesses } from "../../server/services/push/processes.ts";

const processRoute: PageRoute<FirstPage<ProcessRow>> = {
  pattern: "/routing/process",
  title: "Push processes",
  summary: "The push delivery processes and their spare limits.",
  admin: true,
  parent: "/routing",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(
      url,
      PROCESS_TABLE_DEFAULTS,
      ProcessFindSchema,
      (req) => findProcesses(deps.db, req),
      { type: "process" },
    ),
  view: ({ data }) => <Island of={ProcessList} props={data} />,
};

export default [processRoute];
