/**
 * /monitoring/control/delivery: the delivery gauges (messages waiting, delivery errors), the push
 * traffic per delivery type and per route (delivered, failed and waiting in the last hour and
 * the last 24 hours, all waiting, the oldest waiting), and the destinations locked or down; all
 * refreshed on their own.
 */
import type { Delivery, DeliveryCounts, Thresholds } from "../../openapi/schemas/monitoring.ts";
import { LiveNote, useFigures, When } from "./live.tsx";
import { GaugeGrid } from "./gauge.tsx";
import { DELIVERY_KEY, fetchDelivery, fetchThresholds, THRESHOLDS_KEY } from "./monitoring_api.ts";
import { UpBadge } from "./states.tsx";
import { FigureTable } from "./figure_table.tsx";

/** The delivery gauges. */
const GAUGES = ["pushWaiting", "pushErrors"];

interface Windows {
  lastHour: DeliveryCounts;
  lastDay: DeliveryCounts;
  waiting: number;
  oldestWaitingAt: string | null;
}

const FIGURE_HEADS = [
  "Delivered (1 h)",
  "Failed (1 h)",
  "Waiting (1 h)",
  "Delivered (24 h)",
  "Failed (24 h)",
  "Waiting (24 h)",
  "Waiting (all)",
  "Oldest waiting",
];
/** Where a route or destination goes. */
const ROUTE_HEADS = ["Type", "Route", "Tgid", "Destination"];

function Figures({ w, now }: { w: Windows; now: string }) {
  return (
    <>
      <td data-cell="lastHour.delivered">{w.lastHour.delivered}</td>
      <td data-cell="lastHour.failed">{w.lastHour.failed}</td>
      <td data-cell="lastHour.waiting">{w.lastHour.waiting}</td>
      <td data-cell="lastDay.delivered">{w.lastDay.delivered}</td>
      <td data-cell="lastDay.failed">{w.lastDay.failed}</td>
      <td data-cell="lastDay.waiting">{w.lastDay.waiting}</td>
      <td data-cell="waiting">{w.waiting}</td>
      <td data-cell="oldestWaitingAt">
        <When at={w.oldestWaitingAt} now={now} never="none" />
      </td>
    </>
  );
}

const routeLink = (type: string, id: number) => `/routing/routes?type=${type}&filter.id=${id}`;

export default function DeliveryFigures(
  { delivery, thresholds }: { delivery: Delivery; thresholds: Thresholds },
) {
  const live = useFigures(DELIVERY_KEY, fetchDelivery, delivery);
  const gauges = useFigures(THRESHOLDS_KEY, fetchThresholds, thresholds);
  const d = live.data;
  const now = d.measuredAt;
  return (
    <>
      <GaugeGrid queues={gauges.data.queues.filter((q) => GAUGES.includes(q.queue))} />
      <LiveNote measuredAt={now} error={live.error ?? gauges.error} />
      <h2>By delivery type</h2>
      <FigureTable
        mark="delivery-types"
        label="Delivery types"
        heads={["Delivery type", ...FIGURE_HEADS]}
      >
        {d.types.map((t) => (
          <tr key={t.deliveryType} data-delivery-type={t.deliveryType}>
            <th scope="row">{t.label}</th>
            <Figures w={t} now={now} />
          </tr>
        ))}
      </FigureTable>
      <h2>By route</h2>
      {d.routes.length === 0
        ? (
          <p className="muted">
            No route had traffic in the last 24 hours or has messages waiting.
          </p>
        )
        : (
          <FigureTable
            mark="delivery-routes"
            label="Delivery routes"
            heads={[...ROUTE_HEADS, "Primary", ...FIGURE_HEADS]}
          >
            {d.routes.map((r) => (
              <tr
                key={`${r.routeType}-${r.routeId}`}
                data-route={`${r.routeType}-${r.routeId}`}
              >
                <td>{r.routeType.toUpperCase()}</td>
                <th scope="row">
                  <a href={routeLink(r.routeType, r.routeId)}>{r.routeId}</a>
                </th>
                <td>
                  {r.tgid ?? ""}
                  {r.tgidLabel && <small className="muted">{` ${r.tgidLabel}`}</small>}
                </td>
                <td>{r.destination}</td>
                <td data-cell="up">
                  <UpBadge up={r.up} />
                </td>
                <Figures w={r} now={now} />
              </tr>
            ))}
          </FigureTable>
        )}
      <h2>Destinations locked or down</h2>
      <p data-destination-totals="">
        Locked: <strong data-locked="">{d.destinations.locked}</strong> · Down:{" "}
        <strong data-down="">{d.destinations.down}</strong>
      </p>
      {d.destinations.items.length > 0 && (
        <FigureTable
          mark="destinations"
          label="Destinations"
          heads={[...ROUTE_HEADS, "Which", "State"]}
        >
          {d.destinations.items.map((x) => (
            <tr key={`${x.routeType}-${x.routeId}-${x.which}`}>
              <td>{x.routeType.toUpperCase()}</td>
              <td>
                <a href={routeLink(x.routeType, x.routeId)}>{x.routeId}</a>
              </td>
              <td>{x.tgid ?? ""}</td>
              <td>{x.destination}</td>
              <td>{x.which}</td>
              <td>
                <span className="state-badge danger">
                  {x.state === "locked" ? "Locked" : "Down"}
                </span>
              </td>
            </tr>
          ))}
        </FigureTable>
      )}
    </>
  );
}
