/**
 * The demo's receivers when another process holds their ports (a second portal on the same
 * machine): they take free ports, the demo routes are pointed at them and a delivery reaches the
 * demo's own receiver, never the squatter; with DEMO_SINK_PORT given the start stops, naming the
 * port; a later start on the free configured ports points the routes back (DATA_DIR kept).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { ftpRoutes, tcpRoutes, wsRoutes } from "../../../db/schema/mod.ts";
import { sinkAddress } from "../../../db/seed/demo/sink_ports.ts";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import { startDemo } from "../../../server/demo/keep_routes_on_sinks.ts";
import { configuredPorts, withDemoSinks } from "../../../server/demo/sinks.ts";
import { engineOptions, startDeliveryEngine } from "../../../server/delivery/engine.ts";
import { DB_KINDS } from "../../fixtures/db.ts";
import { ownDatabase, queueMessages, trafficRows, waitFor } from "../../fixtures/delivery.ts";
import { Factories } from "../../fixtures/factories.ts";
import { makeRoute } from "../../fixtures/routes.ts";

/** Listeners on 127.0.0.1 that hold `ports` and count the connections they get. */
function squat(ports: number[]) {
  const listeners = ports.map((port) => Deno.listen({ hostname: "127.0.0.1", port }));
  const connections: number[] = [];
  const accepting = listeners.map(async (l) => {
    for await (const conn of l) {
      connections.push(l.addr.port);
      conn.close();
    }
  });
  let closed: Promise<unknown> | undefined;
  /** Closes the listeners; resolves when their ports are free again. */
  const close = () => {
    if (!closed) {
      listeners.forEach((l) => l.close());
      closed = Promise.allSettled(accepting);
    }
    return closed;
  };
  return { connections, close };
}

/** A base port whose six demo ports are free now (they are squatted right after). */
function freeBase(): number {
  for (let tries = 0; tries < 50; tries++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const held: Deno.Listener[] = [];
    try {
      for (const port of Object.values(configuredPorts(base))) {
        held.push(Deno.listen({ hostname: "127.0.0.1", port }));
      }
      return base;
    } catch {
      /* one of them is taken: another base */
    } finally {
      held.forEach((l) => l.close());
    }
  }
  throw new Error("no free base port");
}

const destinations = async (db: Db, ids: { tcp: number; ftp: number; ws: number }) => {
  const [tcp] = await db.select().from(tcpRoutes).where(eq(tcpRoutes.id, ids.tcp));
  const [ftp] = await db.select().from(ftpRoutes).where(eq(ftpRoutes.id, ids.ftp));
  const [ws] = await db.select().from(wsRoutes).where(eq(wsRoutes.id, ids.ws));
  return [tcp.ipPortTxPrimary, tcp.ipPortTxSecondary, ftp.ftpPrimary, ws.wsPrimary, ws.wsSecondary];
};

for (const kind of DB_KINDS) {
  Deno.test({
    name:
      `[demo] receivers whose ports are taken move to free ones, and the demo routes follow [${kind}]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const own = await ownDatabase(kind);
      const db = own.database.db;
      const dataDir = await Deno.makeTempDir();
      const base = freeBase();
      const squatter = squat(Object.values(configuredPorts(base)));
      // DEMO_SINK_PORT as the seed used it, but not given by the operator: free ports allowed.
      const config = {
        ...parseConfig({ DEMO_SINK_PORT: String(base), DATA_DIR: dataDir }),
        demoSinkPortGiven: false,
      };
      let demo: Awaited<ReturnType<typeof startDemo>> | undefined;
      try {
        // Demo routes as the seed writes them (sinkAddress), and a route of someone else's.
        const tgid = await new Factories(db).tgid();
        const ids = {
          tcp: (await makeRoute(db, "tcp", tgid.id, {
            ipPortTxPrimary: sinkAddress(base, "tcp"),
            ipPortTxSecondary: sinkAddress(base, "tcpBackup"),
          })).id,
          ftp: (await makeRoute(db, "ftp", tgid.id, {
            ftpPrimary: `ftp://${sinkAddress(base, "ftp")}/inbound/a.example/positions`,
          })).id,
          ws: (await makeRoute(db, "ws", tgid.id, {
            wsPrimary: `http://${sinkAddress(base, "http")}/a.example/satellite/v2/messages`,
            wsSecondary: `http://${sinkAddress(base, "httpBackup")}/a.example/in`,
          })).id,
        };
        const other = await makeRoute(db, "tcp", tgid.id, { ipPortTxPrimary: "127.0.0.1:9" });

        // DEMO_SINK_PORT given: the start stops, naming the port and the variable.
        await assert.rejects(
          () => startDemo(db, { ...config, demoSinkPortGiven: true }),
          (e) =>
            e instanceof ConfigError &&
            e.message.includes(`DEMO_SINK_PORT: ports ${base + 1} (TCP receiver), `) &&
            e.message.includes("in use by another process"),
        );

        demo = await startDemo(db, config);
        const ports = demo.ports;
        assert.equal(demo.moved.length, 6);
        for (const port of Object.values(ports)) {
          assert.ok(!Object.values(configuredPorts(base)).includes(port), `${port} moved`);
        }
        assert.deepEqual(await destinations(db, ids), [
          `127.0.0.1:${ports.tcp}`,
          `127.0.0.1:${ports.tcpBackup}`,
          `ftp://127.0.0.1:${ports.ftp}/inbound/a.example/positions`,
          `http://127.0.0.1:${ports.http}/a.example/satellite/v2/messages`,
          `http://127.0.0.1:${ports.httpBackup}/a.example/in`,
        ]);
        const [untouched] = await db.select().from(tcpRoutes).where(eq(tcpRoutes.id, other.id));
        assert.equal(untouched.ipPortTxPrimary, "127.0.0.1:9");

        // A delivery through the demo route reaches the demo's own receiver.
        const [message] = await queueMessages(db, {
          tgidId: tgid.id,
          deliveryType: 0,
          routeId: ids.tcp,
        });
        const engine = startDeliveryEngine(
          engineOptions(db, withDemoSinks(config, ports), { pollMs: 50 }),
        );
        try {
          await waitFor("the message delivered", async () => {
            const [row] = await trafficRows(db, [message.id]);
            return row.status === 4;
          });
          await waitFor(
            "the demo's TCP receiver",
            () => Promise.resolve(demo!.sinks.tcp.received.some((r) => r.id === message.id)),
          );
        } finally {
          await engine.stop();
        }
        assert.deepEqual(squatter.connections, [], "nothing reached the other process");

        // The ports free again, a later start (same DATA_DIR) points the routes back at them.
        await demo.close();
        await squatter.close();
        demo = await startDemo(db, config);
        assert.deepEqual(demo.moved, []);
        assert.deepEqual(demo.ports, configuredPorts(base));
        assert.deepEqual((await destinations(db, ids)).slice(0, 2), [
          sinkAddress(base, "tcp"),
          sinkAddress(base, "tcpBackup"),
        ]);
      } finally {
        await demo?.close();
        await squatter.close();
        await own.close();
        await Deno.remove(dataDir, { recursive: true });
      }
    },
  });
}
