/**
 * The LES area: /station, the land earth station's landing page (the last 24 hours of traffic by
 * state, the latest messages), and /station/traffic, the LES traffic overview. For every signed-in
 * user; a client sees its own company's messages only.
 */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import { ScrollBox } from "../../islands/kit/table/ScrollBox.tsx";
import { stateFromSearch } from "../../islands/kit/table/table_state.ts";
import type { FirstPage } from "../first_page.ts";
import StationTrafficList, { StationStatus } from "../../islands/station/StationTrafficList.tsx";
import { STATION_TRAFFIC_DEFAULTS, stationFindBody } from "../../islands/station/station_query.ts";
import { formatDateTime } from "../../islands/kit/format.ts";
import {
  STATION_FAMILY_CLASS,
  STATION_FAMILY_LABELS,
  STATION_MESSAGES,
  STATION_STATUS_FAMILIES,
  StationFindRequestSchema,
  type StationMessage,
  type StationStatusFamily,
  type StationSummary,
} from "../../openapi/schemas/station/station.ts";
import { findStationMessages, stationSummary } from "../../server/services/station/read.ts";
import { countsOf } from "../../islands/kit/table/finder.ts";

const TRAFFIC = "/station/traffic";
const trafficOf = (filter: Record<string, string | number>) =>
  `${TRAFFIC}?${new URLSearchParams(
    Object.entries(filter).map(([k, v]) => [`filter.${k}`, String(v)]),
  )}`;

const stationRoute: PageRoute<StationSummary> = {
  pattern: "/station",
  title: "LES Traffic",
  summary: "The land earth station's traffic of the last 24 hours and the latest messages.",
  parent: "/",
  load: (ctx) => stationSummary(ctx.deps.db, ctx.scope),
  view: ({ data }) => <StationLanding data={data} />,
};

function StationLanding({ data }: { data: StationSummary }) {
  const day = data.since.slice(0, 10);
  return (
    <>
      <p>
        <strong>{data.les.name}</strong> (les {data.les.id}) · {STATION_MESSAGES.lastDay}:{" "}
        <span data-station-total>{data.total}</span> message{data.total === 1 ? "" : "s"} ·{" "}
        <a href={TRAFFIC}>{STATION_MESSAGES.allTraffic}</a>
      </p>
      <div className="index-grid" data-station-counts>
        {(Object.keys(STATION_STATUS_FAMILIES) as StationStatusFamily[]).map((f) => (
          <article key={f} data-family={f}>
            <h2>
              <a href={trafficOf({ family: f, createdAt: `${day}..` })}>
                <span className={`status ${STATION_FAMILY_CLASS[f]}`}>
                  {STATION_FAMILY_LABELS[f]}
                </span>
              </a>
            </h2>
            <p>
              <strong data-count>{data.counts[f]}</strong>
            </p>
            <p className="muted">
              {STATION_STATUS_FAMILIES[f].map((s) =>
                s
              ).join(", ")}
            </p>
          </article>
        ))}
      </div>
      <h2>{STATION_MESSAGES.latest}</h2>
      {data.latest.length === 0
        ? <p className="muted">No messages yet.</p>
        : (
          <ScrollBox label={STATION_MESSAGES.latest}>
            <table data-station-latest>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Created (UTC)</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Status</th>
                  <th scope="col">Size (bytes)</th>
                  <th scope="col">Sender</th>
                </tr>
              </thead>
              <tbody>
                {data.latest.map((m: StationMessage) => (
                  <tr key={m.refNum}>
                    <td>
                      <a href={trafficOf({ refNum: m.refNum })}>{m.refNum}</a>
                    </td>
                    <td>{formatDateTime(m.createdAt)}</td>
                    <td>
                      {m.recipientLabel ? `${m.recipient} (${m.recipientLabel})` : m.recipient}
                    </td>
                    <td>
                      <StationStatus message={m} />
                    </td>
                    <td>{m.size}</td>
                    <td>{m.sender ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
    </>
  );
}

const trafficRoute: PageRoute<FirstPage<StationMessage>> = {
  pattern: TRAFFIC,
  title: "LES Traffic Overview",
  summary: "Messages handed to the land earth station, their status, and delete where allowed.",
  parent: "/routing",
  // The first page is rendered on the server, with the query the URL asks for; a hand-edited
  // URL with a bad filter shows the unfiltered list.
  load: async (ctx) => {
    let state = stateFromSearch(ctx.url.searchParams, STATION_TRAFFIC_DEFAULTS);
    let req = StationFindRequestSchema.safeParse(stationFindBody(state));
    if (!req.success) {
      state = stateFromSearch(new URLSearchParams(), STATION_TRAFFIC_DEFAULTS);
      req = StationFindRequestSchema.safeParse(stationFindBody(state));
    }
    const r = await findStationMessages(ctx.deps.db, ctx.scope, ctx.user.key, req.data!);
    return {
      initialState: state,
      initialData: { rows: r.rows, ...countsOf(r) },
    };
  },
  view: ({ data }) => <Island of={StationTrafficList} props={data} />,
};

export default [stationRoute, trafficRoute] satisfies AnyPageRoute[];
