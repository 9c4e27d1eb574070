/**
 * /management/epadr: the EPADR (enhanced position and data report) robot — its configuration
 * (administrators: shown with an edit dialog) and its recent traffic (the robot traffic of robot
 * 'EPADR'; a client sees the rows of its own tgids only).
 */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import { ScrollBox } from "../../islands/kit/table/ScrollBox.tsx";
import EpadrConfigPanel from "../../islands/management/epadr/EpadrConfigPanel.tsx";
import { formatDateTime } from "../../islands/kit/format.ts";
import { ROBOT_STATUS, ROBOT_TYPES } from "../../openapi/enums.ts";
import type { EpadrConfig } from "../../openapi/schemas/epadr/epadr.ts";
import { EPADR_MESSAGES } from "../../openapi/schemas/epadr/epadr_messages.ts";
import type { RobotTrafficRow } from "../../openapi/schemas/push/push_find.ts";
import { getEpadrConfig, recentEpadrTraffic } from "../../server/services/epadr/read.ts";

interface EpadrPage {
  config: EpadrConfig | null;
  traffic: RobotTrafficRow[];
}

const statusClass = (s: number) => s === 2 ? "success" : s >= 3 ? "danger" : "pending";
const label = (map: Record<number, string>, code: number) => map[code] ?? String(code);

const epadrRoute: PageRoute<EpadrPage> = {
  pattern: "/management/epadr",
  title: "Epadr",
  summary: "The enhanced position and data report (EPADR) robot: its configuration and traffic.",
  parent: "/management",
  load: async (ctx) => {
    const [config, traffic] = await Promise.all([
      ctx.user.admin ? getEpadrConfig(ctx.deps.db) : null,
      recentEpadrTraffic(ctx.deps.db, ctx.scope),
    ]);
    return { config, traffic };
  },
  view: ({ ctx, data }) => (
    <>
      <p className="muted">
        The EPADR robot reads the enhanced position and data reports arriving for Inmarsat C
        terminals and passes them to the customers' routing.
      </p>
      {data.config && <Island of={EpadrConfigPanel} props={{ config: data.config }} />}
      <section data-epadr-traffic>
        <h2>{EPADR_MESSAGES.trafficTitle}</h2>
        {ctx.user.admin && (
          <p>
            <a href="/routing/traffic/robot?filter.robot=EPADR">{EPADR_MESSAGES.allTraffic}</a>
          </p>
        )}
        {data.traffic.length === 0
          ? <p className="muted">{EPADR_MESSAGES.noTraffic}</p>
          : (
            <ScrollBox label={EPADR_MESSAGES.trafficTitle}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Received (UTC)</th>
                    <th scope="col">Type</th>
                    <th scope="col">Status</th>
                    <th scope="col">TGID</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Error label</th>
                  </tr>
                </thead>
                <tbody>
                  {data.traffic.map((r) => (
                    <tr key={r.realId} data-robot-row={r.realId}>
                      <td>{r.realId}</td>
                      <td>{formatDateTime(r.receivedTime)}</td>
                      <td>{label(ROBOT_TYPES, r.type)}</td>
                      <td>
                        <span className={`status ${statusClass(r.status)}`}>
                          {label(ROBOT_STATUS, r.status)}
                        </span>
                      </td>
                      <td>{r.tgid ?? ""}</td>
                      <td>{r.deliveryAttempts}</td>
                      <td>{r.errorLabel ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
      </section>
    </>
  ),
};

export default [epadrRoute] satisfies AnyPageRoute[];
