/** Demo seed, routing: push processes, delivery routes per protocol, push and robot event logs. */
import { sinkAddress, type SinkName } from "./sink_ports.ts";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import {
  CLIENT_RIGHTS,
  CONVERSIONS,
  PROCESS_DEFAULTS,
  ROBOT_NAMES,
  ROUTE_TYPES,
  type RouteType,
  SMTP_FORMATS,
} from "../../../openapi/enums.ts";
import {
  ftpRoutes,
  pushEvents,
  pushProcesses,
  robotEvents,
  smtpRoutes,
  tcpRoutes,
  wsRoutes,
} from "../../schema/mod.ts";
import type { RouteRow } from "../../../server/delivery/transports/mod.ts";
import type { AdminData } from "./admin.ts";
import type { ManagementData, SeededTgid } from "./management.ts";
import {
  DAY,
  insertIds,
  insertReturning,
  insertRows,
  past,
  type Rng,
  type SeedContext,
} from "./util.ts";

export interface SeededRoute {
  id: number;
  type: RouteType;
  tgid: SeededTgid;
  /** Primary destination, for log and error messages. */
  destination: string;
  /** The route as the delivery engine reads it (db/seed/demo/deliveries.ts). */
  delivery: RouteRow;
}
export interface RoutingData {
  routes: SeededRoute[];
}

const EVENT_COUNT = 320;

/** Store-and-push processes: every mode on the main host, dedicated ones for clients A and B. */
const PROCESSES = [
  { hostname: PROCESS_DEFAULTS.hostname, mode: "D", protocol: "TCP", port: 5101 },
  { hostname: PROCESS_DEFAULTS.hostname, mode: "P", protocol: "SMTP", port: 5102 },
  { hostname: PROCESS_DEFAULTS.hostname, mode: "F", protocol: "FTP", port: 5103 },
  { hostname: PROCESS_DEFAULTS.hostname, mode: "W", protocol: "WS", port: 5104 },
  { hostname: "pushc2", mode: "D", protocol: "TCP", port: 5101 },
  { hostname: "pushc2", mode: "W", protocol: "WS", port: 5104 },
  { hostname: "pushd", mode: "D", protocol: "TCP", port: 5201, client: "A" },
  { hostname: "pushd", mode: "F", protocol: "FTP", port: 5203, client: "B" },
] as const;

async function seedProcesses(ctx: SeedContext, admin: AdminData) {
  const rows = PROCESSES.map((p) => {
    const team = "client" in p
      ? admin.teams.find((t) => t.company.key === p.client && t.rights === CLIENT_RIGHTS)
      : undefined;
    const busy = p.hostname === PROCESS_DEFAULTS.hostname;
    return {
      hostname: p.hostname,
      mode: p.mode,
      protocol: p.protocol,
      port: p.port,
      minSpare: busy ? 4 : PROCESS_DEFAULTS.min,
      maxSpare: busy ? 12 : PROCESS_DEFAULTS.max,
      ipFep: `10.12.0.${p.hostname === "pushd" ? 31 : p.hostname === "pushc2" ? 22 : 21}`,
      teamId: team?.id ?? null,
      createdAt: past(ctx, 600 * DAY, 100 * DAY),
    };
  });
  const stored = await insertReturning(ctx, pushProcesses, rows);
  return stored.map((p) => ({ id: p.id, hostname: p.hostname, mode: p.mode }));
}

/** Up flag of the k-th route of a type: the 2nd has its primary locked, the 3rd its backup. */
const upFlags = (ctx: SeedContext, k: number, secondary: boolean) => ({
  primary: k === 1 ? -1 : ctx.rng.weighted([[1, 8], [0, 1], [-1, 1]]),
  secondary: !secondary ? 0 : k === 2 ? -1 : ctx.rng.weighted([[1, 4], [0, 3], [-1, 1]]),
});

/** Every demo destination is one of the demo's loopback receivers: nothing leaves the machine. */
const sink = (ctx: SeedContext, name: SinkName) => sinkAddress(ctx.sinkPort, name);
/** The draws of the former public TCP addresses, kept so the rest of the demo data is unchanged. */
const skipAddressDraws = (rng: Rng) => [rng.int(2, 254), rng.int(5000, 5999)];

const SMTP_PRESETS = [...Object.values(SMTP_FORMATS), {
  encoding: "Base64",
  signature: "",
  subject: "Position report",
  body: "CSV",
}];

/** Routes of every protocol: each client tgid gets one or two routes. */
async function seedRoutes(ctx: SeedContext, mgmt: ManagementData): Promise<SeededRoute[]> {
  const { rng } = ctx;
  const clientTgids = mgmt.tgids.filter((t) => t.team.rights === CLIENT_RIGHTS);
  const plan = clientTgids.flatMap((tgid, i) => {
    const first = ROUTE_TYPES[i % ROUTE_TYPES.length];
    const second = rng.chance(0.6) ? rng.pick(ROUTE_TYPES.filter((t) => t !== first)) : null;
    return (second ? [first, second] : [first]).map((type) => ({ tgid, type }));
  });
  const common = (tgid: SeededTgid) => ({
    tgidId: tgid.id,
    memberOrMobileNum: rng.pick([null, null, "ALL", String(rng.int(1, 255))]),
    apiAdd: rng.chance(0.2),
    conversion: Number(rng.pick(Object.keys(CONVERSIONS))),
    followOn: rng.chance(0.3),
    transmitFrequency: rng.pick([0, 0, 60, 300, 900]),
    createdAt: past(ctx, 300 * DAY, 10 * DAY),
  });
  const routes: SeededRoute[] = [];
  /** Builds and inserts the routes of one type; `build` also names the primary destination. */
  const add = async <T extends PgTable>(
    type: RouteType,
    table: T,
    id: PgColumn,
    build: (tgid: SeededTgid, k: number) => { destination: string; row: PgInsertValue<T> },
  ) => {
    const tgids = plan.filter((p) => p.type === type).map((p) => p.tgid);
    const built = tgids.map(build);
    const ids = await insertIds(ctx, table, id, built.map((b) => b.row));
    ids.forEach((id, i) =>
      routes.push({
        id,
        type,
        tgid: tgids[i],
        destination: built[i].destination,
        // Every column the engine reads is given in the seed's row.
        delivery: { kind: type, row: { ...built[i].row, id } } as RouteRow,
      })
    );
  };

  await add("tcp", tcpRoutes, tcpRoutes.id, (tgid, k) => {
    const secondary = rng.chance(0.5);
    const up = upFlags(ctx, k, secondary);
    skipAddressDraws(rng);
    const primary = sink(ctx, "tcp");
    if (secondary) skipAddressDraws(rng);
    return {
      destination: primary,
      row: {
        ...common(tgid),
        ipPortTxPrimary: primary,
        ipPortTxSecondary: secondary ? sink(ctx, "tcpBackup") : null,
        txPrimaryUp: up.primary,
        txSecondaryUp: up.secondary,
      },
    };
  });

  await add("ftp", ftpRoutes, ftpRoutes.id, (tgid, k) => {
    const domain = tgid.team.company.domain;
    const secondary = rng.chance(0.5);
    const up = upFlags(ctx, k, secondary);
    const primary = `ftp://${sink(ctx, "ftp")}/inbound/${domain}/positions`;
    return {
      destination: primary,
      row: {
        ...common(tgid),
        ftpType: rng.weighted([[1, 3], [0, 1]]),
        ftpVerif: rng.chance(0.5) ? 1 : 0,
        ftpPrimary: primary,
        ftpSecondary: secondary ? `ftp://${sink(ctx, "ftp")}/backup/${domain}/positions` : null,
        ftpPrimaryUp: up.primary,
        ftpSecondaryUp: up.secondary,
      },
    };
  });

  await add("ws", wsRoutes, wsRoutes.id, (tgid, k) => {
    const domain = tgid.team.company.domain;
    const secondary = rng.chance(0.4);
    const up = upFlags(ctx, k, secondary);
    const primary = `http://${sink(ctx, "http")}/${domain}/satellite/v2/messages`;
    return {
      destination: primary,
      row: {
        ...common(tgid),
        wsPrimary: primary,
        wsSecondary: secondary
          ? `http://${sink(ctx, "httpBackup")}/${domain}/satellite/v2/messages`
          : null,
        wsPrimarySslCheck: rng.chance(0.85),
        wsSecondarySslCheck: true,
        wsPrimaryUp: up.primary,
        wsSecondaryUp: up.secondary,
        keys: rng.pick([null, "dnid,member", "imn", "deviceId"]),
        token: Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join(""),
        namespace: `urn:${domain}:satellite`,
        format: rng.pick(["JSON", "XML", "SOAP"]),
      },
    };
  });

  await add("smtp", smtpRoutes, smtpRoutes.id, (tgid, k) => {
    const domain = tgid.team.company.domain;
    const copies = rng.sample(["ops", "duty", "fleet", "captain", "noc"], rng.int(0, 3));
    const primary = `positions@${domain}`;
    return {
      destination: primary,
      row: {
        ...common(tgid),
        emailMaster: primary,
        emailSecondary: copies.length ? copies.map((c) => `${c}@${domain}`).join(",") : null,
        ...SMTP_PRESETS[k % SMTP_PRESETS.length],
      },
    };
  });
  return routes;
}

const PUSH_MESSAGES = {
  INFO: [
    "Process started (mode {mode}, {spare} spare workers)",
    "Delivered {n} messages for tgid {tgid}",
    "Connection to {dest} established",
    "Spare workers adjusted to {spare}",
  ],
  WARN: [
    "Retry {retry}/5 to {dest}: connection timed out",
    "Backup destination used for tgid {tgid}",
    "Queue for tgid {tgid} above {queue} messages",
  ],
  ERROR: [
    "Connection to {dest} refused",
    "Delivery to {dest} failed: 530 Login incorrect",
    "Destination locked for tgid {tgid}, messages kept in store",
  ],
} as const;

const ROBOT_MESSAGES = {
  INFO: [
    "Mailbox polled: {n} new messages",
    "Message {id} processed in {n} ms",
    "FTP pickup: {n} files",
  ],
  WARN: ["Unknown sender, message {id} ignored", "Duplicate message {id} discarded"],
  ERROR: [
    "SMTP relay smtp.sat-operator.example:25 unreachable",
    "Could not parse header of message {id}",
    "WS endpoint returned HTTP 500 for message {id}",
  ],
} as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));

/** A few hundred push process and robot log lines over the last 30 days, oldest first. */
async function seedEvents(
  ctx: SeedContext,
  processes: { id: number; hostname: string; mode: string }[],
  routes: SeededRoute[],
) {
  const { rng } = ctx;
  const level = () => rng.weighted([["INFO", 70], ["WARN", 20], ["ERROR", 10]] as const);
  const byTime = <T extends { timestamp: Date }>(rows: T[]) =>
    rows.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());

  const push = Array.from({ length: EVENT_COUNT }, () => {
    const process = rng.pick(processes);
    const route = rng.pick(routes);
    const lvl = level();
    return {
      timestamp: past(ctx),
      hostname: process.hostname,
      processId: process.id,
      tgidId: route.tgid.id,
      level: lvl,
      message: fill(rng.pick(PUSH_MESSAGES[lvl]), {
        mode: process.mode,
        n: rng.int(1, 60),
        spare: rng.int(2, 12),
        retry: rng.int(1, 5),
        queue: rng.int(1, 9) * 100,
        tgid: route.tgid.id,
        dest: route.destination,
      }),
    };
  });
  await insertRows(ctx, pushEvents, byTime(push));

  const robot = Array.from({ length: EVENT_COUNT }, () => {
    const lvl = level();
    return {
      timestamp: past(ctx),
      robot: rng.pick(ROBOT_NAMES),
      level: lvl,
      message: fill(rng.pick(ROBOT_MESSAGES[lvl]), { n: rng.int(1, 40), id: rng.digits(7) }),
    };
  });
  await insertRows(ctx, robotEvents, byTime(robot));
}

export async function seedRouting(
  ctx: SeedContext,
  admin: AdminData,
  mgmt: ManagementData,
): Promise<RoutingData> {
  const processes = await seedProcesses(ctx, admin);
  const routes = await seedRoutes(ctx, mgmt);
  await seedEvents(ctx, processes, routes);
  return { routes };
}
