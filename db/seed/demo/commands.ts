/** Demo seed, commands: command lists and their commands, Messaging C station messages. */
import {
  COMMAND_PROTOCOLS,
  COMMAND_STATUS,
  DEFAULT_LES,
  IREXT_COMMANDS,
  LES_ERRORS,
  MESSAGE_MAX_KB,
  MINI_C_MESSAGE_MAX_KB,
  ON_DEMAND_COMMAND_CODES,
  POLL_COMMAND_TYPES,
  STATION_MESSAGE_STATUS,
  TRACKING_FREQUENCIES,
} from "../../../openapi/enums.ts";
import { commandLists, commands, recipientHistory, stationMessages } from "../../schema/mod.ts";
import type { AdminData, SeededUser } from "./admin.ts";
import type { ManagementData, SeededStatus, SeededTerminal } from "./management.ts";
import {
  after,
  DAY,
  HOUR,
  insertReturning,
  insertRows,
  MINUTE,
  past,
  type Rng,
  type SeedContext,
} from "./util.ts";
import { isFinalCommandStatus } from "../../../openapi/schemas/command/commands.ts";
import { keptLabels } from "../../../server/services/command/target_labels.ts";

const LIST_COUNT = 36;
const STATION_MESSAGE_COUNT = 42;
const MESSAGING_C = 5;
const STATUSES = Object.keys(COMMAND_STATUS).map(Number);

// deno-fmt-ignore
const MESSAGE_TEXTS = [
  "Please confirm ETA at Vigo.", "Gale force 8 expected in sector 3 tonight, seek shelter.",
  "Crew change confirmed for Thursday 0800 LT.", "Report catch by species before 1800 UTC.",
  "Switch to backup reporting interval, 30 minutes.", "Bunkering at Las Palmas berth 12 at 0600.",
  "Customs inspection at Tanger Med gate 4, bring the CMR.", "Reefer set point changed to -18C.",
  "Port agent: pilot boards at 1430 UTC.", "Return to port, storm warning in effect.",
];

type CommandRow = typeof commands.$inferInsert;

/** Commands on an Inmarsat C dnid member: name, weight, extra parameters. */
const MEMBER_COMMANDS: [string, number, (rng: Rng) => Record<string, number>][] = [
  ["pollCommand", 4, (rng) => ({ pollType: rng.pick(POLL_COMMAND_TYPES) })],
  [
    "startProgram",
    2,
    (rng) => ({ interval: rng.pick([60, 120, 360]), startFrame: rng.int(0, 2879) }),
  ],
  ["downloadDnid", 1, () => ({})],
  ["onDemandCommand", 1, (rng) => ({ code: rng.pick(ON_DEMAND_COMMAND_CODES) })],
];

/** One command: a poll/program on an Inmarsat C dnid member, or an irext/tracking command. */
function commandFor(
  ctx: SeedContext,
  protocol: number,
  { statuses, trackers }: Targets,
): Omit<CommandRow, "listId" | "groupId" | "itemId"> {
  const { rng } = ctx;
  if (protocol === MESSAGING_C) {
    const s = rng.pick(statuses);
    return {
      command: "sendMessage",
      mt: s.device,
      parameters: { les: DEFAULT_LES, format: "text", text: rng.pick(MESSAGE_TEXTS) },
    };
  }
  if (rng.chance(0.55)) {
    const s = rng.pick(statuses);
    const [command, , extra] = rng.weighted(MEMBER_COMMANDS.map((c) => [c, c[1]] as const));
    const parameters: Record<string, number> = {
      dnid: s.dnidId,
      les: s.les,
      member: s.member,
      ...extra(rng),
    };
    return {
      command,
      mt: s.device,
      genericCommandType: 0,
      commandSubType: parameters.pollType ?? null,
      parameters,
    };
  }
  const device = rng.pick(trackers);
  if (rng.chance(0.3)) {
    return {
      command: "setTerminalTracking",
      mt: String(device.deviceId),
      shoutMtType: device.deviceTypeId === 2 ? 1 : null,
      genericCommandType: 2,
      parameters: {
        trackingEnabled: true,
        delayAuthorized: rng.chance(0.5),
        frequency: Number(rng.pick(Object.keys(TRACKING_FREQUENCIES).slice(1))),
      },
    };
  }
  const subType = rng.int(0, IREXT_COMMANDS.length - 1);
  const command = IREXT_COMMANDS[subType];
  const lat = 35 + rng.next() * 25, lon = -20 + rng.next() * 30;
  const parameters = command === "geofenceActivate"
    ? Object.fromEntries([1, 2, 3, 4].flatMap((n) => [
      [`geofenceP${n}lat`, +(lat + (n > 2 ? 0.5 : 0)).toFixed(4)],
      [`geofenceP${n}lon`, +(lon + (n % 2 ? 0 : 0.5)).toFixed(4)],
    ]))
    : command === "sendFreeTextMessage"
    ? { text: rng.pick(MESSAGE_TEXTS) }
    : {};
  return {
    command,
    mt: String(device.deviceId),
    shoutMtType: device.deviceTypeId === 2 ? 1 : null,
    genericCommandType: 1,
    commandSubType: subType,
    parameters,
  };
}

/** Shout and Iridium trackers (device type ids) take the tracking and irext commands. */
const TRACKER_TYPES = [2, 3, 4, 6];

interface Targets {
  statuses: SeededStatus[];
  trackers: SeededTerminal[];
}

/** Targets a user may command: everything for operator staff, their own fleet for clients. */
function targetsOf(user: SeededUser, mgmt: ManagementData): Targets {
  const trackers = mgmt.terminals.filter((t) => TRACKER_TYPES.includes(t.deviceTypeId));
  if (user.team.company.key === "operator") return { statuses: mgmt.statuses, trackers };
  const own = new Set(
    mgmt.tgids.filter((t) => t.team.company === user.team.company).map((t) => t.id),
  );
  const ownStatuses = mgmt.statuses.filter((s) => own.has(s.tgidId));
  const ownTrackers = trackers.filter((t) => own.has(t.tgidId));
  return {
    statuses: ownStatuses.length ? ownStatuses : mgmt.statuses,
    trackers: ownTrackers.length ? ownTrackers : trackers,
  };
}

/**
 * Command lists over every protocol, most recent first. The first commands take every status in
 * turn; later (older) ones are mostly finished.
 */
async function seedCommandLists(ctx: SeedContext, admin: AdminData, mgmt: ManagementData) {
  const { rng } = ctx;
  const protocols = Object.keys(COMMAND_PROTOCOLS).map(Number);
  const senders = admin.users.filter((u) => u.active && u.team.rights !== 200);
  const dates = Array.from({ length: LIST_COUNT }, () => past(ctx, 30 * DAY))
    .sort((a, b) => b.getTime() - a.getTime());
  const defs = dates.map((date, i) => ({
    date,
    protocol: protocols[i % protocols.length],
    user: rng.pick(senders),
  }));
  let n = 0;
  const commandDefs = defs.map((list) => {
    const targets = targetsOf(list.user, mgmt);
    return Array.from({ length: rng.int(1, 5) }, (_, i) => {
      const recent = ctx.now.getTime() - list.date.getTime() < 2 * DAY;
      const status = n < STATUSES.length
        ? STATUSES[n]
        : recent && rng.chance(0.4)
        ? rng.pick(STATUSES)
        : rng.weighted([[5, 5], [7, 5], [6, 1], [8, 1], [13, 1]]);
      n++;
      const errors = LES_ERRORS[status as keyof typeof LES_ERRORS];
      const [errorCode, errorLabel] = errors ? rng.pick(errors) : [null, null];
      return {
        ...commandFor(ctx, list.protocol, targets),
        groupId: 1 + Math.floor(i / 3),
        itemId: 1 + (i % 3),
        status,
        errorCode,
        errorLabel,
        createdAt: list.date,
        updatedAt: after(ctx, list.date, rng.int(1, 90) * MINUTE),
      };
    });
  });
  // Stored oldest first, so list ids grow with their dates as they would in service.
  const order = defs.map((_, i) => defs.length - 1 - i);
  const stored = await insertReturning(
    ctx,
    commandLists,
    order.map((i) => ({
      userKey: defs[i].user.key,
      companyId: defs[i].user.team.company.id,
      date: defs[i].date,
      protocol: defs[i].protocol,
      terminated: commandDefs[i].every((c) => isFinalCommandStatus(c.status ?? 0)),
    })),
  );
  // Each command keeps its target's label as the list's company sees it (decision 0019).
  const rows = [];
  for (const [k, list] of stored.entries()) {
    const defs = commandDefs[order[k]];
    const labels = await keptLabels(ctx.tx, list.companyId, defs);
    rows.push(...defs.map((c, i) => ({ ...c, listId: list.id, targetLabel: labels[i] })));
  }
  await insertRows(ctx, commands, rows);
  return stored.filter((l) => l.protocol === MESSAGING_C).map((l) => l.id);
}

/** Messaging C messages in every station status, and the senders' recipient history. */
async function seedStationMessages(
  ctx: SeedContext,
  admin: AdminData,
  mgmt: ManagementData,
  listIds: number[],
) {
  const { rng } = ctx;
  const stationStatuses = Object.keys(STATION_MESSAGE_STATUS).map(Number);
  const senders = admin.users.filter((u) => u.active && u.messagingCAccess);
  const demoSenders = senders.filter((u) => u.id.endsWith("@demo.test"));
  const rows = Array.from({ length: STATION_MESSAGE_COUNT }, (_, i) => {
    const user: SeededUser = i < demoSenders.length * 2
      ? demoSenders[i % demoSenders.length]
      : rng.pick(senders);
    const status = stationStatuses[i % stationStatuses.length];
    const recipient = rng.pick(mgmt.mtls);
    const copies = rng.sample(
      mgmt.mtls.filter((m) => m !== recipient),
      rng.weighted([[0, 5], [
        1,
        2,
      ], [3, 1]]),
    );
    const miniC = [recipient, ...copies].some((m) => m.miniC);
    const attachment = rng.chance(0.2);
    const text = rng.pick(MESSAGE_TEXTS);
    const maxBytes = (miniC ? MINI_C_MESSAGE_MAX_KB : MESSAGE_MAX_KB) * 1024;
    const size = attachment ? rng.int(1024, maxBytes) : new TextEncoder().encode(text).length;
    const createdAt = status === 0 ? past(ctx, HOUR) : past(ctx, 30 * DAY, HOUR);
    return {
      listId: rng.pick(listIds),
      userKey: user.key,
      companyId: user.team.company.id,
      les: DEFAULT_LES,
      recipient: recipient.imn,
      carbonCopies: copies.map((m) => m.imn),
      format: rng.weighted([["text", 5], ["ita2", 1]]),
      text,
      size,
      status,
      notification: rng.chance(0.3) ? user.id : null,
      attachmentName: attachment
        ? rng.pick(["crew_list.pdf", "route_plan.csv", "notice.txt"])
        : null,
      createdAt,
      updatedAt: after(ctx, createdAt, rng.int(0, 120) * MINUTE),
    };
  });
  // Each message keeps its recipient's label as its company sees it (decision 0019).
  const labelled = [];
  for (const companyId of new Set(rows.map((r) => r.companyId))) {
    const ofCompany = rows.filter((r) => r.companyId === companyId);
    const labels = await keptLabels(ctx.tx, companyId, ofCompany.map((r) => ({ mt: r.recipient })));
    labelled.push(...ofCompany.map((r, i) => ({ ...r, recipientLabel: labels[i] })));
  }
  await insertRows(ctx, stationMessages, labelled);
  const history = new Map<string, { userKey: number; mtl: string; usedAt: Date }>();
  for (const row of rows) {
    for (const mtl of [row.recipient, ...row.carbonCopies]) {
      const key = `${row.userKey}/${mtl}`;
      const seen = history.get(key);
      if (!seen || seen.usedAt < row.createdAt) {
        history.set(key, { userKey: row.userKey, mtl, usedAt: row.createdAt });
      }
    }
  }
  await insertRows(ctx, recipientHistory, [...history.values()]);
}

export async function seedCommands(
  ctx: SeedContext,
  admin: AdminData,
  mgmt: ManagementData,
): Promise<void> {
  const messagingLists = await seedCommandLists(ctx, admin, mgmt);
  await seedStationMessages(ctx, admin, mgmt, messagingLists);
}
