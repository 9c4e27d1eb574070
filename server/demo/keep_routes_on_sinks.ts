/**
 * Keeps the demo routes pointed at the demo's own receivers. The ports the routes point at are
 * recorded in DATA_DIR/demo-sinks.json at every start (a database seeded before the file
 * existed: the ports the seed used, DEMO_SINK_PORT + 1…6). When the receivers listen elsewhere
 * now (their ports were taken, or DEMO_SINK_PORT changed), the routes on the recorded ports are
 * moved to the new ones, in the same database, before the delivery engine starts.
 */
import { join } from "node:path";
import type { Db } from "../../db/client.ts";
import { moveLoopbackPorts } from "../services/push/loopback_ports.ts";
import type { Config } from "../config.ts";
import { configuredPorts, type DemoSinks, type SinkPorts, startDemoSinks } from "./sinks.ts";

const FILE = "demo-sinks.json";

async function recordedPorts(dataDir: string): Promise<SinkPorts | null> {
  try {
    const { ports } = JSON.parse(await Deno.readTextFile(join(dataDir, FILE)));
    const names = Object.keys(configuredPorts(0));
    return names.every((n) => Number.isInteger(ports?.[n])) ? ports : null;
  } catch {
    return null; // absent or unreadable: the seed's ports
  }
}

/** Moves the demo routes to `ports` and records them; answers how many routes moved. */
async function pointDemoRoutes(
  db: Db,
  opts: { dataDir: string; portBase: number; ports: SinkPorts },
): Promise<number> {
  const before = await recordedPorts(opts.dataDir) ?? configuredPorts(opts.portBase);
  const moves = new Map(
    (Object.keys(opts.ports) as (keyof SinkPorts)[])
      .filter((n) => before[n] !== opts.ports[n])
      .map((n) => [before[n], opts.ports[n]]),
  );
  const moved = moves.size ? await moveLoopbackPorts(db, moves) : 0;
  await Deno.mkdir(opts.dataDir, { recursive: true });
  await Deno.writeTextFile(
    join(opts.dataDir, FILE),
    JSON.stringify({ ports: opts.ports }, null, 2) + "\n",
  );
  return moved;
}

/**
 * The demo's receivers, on their ports or free ones (server/demo/sinks.ts), and the demo routes
 * pointed at them; a ConfigError when DEMO_SINK_PORT was given and one of its ports is taken.
 */
export async function startDemo(
  db: Db,
  config: Pick<Config, "DEMO_SINK_PORT" | "demoSinkPortGiven" | "DATA_DIR">,
): Promise<DemoSinks> {
  const demo = await startDemoSinks({
    portBase: config.DEMO_SINK_PORT,
    portGiven: config.demoSinkPortGiven,
    dataDir: config.DATA_DIR,
  });
  try {
    await pointDemoRoutes(db, {
      dataDir: config.DATA_DIR,
      portBase: config.DEMO_SINK_PORT,
      ports: demo.ports,
    });
  } catch (e) {
    await demo.close();
    throw e;
  }
  return demo;
}
