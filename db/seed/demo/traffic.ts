/** Demo seed, traffic: push traffic (with multi-push children) and robot traffic, last 30 days. */
import {
  DEFAULT_LES,
  DELIVERY_TYPES,
  type DeliveryType,
  ROBOT_NAMES,
  ROUTE_TYPES,
  type RouteType,
  TRAFFIC_PROTOCOLS,
  type TrafficProtocol,
} from "../../../openapi/enums.ts";
import { pushAttempts, pushTraffic, robotTraffic } from "../../schema/mod.ts";
import { convert } from "../../../server/delivery/convert.ts";
import { destinationsOf } from "../../../server/delivery/destinations.ts";
import type { PushRow as ConvertedRow } from "../../../server/delivery/types.ts";
import {
  type Cut,
  deliveryHistory,
  ID_PLACEHOLDER,
  SEED_INSTANCE,
  type SeededAttempt,
} from "./deliveries.ts";
import { sinkAddress } from "./sink_ports.ts";
import type { ManagementData, SeededTgid } from "./management.ts";
import type { RoutingData, SeededRoute } from "./routing.ts";
import { DAY, insertBulk, past, type Rng, type SeedContext } from "./util.ts";

const PUSH_COUNT = 5200;
const MULTI_PUSH_COUNT = 300;
const ROBOT_COUNT = 5200;
/**
 * How much more traffic a route with a destination to try gets than one whose destinations are
 * all locked or inactive (whose messages wait on the retry schedule and end in an error).
 */
const ROUTE_OPEN_WEIGHT = 15;
/** Rows younger than this may still be pending (stored, in progress, scheduled…). */
const PENDING_WINDOW = 2 * DAY;

const keysOf = (o: object) => Object.keys(o).map(Number);

/** Delivery types that go through a route (TCP, SMTP, FTP, WS) and that route's type. */
const ROUTE_OF_DELIVERY = new Map(
  Object.entries(DELIVERY_TYPES)
    .filter(([, label]) => (ROUTE_TYPES as readonly string[]).includes(label.toLowerCase()))
    .map(([key, label]) => [Number(key), label.toLowerCase() as RouteType]),
);
/** Share of each delivery type in push traffic. */
const DELIVERY_WEIGHTS: Record<DeliveryType, number> = {
  0: 30,
  1: 20,
  2: 6,
  3: 15,
  4: 20,
  5: 5,
  6: 4,
};
/** Share of each robot in robot traffic. */
const ROBOT_WEIGHTS: Record<typeof ROBOT_NAMES[number], number> = {
  EGC: 30,
  DNID: 40,
  CAPSAT: 15,
  EPADR: 15,
};
type Protocol = keyof typeof TRAFFIC_PROTOCOLS;
const INMARSAT_C_PROTOCOLS = keysOf(TRAFFIC_PROTOCOLS)
  .filter((p) => TRAFFIC_PROTOCOLS[p as Protocol].startsWith("Inmarsat"));

type PushRow = typeof pushTraffic.$inferInsert;
type RobotRow = typeof robotTraffic.$inferInsert;

interface Context {
  ctx: SeedContext;
  mgmt: ManagementData;
  routesByType: Map<RouteType, SeededRoute[]>;
  /** Push traffic's routes by type, weighted: mostly to routes with a destination to try. */
  pushRoutes: Map<RouteType, [SeededRoute, number][]>;
}

/** Weighted pick that ignores zero weights. */
const choose = (rng: Rng, entries: [number, number][]) =>
  rng.weighted(entries.filter(([, w]) => w > 0));
const coord = (rng: Rng, min: number, max: number, pos: string, neg: string) => {
  const v = min + rng.next() * (max - min);
  return `${Math.abs(v).toFixed(4)}${v < 0 ? neg : pos}`;
};
const hhmm = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

const INMARSAT_C_TEXTS = [
  "Catch report: 2.4t hake, 0.8t monkfish",
  "Arrived at fishing ground",
  "Engine alarm cleared",
  "Crew all well",
];

/** Plausible payload for the protocol family: position reports, SBD, DataPro or M2M records. */
function pushContent(rng: Rng, protocol: number, dnid: number | null, at: Date): string {
  const lat = coord(rng, -10, 62, "N", "S"), lon = coord(rng, -30, 35, "E", "W");
  if (dnid !== null) {
    const speed = (rng.next() * 14).toFixed(1), course = rng.int(0, 359);
    const position = `POS ${lat} ${lon} SPD ${speed} CRS ${course} ${hhmm(at)}`;
    const body = rng.chance(0.85) ? position : `MSG: ${rng.pick(INMARSAT_C_TEXTS)}`;
    return `DNID ${dnid} MEM ${rng.int(1, 255)} ${body}`;
  }
  if (TRAFFIC_PROTOCOLS[protocol as Protocol].startsWith("Iridium")) {
    const momsn = rng.int(1, 65000);
    return `SBD IMEI=30023401${rng.digits(7)} MOMSN=${momsn} LAT=${lat} LON=${lon}`;
  }
  if (TRAFFIC_PROTOCOLS[protocol as Protocol] === "Isat Datapro") {
    return `DATAPRO ESN=01${rng.digits(6)}SKY${rng.digits(4)} LAT=${lat} LON=${lon}`;
  }
  const temperature = (rng.next() * 30 - 20).toFixed(1);
  return `M2M RPT ${hhmm(at)} GPS=${lat},${lon} TEMP=${temperature}C`;
}

/**
 * Where a message's delivery history stops: older messages are settled (delivered or failed for
 * good, by the engine's rules); a recent one may still be stored, or claimed by a worker that
 * stopped mid-round (in progress), and one still retrying is scheduled.
 */
function cutOf(rng: Rng, ageMs: number): Cut {
  if (ageMs >= PENDING_WINDOW) return "none";
  return rng.weighted<Cut>([["none", 60], ["stored", 20], ["inProgress", 20]]);
}

interface SeededPush {
  row: PushRow;
  attempts: SeededAttempt[];
}

function pushRow(c: Context, deliveryType: number, base?: PushRow): SeededPush {
  const { ctx, mgmt } = c;
  const { rng } = ctx;
  const routeType = ROUTE_OF_DELIVERY.get(deliveryType);
  const route = routeType ? rng.weighted(c.pushRoutes.get(routeType)!) : undefined;
  const tgid: SeededTgid = route?.tgid ?? rng.pick(mgmt.tgids);
  const protocol = base?.protocol ??
    choose(
      rng,
      keysOf(TRAFFIC_PROTOCOLS).map((p) => [p, INMARSAT_C_PROTOCOLS.includes(p) ? 20 : 2]),
    );
  const inmarsatC = INMARSAT_C_PROTOCOLS.includes(protocol);
  const ownDnids = mgmt.dnids.filter((d) => d.tgidId === tgid.id);
  const dnid = base
    ? base.dnid ?? null
    : inmarsatC
    ? rng.pick(ownDnids.length ? ownDnids : mgmt.dnids).id
    : null;
  const stored = base?.lesCStoredTime ?? past(ctx);
  const content = base?.content ?? pushContent(rng, protocol, dnid, stored);
  const message = {
    tgidId: tgid.id,
    dnid,
    les: inmarsatC ? DEFAULT_LES : null,
    lesCStoredTime: stored,
    deliveryType: deliveryType as DeliveryType,
    protocol: protocol as TrafficProtocol,
    dataLength: content.length,
    headerLength: inmarsatC ? rng.int(16, 48) : rng.int(0, 24),
    routagePushId: route?.id ?? null,
    routageType: deliveryType as DeliveryType,
    content,
  };
  const { attempts, ...history } = deliveryHistory(rng, {
    deliveryType,
    route: route?.delivery,
    storedAt: stored,
    now: ctx.now,
    relay: sinkAddress(ctx.sinkPort, "smtp"),
    extension: route
      ? convert(route.delivery.row.conversion, { ...message, id: 0 } as ConvertedRow).extension
      : "txt",
    cut: cutOf(rng, ctx.now.getTime() - stored.getTime()),
  });
  return { row: { ...message, ...history }, attempts };
}

/** Push traffic, oldest first, then multi-push copies of some messages to other delivery types. */
async function seedPushTraffic(c: Context): Promise<void> {
  const { rng } = c.ctx;
  const deliveries = Object.entries(DELIVERY_WEIGHTS).map((
    [k, w],
  ): [number, number] => [Number(k), w]);
  const messages = Array.from({ length: PUSH_COUNT }, () => pushRow(c, choose(rng, deliveries)))
    .sort((a, b) => a.row.lesCStoredTime.getTime() - b.row.lesCStoredTime.getTime());
  const ids = await insertBulk(c.ctx, pushTraffic, messages.map((m) => m.row), pushTraffic.id);
  const children = Array.from({ length: MULTI_PUSH_COUNT }, () => {
    const i = rng.int(0, messages.length - 1);
    const parent = messages[i].row;
    const others = deliveries.filter(([t]) => t !== parent.deliveryType);
    const child = pushRow(c, choose(rng, others), parent);
    return { ...child, row: { ...child.row, parentId: ids[i] } };
  });
  const childIds = await insertBulk(
    c.ctx,
    pushTraffic,
    children.map((m) => m.row),
    pushTraffic.id,
  );
  await seedAttempts(c, [...messages, ...children], [...ids, ...childIds]);
}

/** The attempts of each seeded message, its id in place of the placeholder (FTP file names). */
async function seedAttempts(c: Context, messages: SeededPush[], ids: number[]): Promise<void> {
  const rows = messages.flatMap((m, i) =>
    m.attempts.map((a) => ({
      pushTrafficId: ids[i],
      at: a.at,
      round: a.round,
      target: a.target,
      destination: a.destination,
      outcome: a.outcome,
      error: a.error?.replace(ID_PLACEHOLDER, String(ids[i])) ?? null,
      durationMs: a.durationMs,
      instance: SEED_INSTANCE,
    }))
  );
  await insertBulk(c.ctx, pushAttempts, rows);
}

/** "CC: a@x, b@x", or an empty "CC:" section. */
function ccSection(rng: Rng, domain: string): string {
  const copies = rng.sample(
    ["ops", "duty", "fleet", "captain", "noc", "master"],
    rng.weighted([[0, 1], [1, 3], [2, 3], [3, 1]]),
  );
  return `CC:${copies.length ? " " : ""}${copies.map((c) => `${c}@${domain}`).join(", ")}`;
}

const EGC_AREAS = ["BAY OF BISCAY", "NORTH SEA", "ALBORAN SEA", "CELTIC SEA"];
const EGC_WARNINGS = [
  "GUNNERY EXERCISES 0800 TO 1600 UTC DAILY.",
  "DERELICT VESSEL ADRIFT IN VICINITY.",
  "SUBMARINE CABLE OPERATIONS, WIDE BERTH REQUESTED.",
  "BUOY UNLIT.",
];
const CAPSAT_TEXTS = [
  "Noon report: 12.3 kn, ETA 0600 UTC",
  "Request weather routing update",
  "Crew change list attached",
];
const EPADR_REQUESTS = ["POLL", "DOWNLOAD DNID", "PROGRAM START", "PROGRAM STOP"];

/** The text a robot processed: an EGC broadcast, a dnid download, a CAPSAT or EPADR message. */
function robotContent(rng: Rng, robot: string, c: Context, at: Date): string {
  switch (robot) {
    case "EGC": {
      const ref = `${rng.int(100, 999)}/${String(at.getUTCFullYear()).slice(2)}`;
      const navarea = rng.pick(["I", "II", "III", "IV"]);
      return `SafetyNET NAVAREA ${navarea} ${ref}\n${rng.pick(EGC_AREAS)}. ${
        rng.pick(EGC_WARNINGS)
      }`;
    }
    case "DNID": {
      const dnid = rng.pick(c.mgmt.dnids);
      const state = rng.pick(["OK", "ACK", "PENDING"]);
      return `DNID ${dnid.id} MEMBER ${rng.int(1, 255)} LES ${dnid.les}\nDOWNLOAD ${state} ${
        hhmm(at)
      }`;
    }
    case "CAPSAT":
      return `CAPSAT MESSAGE REF ${rng.digits(6)}\nFROM: ${rng.pick(c.mgmt.mtls).imn}\n${
        rng.pick(CAPSAT_TEXTS)
      }`;
    default:
      return `EPADR ${rng.pick(c.mgmt.mtls).imn} REQUEST ${rng.digits(5)}: ${
        rng.pick(EPADR_REQUESTS)
      }`;
  }
}

/**
 * error_label and code of a robot row. Delivered and failed rows may carry a carbon-copies
 * section ("CC: a@x, b@x", sometimes an empty "CC:").
 */
function robotOutcome(rng: Rng, status: number, type: number, route: SeededRoute) {
  const domain = route.tgid.team.company.domain;
  const cc = () => (rng.chance(0.6) ? `\n${ccSection(rng, domain)}` : "");
  const smtp = type === 0;
  switch (status) {
    case 2:
      return {
        errorLabel: rng.chance(0.5) ? `Delivered to ${route.destination}${cc()}` : null,
        code: smtp ? 250 : 226,
      };
    case 3: {
      const error = smtp
        ? `550 5.1.1 <${route.destination}>: Recipient address rejected`
        : `550 ${route.destination}: Permission denied`;
      return { errorLabel: `${error}${cc()}`, code: 550 };
    }
    case 4:
      return {
        errorLabel: rng.pick([
          "Unable to parse message: missing header",
          "Attachment could not be decoded",
        ]),
        code: 500,
      };
    case 5:
      return { errorLabel: "WS endpoint returned HTTP 502 Bad Gateway", code: 502 };
    default:
      return { errorLabel: null, code: null };
  }
}

function robotRow(c: Context): RobotRow {
  const { ctx } = c;
  const { rng } = ctx;
  const type = choose(rng, [[0, 7], [1, 3]]);
  const route = rng.pick(c.routesByType.get(type === 0 ? "smtp" : "ftp")!);
  const received = past(ctx);
  const robot = rng.weighted(ROBOT_NAMES.map((name) => [name, ROBOT_WEIGHTS[name]] as const));
  const pending = ctx.now.getTime() - received.getTime() < PENDING_WINDOW ? 1 : 0;
  // Mostly successful; only recent rows may still be processing (0) or in progress (1).
  const status = choose(rng, [
    [2, 82],
    [3, 8],
    [4, 3],
    [5, 4],
    [0, 25 * pending],
    [1, 30 * pending],
  ]);
  const { errorLabel, code } = robotOutcome(rng, status, type, route);
  return {
    type,
    robot,
    receivedTime: received,
    status,
    errorLabel,
    deliveryStatus: status === 2 ? 1 : status >= 3 ? 0 : null,
    deliveryAttempts: status >= 3 ? rng.int(2, 5) : status === 2 ? 1 : rng.int(0, 1),
    code,
    routageId: route.id,
    tgidId: route.tgid.id,
    content: robotContent(rng, robot, c, received),
  };
}

/** Robot traffic, oldest first, with increasing robot log ids. */
async function seedRobotTraffic(c: Context): Promise<void> {
  const rows = Array.from({ length: ROBOT_COUNT }, () => robotRow(c))
    .sort((a, b) => a.receivedTime.getTime() - b.receivedTime.getTime())
    .map((row, i) => ({ ...row, logId: 7_000_000 + i * 3 + c.ctx.rng.int(0, 2) }));
  await insertBulk(c.ctx, robotTraffic, rows);
}

export async function seedTraffic(
  ctx: SeedContext,
  mgmt: ManagementData,
  routing: RoutingData,
): Promise<void> {
  const routesByType = Map.groupBy(routing.routes, (r) => r.type);
  const pushRoutes = new Map(
    [...routesByType].map(([type, routes]) => [
      type,
      routes.map((r): [SeededRoute, number] => [
        r,
        destinationsOf(r.delivery).some((d) => !d.skip) ? ROUTE_OPEN_WEIGHT : 1,
      ]),
    ]),
  );
  const c: Context = { ctx, mgmt, routesByType, pushRoutes };
  await seedPushTraffic(c);
  await seedRobotTraffic(c);
}
