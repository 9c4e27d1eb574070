/**
 * Moves route destinations from one loopback port to another: the demo's receivers take free
 * ports when theirs are taken, and the demo routes follow them (server/demo/keep_routes_on_sinks.ts). A
 * tcp `127.0.0.1:<port>`, an ftp `[ftp://]127.0.0.1:<port>/…` or a ws `http(s)://127.0.0.1:<port>/…`
 * destination whose port is moved gets the new port; nothing else changes (not even updated_at:
 * the route is the same, its receiver moved).
 */
import { eq, like, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { ftpRoutes, tcpRoutes, wsRoutes } from "../../../db/schema/mod.ts";

const LOOPBACK = /^((?:ftp|https?):\/\/)?127\.0\.0\.1:(\d{1,5})(?=\/|$)/i;

/** The destination with its loopback port moved, or null when it stays. */
function movedDestination(
  destination: string,
  moves: ReadonlyMap<number, number>,
): string | null {
  const m = LOOPBACK.exec(destination);
  const to = m ? moves.get(Number(m[2])) : undefined;
  if (!m || to === undefined || to === Number(m[2])) return null;
  return `${m[1] ?? ""}127.0.0.1:${to}${destination.slice(m[0].length)}`;
}

/** A table and its two destination columns, by name (for the update) and as columns. */
const destinations = <T, K extends keyof T & string>(table: T, primary: K, secondary: K) => ({
  table,
  columns: [primary, secondary],
  cols: [table[primary], table[secondary]],
});

const TABLES = [
  destinations(tcpRoutes, "ipPortTxPrimary", "ipPortTxSecondary"),
  destinations(ftpRoutes, "ftpPrimary", "ftpSecondary"),
  destinations(wsRoutes, "wsPrimary", "wsSecondary"),
];

/** Applies `moves` (old port → new port) to every tcp, ftp and ws route; answers how many changed. */
export function moveLoopbackPorts(db: Db, moves: ReadonlyMap<number, number>): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const { table: t, columns, cols } of TABLES) {
      const rows = await tx.select({ id: t.id, a: cols[0], b: cols[1] }).from(t)
        .where(or(...cols.map((c) => like(c, "%127.0.0.1:%"))));
      for (const row of rows) {
        const set: Record<string, string> = {};
        [row.a, row.b].forEach((value, i) => {
          const moved = value === null ? null : movedDestination(value as string, moves);
          if (moved !== null) set[columns[i]] = moved;
        });
        if (!Object.keys(set).length) continue;
        await tx.update(t).set(set).where(eq(t.id, row.id));
        changed++;
      }
    }
    return changed;
  });
}
