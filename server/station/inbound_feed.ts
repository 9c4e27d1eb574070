/**
 * The simulated land earth station's inbound traffic (the demo): every `everySeconds` a position
 * report arrives from a random Inmarsat C terminal (server/station/inbound_report.ts) and
 * becomes push traffic, which the delivery engine takes to the demo's receivers. So a new user
 * sees fresh messages go from Stored to Delivered. DEMO_FEED_SECONDS (0: off).
 */
import type { Db } from "../../db/client.ts";
import { receiveOneReport } from "./inbound_report.ts";

/** Starts the feed; answers the stop function. A failed report is logged, the feed goes on. */
export function startInboundFeed(db: Db, everySeconds: number): () => void {
  if (everySeconds <= 0) return () => {};
  const timer = setInterval(() => {
    receiveOneReport(db).catch((e) => console.error("inbound feed: a report failed:", e));
  }, everySeconds * 1000);
  return () => clearInterval(timer);
}
