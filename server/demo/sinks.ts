/**
 * The demo's loopback receivers (docs/decisions/0015-delivery-engine.md "The demo"): two TCP
 * listeners (primary and backup), the SMTP relay, an FTP server and two HTTP endpoints on
 * 127.0.0.1, at DEMO_SINK_PORT + 1…6 — the addresses the seeded demo routes point at
 * (db/seed/demo_sink_ports.ts). A port already taken is reported in one line and skipped: the
 * deliveries to it then fail and retry, as they would against a customer's server that is down.
 */
import { join } from "node:path";
import type { Config } from "../config.ts";
import { sinkAddress, type SinkName, sinkPassivePorts } from "../../db/seed/demo_sink_ports.ts";
import {
  type Sink,
  startFtpSink,
  startHttpSink,
  startSmtpSink,
  startTcpSink,
} from "../services/delivery/sinks/mod.ts";

export interface DemoSinks {
  sinks: Partial<Record<SinkName, Sink>>;
  close(): Promise<void>;
}

export async function startDemoSinks(opts: { portBase: number; dataDir: string }) {
  const port = (name: SinkName) => Number(sinkAddress(opts.portBase, name).split(":")[1]);
  const starters: Record<SinkName, () => Promise<Sink>> = {
    tcp: () => startTcpSink({ port: port("tcp") }),
    tcpBackup: () => startTcpSink({ port: port("tcpBackup") }),
    smtp: () => startSmtpSink({ port: port("smtp") }),
    ftp: () =>
      startFtpSink({
        port: port("ftp"),
        root: join(opts.dataDir, "ftp-sink"),
        pasvPorts: sinkPassivePorts(opts.portBase),
      }),
    http: () => startHttpSink({ port: port("http") }),
    httpBackup: () => startHttpSink({ port: port("httpBackup") }),
  };
  const sinks: DemoSinks["sinks"] = {};
  const taken: string[] = [];
  await Promise.all(
    (Object.entries(starters) as [SinkName, () => Promise<Sink>][]).map(async ([name, start]) => {
      try {
        sinks[name] = await start();
      } catch (e) {
        taken.push(`${name} on ${port(name)} (${(e as Error).message})`);
      }
    }),
  );
  if (taken.length) console.warn(`Demo receivers not started: ${taken.join("; ")}`);
  return {
    sinks,
    close: async () => {
      await Promise.all(Object.values(sinks).map((s) => s.close().catch(() => {})));
    },
  } satisfies DemoSinks;
}

/** DEMO_SINKS: `auto` runs the receivers in embedded mode (PGlite) only. */
export const demoSinksWanted = (config: Config) =>
  config.DEMO_SINKS === "on" || (config.DEMO_SINKS === "auto" && !config.DATABASE_URL);

/**
 * The delivery settings while the demo's receivers run: 127.0.0.1 allow-listed (the demo
 * configuration only) and the SMTP sink as the relay unless SMTP_RELAY names one.
 */
export function withDemoSinks<C extends Config>(config: C): C {
  return {
    ...config,
    DELIVERY_ALLOW: [config.DELIVERY_ALLOW, "127.0.0.1/32"].filter(Boolean).join(","),
    SMTP_RELAY: config.SMTP_RELAY || sinkAddress(config.DEMO_SINK_PORT, "smtp"),
  };
}
