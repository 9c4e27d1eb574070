/**
 * The simulated land earth station's inbound traffic: a position report from a random Inmarsat C
 * terminal (a dnid whose tgid has a route), received as push traffic (receiveMessage). The demo
 * feed (server/station/inbound_feed.ts) calls it every DEMO_FEED_SECONDS.
 */
import { and, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dnids } from "../../db/schema/mod.ts";
import { receiveMessage } from "../delivery/ingest.ts";

/** "12.3456N" / "004.5678W" as the seeded reports write them. */
const coordinate = (value: number, positive: string, negative: string, width: number) =>
  `${Math.abs(value).toFixed(4).padStart(width + 5, "0")}${value < 0 ? negative : positive}`;

/** A report in the seed's form: DNID, member, position, speed, course, time (UTC). */
export function positionReport(dnid: number, member: number, at: Date, random = Math.random) {
  const lat = coordinate(-10 + random() * 72, "N", "S", 2);
  const lon = coordinate(-30 + random() * 65, "E", "W", 3);
  const speed = (random() * 14).toFixed(1);
  const course = Math.floor(random() * 360);
  const time = at.toISOString().slice(0, 16).replace("T", " ");
  return `DNID ${dnid} MEM ${member} POS ${lat} ${lon} SPD ${speed} CRS ${course} ${time}`;
}

/** One report from a random routed terminal; answers the push traffic ids (none: no terminal). */
export async function receiveOneReport(db: Db, random = Math.random): Promise<number[]> {
  const routed = (table: string) =>
    sql`exists (select 1 from ${sql.identifier(table)} r where r.tgid_id = ${dnids.tgidId})`;
  const [terminal] = await db.select({ id: dnids.id, les: dnids.les, tgidId: dnids.tgidId })
    .from(dnids)
    .where(and(
      isNotNull(dnids.tgidId),
      or(...["routes_tcp", "routes_ftp", "routes_ws", "routes_smtp"].map(routed)),
    ))
    .orderBy(sql`random()`)
    .limit(1);
  if (!terminal) return [];
  const member = 1 + Math.floor(random() * 255);
  const now = new Date();
  return await receiveMessage(db, {
    tgidId: terminal.tgidId!,
    dnid: terminal.id,
    les: terminal.les,
    member,
    protocol: 0,
    content: positionReport(terminal.id, member, now, random),
    storedAt: now,
  });
}
