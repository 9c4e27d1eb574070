/**
 * Which destinations a round tries, in order (pure). tcp, ftp and ws routes have a primary and
 * an optional backup, each with an up flag (1 active, 0 inactive, negative locked): a configured
 * destination that is not active is listed as skipped (recorded, never dialled). An SMTP route
 * has one destination, the operator's relay, addressed to the route's master address.
 */
import type { RouteRow } from "./transports/mod.ts";
import type { AttemptTarget } from "./types.ts";

/** Where a route's attempt goes (local deliveries have no route). */
type RouteTarget = Exclude<AttemptTarget, "local">;

export interface Destination {
  target: RouteTarget;
  /** The destination as stored on the route (host:port, FTP address, URL, e-mail address). */
  address: string;
  /** Why it is not tried: locked (negative up flag) or inactive (0); null when it is tried. */
  skip: "locked" | "inactive" | null;
}

const LABELS: Partial<Record<RouteTarget, string>> = {
  primary: "Primary destination",
  backup: "Backup destination",
};

function withFlags(
  primary: string,
  primaryUp: number,
  backup: string | null,
  backupUp: number,
): Destination[] {
  const list: Destination[] = [];
  const add = (target: RouteTarget, address: string | null, up: number) => {
    if (!address) return; // not configured: nothing to try or skip
    list.push({ target, address, skip: up < 0 ? "locked" : up === 0 ? "inactive" : null });
  };
  add("primary", primary, primaryUp);
  add("backup", backup, backupUp);
  return list;
}

/** The route's destinations, primary first. */
export function destinationsOf(route: RouteRow): Destination[] {
  switch (route.kind) {
    case "tcp": {
      const r = route.row;
      return withFlags(r.ipPortTxPrimary, r.txPrimaryUp, r.ipPortTxSecondary, r.txSecondaryUp);
    }
    case "ftp": {
      const r = route.row;
      return withFlags(r.ftpPrimary, r.ftpPrimaryUp, r.ftpSecondary, r.ftpSecondaryUp);
    }
    case "ws": {
      const r = route.row;
      return withFlags(r.wsPrimary, r.wsPrimaryUp, r.wsSecondary, r.wsSecondaryUp);
    }
    case "smtp":
      return [{ target: "relay", address: route.row.emailMaster, skip: null }];
  }
}

/** The attempt error of a skipped destination: "Primary destination is locked". */
export function skipError(d: Destination): string {
  return `${LABELS[d.target] ?? d.target} is ${d.skip}`;
}

/**
 * Why a round could try nothing: "No destination available: primary locked, no backup".
 */
export function unavailableReason(destinations: readonly Destination[]): string {
  const parts = (["primary", "backup"] as const).map((target) => {
    const d = destinations.find((x) => x.target === target);
    return d ? `${target} ${d.skip ?? "active"}` : `no ${target}`;
  });
  return `No destination available: ${parts.join(", ")}`;
}
