/** State words with a badge (text, never colour alone), shared by the service and delivery pages. */
import { SERVICE_STATES, type ServiceState } from "../../openapi/monitoring.ts";
import { upState } from "../../openapi/schemas/push/delivery_route_messages.ts";

const SERVICE_TONE: Record<ServiceState, string> = {
  running: "success",
  idle: "pending",
  stalled: "danger",
  silent: "danger",
  stopped: "pending",
};

export const StateBadge = ({ state }: { state: ServiceState }) => (
  <span className={`state-badge ${SERVICE_TONE[state]}`} data-state-badge={state}>
    {SERVICE_STATES[state]}
  </span>
);

/** A destination's flag: Active, Inactive (down) or Locked. */
export const UpBadge = ({ up }: { up: number }) => (
  <span className={`state-badge ${up < 0 ? "danger" : up ? "success" : "pending"}`}>
    {upState(up)}
  </span>
);
