/**
 * /monitoring/control/services: the adapters (LES adapter, delivery engine) from their heartbeats
 * and the push processes from their events, each with its state in words and a badge, refreshed
 * on their own. Times are absolute (UTC) and relative to the measurement.
 */
import type { Services } from "../../openapi/schemas/monitoring.ts";
import { LiveNote, useFigures, When } from "./live.tsx";
import { fetchServices, SERVICES_KEY } from "./monitoring_api.ts";
import { StateBadge } from "./states.tsx";
import { FigureTable } from "./figure_table.tsx";

export default function ServiceStates({ services }: { services: Services }) {
  const { data, error } = useFigures(SERVICES_KEY, fetchServices, services);
  const now = data.measuredAt;
  return (
    <>
      <LiveNote measuredAt={now} error={error} />
      <h2>Adapters</h2>
      <FigureTable
        mark="adapters"
        label="Adapters"
        heads={[
          "Service",
          "State",
          "Implementation",
          "Times",
          "Processed",
          "Last error",
          "Backlog",
        ]}
      >
        {data.adapters.map((a) => (
          <tr key={a.service} data-adapter={a.service}>
            <th scope="row">{a.label}</th>
            <td data-cell="state">
              <StateBadge state={a.state} />
            </td>
            <td data-cell="implementation">
              {a.implementation ?? <span className="muted">not seen</span>}
              {a.instance && (
                <>
                  <br />
                  <small className="muted">{a.instance}</small>
                </>
              )}
            </td>
            <td data-cell="times">
              {/* Three times in one cell, each labelled: the table fits a 1280 px screen. */}
              <dl className="times">
                <dt>Started</dt>
                <dd>
                  <When at={a.startedAt} now={now} />
                </dd>
                <dt>Last beat</dt>
                <dd>
                  <When at={a.lastBeatAt} now={now} />
                </dd>
                <dt>Last activity</dt>
                <dd>
                  <When at={a.lastWorkAt} now={now} />
                </dd>
              </dl>
            </td>
            <td data-cell="processed">{a.processed}</td>
            <td data-cell="lastError">
              {a.lastError
                ? (
                  <>
                    {a.lastError} <When at={a.lastErrorAt} now={now} />
                  </>
                )
                : <span className="muted">none</span>}
            </td>
            <td data-cell="backlog">
              {a.backlog} <small className="muted">{a.backlogLabel}</small>
            </td>
          </tr>
        ))}
      </FigureTable>
      <h2>Push processes</h2>
      {data.processes.length === 0
        ? <p className="muted">No push process is configured.</p>
        : (
          <FigureTable
            mark="processes"
            label="Push processes"
            heads={[
              "Id",
              "Hostname",
              "Mode",
              "Port",
              "Team",
              "State",
              "Last event",
              "Events (last hour)",
              "Errors (24 h)",
              "Backlog",
            ]}
          >
            {data.processes.map((p) => (
              <tr key={p.id} data-process={p.id}>
                <th scope="row">{p.id}</th>
                <td>{p.hostname}</td>
                <td>{p.mode}{p.protocol ? ` (${p.protocol})` : ""}</td>
                <td>{p.port}</td>
                <td>{p.team?.name ?? <span className="muted">no team</span>}</td>
                <td data-cell="state">
                  <StateBadge state={p.state} />
                </td>
                <td data-cell="lastEvent">
                  {p.lastActivityAt
                    ? (
                      <>
                        <When at={p.lastActivityAt} now={now} />
                        <br />
                        <strong>{p.lastLevel}</strong> {p.lastMessage}
                      </>
                    )
                    : <span className="muted">no event yet</span>}
                </td>
                <td data-cell="eventsLastHour">{p.eventsLastHour}</td>
                <td data-cell="errorsLastDay">{p.errorsLastDay}</td>
                <td data-cell="backlog">{p.backlog}</td>
              </tr>
            ))}
          </FigureTable>
        )}
    </>
  );
}
