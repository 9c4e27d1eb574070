/**
 * The demo's loopback receivers (docs/decisions/0015-delivery-engine.md "The demo"): two TCP
 * listeners (primary and backup), the SMTP relay, an FTP server and two HTTP endpoints on
 * 127.0.0.1, at DEMO_SINK_PORT + 1…6 — the addresses the seeded demo routes point at
 * (db/seed/demo/sink_ports.ts). The demo never delivers to a process that is not its own: a port
 * another process holds is replaced by a free one (and the demo routes are pointed at it,
 * ./keep_routes_on_sinks.ts), unless DEMO_SINK_PORT was set, when the start stops, naming the port.
 */
import { join } from "node:path";
import { type Config, ConfigError } from "../config.ts";
import {
  SINK_OFFSETS,
  sinkAddress,
  type SinkName,
  sinkPassivePorts,
} from "../../db/seed/demo/sink_ports.ts";
import {
  type Sink,
  startFtpSink,
  startHttpSink,
  startSmtpSink,
  startTcpSink,
} from "../delivery/sinks/mod.ts";

export type SinkPorts = Record<SinkName, number>;

export interface DemoSinks {
  sinks: Record<SinkName, Sink>;
  /** The port each receiver listens on. */
  ports: SinkPorts;
  /** The receivers whose configured port was taken (they listen on a free one instead). */
  moved: SinkName[];
  close(): Promise<void>;
}

const SINK_NAMES = Object.keys(SINK_OFFSETS) as SinkName[];
const SINK_LABELS: Record<SinkName, string> = {
  tcp: "TCP receiver",
  tcpBackup: "backup TCP receiver",
  smtp: "SMTP relay",
  ftp: "FTP server",
  http: "HTTP endpoint",
  httpBackup: "backup HTTP endpoint",
};

/** Where the receivers would listen with DEMO_SINK_PORT `base`. */
export const configuredPorts = (base: number): SinkPorts =>
  Object.fromEntries(
    SINK_NAMES.map((name) => [name, Number(sinkAddress(base, name).split(":")[1])]),
  ) as SinkPorts;

const inUse = (e: unknown) =>
  e instanceof Deno.errors.AddrInUse || (e as { code?: string })?.code === "EADDRINUSE";

/**
 * Starts the six receivers. A configured port that is in use: with DEMO_SINK_PORT given, a
 * ConfigError naming it (after closing what started); by default the receiver takes a free port.
 */
export async function startDemoSinks(
  opts: { portBase: number; portGiven: boolean; dataDir: string },
): Promise<DemoSinks> {
  const wanted = configuredPorts(opts.portBase);
  const start = (name: SinkName, port: number): Promise<Sink> => {
    switch (name) {
      case "tcp":
      case "tcpBackup":
        return startTcpSink({ port });
      case "smtp":
        return startSmtpSink({ port, dir: mailDir(opts.dataDir) });
      case "ftp":
        return startFtpSink({
          port,
          root: join(opts.dataDir, "ftp-sink"),
          // Passive ports from DEMO_SINK_PORT's range with the configured port, else any.
          pasvPorts: port ? sinkPassivePorts(opts.portBase) : undefined,
        });
      case "http":
      case "httpBackup":
        return startHttpSink({ port });
    }
  };
  const started: Partial<Record<SinkName, Sink>> = {};
  const taken: SinkName[] = [];
  const moved: SinkName[] = [];
  const failures: unknown[] = [];
  await Promise.all(SINK_NAMES.map(async (name) => {
    try {
      started[name] = await start(name, wanted[name]);
    } catch (e) {
      if (!inUse(e)) return void failures.push(e);
      if (opts.portGiven) return void taken.push(name);
      try {
        started[name] = await start(name, 0);
        moved.push(name);
      } catch (again) {
        failures.push(again);
      }
    }
  }));
  const close = () =>
    Promise.all(Object.values(started).map((s) => s.close().catch(() => {}))).then(() => {});
  if (taken.length || failures.length) {
    await close();
    if (failures.length) throw failures[0];
    const order = SINK_NAMES.filter((n) => taken.includes(n));
    throw new ConfigError([
      `DEMO_SINK_PORT: port${order.length > 1 ? "s" : ""} ` +
      `${order.map((n) => `${wanted[n]} (${SINK_LABELS[n]})`).join(", ")} ` +
      `${order.length > 1 ? "are" : "is"} in use by another process; set another ` +
      "DEMO_SINK_PORT, or leave it unset and the demo's receivers take free ports",
    ]);
  }
  const sinks = started as Record<SinkName, Sink>;
  const ports = Object.fromEntries(SINK_NAMES.map((n) => [n, sinks[n].port])) as SinkPorts;
  return { sinks, ports, moved: SINK_NAMES.filter((n) => moved.includes(n)), close };
}

/** Where the demo's SMTP relay keeps what it catches: a folder per recipient. */
export const mailDir = (dataDir: string) => join(dataDir, "mail-sink");

/** One line for the start banner: where each receiver listens, and which had to move. */
export function describeSinks(demo: Pick<DemoSinks, "ports" | "moved">, base: number): string {
  const p = demo.ports;
  let line = `Demo receivers on 127.0.0.1: TCP ${p.tcp} (backup ${p.tcpBackup}), ` +
    `SMTP ${p.smtp}, FTP ${p.ftp}, HTTP ${p.http} (backup ${p.httpBackup})`;
  if (demo.moved.length) {
    const was = demo.moved.map((n) => configuredPorts(base)[n]).join(", ");
    line += ` — port${demo.moved.length > 1 ? "s" : ""} ${was} in use by another process: ` +
      "free ones taken, the demo routes point at them";
  }
  return line;
}

/** DEMO_SINKS: `auto` runs the receivers in embedded mode (PGlite) only. */
export const demoSinksWanted = (config: Config) =>
  config.DEMO_SINKS === "on" || (config.DEMO_SINKS === "auto" && !config.DATABASE_URL);

/**
 * The delivery settings while the demo's receivers run: 127.0.0.1 allow-listed (the demo
 * configuration only) and the SMTP receiver as the relay unless SMTP_RELAY names one.
 */
export function withDemoSinks<C extends Config>(config: C, ports: SinkPorts): C {
  return {
    ...config,
    DELIVERY_ALLOW: [config.DELIVERY_ALLOW, "127.0.0.1/32"].filter(Boolean).join(","),
    SMTP_RELAY: config.SMTP_RELAY || `127.0.0.1:${ports.smtp}`,
  };
}
