/**
 * The dnid pages: the overview (/management/dnids), a dnid (/management/dnids/{id}/{les?}, LES 21
 * by default) and the allocation of a range of numbers (/management/dnid/allocation).
 */
import { historyOf } from "../history.ts";
import HistorySection from "../../islands/administration/audit/HistorySection.tsx";
import type { History } from "../../islands/administration/audit/history_table.tsx";
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import DnidList, {
  DNID_TABLE_DEFAULTS,
  type DnidListProps,
} from "../../islands/management/dnid/DnidList.tsx";
import DnidDetail, { type DnidDetailProps } from "../../islands/management/dnid/DnidDetail.tsx";
import DnidAllocation, {
  type DnidAllocationProps,
} from "../../islands/management/dnid/DnidAllocation.tsx";
import { ALLOCATION_SPAN_MAX, DnidFindRequestSchema } from "../../openapi/schemas/dnids/dnids.ts";
import {
  dnidAllocation,
  dnidDetails,
  findDnids,
  firstOwnDnid,
  getDnid,
  lastDnid,
  openPortsOf,
} from "../../server/services/dnids/read.ts";
import { DEFAULT_LES } from "../../openapi/enums.ts";
import { countsOf } from "../../islands/kit/table/finder.ts";

const M = "/management";

const dnidsRoute: PageRoute<DnidListProps> = {
  pattern: `${M}/dnids`,
  title: "Dnids",
  summary: "Data network identifiers: list and allocation.",
  parent: M,
  load: async ({ deps, url, scope, user }) => ({
    ...await firstPage(url, DNID_TABLE_DEFAULTS, DnidFindRequestSchema, async (req) => {
      const page = await findDnids(deps.db, scope, req);
      return { results: page.dnids, ...countsOf(page) };
    }),
    admin: user.admin,
  }),
  view: ({ data }) => <Island of={DnidList} props={data} />,
};

/** The dnid a page's parameters name: its number, and LES 21 unless another is given. */
const dnidKey = (params: Record<string, string | undefined>) =>
  [
    pageId("Dnid", params.id),
    params.les === undefined ? DEFAULT_LES : pageId("LES", params.les),
  ] as const;

const dnidRoute: PageRoute<DnidDetailProps & { history: History }> = {
  pattern: `${M}/dnids/:id/:les?`,
  title: "Dnid",
  summary: "A dnid with its users, status, open ports, teams and routes.",
  parent: `${M}/dnids`,
  // An unknown dnid (or another company's) is a route change error: a toast, then /error/404.
  heading: async ({ deps, params, scope }) => {
    const dnid = await getDnid(deps.db, scope, ...dnidKey(params));
    return `Dnid ${dnid.id} (LES ${dnid.les})`;
  },
  load: async ({ deps, params, scope, user }) => {
    const [id, les] = dnidKey(params);
    const dnid = await dnidDetails(deps.db, scope, id, les);
    const [ports, history] = await Promise.all([
      openPortsOf(deps.db, dnid.teams.map((t) => t.id)),
      historyOf(deps.db, scope, { rowTable: "dnids", rowId: `${id}/${les}` }),
    ]);
    return {
      dnid,
      ports,
      storeNPushHost: deps.config.STORE_N_PUSH_HOST,
      admin: user.admin,
      history,
    };
  },
  view: ({ data: { history, ...detail } }) => (
    <>
      <Island of={DnidDetail} props={detail} />
      <Island of={HistorySection} props={{ history }} />
    </>
  ),
};

/** The range an administrator is shown first: the hundred numbers around the next free one. */
const ALLOCATION_SPAN = 100;

const allocationRoute: PageRoute<DnidAllocationProps> = {
  pattern: `${M}/dnid/allocation`,
  title: "Dnid allocation",
  summary: "The dnid numbers of a range, and whom they are allocated to.",
  parent: `${M}/dnid`,
  load: async ({ deps, url, scope, user }) => {
    const asked = (name: string) => {
      const v = url.searchParams.get(name);
      return v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
    };
    // A client sees its company's numbers only: from its lowest one, as many as may be asked.
    const span = user.admin ? ALLOCATION_SPAN : ALLOCATION_SPAN_MAX;
    const start = user.admin
      ? Math.floor(((await lastDnid(deps.db)).id + 1) / span) * span
      : await firstOwnDnid(deps.db, scope);
    const from = asked("from") ?? (start || 1);
    let to = asked("to") ?? from + span - 1;
    // A reversed or too wide range shows the default span from `from`.
    if (to < from || to - from >= ALLOCATION_SPAN_MAX) to = from + span - 1;
    return { allocation: await dnidAllocation(deps.db, scope, from, to), admin: user.admin };
  },
  view: ({ data }) => <Island of={DnidAllocation} props={data} />,
};

export default [dnidsRoute, dnidRoute, allocationRoute] satisfies AnyPageRoute[];
