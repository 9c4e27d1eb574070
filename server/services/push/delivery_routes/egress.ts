/**
 * Route destinations against the delivery engine's egress policy, on add and update
 * (docs/decisions/0015-delivery-engine.md, "Safety"; 0012-routing.md). What the engine would
 * refuse whatever DNS answers — an address (in any written form) in a loopback, private,
 * link-local, CGNAT, metadata … range that DELIVERY_ALLOW does not list, "localhost", a metadata
 * host name — is refused with the engine's own reason (egress.ts `decideWithoutLookup`), naming
 * the field; nothing is written. Other host names are checked when delivered (they resolve
 * then). Public destinations are accepted even when DELIVERY_PUBLIC denies them: that is where
 * this installation may deliver now, not what the route is (the refusal is recorded then).
 * SMTP routes name e-mail addresses, delivered through the operator's relay: nothing to check.
 */
import type { Config } from "../../../config.ts";
import { ApiError } from "../../../errors.ts";
import { destinationHost, type DialledRouteKind } from "../../../delivery/destination_host.ts";
import { decideWithoutLookup, egressPolicy } from "../../../delivery/egress.ts";
import type { EgressPolicy } from "../../../delivery/types.ts";
import { ROUTE_MESSAGES } from "../../../../openapi/schemas/push/delivery_route_messages.ts";

/** The policy route writes are checked against: the delivery one, public addresses allowed. */
export const routeEgressPolicy = (config: Pick<Config, "DELIVERY_ALLOW">): EgressPolicy =>
  egressPolicy({ allow: config.DELIVERY_ALLOW, allowPublic: true });

/** A destination field: its wire name, its label, its value. */
type DestinationField = [field: string, label: string, address: string | null | undefined];

/** Throws 400 `{code, message, fields}` for the first destination the policy refuses. */
export function checkDestinations(
  kind: DialledRouteKind,
  policy: EgressPolicy,
  destinations: readonly DestinationField[],
): void {
  for (const [field, label, address] of destinations) {
    const host = address ? destinationHost(kind, address) : null;
    if (host === null) continue; // absent, or malformed (the schema has said so already)
    const decided = decideWithoutLookup(host, policy);
    if (decided.ok !== false) continue;
    const message = ROUTE_MESSAGES.notAllowed(label, decided.reason);
    throw new ApiError(400, message, { fields: [{ path: field, message }] });
  }
}
