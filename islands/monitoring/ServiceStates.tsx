/**
 * /monitoring/control/services: the adapters (LES adapter, delivery engine) from their heartbeats
 * and the push processes from their events, each with its state in words and a badge, refreshed
 * on their own. Times are absolute (UTC) and relative to the measurement.
 */
import type { Services } from "../../openapi/schemas/monitoring.ts";
import { LiveNote, useLive, When } from "./live.tsx";
import { fetchServices, SERVICES_KEY } from "./monitoring_api.ts";
import { StateBadge } from "./states.tsx";

export default function ServiceStates({ services }: { services: Services }) {
  const { data, error } = useLive(SERVICES_KEY, fetchServices, services);
  const now = data.measuredAt;
  return (
    <>
      <LiveNote measuredAt={now} error={error} />
      <h2>Adapters</h2>
      <div className="table-scroll">
        <table className="striped" data-adapters="">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">State</th>
              <th scope="col">Implementation</th>
              <th scope="col">Instance</th>
              <th scope="col">Started</th>
              <th scope="col">Last beat</th>
              <th scope="col">Last activity</th>
              <th scope="col">Processed</th>
              <th scope="col">Last error</th>
              <th scope="col">Backlog</th>
            </tr>
          </thead>
          <tbody>
            {data.adapters.map((a) => (
              <tr key={a.service} data-adapter={a.service}>
                <th scope="row">{a.label}</th>
                <td data-cell="state">
                  <StateBadge state={a.state} />
                </td>
                <td>{a.implementation ?? ""}</td>
                <td>{a.instance ?? ""}</td>
                <td>
                  <When at={a.startedAt} now={now} />
                </td>
                <td>
                  <When at={a.lastBeatAt} now={now} />
                </td>
                <td>
                  <When at={a.lastWorkAt} now={now} />
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
          </tbody>
        </table>
      </div>
      <h2>Push processes</h2>
      {data.processes.length === 0
        ? <p className="muted">No push process is configured.</p>
        : (
          <div className="table-scroll">
            <table className="striped" data-processes="">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Hostname</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Port</th>
                  <th scope="col">Team</th>
                  <th scope="col">State</th>
                  <th scope="col">Last event</th>
                  <th scope="col">Events (last hour)</th>
                  <th scope="col">Errors (24 h)</th>
                  <th scope="col">Backlog</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
        )}
    </>
  );
}
